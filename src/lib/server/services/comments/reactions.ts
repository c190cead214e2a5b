// Reactions to comments (contract "Comments and reactions"; spec 2 §3 Reaction; docs/decisions/035):
// one per member and comment, like, love or laugh. The comment's counters (like_count, love_count,
// laugh_count) move in the transaction that writes the reaction, with the comment's row locked
// first: every reaction write on one comment (a new one, a change of type, a removal) takes that
// lock before it reads or writes the member's reaction, so they run one after the other, the
// previous type read is the real one, and a change of type moves one counter down and one up.
// A block either way refuses a reaction to the other member's comment (403, canInteract).
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { isStorableId } from '../../../ids/path-id.ts';
import { canDeleteReaction, canInteract, type Actor } from '../../../users/permissions.ts';
import { commentReactions, comments } from '../../db/schema/index.ts';
import { withTransaction, type Executor, type Transaction } from '../../db/transactions.ts';
import { ForbiddenError, NotFoundError } from '../../errors.ts';
import { isBlockedBetween, lockInteractions } from '../blocks/block-rules.ts';
import { COMMENT_MESSAGES } from './comments.ts';
import { commentsChanged, targetKeyOf } from './comment-versions.ts';
import type { ReactionType } from './comment-reads.ts';

export const REACTION_MESSAGES = {
  notFound: 'Reaction not found',
} as const;

/**
 * GET /reactions/user-reactions without `comment_ids` answers the member's most recent reactions,
 * at most this many (the island asks with the ids of the comments it shows; the unfiltered list is
 * bounded so that a member with years of reactions cannot ask for all of them in one answer).
 */
export const USER_REACTIONS_LIMIT = 500;
/** at most this many comment ids in one `comment_ids` */
export const USER_REACTIONS_MAX_IDS = 100;

export interface ReactionCounts {
  like: number;
  love: number;
  laugh: number;
}

export interface SavedReaction {
  id: number;
  type: ReactionType;
  commentId: number;
  reactions: ReactionCounts;
  /** a new reaction (201), else the member's existing one, changed or not (200) */
  created: boolean;
}

const COUNTER = { like: comments.likeCount, love: comments.loveCount, laugh: comments.laughCount } as const;

/** The comment's row, locked until the transaction ends; undefined when there is none. */
async function lockComment(tx: Transaction, id: number) {
  if (!isStorableId(id)) return undefined;
  const [row] = await tx
    .select({
      id: comments.id,
      userId: comments.userId,
      dramaId: comments.dramaId,
      profileUserId: comments.profileUserId,
      like: comments.likeCount,
      love: comments.loveCount,
      laugh: comments.laughCount,
    })
    .from(comments)
    .where(eq(comments.id, id))
    .for('update');
  return row;
}

/** Moves the comment's counters (+1 for `up`, -1 for `down`, never below 0) and answers them. */
async function moveCounters(tx: Transaction, commentId: number, up?: ReactionType, down?: ReactionType): Promise<ReactionCounts> {
  const set: Partial<Record<'likeCount' | 'loveCount' | 'laughCount', SQL>> = {};
  const key = (type: ReactionType) => (type === 'like' ? 'likeCount' : type === 'love' ? 'loveCount' : 'laughCount');
  if (up) set[key(up)] = sql`${COUNTER[up]} + 1`;
  if (down) set[key(down)] = sql`greatest(${COUNTER[down]} - 1, 0)`;
  const [row] = await tx
    .update(comments)
    .set(set)
    .where(eq(comments.id, commentId))
    .returning({ like: comments.likeCount, love: comments.loveCount, laugh: comments.laughCount });
  return row!;
}

/**
 * The member's reaction of `type` to the comment: a new one (created), or their existing one changed
 * to `type` (or left as it is when it already was). 404 for no comment; 403 across a block with
 * the comment's author.
 */
export async function saveReaction(db: Executor, user: Actor, commentId: number, type: ReactionType): Promise<SavedReaction> {
  return withTransaction(db, async (tx) => {
    // before the comment's row (its author never changes, so it is read unlocked): a block between
    // the two being written meanwhile is waited for, then seen
    const [author] = isStorableId(commentId) ? await tx.select({ id: comments.userId }).from(comments).where(eq(comments.id, commentId)) : [];
    await lockInteractions(tx, user.id, [author?.id]);
    const comment = await lockComment(tx, commentId);
    if (!comment) throw new NotFoundError(COMMENT_MESSAGES.commentNotFound);
    const blocked = await isBlockedBetween(tx, user.id, comment.userId);
    if (!canInteract(user, { id: comment.userId }, blocked)) throw new ForbiddenError(COMMENT_MESSAGES.blocked);
    const [existing] = await tx
      .select({ id: commentReactions.id, type: commentReactions.type })
      .from(commentReactions)
      .where(and(eq(commentReactions.userId, user.id), eq(commentReactions.commentId, commentId)));
    if (existing?.type !== type) commentsChanged(tx, targetKeyOf(comment)); // the counts a page shows change
    if (!existing) {
      const [created] = await tx.insert(commentReactions).values({ userId: user.id, commentId, type }).returning({ id: commentReactions.id });
      return { id: created!.id, type, commentId, reactions: await moveCounters(tx, commentId, type), created: true };
    }
    if (existing.type === type) {
      return { id: existing.id, type, commentId, reactions: { like: comment.like, love: comment.love, laugh: comment.laugh }, created: false };
    }
    await tx.update(commentReactions).set({ type }).where(eq(commentReactions.id, existing.id));
    return { id: existing.id, type, commentId, reactions: await moveCounters(tx, commentId, type, existing.type), created: false };
  });
}

/** The member takes back their reaction: 404 for none, 403 for another member's. */
export async function deleteReaction(db: Executor, user: Actor, reactionId: number): Promise<void> {
  if (!isStorableId(reactionId)) throw new NotFoundError(REACTION_MESSAGES.notFound);
  await withTransaction(db, async (tx) => {
    const [reaction] = await tx
      .select({ id: commentReactions.id, userId: commentReactions.userId, commentId: commentReactions.commentId })
      .from(commentReactions)
      .where(eq(commentReactions.id, reactionId));
    if (!reaction) throw new NotFoundError(REACTION_MESSAGES.notFound);
    if (!canDeleteReaction(user, reaction)) throw new ForbiddenError();
    // the comment first, as every reaction write takes it; then the reaction, as it is now
    const comment = await lockComment(tx, reaction.commentId);
    const [removed] = await tx
      .delete(commentReactions)
      .where(eq(commentReactions.id, reactionId))
      .returning({ type: commentReactions.type });
    if (!removed) throw new NotFoundError(REACTION_MESSAGES.notFound); // taken back meanwhile
    if (comment) commentsChanged(tx, targetKeyOf(comment));
    await moveCounters(tx, reaction.commentId, undefined, removed.type);
  });
}

export interface UserReaction {
  id: number;
  type: ReactionType;
  commentId: number;
}

/**
 * The member's reactions: to the given comments (at most USER_REACTIONS_MAX_IDS ids), or else
 * their USER_REACTIONS_LIMIT most recent.
 */
export async function readUserReactions(db: Executor, userId: number, commentIds?: number[]): Promise<UserReaction[]> {
  const base = db
    .select({ id: commentReactions.id, type: commentReactions.type, commentId: commentReactions.commentId })
    .from(commentReactions);
  if (commentIds !== undefined) {
    const ids = commentIds.filter(isStorableId);
    if (!ids.length) return [];
    return base.where(and(eq(commentReactions.userId, userId), inArray(commentReactions.commentId, ids))).orderBy(commentReactions.commentId);
  }
  return base
    .where(eq(commentReactions.userId, userId))
    .orderBy(desc(commentReactions.createdAt), desc(commentReactions.id))
    .limit(USER_REACTIONS_LIMIT);
}
