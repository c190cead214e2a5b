import { ApiClientError } from '../../lib/api/api-client.ts';
import type { Words } from '../shared/words.tsx';

import { COMMENT_MAX_LENGTH, isCommentTooLong } from '../../lib/comments/comment-length.ts';

/** the longest comment the API takes, counted as the API counts it (characters, not UTF-16 units) */
export { COMMENT_MAX_LENGTH };
/** the compose box's advisory counter (spec 2 §9) */
export const COUNTER_LIMIT = 1000;

/**
 * What a failed write says to the member. Spec 2 §8: comment failures are only logged — except a
 * 429, which says when to try again (its Retry-After), and a text over the API's limit. Else null.
 */
export function problemOf(error: unknown, t: Words<'comments'>, what: string): string | null {
  console.error(`comments: ${what} failed`, error);
  if (error instanceof ApiClientError) {
    if (error.status === 429) return t('comments.problems.tooMany', { count: Math.max(1, Math.ceil(error.retryAfter ?? 60)) });
    if (error.status === 400 && error.field === 'content' && /5,?000|at most|too long/i.test(error.detail ?? '')) {
      return t('comments.problems.tooLong', { max: COMMENT_MAX_LENGTH });
    }
  }
  return null;
}

/** a text over the API's limit, said before sending (the API's own count: an emoji is one character) */
export const tooLong = isCommentTooLong;
