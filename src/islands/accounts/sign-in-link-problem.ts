// Why a sign-in link call failed, in the page's words (docs/decisions/019, 032): an English page shows
// the server's `detail` as it is; another language shows the catalogue's words for a 429 (too many
// links or attempts) and the island's own words for anything else.
import type { Locale } from '../../i18n/locales.ts';
import { ApiClientError } from '../../lib/api/api-client.ts';
import type { Words } from '../shared/words.tsx';
import { suspendedProblem } from './suspended-problem.ts';

/** `onlyTooMany`: the server's detail is shown for a 429 only (redeeming a link: any other refusal is `fallback`). */
export function signInLinkProblem(error: unknown, locale: Locale, t: Words<'auth'>, fallback: string, { onlyTooMany = false } = {}): string {
  const suspended = suspendedProblem(error, locale, t);
  if (suspended) return suspended;
  if (!(error instanceof ApiClientError) || !error.detail) return fallback;
  const tooMany = error.status === 429;
  if (onlyTooMany && !tooMany) return fallback;
  if (locale === 'en') return error.detail;
  return tooMany ? t('auth.signInLink.tooMany') : fallback;
}
