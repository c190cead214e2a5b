import { ApiClientError } from '../../lib/api/api-client.ts';
import type { Words } from '../shared/words.tsx';

// What a failed social write says (spec 2 §8): nothing, only logged, but a 429 says when to try
// again. One rule for the composer's sends, the dialogs' writes and the like and repost toggles
// (post-store.ts). Apart from PostComposer.tsx so that the feed loads the composer only for a member.

/** The words of a failure: '' (logged), or `tooMany(seconds)` for a 429. */
export function failureWords(error: unknown, what: string, tooMany: (retryAfterSeconds: number) => string): string {
  console.error(`social: ${what} failed`, error);
  return error instanceof ApiClientError && error.status === 429 ? tooMany(Math.max(1, Math.ceil(error.retryAfter ?? 60))) : '';
}

/** What a failed write says, in the feed's words. */
export function problemOf(error: unknown, t: Words<'social'>, what: string): string {
  return failureWords(error, what, (count) => t('social.problems.tooMany', { count }));
}
