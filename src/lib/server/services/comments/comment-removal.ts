// Removing a comment: by its author or a mod/admin (DELETE /comments/{id}), or by a mod/admin
// resolving a report with `remove` (services/reports). Its replies go with it (the foreign key
// cascades, as the spec's confirmation says), and a removed reply moves its parent's replies_count
// down, in the same transaction (docs/decisions/035).
import { eq, sql } from 'drizzle-orm';
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
 * Deletes the comment and its replies; a reply's parent counts one reply fewer. Run it inside the
 * caller's transaction (with the comment's row already locked where a permission was checked on it).
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
