import { useEffect, useState } from 'react';
import { ApiClientError } from '../../lib/api/api-client.ts';
import * as api from '../../lib/api/operations/accounts.ts';
import { session } from '../shared/data-layer/session.ts';
import { leaveNotice } from '../../lib/accounts/auth-redirect.ts';
import { AuthCard, Spinner } from '../shared/form-ui.tsx';
import { AUTH_TEXT, REDIRECT_AFTER_RESET_MS } from './messages.ts';

const T = AUTH_TEXT.verify;
type State = { kind: 'verifying' } | { kind: 'success' } | { kind: 'error'; message: string };

export default function VerifyEmail() {
  const [state, setState] = useState<State>({ kind: 'verifying' });

  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('token');
    if (!token) return setState({ kind: 'error', message: T.missingToken });
    session
      .call(api.verifyEmail({ token }))
      .then(() => {
        setState({ kind: 'success' });
        leaveNotice(T.done);
        setTimeout(() => window.location.assign('/login'), REDIRECT_AFTER_RESET_MS);
      })
      .catch((e) => setState({ kind: 'error', message: e instanceof ApiClientError && e.detail ? e.detail : T.failed }));
  }, []);

  if (state.kind === 'verifying') {
    return (
      <AuthCard title="Email Verification">
        <Spinner label={T.verifying} />
      </AuthCard>
    );
  }
  if (state.kind === 'success') {
    return (
      <AuthCard title={T.success}>
        <p role="status" className="text-fg-soft">
          {T.done} Taking you to the sign-in page…
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={T.error}>
      <p role="alert" className="text-danger">
        {state.message}
      </p>
      <a href="/login" className="mt-6 inline-block rounded-lg bg-accent px-4 py-2.5 font-semibold text-accent-fg hover:bg-accent-strong">
        Go to Login
      </a>
    </AuthCard>
  );
}
