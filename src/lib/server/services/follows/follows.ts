// Follows (contract "Users, profiles, follows"; spec 2 §4 "Follow"): a member follows or unfollows
// another; both counters move in the same transaction as the row, and only when a row really
// changed, so they stay exact under concurrent requests and never go below 0. Nobody follows across a
// block (docs/decisions/035); a block ends a follow through removeFollow (services/blocks).
import { membersFeedChanged } from '../social/feed-version.ts';
import { and, desc, eq, exists, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isStorableId } from '../../../ids/path-id.ts';
import { follows, users } from '../../db/schema/index.ts';
import { withTransaction, type Executor } from '../../db/transactions.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import type { Actor } from '../../../users/permissions.ts';
import type { UserRow } from '../accounts/accounts.ts';
import { assertCanInteract } from '../blocks/block-rules.ts';

export const FOLLOW_MESSAGES = {
  self: 'You cannot follow yourself',
  notFound: 'User not found',
} as const;

export interface FollowState {
  following: boolean;
  followersCount: number;
}

/**
 * Locks both members' rows, in id order (two members following each other at once, or a follow and a
 * block between the same two, take them in the same order: no deadlock), and answers the other
 * member's row; a 404 when there is none. Every write that moves a follow between two members (a
 * follow, an unfollow, a block: services/blocks) takes these locks first.
 */
export async function lockMemberPair(tx: Executor, actorId: number, memberId: number) {
  if (!isStorableId(memberId)) throw new NotFoundError(FOLLOW_MESSAGES.notFound);
  const rows = await tx
    .select({ id: users.id, followersCount: users.followersCount })
    .from(users)
    .where(inArray(users.id, [actorId, memberId]))
    .orderBy(users.id)
    .for('update');
  const member = rows.find((row) => row.id === memberId);
  if (!member) throw new NotFoundError(FOLLOW_MESSAGES.notFound);
  membersFeedChanged(tx, actorId, memberId); // their kept Following pages (whom they follow, can_reply, blocks) are stale once this commits
  return member;
}

/**
 * Deletes the follow of `followerId` → `followeeId`, if there is one, and moves both counters down
 * (never below 0); answers the followee's follower count after it, or undefined when there was no
 * follow. Inside the caller's transaction, with both rows locked (lockMemberPair).
 */
export async function removeFollow(tx: Executor, followerId: number, followeeId: number): Promise<number | undefined> {
  const deleted = await tx
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .returning({ followerId: follows.followerId });
  if (deleted.length === 0) return undefined;
  const [moved] = await tx
    .update(users)
    .set({ followersCount: sql`greatest(${users.followersCount} - 1, 0)` })
    .where(eq(users.id, followeeId))
    .returning({ followersCount: users.followersCount });
  await tx.update(users).set({ followingCount: sql`greatest(${users.followingCount} - 1, 0)` }).where(eq(users.id, followerId));
  return moved!.followersCount;
}

/**
 * Follows `followeeId` (idempotent). Never across a block in either direction (permissions.ts
 * canInteract: a 403), checked after the locks, so a block committed meanwhile is seen.
 */
export async function follow(db: Executor, follower: Actor, followeeId: number): Promise<FollowState> {
  const followerId = follower.id;
  if (followerId === followeeId) throw new ValidationError(FOLLOW_MESSAGES.self, 'id');
  return withTransaction(db, async (tx) => {
    const followee = await lockMemberPair(tx, followerId, followeeId);
    await assertCanInteract(tx, follower, followeeId);
    const inserted = await tx.insert(follows).values({ followerId, followeeId }).onConflictDoNothing().returning({ followerId: follows.followerId });
    if (inserted.length === 0) return { following: true, followersCount: followee.followersCount };
    const [moved] = await tx
      .update(users)
      .set({ followersCount: sql`${users.followersCount} + 1` })
      .where(eq(users.id, followeeId))
      .returning({ followersCount: users.followersCount });
    await tx.update(users).set({ followingCount: sql`${users.followingCount} + 1` }).where(eq(users.id, followerId));
    return { following: true, followersCount: moved!.followersCount };
  });
}

/** Stops following `followeeId` (idempotent). */
export async function unfollow(db: Executor, followerId: number, followeeId: number): Promise<FollowState> {
  if (followerId === followeeId) throw new ValidationError(FOLLOW_MESSAGES.self, 'id');
  return withTransaction(db, async (tx) => {
    const followee = await lockMemberPair(tx, followerId, followeeId);
    const followersCount = await removeFollow(tx, followerId, followeeId);
    return { following: false, followersCount: followersCount ?? followee.followersCount };
  });
}

/** Whether `followerId` follows `followeeId`. */
export async function isFollowing(db: Executor, followerId: number, followeeId: number): Promise<boolean> {
  if (followerId === followeeId) return false;
  const [row] = await db
    .select({ one: sql`1` })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .limit(1);
  return row !== undefined;
}

export interface FollowPage {
  users: (UserRow & { isFollowing?: boolean })[];
  total: number;
}

/**
 * One page of a member's followers or of the members they follow, newest follow first; with
 * `viewerId`, each says whether the viewer follows them. 404 for an unknown member.
 */
export async function listFollows(
  db: Executor,
  userId: number,
  direction: 'followers' | 'following',
  page: { offset: number; limit: number },
  viewerId?: number,
): Promise<FollowPage> {
  if (!isStorableId(userId)) throw new NotFoundError(FOLLOW_MESSAGES.notFound);
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!owner) throw new NotFoundError(FOLLOW_MESSAGES.notFound);
  const [mine, theirs] = direction === 'followers' ? [follows.followeeId, follows.followerId] : [follows.followerId, follows.followeeId];
  const viewerRows = alias(follows, 'v'); // the viewer's own follows, beside the page's
  const viewerFollows =
    viewerId === undefined
      ? sql<null>`null`
      : sql<boolean>`${exists(
          db
            .select({ one: sql`1` })
            .from(viewerRows)
            .where(and(eq(viewerRows.followerId, viewerId), eq(viewerRows.followeeId, users.id))),
        )}`;
  const [rows, [count]] = await Promise.all([
    db
      .select({ user: users, isFollowing: viewerFollows })
      .from(follows)
      .innerJoin(users, eq(users.id, theirs))
      .where(eq(mine, userId))
      .orderBy(desc(follows.createdAt), desc(theirs))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(follows).where(eq(mine, userId)),
  ]);
  return {
    users: rows.map((row) => (viewerId === undefined ? row.user : { ...row.user, isFollowing: row.isFollowing === true })),
    total: count?.total ?? 0,
  };
}
