import { useEffect, useState } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { localePath } from '../../i18n/locales.ts';
import * as api from '../../lib/api/operations/accounts.ts';
import { session } from '../shared/data-layer/session.ts';
import { leaveNotice } from '../../lib/accounts/auth-redirect.ts';
import { AuthCard, Spinner } from '../shared/form-ui.tsx';
import { REDIRECT_AFTER_RESET_MS } from './redirect-delays.ts';
import { accountProblem } from './account-problem.ts';

type State = { kind: 'verifying' } | { kind: 'success' } | { kind: 'error'; message: string };

export default function VerifyEmail({ i18n }: { i18n: IslandMessages<'auth'> }) {
  const t = islandTranslator(i18n);
  const login = localePath(i18n.locale, '/login');
  const [state, setState] = useState<State>({ kind: 'verifying' });

  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('token');
    if (!token) return setState({ kind: 'error', message: t('auth.verify.missingToken') });
    session
      .call(api.verifyEmail({ token }))
      .then(() => {
        setState({ kind: 'success' });
        leaveNotice(t('auth.verify.done'));
        setTimeout(() => window.location.assign(login), REDIRECT_AFTER_RESET_MS);
      })
      .catch((e) => setState({ kind: 'error', message: accountProblem(e, i18n.locale, t, t('auth.verify.failed')) }));
  }, []);

  if (state.kind === 'verifying') {
    return (
      <AuthCard title={t('auth.verify.title')}>
        <Spinner label={t('auth.verify.verifying')} />
      </AuthCard>
    );
  }
  if (state.kind === 'success') {
    return (
      <AuthCard title={t('auth.verify.success')}>
        <p role="status" className="text-fg-soft">
          {t('auth.verify.done')} {t('auth.takingYouToSignIn')}
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.verify.error')}>
      <p role="alert" className="text-danger">
        {state.message}
      </p>
      <a href={login} className="mt-6 inline-block rounded-lg bg-accent px-4 py-2.5 font-semibold text-accent-fg hover:bg-accent-strong">
        {t('auth.verify.goToLogin')}
      </a>
    </AuthCard>
  );
}
