import { useEffect, useState, type FormEvent } from 'react';
import { ApiClientError } from '../../lib/api/api-client.ts';
import * as api from '../../lib/api/operations/accounts.ts';
import { session } from '../shared/data-layer/session.ts';
import { takeNextPath, takeNotice } from '../../lib/accounts/auth-redirect.ts';
import { signInWithToken } from './auth-store.ts';
import { Alert, AuthCard, Divider, Field, SubmitButton } from '../shared/form-ui.tsx';
import { GoogleButton } from './GoogleButton.tsx';
import { AUTH_TEXT, REDIRECT_AFTER_LOGIN_MS } from './messages.ts';

const T = AUTH_TEXT.login;

export default function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => setNotice(takeNotice()), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) return setError(T.missing);
    setBusy(true);
    try {
      const answer = await session.call(api.login({ username: email.trim(), password }));
      if (!answer.access_token) throw new Error(T.noToken);
      await signInWithToken(answer.access_token);
      setSuccess(true);
      const next = takeNextPath(window.location.search);
      setTimeout(() => window.location.assign(next), REDIRECT_AFTER_LOGIN_MS);
    } catch (e) {
      setBusy(false);
      if (e instanceof ApiClientError) setError(e.detail ?? T.failed);
      else setError(e instanceof Error && e.message === T.noToken ? T.noToken : T.unexpected);
    }
  };

  return (
    <AuthCard title={T.title} subtitle="Welcome back! Sign in to keep tracking your dramas.">
      {notice && <Alert tone="success" testId="auth-notice">{notice}</Alert>}
      {success && <Alert tone="success">{T.success}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      <form onSubmit={submit} noValidate>
        <Field label="Email" type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="-mt-2 mb-4 text-right text-sm">
          <a href="/forgot-password" className="font-medium text-accent hover:underline">
            Forgot password?
          </a>
        </div>
        <SubmitButton busy={busy || success} busyLabel={T.busy}>
          {T.submit}
        </SubmitButton>
      </form>
      <Divider />
      <GoogleButton failure={T.google} />
      <p className="mt-6 text-center text-sm text-fg-muted">
        Don't have an account?{' '}
        <a href="/register" className="font-medium text-accent hover:underline">
          Sign up
        </a>
      </p>
    </AuthCard>
  );
}
