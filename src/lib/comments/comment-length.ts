// How long a comment is (contract "Comments and reactions": at most 5,000 characters after trimming;
// docs/decisions/035: counted as characters, code points, not UTF-16 units), one rule for the API
// (services/comments checkContent) and the compose box (islands/comments). Pure, no import: the
// islands take it without zod.

/** Longest comment or reply, in characters after trimming (contract); the compose box's 1000 counter is advisory. */
export const COMMENT_MAX_LENGTH = 5000;

/** The characters (code points) of a text: an emoji is one, though it is two UTF-16 units. */
export function characterCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Whether the trimmed text is over COMMENT_MAX_LENGTH characters. */
export function isCommentTooLong(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length > COMMENT_MAX_LENGTH && characterCount(trimmed) > COMMENT_MAX_LENGTH;
}
