import { useState, type FormEvent } from 'react';
import { islandTranslator, type IslandMessages } from '../../i18n/island.ts';
import { localePath } from '../../i18n/locales.ts';
import { findPasswordProblem, passwordChecklist, passwordProblemOf } from '../../lib/accounts/account-rules.ts';
import * as api from '../../lib/api/operations/accounts.ts';
import { session } from '../shared/data-layer/session.ts';
import { leaveNotice } from '../../lib/accounts/auth-redirect.ts';
import { Alert, AuthCard, Divider, Field, SubmitButton } from '../shared/form-ui.tsx';
import { GoogleButton } from './GoogleButton.tsx';
import { accountProblem } from './account-problem.ts';

function Check({ ok, children, status }: { ok: boolean; children: string; status: string }) {
  return (
    <li className={`flex items-center gap-1.5 ${ok ? 'text-success' : 'text-fg-muted'}`} data-ok={ok}>
      <span aria-hidden="true">{ok ? '✓' : '○'}</span>
      {children}
      <span className="sr-only">{status}</span>
    </li>
  );
}

export default function RegisterForm({ i18n }: { i18n: IslandMessages<'auth'> }) {
  const t = islandTranslator(i18n);
  const { locale } = i18n;
  const [values, setValues] = useState({ email: '', username: '', full_name: '', password: '', confirm: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) => setValues({ ...values, [key]: e.target.value });
  const checks = passwordChecklist(values.password);
  const status = (ok: boolean) => t(ok ? 'auth.register.checkDone' : 'auth.register.checkMissing');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (Object.values(values).some((v) => !v.trim())) return setError(t('auth.register.required'));
    const problem = findPasswordProblem(values.password, values.confirm);
    if (problem) {
      const key = passwordProblemOf(problem);
      return setError(key ? t(`auth.register.passwordProblems.${key}`) : problem);
    }
    setBusy(true);
    try {
      const answer = await session.call(
        api.register({ email: values.email.trim(), username: values.username.trim(), full_name: values.full_name.trim(), password: values.password }),
      );
      // the server's own words in English; ours in any other language
      leaveNotice(locale === 'en' ? (answer.message ?? t('auth.register.done')) : t('auth.register.done'));
      window.location.assign(localePath(locale, '/login'));
    } catch (e) {
      setBusy(false);
      setError(accountProblem(e, locale, t, t('auth.register.failed')));
    }
  };

  return (
    <AuthCard title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      {error && <Alert tone="error">{error}</Alert>}
      <form onSubmit={submit} noValidate>
        <Field label={t('auth.fields.email')} type="email" name="email" autoComplete="email" required value={values.email} onChange={set('email')} />
        <Field
          label={t('auth.fields.username')}
          name="username"
          autoComplete="username"
          required
          minLength={3}
          maxLength={50}
          value={values.username}
          onChange={set('username')}
        />
        <Field label={t('auth.fields.fullName')} name="full_name" autoComplete="name" required value={values.full_name} onChange={set('full_name')} />
        <Field
          label={t('auth.fields.password')}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          aria-describedby="password-checklist"
          value={values.password}
          onChange={set('password')}
          hint={
            <ul id="password-checklist" aria-label={t('auth.register.requirements')} className="mt-2 space-y-0.5 text-sm">
              <Check ok={checks.length} status={status(checks.length)}>
                {t('auth.register.checklist.length')}
              </Check>
              <Check ok={checks.uppercase} status={status(checks.uppercase)}>
                {t('auth.register.checklist.uppercase')}
              </Check>
              <Check ok={checks.digit} status={status(checks.digit)}>
                {t('auth.register.checklist.digit')}
              </Check>
            </ul>
          }
        />
        <Field
          label={t('auth.fields.confirmPassword')}
          type="password"
          name="confirm"
          autoComplete="new-password"
          required
          value={values.confirm}
          onChange={set('confirm')}
        />
        <SubmitButton busy={busy} busyLabel={t('auth.register.busy')}>
          {t('auth.register.submit')}
        </SubmitButton>
      </form>
      <Divider label={t('auth.or')} />
      <GoogleButton label={t('auth.continueWithGoogle')} failure={t('auth.register.google')} locale={locale} />
      <p className="mt-6 text-center text-sm text-fg-muted">
        {t('auth.register.haveAccount')}{' '}
        <a href={localePath(locale, '/login')} className="font-medium text-accent hover:underline">
          {t('auth.register.logIn')}
        </a>
      </p>
    </AuthCard>
  );
}
