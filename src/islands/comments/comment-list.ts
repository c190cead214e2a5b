import { useEffect, useRef, useState } from 'react';
import { listComments, type CommentOrder, type CommentTarget } from '../../lib/api/operations/comments.ts';
import type { Comment, CommentPage, Reply } from '../../lib/api/wire/index.ts';
import { session } from '../shared/data-layer/session.ts';
import { useRead } from '../shared/data-layer/use-read.ts';

/** What the block shows: the comments read so far and what the pages said about them. */
export interface CommentList {
  comments: Comment[];
  total: number;
  /** where the next page starts; null when every comment is shown */
  cursor: string | null;
  mentions: Record<string, number>;
  /** the caller may comment here (false: a block with the profile's owner) */
  canComment: boolean;
  /** own comments posted in the oldest-first order while older pages were still to come: shown once the last page is in */
  tail: Comment[];
}

export const listOf = (page: CommentPage): CommentList => ({
  comments: page.comments,
  total: page.total,
  cursor: page.next_cursor,
  mentions: page.mentions,
  canComment: page.can_comment !== false,
  tail: [],
});

/** the next page added: comments already shown (one's own, posted meanwhile) are not shown twice */
export function withPage(list: CommentList, page: CommentPage): CommentList {
  const shown = new Set(list.comments.map((c) => c.id));
  const comments = [...list.comments, ...page.comments.filter((c) => !shown.has(c.id))];
  const cursor = page.next_cursor;
  // the last page is in: one's own comments posted meanwhile (oldest first) come last, once
  const inList = new Set(comments.map((c) => c.id));
  const tail = cursor ? list.tail : [];
  if (!cursor) comments.push(...list.tail.filter((c) => !inList.has(c.id)));
  return { ...list, comments, cursor, tail, mentions: { ...list.mentions, ...page.mentions } };
}

/** one's new comment: first in the newest-first order; in the oldest-first order last, once the last page is in */
export function withNewComment(list: CommentList, comment: Comment, order: CommentOrder): CommentList {
  const total = list.total + 1;
  if (order === 'recent') return { ...list, total, comments: [comment, ...list.comments] };
  if (!list.cursor) return { ...list, total, comments: [...list.comments, comment] };
  return { ...list, total, tail: [...list.tail, comment] };
}

/** the @names a write's answer resolved (a new or edited text), so they are links at once */
export function withMentions(list: CommentList, mentions: Record<string, number>): CommentList {
  return Object.keys(mentions).length ? { ...list, mentions: { ...list.mentions, ...mentions } } : list;
}

/** a change to one comment or reply (an edit, a new reply), wherever it is */
export function withChanged(list: CommentList, id: number, change: (c: Comment | Reply) => Comment | Reply): CommentList {
  const map = (comments: Comment[]) =>
    comments.map((c) => (c.id === id ? (change(c) as Comment) : c.replies.some((r) => r.id === id) ? { ...c, replies: c.replies.map((r) => (r.id === id ? (change(r) as Reply) : r)) } : c));
  return { ...list, comments: map(list.comments), tail: map(list.tail) };
}

/** a deleted comment (with its replies) or reply, gone */
export function withoutComment(list: CommentList, id: number): CommentList {
  const topLevel = list.comments.some((c) => c.id === id) || list.tail.some((c) => c.id === id);
  const drop = (comments: Comment[]) =>
    comments
      .filter((c) => c.id !== id)
      .map((c) => (c.replies.some((r) => r.id === id) ? { ...c, replies: c.replies.filter((r) => r.id !== id), replies_count: Math.max(0, c.replies_count - 1) } : c));
  return { ...list, total: topLevel ? Math.max(0, list.total - 1) : list.total, comments: drop(list.comments), tail: drop(list.tail) };
}

/** a reply added at the end of its comment's replies (oldest first) */
export const withReply = (list: CommentList, parentId: number, reply: Reply): CommentList =>
  withChanged(list, parentId, (c) => {
    const parent = c as Comment;
    return { ...parent, replies: [...parent.replies, reply], replies_count: parent.replies_count + 1 };
  });

/**
 * The block's comments: the first page through the data layer's cached read (as the member when a
 * token is stored: their reactions, `can_comment`, the blocks), the next ones by cursor when asked
 * (`more`), and the member's own changes applied in place. A new order or a new caller starts over.
 */
export function useCommentList(target: CommentTarget, order: CommentOrder, member: boolean) {
  const first = useRead(listComments(target, order, null, member ? 'member' : 'anyone'));
  const [list, setList] = useState<CommentList | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  /** the first page the list started from: answers for an older one are dropped */
  const startedFrom = useRef<CommentPage | undefined>(undefined);

  useEffect(() => {
    if (first.data && first.data !== startedFrom.current) {
      startedFrom.current = first.data;
      setList(listOf(first.data));
      setLoadingMore(false);
    }
    if (first.error) console.error('comments: the first page could not be read', first.error);
  }, [first.data, first.error]);

  /** the next page; false when it could not be read (only logged, spec 2 §8) */
  async function more(): Promise<boolean | void> {
    const from = startedFrom.current;
    if (!list?.cursor || loadingMore || !from) return;
    setLoadingMore(true);
    try {
      const page = await session.call(listComments(target, order, list.cursor, member ? 'member' : 'anyone'));
      if (startedFrom.current === from) setList((now) => (now ? withPage(now, page) : now));
      return true;
    } catch (error) {
      // spec 2 §8: comment failures are only logged
      console.error('comments: the next page could not be read', error);
      return false;
    } finally {
      if (startedFrom.current === from) setLoadingMore(false);
    }
  }

  return { list, loading: !list && !first.error, loadingMore, more, update: setList };
}
