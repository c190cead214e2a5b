// Mappers from the feed services' rows to the answers of the social feed calls (schemas:
// src/lib/api/wire/social.ts), and the post ids of their paths.
import type { z } from '@hono/zod-openapi';
import type { FeedItemSchema, FeedPageSchema, PostAuthorSchema, PostDetailSchema, PostSchema, QuotedPostSchema, ThreadSchema } from '../../../api/wire/social.ts';
import type { FeedItemRow, FeedPage, PostAuthorRow, PostDetail, PostRow, QuotedPostRow, Thread } from '../../services/social/post-reads.ts';
import { toCommentAuthor } from '../profiles/member-author.ts';
import { pathIdHook, pathIdParams } from '../schemas.ts';

const POST_ID = 'Invalid post ID';
/** A post id in a path: digits only, else a 400 'Invalid post ID'. */
export const PostIdParams = pathIdParams(POST_ID);
export const postIdHook = pathIdHook(POST_ID);

/** A post's author: a comment's author (the one rule for the name to show) with the full name the contract adds. */
export const toPostAuthor = (row: PostAuthorRow): z.infer<typeof PostAuthorSchema> => ({ ...toCommentAuthor(row), full_name: row.fullName });

const toQuoted = (row: QuotedPostRow): z.infer<typeof QuotedPostSchema> => ({
  id: row.id,
  content: row.content,
  author: row.author ? toPostAuthor(row.author) : null,
  created_at: row.createdAt.toISOString(),
  spoiler: row.spoiler,
  deleted: row.deleted,
});

/** A post as shown; a detached quote names no parent (its quoted post's author took it off). */
export function toPost(row: PostRow): z.infer<typeof PostSchema> {
  return {
    id: row.id,
    content: row.content,
    author_id: row.authorId,
    author: row.author ? toPostAuthor(row.author) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: (row.editedAt ?? row.createdAt).toISOString(),
    edited: row.editedAt !== null,
    media_url: row.mediaUrl,
    parent_id: row.kind === 'quote' && row.quoteDetached ? null : row.parentId,
    kind: row.kind,
    quoted_post: row.quoted ? toQuoted(row.quoted) : null,
    quote_detached: row.quoteDetached,
    spoiler: row.spoiler,
    reply_control: row.replyControl,
    deleted: row.deletedAt !== null,
    replies_count: row.repliesCount,
    reposts_count: row.repostsCount,
    likes_count: row.likesCount,
    is_liked: row.isLiked,
    is_reposted: row.isReposted,
    can_reply: row.canReply,
  };
}

export const toFeedItem = (row: FeedItemRow): z.infer<typeof FeedItemSchema> => ({
  ...toPost(row),
  reposted_by: row.repostedBy ? toPostAuthor(row.repostedBy) : null,
  reposted_at: row.repostedAt?.toISOString() ?? null,
});

export const toFeedPage = (page: FeedPage): z.infer<typeof FeedPageSchema> => ({
  posts: page.posts.map(toFeedItem),
  next_cursor: page.nextCursor,
  mentions: page.mentions,
});

export const toPostDetail = (detail: PostDetail): z.infer<typeof PostDetailSchema> => ({
  ...toPost(detail.post),
  replies: detail.replies.map(toPost),
  replies_next_cursor: detail.repliesNextCursor,
  mentions: detail.mentions,
});

export const toThread = (thread: Thread): z.infer<typeof ThreadSchema> => ({
  conversation: thread.conversation.map(toPost),
  replies_next_cursor: thread.repliesNextCursor,
  mentions: thread.mentions,
});
