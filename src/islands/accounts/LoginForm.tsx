import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { localePath } from '../../i18n/locales.ts';
import { ApiClientError } from '../../lib/api/api-client.ts';
import * as api from '../../lib/api/operations/accounts.ts';
import { session } from '../shared/data-layer/session.ts';
import { takeNextPath, takeNotice } from '../../lib/accounts/auth-redirect.ts';
import { signInWithToken } from './auth-store.ts';
import { Alert, AuthCard, Divider, Field, SubmitButton } from '../shared/form-ui.tsx';
import { GoogleButton } from './GoogleButton.tsx';
import { REDIRECT_AFTER_LOGIN_MS } from './redirect-delays.ts';
import { accountProblem } from './account-problem.ts';

// loaded only when a sign-in is refused with a 429: a visitor who signs in never pays for it
const SignInLinkOffer = lazy(() => import('./SignInLinkOffer.tsx').then((m) => ({ default: m.SignInLinkOffer })));

export default function LoginForm({ i18n }: { i18n: IslandMessages<'auth'> }) {
  const t = islandTranslator(i18n);
  const { locale } = i18n;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  /** sign-in was refused for too many attempts: offer an e-mailed sign-in link (docs/decisions/032) */
  const [lockedOut, setLockedOut] = useState(false);

  useEffect(() => setNotice(takeNotice()), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) return setError(t('auth.login.missing'));
    setBusy(true);
    try {
      const answer = await session.call(api.login({ username: email.trim(), password }));
      if (!answer.access_token) throw new MissingToken();
      await signInWithToken(answer.access_token);
      setSuccess(true);
      const next = takeNextPath(window.location.search);
      // nowhere to return to: this language's home page
      setTimeout(() => window.location.assign(next === '/' ? localePath(locale, '/') : next), REDIRECT_AFTER_LOGIN_MS);
    } catch (e) {
      setBusy(false);
      if (e instanceof ApiClientError) {
        setError(accountProblem(e, locale, t, t('auth.login.failed')));
        if (e.status === 429) setLockedOut(true);
      }
      else setError(e instanceof MissingToken ? t('auth.login.noToken') : t('auth.login.unexpected'));
    }
  };

  return (
    <AuthCard title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      {notice && <Alert tone="success" testId="auth-notice">{notice}</Alert>}
      {success && <Alert tone="success">{t('auth.login.success')}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      {lockedOut && (
        <Suspense fallback={null}>
          <SignInLinkOffer i18n={i18n} email={email.trim()} />
        </Suspense>
      )}
      <form onSubmit={submit} noValidate>
        <Field label={t('auth.fields.email')} type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field
          label={t('auth.fields.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="-mt-2 mb-4 text-right text-sm">
          <a href={localePath(locale, '/forgot-password')} className="font-medium text-accent hover:underline">
            {t('auth.login.forgotPassword')}
          </a>
        </div>
        <SubmitButton busy={busy || success} busyLabel={t('auth.login.busy')}>
          {t('auth.login.submit')}
        </SubmitButton>
      </form>
      <Divider label={t('auth.or')} />
      <GoogleButton label={t('auth.continueWithGoogle')} failure={t('auth.login.google')} locale={locale} />
      <p className="mt-6 text-center text-sm text-fg-muted">
        {t('auth.login.noAccount')}{' '}
        <a href={localePath(locale, '/register')} className="font-medium text-accent hover:underline">
          {t('auth.login.signUp')}
        </a>
      </p>
    </AuthCard>
  );
}

/** a sign-in answer without a token */
class MissingToken extends Error {}
