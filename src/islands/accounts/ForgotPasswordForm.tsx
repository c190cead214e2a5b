import { useState, type FormEvent } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { localePath } from '../../i18n/locales.ts';
import * as api from '../../lib/api/operations/accounts.ts';
import { session } from '../shared/data-layer/session.ts';
import { Alert, AuthCard, Field, SubmitButton } from '../shared/form-ui.tsx';
import { withNode } from '../shared/words.tsx';
import { accountProblem } from './account-problem.ts';

export default function ForgotPasswordForm({ i18n }: { i18n: IslandMessages<'auth'> }) {
  const t = islandTranslator(i18n);
  const login = localePath(i18n.locale, '/login');
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
      setError(accountProblem(e, i18n.locale, t, t('auth.forgot.failed')));
    } finally {
      setBusy(false);
    }
  };

  if (sentTo) {
    return (
      <AuthCard title={t('auth.forgot.checkEmail')}>
        <p className="text-fg-soft">{withNode(t('auth.forgot.sent'), 'email', <strong className="text-fg">{sentTo}</strong>)}</p>
        <p className="mt-3 text-sm text-fg-muted">{t('auth.forgot.spamHint')}</p>
        <a href={login} className="mt-6 inline-block font-medium text-accent hover:underline">
          {t('auth.backToSignIn')}
        </a>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      {error && <Alert tone="error">{error}</Alert>}
      <form onSubmit={submit}>
        <Field label={t('auth.fields.email')} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <SubmitButton busy={busy} busyLabel={t('auth.forgot.busy')}>
          {t('auth.forgot.submit')}
        </SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm">
        <a href={login} className="font-medium text-accent hover:underline">
          {t('auth.backToSignIn')}
        </a>
      </p>
    </AuthCard>
  );
}
