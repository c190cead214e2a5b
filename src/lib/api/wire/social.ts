// The social feed's calls (spec 2 §3 Post, §7; contract "Social feed"): timelines, a post with its
// replies, a thread, writing, liking, reposting, editing, deleting and detaching quotes. Field names
// are the spec's (snake_case).
import { z } from '@hono/zod-openapi';
import { POST_MAX_LENGTH } from '../../social/post-length.ts';
import { ROLES } from '../../users/roles.ts';

/** Longest post, in characters (code points) after trimming (contract; one rule: src/lib/social/post-length.ts). */
export { POST_MAX_LENGTH };
/** Timeline page sizes (contract: default 20, at most 50). */
export const FEED_LIMIT_DEFAULT = 20;
export const FEED_LIMIT_MAX = 50;
export const REPLY_CONTROLS = ['everyone', 'following', 'nobody'] as const;
export const POST_KINDS = ['post', 'reply', 'quote'] as const;
export const FEED_TABS = ['for-you', 'following'] as const;

export const ReplyControlSchema = z.enum(REPLY_CONTROLS).openapi('ReplyControl');

/** The author of a post (contract: id, username, full_name, avatar; name and role as comments show them). */
export const PostAuthorSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    full_name: z.string(),
    name: z.string().openapi({ description: 'the name to show (display name, else full name, else username)' }),
    avatar: z.string().nullable(),
    role: z.enum(ROLES),
  })
  .openapi('PostAuthor');

/** A quoted post as a quote shows it (no further nesting), or a tombstone when deleted (no author, no text). */
export const QuotedPostSchema = z
  .object({
    id: z.number().int(),
    content: z.string().openapi({ description: "empty when the quoted post was deleted (`deleted`)" }),
    author: PostAuthorSchema.nullable().openapi({ description: 'null when the quoted post was deleted (`deleted`)' }),
    created_at: z.string(),
    spoiler: z.boolean(),
    deleted: z.boolean(),
  })
  .openapi('QuotedPost');

const postFields = {
  id: z.number().int(),
  content: z.string().openapi({ description: 'as written: plain text with `||inline spoilers||` and `@mentions`; empty on a deleted post' }),
  author_id: z.number().int().nullable().openapi({ description: 'null on a deleted post (a tombstone names no author)' }),
  author: PostAuthorSchema.nullable().openapi({ description: 'null on a deleted post (a tombstone names no author)' }),
  created_at: z.string(),
  updated_at: z.string().openapi({ description: 'the last edit, else created_at' }),
  edited: z.boolean(),
  media_url: z.string().nullable().openapi({ description: 'null on a deleted post' }),
  parent_id: z.number().int().nullable().openapi({ description: 'the post a reply answers or a quote quotes' }),
  kind: z.enum(POST_KINDS),
  quoted_post: QuotedPostSchema.nullable().openapi({ description: 'for a quote: the quoted post; null when detached or gone' }),
  quote_detached: z.boolean(),
  spoiler: z.boolean(),
  reply_control: ReplyControlSchema,
  deleted: z.boolean().openapi({ description: 'deleted by its author or a moderator, kept because others answered it' }),
  replies_count: z.number().int(),
  reposts_count: z.number().int(),
  likes_count: z.number().int(),
  is_liked: z.boolean().openapi({ description: 'false for a visitor' }),
  is_reposted: z.boolean().openapi({ description: 'false for a visitor' }),
  can_reply: z.boolean().openapi({ description: "whether the caller may reply (reply_control, blocks); false for a visitor" }),
};

/** A post (contract "Social feed"). */
export const PostSchema = z.object(postFields).openapi('Post');

/** A timeline item: a post, or a repost of one by a member the caller follows. */
export const FeedItemSchema = PostSchema.extend({
  reposted_by: PostAuthorSchema.nullable().optional().openapi({ description: 'on the Following tab: who reposted it' }),
  reposted_at: z.string().nullable().optional(),
}).openapi('FeedItem');

/** GET /social/posts: newest first, `next_cursor` continues with no duplicate and no gap. */
export const FeedPageSchema = z
  .object({
    posts: z.array(FeedItemSchema),
    next_cursor: z.string().nullable(),
    mentions: z.record(z.string(), z.number().int()).openapi({ description: 'lower-cased @username → member id, for the names in these posts that belong to members' }),
  })
  .openapi('FeedPage');

/** How many replies a post page and a thread answer at a time (services/social/post-reads.ts, POST_REPLIES_PAGE_SIZE). */
export const POST_REPLIES_PAGE_SIZE = 50;

const repliesNextCursor = z.string().nullable().openapi({
  description: `where the next page of replies starts (GET /social/posts/{id}?replies_cursor=…; ${POST_REPLIES_PAGE_SIZE} a page, oldest first); null when all are shown`,
});

/** GET /social/posts/{id}: the post with a page of its replies, oldest first. */
export const PostDetailSchema = PostSchema.extend({
  replies: z.array(PostSchema),
  replies_next_cursor: repliesNextCursor,
  mentions: z.record(z.string(), z.number().int()),
}).openapi('PostDetail');

/** GET /social/posts/{id}/thread: its ancestors, the post, then the first page of its replies, in reading order. */
export const ThreadSchema = z
  .object({ conversation: z.array(PostSchema), replies_next_cursor: repliesNextCursor, mentions: z.record(z.string(), z.number().int()) })
  .openapi('Thread');

/** POST /social/posts. */
export const PostCreateSchema = z
  .object({
    content: z.string().openapi({ description: `trimmed; non-blank; at most ${POST_MAX_LENGTH} characters` }),
    parent_id: z.number().int().optional(),
    kind: z.enum(['reply', 'quote']).optional().openapi({ description: 'with parent_id: reply (default) or quote' }),
    reply_control: ReplyControlSchema.optional().openapi({ description: 'default everyone' }),
    spoiler: z.boolean().optional().openapi({ description: 'default false' }),
  })
  .openapi('PostCreate');

export const PostCreatedSchema = z.object({ success: z.literal(true), post: PostSchema }).openapi('PostCreated');

/** PUT /social/posts/{id}: what changes (at least one). */
export const PostUpdateSchema = z
  .object({
    content: z.string().optional().openapi({ description: `trimmed; non-blank; at most ${POST_MAX_LENGTH} characters` }),
    reply_control: ReplyControlSchema.optional(),
    spoiler: z.boolean().optional(),
  })
  .openapi('PostUpdate');

export const LikeStateSchema = z.object({ success: z.literal(true), is_liked: z.boolean(), likes_count: z.number().int() }).openapi('LikeState');
export const RepostStateSchema = z.object({ success: z.literal(true), is_reposted: z.boolean(), reposts_count: z.number().int() }).openapi('RepostState');
