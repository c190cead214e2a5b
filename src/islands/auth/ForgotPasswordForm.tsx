import { useState, type FormEvent } from 'react';
import { ApiClientError } from '../../lib/api/api-client.ts';
import * as api from '../../lib/api/operations/accounts.ts';
import { session } from '../shared/data-layer/session.ts';
import { Alert, AuthCard, Field, SubmitButton } from '../shared/form-ui.tsx';
import { AUTH_TEXT } from './messages.ts';

const T = AUTH_TEXT.forgot;

export default function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await session.call(api.forgotPassword({ email: email.trim() }));
      setSentTo(email.trim());
    } catch (e) {
      setError(e instanceof ApiClientError && e.detail ? e.detail : T.failed);
    } finally {
      setBusy(false);
    }
  };

  if (sentTo) {
    return (
      <AuthCard title={T.checkEmail}>
        <p className="text-fg-soft">
          If an account exists for <strong className="text-fg">{sentTo}</strong>, we have sent a link to reset its password.
        </p>
        <p className="mt-3 text-sm text-fg-muted">Didn't get it? Check your spam or junk folder, or try again in a few minutes.</p>
        <a href="/login" className="mt-6 inline-block font-medium text-accent hover:underline">
          Back to sign in
        </a>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={T.title} subtitle="Enter the e-mail of your account and we will send you a link to choose a new password.">
      {error && <Alert tone="error">{error}</Alert>}
      <form onSubmit={submit}>
        <Field label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <SubmitButton busy={busy} busyLabel={T.busy}>
          {T.submit}
        </SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm">
        <a href="/login" className="font-medium text-accent hover:underline">
          Back to sign in
        </a>
      </p>
    </AuthCard>
  );
}
