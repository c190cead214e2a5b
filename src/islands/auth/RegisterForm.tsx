import { useState, type FormEvent } from 'react';
import { findPasswordProblem, passwordChecklist } from '../../lib/accounts/account-rules.ts';
import { ApiClientError } from '../../lib/api/api-client.ts';
import * as api from '../../lib/api/operations/accounts.ts';
import { session } from '../shared/data-layer/session.ts';
import { leaveNotice } from '../../lib/accounts/auth-redirect.ts';
import { Alert, AuthCard, Divider, Field, SubmitButton } from '../shared/form-ui.tsx';
import { GoogleButton } from './GoogleButton.tsx';
import { AUTH_TEXT } from './messages.ts';

const T = AUTH_TEXT.register;

function Check({ ok, children }: { ok: boolean; children: string }) {
  return (
    <li className={`flex items-center gap-1.5 ${ok ? 'text-success' : 'text-fg-muted'}`} data-ok={ok}>
      <span aria-hidden="true">{ok ? '✓' : '○'}</span>
      {children}
      <span className="sr-only">{ok ? ' (done)' : ' (missing)'}</span>
    </li>
  );
}

export default function RegisterForm() {
  const [values, setValues] = useState({ email: '', username: '', full_name: '', password: '', confirm: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) => setValues({ ...values, [key]: e.target.value });
  const checks = passwordChecklist(values.password);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (Object.values(values).some((v) => !v.trim())) return setError(T.required);
    const problem = findPasswordProblem(values.password, values.confirm);
    if (problem) return setError(problem);
    setBusy(true);
    try {
      const answer = await session.call(
        api.register({ email: values.email.trim(), username: values.username.trim(), full_name: values.full_name.trim(), password: values.password }),
      );
      leaveNotice(answer.message ?? T.done);
      window.location.assign('/login');
    } catch (e) {
      setBusy(false);
      setError(e instanceof ApiClientError && e.detail ? e.detail : T.failed);
    }
  };

  return (
    <AuthCard title={T.title} subtitle="Join fans tracking and sharing Asian dramas.">
      {error && <Alert tone="error">{error}</Alert>}
      <form onSubmit={submit} noValidate>
        <Field label="Email" type="email" name="email" autoComplete="email" required value={values.email} onChange={set('email')} />
        <Field
          label="Username"
          name="username"
          autoComplete="username"
          required
          minLength={3}
          maxLength={50}
          value={values.username}
          onChange={set('username')}
        />
        <Field label="Full Name" name="full_name" autoComplete="name" required value={values.full_name} onChange={set('full_name')} />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          aria-describedby="password-checklist"
          value={values.password}
          onChange={set('password')}
          hint={
            <ul id="password-checklist" aria-label="Password requirements" className="mt-2 space-y-0.5 text-sm">
              <Check ok={checks.length}>At least 8 characters</Check>
              <Check ok={checks.uppercase}>One uppercase letter</Check>
              <Check ok={checks.digit}>One digit</Check>
            </ul>
          }
        />
        <Field
          label="Confirm Password"
          type="password"
          name="confirm"
          autoComplete="new-password"
          required
          value={values.confirm}
          onChange={set('confirm')}
        />
        <SubmitButton busy={busy} busyLabel={T.busy}>
          {T.submit}
        </SubmitButton>
      </form>
      <Divider />
      <GoogleButton failure={T.google} />
      <p className="mt-6 text-center text-sm text-fg-muted">
        Already have an account?{' '}
        <a href="/login" className="font-medium text-accent hover:underline">
          Log in
        </a>
      </p>
    </AuthCard>
  );
}
