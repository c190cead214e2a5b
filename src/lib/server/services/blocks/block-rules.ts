// The block rules the other features ask (docs/decisions/035): whether two members are blocked in
// either direction (a write between them is then a 403 through permissions.ts canInteract), and the
// filter that hides a blocked member's comments and posts from a reader, both ways. The blocks
// themselves (block, unblock, the list) are in ./blocks.ts.
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { blocks, users } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transactions.ts';
import { ForbiddenError } from '../../errors.ts';
import { canInteract, type Actor } from '../../../users/permissions.ts';

export const BLOCK_MESSAGES = {
  /** the 403 of a write across a block, either way: it does not say who blocked whom */
  interact: "You can't interact with this member",
  self: 'You cannot block yourself',
  notFound: 'User not found',
} as const;

/** Whether `a` blocked `b` or `b` blocked `a`. */
export async function isBlockedBetween(db: Executor, a: number, b: number): Promise<boolean> {
  if (a === b) return false;
  const [row] = await db
    .select({ one: sql`1` })
    .from(blocks)
    .where(or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))))
    .limit(1);
  return row !== undefined;
}

/**
 * Key-share locks the members' rows, in id order (the order a block and a follow lock two members,
 * follows.ts lockMemberPair, FOR UPDATE): a write between members that a block forbids (a reply, a
 * reaction, a comment on a profile) takes this before it asks isBlockedBetween, so a block between
 * them being written meanwhile is waited for and then seen (403), never passed by. Key-share locks
 * do not wait for each other nor for a counter's update of the row (followers, views): only a block
 * or a follow between the same members. Answers the rows found (id; whether the e-mail is verified).
 */
export async function lockMembersForInteraction(db: Executor, memberIds: number[]): Promise<{ id: number; verified: boolean }[]> {
  return db
    .select({ id: users.id, verified: sql<boolean>`${users.emailVerifiedAt} is not null` })
    .from(users)
    .where(inArray(users.id, [...new Set(memberIds)]))
    .orderBy(users.id)
    .for('key share');
}

/**
 * Refuses (403) a write of `actor` on `memberId`'s thing or on the member (a reply, a reaction, a
 * follow...) when either has blocked the other: permissions.ts canInteract. Call it inside the
 * write's transaction, so that a block committed before it is seen.
 */
export async function assertCanInteract(db: Executor, actor: Actor, memberId: number): Promise<void> {
  if (!canInteract(actor, { id: memberId }, await isBlockedBetween(db, actor.id, memberId))) throw new ForbiddenError(BLOCK_MESSAGES.interact);
}

/**
 * A condition for a read's WHERE: the row's author (`authorColumn`) and the reader are not blocked
 * in either direction. Undefined for a visitor (nothing to hide), so `and(…, notBlockedWith(…))` reads
 * the same as before.
 */
export function notBlockedWith(readerId: number | undefined, authorColumn: PgColumn): SQL | undefined {
  if (readerId === undefined) return undefined;
  // two anti-joins, one per direction, rather than one NOT EXISTS over an OR: each is a hash (or
  // primary-key) anti-join, where the OR made PostgreSQL test every block against every row (12 ms
  // for a count over 10,000 comments, against 1.5 ms; issue 20's bench, decision 035)
  return sql`(NOT EXISTS (SELECT 1 FROM ${blocks} WHERE ${blocks.blockerId} = ${readerId} AND ${blocks.blockedId} = ${authorColumn}) AND NOT EXISTS (SELECT 1 FROM ${blocks} WHERE ${blocks.blockerId} = ${authorColumn} AND ${blocks.blockedId} = ${readerId}))`;
}
