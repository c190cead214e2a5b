// A suspended member's sign-in refused (contract "Moderating members"): the API's 403 carries
// `suspended_until`, said here in the page's language ('Esta conta está suspensa até 5 de março de
// 2027 às 14:00 UTC.'), whichever way in (password, sign-in link, Google's landing).
import { INTL_LOCALE, type Locale } from '../../i18n/locales.ts';
import { ApiClientError } from '../../lib/api/api-client.ts';
import { formatSuspendedUntil } from '../../lib/moderation/suspension-date.ts';
import type { Words } from '../shared/words.tsx';

/** The message for a suspension's end (an ISO date-time). */
export const suspendedWords = (until: string, locale: Locale, t: Words<'auth'>): string =>
  t('auth.login.suspended', { date: formatSuspendedUntil(until, INTL_LOCALE[locale]) });

/** The message when `error` is a suspended member's refusal, else undefined. */
export function suspendedProblem(error: unknown, locale: Locale, t: Words<'auth'>): string | undefined {
  if (!(error instanceof ApiClientError) || error.status !== 403 || !error.suspendedUntil) return undefined;
  return suspendedWords(error.suspendedUntil, locale, t);
}
