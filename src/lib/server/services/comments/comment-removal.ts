// Removing a comment: by its author or a mod/admin (DELETE /comments/{id}), or by a mod/admin
// resolving a report with `remove` (services/reports). Its replies go with it (the foreign key
// cascades, as the spec's confirmation says), and a removed reply moves its parent's replies_count
// down, in the same transaction (docs/decisions/035).
import { eq, sql } from 'drizzle-orm';
import { isStorableId } from '../../../ids/path-id.ts';
import { comments } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transactions.ts';
import { commentsChanged, targetKeyOf } from './comment-versions.ts';

export interface RemovedComment {
  id: number;
  parentId: number | null;
  dramaId: number | null;
  profileUserId: number | null;
}

/**
 * Locks a comment about to be removed, and first, when it is a reply, its parent: the order a new
 * reply (parent) and a parent's removal (parent, then its replies by the cascade) take them, so a
 * reply's removal racing its parent's removal or a new reply cannot deadlock. Every removal
 * (DELETE /comments/{id}, a report's `remove`) takes these locks before deleteCommentTree. Answers
 * the comment's row, or undefined when there is none.
 */
export async function lockCommentForRemoval(tx: Executor, commentId: number) {
  if (!isStorableId(commentId)) return undefined;
  const [seen] = await tx.select({ parentId: comments.parentId }).from(comments).where(eq(comments.id, commentId));
  if (!seen) return undefined;
  if (seen.parentId !== null) await tx.select({ id: comments.id }).from(comments).where(eq(comments.id, seen.parentId)).for('update');
  const [row] = await tx
    .select({ id: comments.id, userId: comments.userId, parentId: comments.parentId, dramaId: comments.dramaId, profileUserId: comments.profileUserId })
    .from(comments)
    .where(eq(comments.id, commentId))
    .for('update');
  return row;
}

/**
 * Deletes the comment and its replies; a reply's parent counts one reply fewer. Run it inside the
 * caller's transaction, after lockCommentForRemoval.
 * Answers what was removed, or undefined when there was no such comment (removed meanwhile).
 */
export async function deleteCommentTree(tx: Executor, commentId: number): Promise<RemovedComment | undefined> {
  const [removed] = await tx
    .delete(comments)
    .where(eq(comments.id, commentId))
    .returning({ id: comments.id, parentId: comments.parentId, dramaId: comments.dramaId, profileUserId: comments.profileUserId });
  if (!removed) return undefined;
  commentsChanged(tx, targetKeyOf(removed)); // the target's kept pages are stale once this commits
  if (removed.parentId !== null) {
    await tx
      .update(comments)
      .set({ repliesCount: sql`greatest(${comments.repliesCount} - 1, 0)` })
      .where(eq(comments.id, removed.parentId));
  }
  return removed;
}
