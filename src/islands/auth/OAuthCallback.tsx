import { useEffect, useState } from 'react';
import { ApiClientError } from '../../lib/api/api-client.ts';
import * as api from '../../lib/api/operations/accounts.ts';
import { takeNextPath } from '../../lib/accounts/auth-redirect.ts';
import { isOwnSignIn, takeSocialSignInState } from '../../lib/accounts/social-sign-in.ts';
import { session } from '../shared/data-layer/session.ts';
import { signInWithToken } from './auth-store.ts';
import { AuthCard, Spinner } from '../shared/form-ui.tsx';
import { AUTH_TEXT } from './messages.ts';

const T = AUTH_TEXT.oauth;

/**
 * Lands a social sign-in: reads access_token or error, wipes them from the address bar at once. A
 * token is accepted only when this tab started the sign-in: the `state` that comes back with it is
 * the one-time value the tab kept (a link carrying someone else's token signs nobody in).
 */
export default function OAuthCallback() {
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const token = params.get('access_token');
    const failure = params.get('error');
    const kept = takeSocialSignInState(); // good for this landing only, whatever its outcome
    // The token must not stay in the address bar, the history or a later Referer (DESIGN.md #10).
    window.history.replaceState(null, '', window.location.pathname);
    if (failure) return setError(failure);
    if (!token) return setError(T.noToken);
    if (!isOwnSignIn(params.get('state'), kept)) return setError(T.notStartedHere);
    session
      .call(api.getCurrentUserOf(token))
      .then(async () => {
        await signInWithToken(token);
        window.location.replace(takeNextPath(''));
      })
      .catch((e) => {
        if (e instanceof ApiClientError && e.status === 401) setError(T.loadUser);
        else if (e instanceof Error) setError(T.profileError(e.message));
        else setError(T.failed);
      });
  }, []);

  if (!error) {
    return (
      <AuthCard title="Signing in">
        <Spinner label={T.processing} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={T.failedTitle}>
      <p role="alert" className="text-danger">
        {error}
      </p>
      <a href="/login" className="mt-6 inline-block rounded-lg bg-accent px-4 py-2.5 font-semibold text-accent-fg hover:bg-accent-strong">
        Back to Login
      </a>
    </AuthCard>
  );
}
