// How long a post is (contract "Social feed": content trimmed, non-blank, at most 500 characters),
// counted as characters (code points, not UTF-16 units) as comments are (src/lib/comments/comment-length.ts):
// one rule for the API (services/social/posts.ts) and the compose box (islands). Pure, no import
// beyond the shared counter: the islands take it without zod.
import { characterCount } from '../comments/comment-length.ts';

/** Longest post, in characters after trimming (contract; src/lib/api/wire/social.ts POST_MAX_LENGTH). */
export const POST_MAX_LENGTH = 500;

/** Whether the trimmed text is over POST_MAX_LENGTH characters. */
export function isPostTooLong(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length > POST_MAX_LENGTH && characterCount(trimmed) > POST_MAX_LENGTH;
}
