import { useEffect, useState } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { localePath } from '../../i18n/locales.ts';
import * as api from '../../lib/api/operations/accounts.ts';
import { session } from '../shared/data-layer/session.ts';
import { signInLinkProblem } from './sign-in-link-problem.ts';
import { AuthCard, Spinner } from '../shared/form-ui.tsx';
import { signInWithToken } from './auth-store.ts';
import { REDIRECT_AFTER_LOGIN_MS } from './redirect-delays.ts';

type State = { kind: 'signing-in' } | { kind: 'success' } | { kind: 'error'; message: string };

/** The page of an e-mailed sign-in link: uses the link once and signs the browser in (docs/decisions/032). */
export default function SignInLink({ i18n }: { i18n: IslandMessages<'auth'> }) {
  const t = islandTranslator(i18n);
  const [state, setState] = useState<State>({ kind: 'signing-in' });

  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('token');
    if (!token) return setState({ kind: 'error', message: t('auth.signInLink.missingToken') });
    // the token leaves the address bar (and the history) at once: it is a password for 15 minutes
    window.history.replaceState(null, '', window.location.pathname);
    session
      .call(api.redeemSignInLink({ token }))
      .then(async (answer) => {
        await signInWithToken(answer.access_token);
        setState({ kind: 'success' });
        setTimeout(() => window.location.assign(localePath(i18n.locale, '/')), REDIRECT_AFTER_LOGIN_MS);
      })
      .catch((e) => setState({ kind: 'error', message: signInLinkProblem(e, i18n.locale, t, t('auth.signInLink.failed'), { onlyTooMany: true }) }));
  }, []);

  if (state.kind === 'signing-in') {
    return (
      <AuthCard title={t('auth.signInLink.title')}>
        <Spinner label={t('auth.signInLink.signingIn')} />
      </AuthCard>
    );
  }
  if (state.kind === 'success') {
    return (
      <AuthCard title={t('auth.signInLink.title')}>
        <p role="status" className="text-fg-soft">
          {t('auth.signInLink.success')}
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.signInLink.errorTitle')}>
      <p role="alert" className="text-danger">
        {state.message}
      </p>
      <a
        href={localePath(i18n.locale, '/login')}
        className="mt-6 inline-block rounded-lg bg-accent px-4 py-2.5 font-semibold text-accent-fg hover:bg-accent-strong"
      >
        {t('auth.oauth.backToLogin')}
      </a>
    </AuthCard>
  );
}
