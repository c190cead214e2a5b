// Reading comments (contract "Comments and reactions": GET /comments; docs/decisions/035): one page
// of a target's top-level comments, newest or oldest first, by page number or by cursor (the keyset
// of decision 033 on (created_at, id), over the partial top-level indexes), each with all its
// replies oldest first. A page costs a fixed few queries whatever its size, never one per comment:
//   1. the count of top-level comments, with whether the target exists (and, on a profile, whether
//      the reader and its owner are blocked either way);
//   2. the page's comments with their authors (and the reader's reaction);
//   3. all the replies of those comments (`parent_id IN (…)`), with their authors (and reactions);
//   4. the @names written in them that belong to verified members (one look-up by lower(username),
//      services/mentions/mentions.ts, shared with the feed).
// A signed-in reader sees no comment or reply of a member they blocked or who blocked them.
import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { isStorableId } from '../../../ids/path-id.ts';
import { canComment, type Actor } from '../../../users/permissions.ts';
import { blocks, commentReactions, comments, dramas, users } from '../../db/schema/index.ts';
import { keysetAfter, keysetOrder, keysetPage, keysetTime, readCursor, type KeysetColumns } from '../../db/keyset-paging.ts';
import type { Executor } from '../../db/transactions.ts';
import { NotFoundError } from '../../errors.ts';
import { notBlockedWith } from '../blocks/block-rules.ts';
import { resolveMentions } from '../mentions/mentions.ts';
import type { CommentTarget } from './comments.ts';

export type CommentOrder = 'recent' | 'oldest';
export type ReactionType = 'like' | 'love' | 'laugh';

/** page_size's default and largest value (contract) */
export const COMMENT_PAGE_SIZE = { default: 10, max: 50 } as const;
export interface CommentRow {
  id: number;
  content: string;
  spoiler: boolean;
  createdAt: Date;
  editedAt: Date | null;
  dramaId: number | null;
  profileUserId: number | null;
  parentId: number | null;
  repliesCount: number;
  likeCount: number;
  loveCount: number;
  laughCount: number;
  cursorAt: string;
  user: { id: number; username: string; fullName: string; avatar: string | null; role: 'user' | 'mod' | 'admin' };
  /** the reader's reaction (only read for a signed-in reader) */
  myReactionId: number | null;
  myReactionType: ReactionType | null;
}

export interface CommentWithReplies extends CommentRow {
  replies: CommentRow[];
}

export interface CommentPageQuery {
  target: CommentTarget;
  order: CommentOrder;
  page: number;
  pageSize: number;
  /** the `cursor` sent back (a next_cursor of the same target and order); instead of the page number */
  cursor?: string;
}

export interface CommentPage {
  comments: CommentWithReplies[];
  total: number;
  page: number;
  pageSize: number;
  pages: number;
  nextCursor: string | null;
  /** lower-cased @name as written → member id */
  mentions: Record<string, number>;
  /** for a signed-in reader: whether they may comment here */
  canComment?: boolean;
}

const KEYS: KeysetColumns = { at: comments.createdAt, id: comments.id };

/** The columns a comment is shown with; the reader's reaction comes from the left join of selectComments. */
const commentFields = {
  id: comments.id,
  content: comments.content,
  spoiler: comments.spoiler,
  createdAt: comments.createdAt,
  editedAt: comments.editedAt,
  dramaId: comments.dramaId,
  profileUserId: comments.profileUserId,
  parentId: comments.parentId,
  repliesCount: comments.repliesCount,
  likeCount: comments.likeCount,
  loveCount: comments.loveCount,
  laughCount: comments.laughCount,
  cursorAt: keysetTime(comments.createdAt),
  user: { id: users.id, username: users.username, fullName: users.fullName, avatar: users.avatar, role: users.role },
  myReactionId: commentReactions.id,
  myReactionType: commentReactions.type,
};

/** Comments with their authors and the reader's reaction (none joined for a visitor: the join's condition is false). */
function selectComments(db: Executor, readerId: number | undefined) {
  return db
    .select(commentFields)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .leftJoin(
      commentReactions,
      and(eq(commentReactions.commentId, comments.id), readerId === undefined ? sql`false` : eq(commentReactions.userId, readerId)),
    );
}

const targetCondition = (target: CommentTarget): SQL =>
  target.type === 'dorama' ? eq(comments.dramaId, target.id) : eq(comments.profileUserId, target.id);

/** Whether the target exists (a drama; a verified member), as a column of the count's query. */
function targetExists(target: CommentTarget): SQL<boolean> {
  return target.type === 'dorama'
    ? sql<boolean>`EXISTS (SELECT 1 FROM ${dramas} WHERE ${dramas.id} = ${target.id})`
    : sql<boolean>`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${target.id} AND ${users.emailVerifiedAt} IS NOT NULL)`;
}

/** Whether the reader and the profile's owner are blocked either way, as a column (false elsewhere). */
function blockedWithOwner(target: CommentTarget, readerId: number | undefined): SQL<boolean> {
  if (target.type !== 'profile' || readerId === undefined || readerId === target.id) return sql<boolean>`false`;
  return sql<boolean>`EXISTS (SELECT 1 FROM ${blocks} WHERE (${blocks.blockerId} = ${readerId} AND ${blocks.blockedId} = ${target.id}) OR (${blocks.blockerId} = ${target.id} AND ${blocks.blockedId} = ${readerId}))`;
}

/**
 * One page of the target's top-level comments for `reader` (undefined for a visitor), each with all
 * its replies oldest first. 404 for a target that does not exist; 400 for a cursor the server did
 * not issue.
 */
export async function readCommentPage(db: Executor, query: CommentPageQuery, reader?: Actor): Promise<CommentPage> {
  const cursor = readCursor(query.cursor);
  const { target, order, page, pageSize } = query;
  if (!isStorableId(target.id)) throw new NotFoundError(target.type === 'dorama' ? 'Drama not found' : 'User not found');
  const readerId = reader?.id;
  const visible = and(targetCondition(target), isNull(comments.parentId), notBlockedWith(readerId, comments.userId));

  const [head] = await db
    .select({ total: count(), exists: targetExists(target), blocked: blockedWithOwner(target, readerId) })
    .from(comments)
    .where(visible);
  if (!head?.exists) throw new NotFoundError(target.type === 'dorama' ? 'Drama not found' : 'User not found');

  const direction = order === 'recent' ? 'desc' : 'asc';
  const rows = await selectComments(db, readerId)
    .where(and(visible, keysetAfter(KEYS, cursor, direction)))
    .orderBy(...keysetOrder(KEYS, direction))
    .limit(pageSize + 1)
    .offset(cursor ? 0 : (page - 1) * pageSize);
  const { items, next_cursor } = keysetPage(rows as CommentRow[], pageSize, (row) => ({ at: row.cursorAt, id: row.id }));

  const replies = items.length
    ? ((await selectComments(db, readerId)
        .where(and(inArray(comments.parentId, items.map((c) => c.id)), notBlockedWith(readerId, comments.userId)))
        .orderBy(asc(comments.parentId), asc(comments.createdAt), asc(comments.id))) as CommentRow[])
    : [];
  const byParent = new Map<number, CommentRow[]>();
  for (const reply of replies) {
    const list = byParent.get(reply.parentId!) ?? [];
    list.push(reply);
    byParent.set(reply.parentId!, list);
  }
  const withReplies = items.map((comment) => {
    const own = byParent.get(comment.id) ?? [];
    // a signed-in reader's count is of the replies they see (blocks hide some); a visitor's is the counter
    return { ...comment, replies: own, repliesCount: readerId === undefined ? comment.repliesCount : own.length };
  });

  const total = head.total;
  return {
    comments: withReplies,
    total,
    page,
    pageSize,
    pages: Math.ceil(total / pageSize),
    nextCursor: next_cursor,
    mentions: await resolveMentions(db, [...items, ...replies].map((c) => c.content)),
    ...(reader ? { canComment: canComment(reader, target.type === 'profile' ? { id: target.id } : null, head.blocked) } : {}),
  };
}

/** Comments by id, as a page shows them (without their replies), for the reader. */
export async function readCommentsByIds(db: Executor, ids: number[], readerId?: number): Promise<CommentRow[]> {
  if (!ids.length) return [];
  return (await selectComments(db, readerId).where(inArray(comments.id, ids))) as CommentRow[];
}
