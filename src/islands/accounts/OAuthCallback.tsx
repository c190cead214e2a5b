import { useEffect, useState } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { localePath } from '../../i18n/locales.ts';
import { ApiClientError } from '../../lib/api/api-client.ts';
import * as api from '../../lib/api/operations/accounts.ts';
import { takeNextPath } from '../../lib/accounts/auth-redirect.ts';
import { isOwnSignIn, takeSocialSignInState } from '../../lib/accounts/social-sign-in.ts';
import { session } from '../shared/data-layer/session.ts';
import { signInWithToken } from './auth-store.ts';
import { AuthCard, Spinner } from '../shared/form-ui.tsx';
import { suspendedWords } from './suspended-problem.ts';

/**
 * Lands a social sign-in: reads access_token or error, wipes them from the address bar at once. A
 * token is accepted only when this tab started the sign-in: the `state` that comes back with it is
 * the one-time value the tab kept (a link carrying someone else's token signs nobody in).
 */
export default function OAuthCallback({ i18n }: { i18n: IslandMessages<'auth'> }) {
  const t = islandTranslator(i18n);
  const { locale } = i18n;
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const token = params.get('access_token');
    const failure = params.get('error');
    const kept = takeSocialSignInState(); // good for this landing only, whatever its outcome
    // The token must not stay in the address bar, the history or a later Referer (DESIGN.md #10).
    window.history.replaceState(null, '', window.location.pathname);
    const suspendedUntil = params.get('suspended_until');
    if (failure) return setError(suspendedUntil ? suspendedWords(suspendedUntil, locale, t) : failure);
    if (!token) return setError(t('auth.oauth.noToken'));
    if (!isOwnSignIn(params.get('state'), kept)) return setError(t('auth.oauth.notStartedHere'));
    session
      .call(api.getCurrentUserOf(token))
      .then(async () => {
        await signInWithToken(token);
        const next = takeNextPath('');
        // nowhere to return to: this language's home page
        window.location.replace(next === '/' ? localePath(locale, '/') : next);
      })
      .catch((e) => {
        if (e instanceof ApiClientError && e.status === 401) setError(t('auth.oauth.loadUser'));
        else if (e instanceof Error) setError(t('auth.oauth.profileError', { reason: e.message }));
        else setError(t('auth.oauth.failed'));
      });
  }, []);

  if (!error) {
    return (
      <AuthCard title={t('auth.oauth.title')}>
        <Spinner label={t('auth.oauth.processing')} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.oauth.failedTitle')}>
      <p role="alert" className="text-danger">
        {error}
      </p>
      <a href={localePath(locale, '/login')} className="mt-6 inline-block rounded-lg bg-accent px-4 py-2.5 font-semibold text-accent-fg hover:bg-accent-strong">
        {t('auth.oauth.backToLogin')}
      </a>
    </AuthCard>
  );
}
