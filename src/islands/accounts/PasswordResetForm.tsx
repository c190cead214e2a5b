import { useEffect, useState, type FormEvent } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { localePath } from '../../i18n/locales.ts';
import { PASSWORD_MIN_LENGTH } from '../../lib/accounts/account-rules.ts';
import * as api from '../../lib/api/operations/accounts.ts';
import { session } from '../shared/data-layer/session.ts';
import { leaveNotice } from '../../lib/accounts/auth-redirect.ts';
import { Alert, AuthCard, Field, SubmitButton } from '../shared/form-ui.tsx';
import { REDIRECT_AFTER_RESET_MS } from './redirect-delays.ts';
import { accountProblem } from './account-problem.ts';

export default function PasswordResetForm({ i18n }: { i18n: IslandMessages<'auth'> }) {
  const t = islandTranslator(i18n);
  const { locale } = i18n;
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
    if (!token) return setError(t('auth.reset.missingToken'));
    if (password.length < PASSWORD_MIN_LENGTH) return setError(t('auth.reset.tooShort'));
    if (password !== confirm) return setError(t('auth.reset.mismatch'));
    setBusy(true);
    try {
      await session.call(api.resetPassword({ token, new_password: password }));
      setDone(true);
      leaveNotice(t('auth.reset.done'));
      setTimeout(() => window.location.assign(localePath(locale, '/login')), REDIRECT_AFTER_RESET_MS);
    } catch (e) {
      setBusy(false);
      setError(accountProblem(e, locale, t, t('auth.reset.failed')));
    }
  };

  if (done) {
    return (
      <AuthCard title={t('auth.reset.title')}>
        <Alert tone="success">{t('auth.reset.done')}</Alert>
        <p className="text-sm text-fg-muted">{t('auth.takingYouToSignIn')}</p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
      {token === null && (
        <Alert tone="info" testId="reset-hint">
          {t('auth.reset.invalidLinkHint')}{' '}
          <a href={localePath(locale, '/forgot-password')} className="font-medium underline">
            {t('auth.reset.requestNewLink')}
          </a>
        </Alert>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      <form onSubmit={submit} noValidate>
        <Field label={t('auth.fields.newPassword')} type="password" name="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <Field label={t('auth.fields.confirmNewPassword')} type="password" name="confirm" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        <SubmitButton busy={busy} busyLabel={t('auth.reset.busy')} disabled={!token}>
          {t('auth.reset.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
