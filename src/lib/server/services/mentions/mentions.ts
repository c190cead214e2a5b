// @mentions (contract: "`@username` in a post or comment is linked to that profile when the member
// exists"): the @names written in texts, and which of them belong to verified members, in one
// query. One resolver for the comments (services/comments/comment-reads.ts) and the feed
// (services/social/post-reads.ts); the browser's tokenizer is src/lib/comments/comment-text.ts.
import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import { normalizeUsername } from '../../../accounts/username-rules.ts';
import { users } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transactions.ts';

/** at most this many distinct @names of one page are looked up */
const MAX_MENTIONS = 200;

// An @name: an @ not preceded by a letter, digit, underscore, dot or @ (so no e-mail address), then
// what a username may be (3–50 letters or digits, lib/accounts/account-rules.ts), not followed by
// another letter, digit or underscore (no username holds one).
const MENTION = /(?<![\p{L}\p{N}_.@])@([\p{L}\p{N}]{3,50})(?![\p{L}\p{N}_])/gu;

/** The @names written in `texts`, lower-cased as written (at most MAX_MENTIONS distinct ones). */
export function mentionedNames(texts: string[]): string[] {
  const names = new Set<string>();
  for (const text of texts) {
    if (!text.includes('@')) continue;
    for (const match of text.matchAll(MENTION)) {
      names.add(match[1]!.toLowerCase());
      if (names.size >= MAX_MENTIONS) return [...names];
    }
  }
  return [...names];
}

/**
 * `{ name: id }` for the @names in `texts` that belong to verified members, in one query. Names are
 * matched as usernames are looked up (decision 030): NFKC, then by lower(username); the key is the
 * name lower-cased as written, so a page matches it by lower-casing the text it shows.
 */
export async function resolveMentions(db: Executor, texts: string[]): Promise<Record<string, number>> {
  const written = mentionedNames(texts);
  if (!written.length) return {};
  const stored = new Map<string, string[]>();
  for (const name of written) {
    const key = normalizeUsername(name).toLowerCase();
    stored.set(key, [...(stored.get(key) ?? []), name]);
  }
  const rows = await db
    .select({ id: users.id, name: sql<string>`lower(${users.username})` })
    .from(users)
    .where(and(inArray(sql`lower(${users.username})`, [...stored.keys()]), isNotNull(users.emailVerifiedAt)));
  const mentions: Record<string, number> = {};
  for (const row of rows) for (const name of stored.get(row.name) ?? []) mentions[name] = row.id;
  return mentions;
}
