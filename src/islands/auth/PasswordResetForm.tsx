import { useEffect, useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../lib/accounts/account-rules.ts';
import { ApiClientError } from '../../lib/api/api-client.ts';
import * as api from '../../lib/api/operations/accounts.ts';
import { session } from '../shared/data-layer/session.ts';
import { leaveNotice } from '../../lib/accounts/auth-redirect.ts';
import { Alert, AuthCard, Field, SubmitButton } from '../shared/form-ui.tsx';
import { AUTH_TEXT, REDIRECT_AFTER_RESET_MS } from './messages.ts';

const T = AUTH_TEXT.reset;

export default function PasswordResetForm() {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => setToken(new URLSearchParams(window.location.search).get('token')), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!token) return setError(T.missingToken);
    if (password.length < PASSWORD_MIN_LENGTH) return setError(T.tooShort);
    if (password !== confirm) return setError(T.mismatch);
    setBusy(true);
    try {
      await session.call(api.resetPassword({ token, new_password: password }));
      setDone(true);
      leaveNotice(T.done);
      setTimeout(() => window.location.assign('/login'), REDIRECT_AFTER_RESET_MS);
    } catch (e) {
      setBusy(false);
      setError(e instanceof ApiClientError && e.detail ? e.detail : T.failed);
    }
  };

  if (done) {
    return (
      <AuthCard title={T.title}>
        <Alert tone="success">{T.done}</Alert>
        <p className="text-sm text-fg-muted">Taking you to the sign-in page…</p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={T.title} subtitle="Choose a new password for your account.">
      {token === null && (
        <Alert tone="info" testId="reset-hint">
          {T.invalidLinkHint}{' '}
          <a href="/forgot-password" className="font-medium underline">
            Request a new link
          </a>
        </Alert>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      <form onSubmit={submit} noValidate>
        <Field label="New Password" type="password" name="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <Field label="Confirm New Password" type="password" name="confirm" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        <SubmitButton busy={busy} busyLabel={T.busy} disabled={!token}>
          {T.submit}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
