// Why an account form's call failed, in the page's words (docs/decisions/019 "the refusals in the
// page's words"): an English page shows the server's `detail` as it is; another language shows the
// catalogue's words for a known refusal (wrong password, e-mail taken, a used link, a password or
// username rule, too many attempts) and the form's own `fallback` for anything else — never English.
import type { Locale } from '../../i18n/locales.ts';
import { accountProblemOf, passwordProblemOf, usernameProblemOf } from '../../lib/accounts/account-rules.ts';
import { ApiClientError } from '../../lib/api/api-client.ts';
import type { Words } from '../shared/words.tsx';
import { suspendedProblem } from './suspended-problem.ts';

export function accountProblem(error: unknown, locale: Locale, t: Words<'auth'>, fallback: string): string {
  const suspended = suspendedProblem(error, locale, t);
  if (suspended) return suspended;
  if (!(error instanceof ApiClientError)) return fallback;
  if (locale !== 'en' && error.status === 429) return t('auth.problems.tooMany');
  if (!error.detail) return fallback;
  if (locale === 'en') return error.detail;
  const username = usernameProblemOf(error);
  if (username && username !== 'renameLimit') return t(`auth.register.usernameProblems.${username}`);
  const password = passwordProblemOf(error.detail);
  if (password) return t(`auth.register.passwordProblems.${password}`);
  const known = accountProblemOf(error);
  return known ? t(`auth.problems.${known}`) : fallback;
}
