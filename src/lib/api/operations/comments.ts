// The comments and reactions calls (spec 2 §7, contract "Comments and reactions", docs/decisions/035):
// a target's pages of comments, writing, editing and deleting a comment, and a member's reaction.
import type { CommentCreated, CommentCreate, CommentPage, CommentUpdate, CommentUpdated, ReactionCreate, ReactionSaved } from '../wire/index.ts';
import { toQueryString } from '../api-client.ts';
import { read, write, type Caller } from './operation.ts';

/** what comments are about: a drama or a member's profile (the API's `type=dorama|profile`) */
export interface CommentTarget {
  type: 'dorama' | 'profile';
  id: number;
}
export type CommentOrder = 'recent' | 'oldest';

/** the spec's page size (§9) */
export const COMMENT_PAGE_SIZE = 10;

/**
 * GET /comments: a page of the target's top-level comments, each with its replies. The first page by
 * `page`, the next ones by the previous answer's `next_cursor` (no duplicate, no gap when comments are
 * added meanwhile). As `member`, each comment carries the caller's reaction and the page `can_comment`.
 */
export const listComments = (target: CommentTarget, order: CommentOrder, cursor: string | null = null, caller: Caller = 'anyone') =>
  read<CommentPage>(
    `/comments${toQueryString({ type: target.type, id: target.id, order, page_size: COMMENT_PAGE_SIZE, ...(cursor ? { cursor } : { page: 1 }) })}`,
    caller,
  );

/** POST /comments/: a comment on the target, or a reply (`reply_to_id`: a top-level comment) */
export const createComment = (body: CommentCreate) => write<CommentCreated>('POST', '/comments/', { json: body });
/** PUT /comments/{id}: the author's new text (and spoiler flag) */
export const updateComment = (id: number, body: CommentUpdate) => write<CommentUpdated>('PUT', `/comments/${id}`, { json: body });
/** DELETE /comments/{id}: the author, a mod or an admin; its replies go with it */
export const deleteComment = (id: number) => write<void>('DELETE', `/comments/${id}`);

/** POST /reactions/: the caller's reaction to a comment (a new one, or the one there changed to this type), with the comment's counts after it */
export const saveReaction = (body: ReactionCreate) => write<ReactionSaved>('POST', '/reactions/', { json: body });
/** DELETE /reactions/{id}: takes the caller's reaction back */
export const deleteReaction = (id: number) => write<void>('DELETE', `/reactions/${id}`);
