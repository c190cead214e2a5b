// Mappers from the comment services' rows to the answers of the comments and reactions calls
// (schemas: src/lib/api/wire/comments.ts), and the ids of their paths.
import { z } from '@hono/zod-openapi';
import type { CommentPage, CommentRow, CommentWithReplies } from '../../services/comments/comment-reads.ts';
import type { EditedComment } from '../../services/comments/comments.ts';
import type { SavedReaction } from '../../services/comments/reactions.ts';
import type { CommentCreatedSchema, CommentPageSchema, CommentSchema, CommentUpdatedSchema, ReactionSavedSchema, ReplySchema } from '../../../api/wire/comments.ts';
import { toCommentAuthor } from '../profiles/member-author.ts';
import { pathIdHook, pathIdParams } from '../schemas.ts';

const COMMENT_ID = 'Invalid comment ID';
const REACTION_ID = 'Invalid reaction ID';
/** A comment id in a path: digits only, else a 400 'Invalid comment ID'. */
export const CommentIdParams = pathIdParams(COMMENT_ID);
export const commentIdHook = pathIdHook(COMMENT_ID);
/** A reaction id in a path: digits only, else a 400 'Invalid reaction ID'. */
export const ReactionIdParams = pathIdParams(REACTION_ID);
export const reactionIdHook = pathIdHook(REACTION_ID);

/** A comment or a reply as shown; `signedIn`: the caller's reaction is said (null for none), else left out. */
export function toReply(row: CommentRow, signedIn: boolean): z.infer<typeof ReplySchema> {
  return {
    id: row.id,
    content: row.content,
    spoiler: row.spoiler,
    created_at: row.createdAt.toISOString(),
    updated_at: (row.editedAt ?? row.createdAt).toISOString(),
    edited: row.editedAt !== null,
    dorama_id: row.dramaId,
    profile_user_id: row.profileUserId,
    parent_id: row.parentId,
    user: toCommentAuthor(row.user),
    reactions: { like: row.likeCount, love: row.loveCount, laugh: row.laughCount },
    ...(signedIn ? { my_reaction: row.myReactionId === null || row.myReactionType === null ? null : { id: row.myReactionId, type: row.myReactionType } } : {}),
  };
}

/** A top-level comment (or a new comment of either level) with its replies. */
export function toComment(row: CommentRow | CommentWithReplies, signedIn: boolean): z.infer<typeof CommentSchema> {
  const replies = 'replies' in row ? row.replies : [];
  return { ...toReply(row, signedIn), replies: replies.map((reply) => toReply(reply, signedIn)), replies_count: row.repliesCount };
}

/** POST /comments/: the new comment and its resolved @names */
export const toCommentCreated = (created: CommentRow & { mentions: Record<string, number> }): z.infer<typeof CommentCreatedSchema> => ({
  ...toComment(created, true),
  mentions: created.mentions,
});

export function toCommentPage(page: CommentPage, signedIn: boolean): z.infer<typeof CommentPageSchema> {
  return {
    comments: page.comments.map((comment) => toComment(comment, signedIn)),
    total: page.total,
    page: page.page,
    page_size: page.pageSize,
    pages: page.pages,
    next_cursor: page.nextCursor,
    mentions: page.mentions,
    ...(page.canComment === undefined ? {} : { can_comment: page.canComment }),
  };
}

export const toCommentUpdated = (edited: EditedComment): z.infer<typeof CommentUpdatedSchema> => ({
  id: edited.id,
  content: edited.content,
  spoiler: edited.spoiler,
  updated_at: edited.updatedAt.toISOString(),
  mentions: edited.mentions,
});

export const toReactionSaved = (saved: SavedReaction): z.infer<typeof ReactionSavedSchema> => ({
  id: saved.id,
  type: saved.type,
  comment_id: saved.commentId,
  reactions: saved.reactions,
});
