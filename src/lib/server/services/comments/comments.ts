// Writing comments (contract "Comments and reactions", spec 2 §3 Comment, docs/decisions/035): a
// member comments on a drama or on a member's profile, or replies (one level) to a top-level comment
// of the same target; the author edits; the author, a mod or an admin deletes (its replies go with
// it, comment-removal.ts). A reply moves its parent's replies_count in the same transaction, with the
// parent's row locked, so the counter is exact under concurrent replies. Blocks (either way) refuse a
// reply to the blocked member's comment and a comment on their profile (permissions.ts canInteract,
// canComment).
import { eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { COMMENT_MAX_LENGTH, isCommentTooLong } from '../../../comments/comment-length.ts';
import { isStorableId } from '../../../ids/path-id.ts';
import { canComment, canDeleteComment, canEditComment, canInteract, type Actor } from '../../../users/permissions.ts';
import { comments, dramas, users } from '../../db/schema/index.ts';
import { withTransaction, type Executor, type Transaction } from '../../db/transactions.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { isBlockedBetween, lockInteractions } from '../blocks/block-rules.ts';
import { deleteCommentTree, lockCommentForRemoval } from './comment-removal.ts';
import { commentsChanged, targetKeyOf } from './comment-versions.ts';
import { resolveMentions } from '../mentions/mentions.ts';
import { readCommentsByIds, type CommentRow } from './comment-reads.ts';

export const COMMENT_MESSAGES = {
  blank: 'Comment content cannot be empty',
  tooLong: `Comment content must be at most ${COMMENT_MAX_LENGTH} characters`,
  oneTarget: 'Give exactly one target: dorama_id or profile_user_id',
  dramaNotFound: 'Drama not found',
  memberNotFound: 'User not found',
  commentNotFound: 'Comment not found',
  badReply: 'reply_to_id must be a top-level comment on the same drama or profile',
  blocked: "You can't interact with this member",
} as const;

/** The target of a comment: a drama or a member's profile. */
export type CommentTarget = { type: 'dorama'; id: number } | { type: 'profile'; id: number };

export interface CommentCreateInput {
  content: string;
  doramaId?: number;
  profileUserId?: number;
  replyToId?: number;
  spoiler?: boolean;
}

export interface CommentEditInput {
  content: string;
  spoiler?: boolean;
}

/** The content as stored: trimmed, non-blank, at most COMMENT_MAX_LENGTH characters (code points). */
export function checkContent(raw: string): string {
  const content = raw.trim();
  if (content === '') throw new ValidationError(COMMENT_MESSAGES.blank, 'content');
  if (isCommentTooLong(content)) {
    throw new ValidationError(COMMENT_MESSAGES.tooLong, 'content');
  }
  return content;
}

/** The one target of a new comment: both or neither is a 400. */
function targetOf(input: CommentCreateInput): CommentTarget {
  const hasDrama = input.doramaId !== undefined;
  const hasProfile = input.profileUserId !== undefined;
  if (hasDrama === hasProfile) throw new ValidationError(COMMENT_MESSAGES.oneTarget, hasDrama ? 'profile_user_id' : 'dorama_id');
  return hasDrama ? { type: 'dorama', id: input.doramaId! } : { type: 'profile', id: input.profileUserId! };
}

/**
 * A drama that exists, or a verified member whose profile it is: else a 404. The rows the insert's
 * foreign keys will key-share lock are locked now, in the order other writes take them: on a
 * profile, the writer's and the owner's rows in id order, as a block or a follow between them
 * locks them (lockMemberPair), so a comment racing a block between the same two waits for it (and
 * then sees it) instead of deadlocking; a drama deleted meanwhile is a 404, not a foreign-key error.
 */
async function assertTarget(tx: Executor, user: Actor, target: CommentTarget): Promise<void> {
  if (target.type === 'dorama') {
    const found = isStorableId(target.id) && (await tx.select({ id: dramas.id }).from(dramas).where(eq(dramas.id, target.id)).for('key share')).length > 0;
    if (!found) throw new NotFoundError(COMMENT_MESSAGES.dramaNotFound);
    return;
  }
  if (!isStorableId(target.id)) throw new NotFoundError(COMMENT_MESSAGES.memberNotFound);
  const rows = await tx
    .select({ id: users.id, verified: isNotNull(users.emailVerifiedAt) })
    .from(users)
    .where(inArray(users.id, [user.id, target.id]))
    .orderBy(users.id)
    .for('key share');
  if (!rows.some((row) => row.id === target.id && row.verified)) throw new NotFoundError(COMMENT_MESSAGES.memberNotFound);
}

/** The author of a comment (never changes, so read without a lock; null once anonymised), or undefined when there is none. */
async function authorOfComment(tx: Executor, id: number): Promise<number | undefined> {
  if (!isStorableId(id)) return undefined;
  const [row] = await tx.select({ userId: comments.userId }).from(comments).where(eq(comments.id, id));
  return row?.userId;
}

const sameTarget = (row: { dramaId: number | null; profileUserId: number | null }, target: CommentTarget) =>
  target.type === 'dorama' ? row.dramaId === target.id : row.profileUserId === target.id;

/** A comment's row, locked for the rest of the transaction; undefined when there is none. */
async function lockComment(tx: Transaction, id: number) {
  if (!isStorableId(id)) return undefined;
  const [row] = await tx
    .select({ id: comments.id, userId: comments.userId, parentId: comments.parentId, dramaId: comments.dramaId, profileUserId: comments.profileUserId })
    .from(comments)
    .where(eq(comments.id, id))
    .for('update');
  return row;
}

/**
 * Creates a comment or a reply by `user`: the comment as a page shows it (no replies yet). 400 for
 * bad content, both or no target, or a reply to anything but a top-level comment of the same
 * target; 404 for a target that does not exist; 403 across a block (the profile's owner, the
 * author of the comment replied to).
 */
export async function createComment(db: Executor, user: Actor, input: CommentCreateInput): Promise<CommentRow & WithMentions> {
  const content = checkContent(input.content);
  const target = targetOf(input);
  if (input.replyToId !== undefined && !isStorableId(input.replyToId)) throw new ValidationError(COMMENT_MESSAGES.badReply, 'reply_to_id');
  const row = await withTransaction(db, async (tx) => {
    // before any row: a block being written between the writer and the profile's owner or the parent's author is waited for, then seen
    const parentAuthorId = input.replyToId === undefined ? undefined : await authorOfComment(tx, input.replyToId);
    await lockInteractions(tx, user.id, [target.type === 'profile' ? target.id : undefined, parentAuthorId]);
    await assertTarget(tx, user, target);
    if (target.type === 'profile') {
      const blocked = await isBlockedBetween(tx, user.id, target.id);
      if (!canComment(user, { id: target.id }, blocked)) throw new ForbiddenError(COMMENT_MESSAGES.blocked);
    }
    let parentId: number | null = null;
    if (input.replyToId !== undefined) {
      // the parent's row is locked until the reply and its count are written (exact under concurrent replies)
      const parent = await lockComment(tx, input.replyToId);
      if (!parent || parent.parentId !== null || !sameTarget(parent, target)) throw new ValidationError(COMMENT_MESSAGES.badReply, 'reply_to_id');
      const blocked = await isBlockedBetween(tx, user.id, parent.userId);
      if (!canInteract(user, { id: parent.userId }, blocked)) throw new ForbiddenError(COMMENT_MESSAGES.blocked);
      parentId = parent.id;
    }
    const [created] = await tx
      .insert(comments)
      .values({
        userId: user.id,
        dramaId: target.type === 'dorama' ? target.id : null,
        profileUserId: target.type === 'profile' ? target.id : null,
        parentId,
        content,
        spoiler: input.spoiler ?? false,
      })
      .returning({ id: comments.id });
    if (parentId !== null) {
      await tx
        .update(comments)
        .set({ repliesCount: sql`${comments.repliesCount} + 1` })
        .where(eq(comments.id, parentId));
    }
    commentsChanged(tx, target.type === 'dorama' ? `dorama:${target.id}` : `profile:${target.id}`);
    // read in the transaction: the answer is what was written, even if it is removed the instant after
    const [row] = await readCommentsByIds(tx, [created!.id], user.id);
    return row!;
  });
  return { ...row, mentions: await resolveMentions(db, [row.content]) };
}

/** the @names of an answer's text that belong to members (a page's `mentions`), so they are links at once */
export interface WithMentions {
  mentions: Record<string, number>;
}

export interface EditedComment extends WithMentions {
  id: number;
  content: string;
  spoiler: boolean;
  updatedAt: Date;
}

/** The author edits the content (and the spoiler flag when given): 404 for none, 403 for anyone else. */
export async function editComment(db: Executor, user: Actor, id: number, input: CommentEditInput): Promise<EditedComment> {
  const content = checkContent(input.content);
  const saved = await withTransaction(db, async (tx) => {
    const comment = await lockComment(tx, id);
    if (!comment) throw new NotFoundError(COMMENT_MESSAGES.commentNotFound);
    if (!canEditComment(user, comment)) throw new ForbiddenError();
    const [edited] = await tx
      .update(comments)
      .set({ content, ...(input.spoiler === undefined ? {} : { spoiler: input.spoiler }), editedAt: sql`now()` })
      .where(eq(comments.id, id))
      .returning({ id: comments.id, content: comments.content, spoiler: comments.spoiler, updatedAt: comments.editedAt });
    commentsChanged(tx, targetKeyOf(comment));
    return { ...edited!, updatedAt: edited!.updatedAt! };
  });
  return { ...saved, mentions: await resolveMentions(db, [saved.content]) };
}

/** The author, a mod or an admin deletes the comment, with its replies: 404 for none, 403 for anyone else. */
export async function deleteComment(db: Executor, user: Actor, id: number): Promise<void> {
  await withTransaction(db, async (tx) => {
    // a reply's parent is locked before the reply (the order a new reply takes them in: no deadlock)
    const comment = await lockCommentForRemoval(tx, id);
    if (!comment) throw new NotFoundError(COMMENT_MESSAGES.commentNotFound);
    if (!canDeleteComment(user, comment)) throw new ForbiddenError();
    await deleteCommentTree(tx, id);
  });
}
