// Blocks (contract "Comments and reactions", "Reports and blocks"; docs/decisions/035): a member
// blocks another, undoes it, lists whom they blocked, and asks whether they blocked someone. Blocking
// ends a follow in either direction in the same transaction, moving the counters as an unfollow does
// (services/follows removeFollow), with both members' rows locked in id order as a follow locks them:
// a block and a follow between the same two at once run one after the other, and no follow survives
// the block. What a block forbids, and the filter of reads, are in ./block-rules.ts.
import { membersFeedChanged } from '../social/feed-version.ts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { isStorableId } from '../../../ids/path-id.ts';
import { canBlock, type Actor } from '../../../users/permissions.ts';
import { blocks, users } from '../../db/schema/index.ts';
import { withTransaction, type Executor } from '../../db/transactions.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { lockMemberPair, removeFollow } from '../follows/follows.ts';
import { BLOCK_MESSAGES, lockPairForBlock } from './block-rules.ts';

/** A member as a list of blocked members shows them. */
export interface BlockedMemberRow {
  id: number;
  username: string;
  fullName: string;
  avatar: string | null;
  role: string;
  blockedAt: Date;
}

function refuseSelfOrNobody(actor: Actor, memberId: number) {
  if (actor.id === memberId) throw new ValidationError(BLOCK_MESSAGES.self, 'id');
  if (!isStorableId(memberId)) throw new NotFoundError(BLOCK_MESSAGES.notFound);
  if (!canBlock(actor, { id: memberId })) throw new ForbiddenError();
}

/**
 * `actor` blocks `memberId` (idempotent): the block is kept, and a follow between them, either way,
 * ends. 400 for oneself, 404 for an unknown member.
 */
export async function blockMember(db: Executor, actor: Actor, memberId: number): Promise<{ blocked: true }> {
  refuseSelfOrNobody(actor, memberId);
  return withTransaction(db, async (tx) => {
    // first: the writes between the two that a block forbids wait for it (block-rules.ts lockInteractions)
    await lockPairForBlock(tx, actor.id, memberId);
    await lockMemberPair(tx, actor.id, memberId);
    await tx.insert(blocks).values({ blockerId: actor.id, blockedId: memberId }).onConflictDoNothing();
    await removeFollow(tx, actor.id, memberId);
    await removeFollow(tx, memberId, actor.id);
    return { blocked: true as const };
  });
}

/** `actor` stops blocking `memberId` (idempotent); a follow ended by the block does not come back. */
export async function unblockMember(db: Executor, actor: Actor, memberId: number): Promise<{ blocked: false }> {
  refuseSelfOrNobody(actor, memberId);
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.id, memberId)).limit(1);
  if (!member) throw new NotFoundError(BLOCK_MESSAGES.notFound);
  await db.delete(blocks).where(and(eq(blocks.blockerId, actor.id), eq(blocks.blockedId, memberId)));
  membersFeedChanged(db, actor.id, memberId); // what their kept Following pages hide changed
  return { blocked: false };
}

/**
 * Whether `actorId` blocked `memberId` (only that: whether the member blocked the caller is not told).
 * 404 for an unknown member; oneself is never blocked.
 */
export async function hasBlocked(db: Executor, actorId: number, memberId: number): Promise<boolean> {
  if (!isStorableId(memberId)) throw new NotFoundError(BLOCK_MESSAGES.notFound);
  const [row] = await db
    .select({
      id: users.id,
      blocked: sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${actorId} and ${blocks.blockedId} = ${users.id})`,
    })
    .from(users)
    .where(eq(users.id, memberId))
    .limit(1);
  if (!row) throw new NotFoundError(BLOCK_MESSAGES.notFound);
  return row.blocked === true;
}

/** One page of the members `actorId` blocked, the latest block first, and how many there are. */
export async function listBlocked(db: Executor, actorId: number, page: { offset: number; limit: number }): Promise<{ items: BlockedMemberRow[]; total: number }> {
  const [items, [count]] = await Promise.all([
    db
      .select({ id: users.id, username: users.username, fullName: users.fullName, avatar: users.avatar, role: users.role, blockedAt: blocks.createdAt })
      .from(blocks)
      .innerJoin(users, eq(users.id, blocks.blockedId))
      .where(eq(blocks.blockerId, actorId))
      .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(blocks).where(eq(blocks.blockerId, actorId)),
  ]);
  return { items, total: count?.total ?? 0 };
}
