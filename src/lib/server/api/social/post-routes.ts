// The social feed calls (contract "Social feed"; docs/decisions/037, "API (issue 21)"): the For You
// and Following timelines, a post with its replies, a thread, and a member's post, reply, quote,
// edit, delete, like, repost and detach. Handlers parse and answer; the rules are in services/social.
//
// Caching (the comments' model, decision 035 amended): a visitor's For You page is kept in this
// process for a few seconds under the feed's version, which every post write bumps
// (feed-page-cache.ts), and a CDN may keep it as long (`s-maxage`, `Vary: Authorization`); a
// visitor's post or thread may be kept by a CDN as long. A signed-in caller's answer is theirs
// (blocks, their likes and reposts) and never kept by anyone else (`private, no-store`); only their
// first Following page is kept in this process, for them, under the feed's and their own versions
// (following-page-cache.ts: what any post write, follow or block in this instance makes stale).
import { createRoute, z } from '@hono/zod-openapi';
import {
  FEED_TABS,
  FeedPageSchema,
  LikeStateSchema,
  PostCreatedSchema,
  PostCreateSchema,
  PostDetailSchema,
  PostSchema,
  PostUpdateSchema,
  RepostStateSchema,
  ThreadSchema,
} from '../../../api/wire/social.ts';
import { getDb } from '../../db/client.ts';
import { UnauthenticatedError } from '../../errors.ts';
import { FEED_PAGE_SIZE, POST_REPLIES_PAGE_SIZE, readFollowingTimeline, readForYou, readPostDetail, readThread } from '../../services/social/post-reads.ts';
import { createPost, deletePost, detachQuote, editPost, toggleLike, toggleRepost } from '../../services/social/posts.ts';
import { currentUser } from '../auth-middleware.ts';
import { SIGNED_IN_CACHE_CONTROL } from '../comments/comment-routes.ts';
import { createRouter } from '../create-router.ts';
import { anyoneRead, memberWrite } from '../member-limits.ts';
import { pageSizeNumber } from '../paging.ts';
import { wantsFresh } from '../public-cache.ts';
import { badToken, errorAnswer as error, jsonAnswer as answer, jsonBody, notSignedIn } from '../schemas.ts';
import { VISITOR_FEED_TTL_MS, visitorFeedPage } from './feed-page-cache.ts';
import { memberFollowingPage } from './following-page-cache.ts';
import { PostIdParams, postIdHook, toFeedPage, toPost, toPostDetail, toThread } from './post-dto.ts';

const tags = ['Social'];

/** what a visitor's feed answer may be kept for by a shared cache (seconds): as long as this process keeps a page */
export const VISITOR_FEED_MAX_AGE = VISITOR_FEED_TTL_MS / 1000;
export const VISITOR_FEED_CACHE_CONTROL = `public, max-age=0, s-maxage=${VISITOR_FEED_MAX_AGE}, stale-while-revalidate=${VISITOR_FEED_MAX_AGE * 2}`;
export const FEED_MESSAGES = { followingNeedsMember: 'Sign in to read the Following timeline' } as const;

const FeedQuery = z.object({
  tab: z.enum(FEED_TABS, { error: "tab must be 'for-you' or 'following'" }).default('for-you'),
  cursor: z.string().max(200, 'Invalid cursor: start again from the first page').optional().openapi({
    description: "a page's next_cursor (of the same tab), to continue after it: no duplicate and no gap when posts and reposts are added meanwhile",
  }),
  limit: pageSizeNumber('limit', FEED_PAGE_SIZE.default, FEED_PAGE_SIZE.max),
});

const listPosts = createRoute({
  method: 'get',
  path: '/social/posts',
  operationId: 'getSocialPosts',
  tags,
  summary: 'A timeline page: For You (anyone) or Following (members), newest first',
  description:
    "For You: every member's top-level posts and quotes. Following: those of the members the caller follows and the caller's own, and their reposts (with reposted_by), in the order each entered the timeline; a post reposted by several of them appears once, at its latest repost. With a token: is_liked, is_reposted, can_reply are the caller's, and posts of members blocked either way are left out (Cache-Control: private, no-store).",
  ...anyoneRead,
  request: { query: FeedQuery },
  responses: {
    200: answer('One page of the timeline', FeedPageSchema),
    400: error('A query value is invalid (tab, limit, or a cursor the server did not issue)'),
    401: error('tab=following without being signed in, or a token that is not valid'),
  },
});

const PostQuery = z.object({
  replies_cursor: z.string().max(200, 'Invalid replies_cursor: start again from the post').optional().openapi({
    description: `a previous answer's replies_next_cursor: the next ${POST_REPLIES_PAGE_SIZE} replies, oldest first, with no duplicate and no gap when replies are added meanwhile`,
  }),
});

const getPost = createRoute({
  method: 'get',
  path: '/social/posts/{id}',
  operationId: 'getSocialPost',
  tags,
  summary: `A post with a page of its replies (${POST_REPLIES_PAGE_SIZE}, oldest first; a deleted post that was answered shows as deleted, with no author)`,
  ...anyoneRead,
  request: { params: PostIdParams, query: PostQuery },
  responses: {
    200: answer('The post with a page of its replies (replies_next_cursor continues)', PostDetailSchema),
    400: error('The id is not all digits, or a replies_cursor the server did not issue'),
    ...badToken,
    404: error('No such post (or one by a member blocked either way)'),
  },
});

const getThread = createRoute({
  method: 'get',
  path: '/social/posts/{id}/thread',
  operationId: 'getSocialThread',
  tags,
  summary: `A conversation: the posts a reply answers (root first), the post, then the first ${POST_REPLIES_PAGE_SIZE} of its replies (replies_next_cursor continues through GET /social/posts/{id})`,
  ...anyoneRead,
  request: { params: PostIdParams },
  responses: {
    200: answer('The conversation in reading order', ThreadSchema),
    400: error('The id is not all digits'),
    ...badToken,
    404: error('No such post (or one by a member blocked either way)'),
  },
});

const createPostRoute = memberWrite(['postsByMember', 'postsByMemberDaily'], {
  method: 'post',
  path: '/social/posts',
  operationId: 'createSocialPost',
  tags,
  summary: 'Post, reply to a post (parent_id) or quote one (parent_id, kind quote)',
  request: { body: jsonBody(PostCreateSchema) },
  responses: {
    201: answer('The new post', PostCreatedSchema),
    400: error('Blank or too long content, kind without parent_id, a bad reply_control, or a parent that was deleted'),
    ...notSignedIn,
    403: error("The parent's author limits who can reply, or a block between the caller and the parent's author (either way)"),
    404: error('No such parent post'),
  },
});

const editPostRoute = memberWrite('postEditsByMember', {
  method: 'put',
  path: '/social/posts/{id}',
  operationId: 'updateSocialPost',
  tags,
  summary: 'Edit a post: its content, who may reply, the spoiler flag (its author)',
  request: { params: PostIdParams, body: jsonBody(PostUpdateSchema) },
  responses: {
    200: answer('The edited post', PostSchema),
    400: error('The id is not all digits, nothing to change, blank or too long content, or a bad reply_control'),
    ...notSignedIn,
    403: error('Not its author'),
    404: error('No such post (or it was deleted)'),
  },
});

const deletePostRoute = memberWrite('postEditsByMember', {
  method: 'delete',
  path: '/social/posts/{id}',
  operationId: 'deleteSocialPost',
  tags,
  summary: 'Delete a post (its author, a mod, an admin); one that was answered stays as a deleted post in its thread',
  request: { params: PostIdParams },
  responses: {
    204: { description: 'Deleted' },
    400: error('The id is not all digits'),
    ...notSignedIn,
    403: error('Neither its author nor a mod or an admin'),
    404: error('No such post (or it was deleted)'),
  },
});

const likeRoute = memberWrite('toggleWritesByMember', {
  method: 'post',
  path: '/social/posts/{id}/like',
  operationId: 'toggleSocialPostLike',
  tags,
  summary: 'Like a post, or take the like back',
  request: { params: PostIdParams },
  responses: {
    200: answer("Whether the caller now likes it, and its likes", LikeStateSchema),
    400: error('The id is not all digits'),
    ...notSignedIn,
    403: error("A block between the caller and the post's author (either way)"),
    404: error('No such post (or it was deleted)'),
  },
});

const repostRoute = memberWrite('toggleWritesByMember', {
  method: 'post',
  path: '/social/posts/{id}/repost',
  operationId: 'toggleSocialPostRepost',
  tags,
  summary: 'Repost a post, or take the repost back',
  request: { params: PostIdParams },
  responses: {
    200: answer('Whether the caller now reposts it, and its reposts (with its quotes)', RepostStateSchema),
    400: error("The id is not all digits, or the caller's own post"),
    ...notSignedIn,
    403: error("A block between the caller and the post's author (either way)"),
    404: error('No such post (or it was deleted)'),
  },
});

const detachRoute = memberWrite('postEditsByMember', {
  method: 'post',
  path: '/social/posts/{id}/detach',
  operationId: 'detachSocialQuote',
  tags,
  summary: 'Detach a quote of one of my posts: it keeps its text and no longer shows nor counts my post',
  request: { params: PostIdParams },
  responses: {
    200: answer('The quote, detached (quoted_post null, quote_detached true)', PostSchema),
    400: error('The id is not all digits'),
    ...notSignedIn,
    403: error('Not the author of the quoted post'),
    404: error('No such post, or not a quote'),
  },
});

export const postRoutes = createRouter()
  .openapi(listPosts, async (c) => {
    const query = c.req.valid('query');
    const user = c.get('user');
    const paging = { cursor: query.cursor, limit: query.limit };
    if (query.tab === 'following') {
      if (!user) throw new UnauthenticatedError(FEED_MESSAGES.followingNeedsMember);
      const compute = async () => JSON.stringify(toFeedPage(await readFollowingTimeline(await getDb(), user, paging)));
      // the first page is kept briefly per member under the feed's and the member's versions (following-page-cache.ts)
      const body = query.cursor
        ? await compute()
        : await memberFollowingPage(user.id, query.limit, wantsFresh(c.req.header('cache-control'), c.req.header('pragma')), compute);
      c.header('Cache-Control', SIGNED_IN_CACHE_CONTROL);
      c.header('Vary', 'Authorization');
      return c.body(body, 200, { 'Content-Type': 'application/json' }) as unknown as ReturnType<typeof c.json<z.infer<typeof FeedPageSchema>, 200>>;
    }
    if (user) return c.json(toFeedPage(await readForYou(await getDb(), paging, user)), 200, { 'Cache-Control': SIGNED_IN_CACHE_CONTROL, Vary: 'Authorization' });
    const body = await visitorFeedPage(`${query.limit}|${query.cursor ?? ''}`, wantsFresh(c.req.header('cache-control'), c.req.header('pragma')), async () =>
      JSON.stringify(toFeedPage(await readForYou(await getDb(), paging))),
    );
    c.header('Cache-Control', VISITOR_FEED_CACHE_CONTROL);
    c.header('Vary', 'Authorization');
    return c.body(body, 200, { 'Content-Type': 'application/json' }) as unknown as ReturnType<typeof c.json<z.infer<typeof FeedPageSchema>, 200>>;
  })
  .openapi(
    getPost,
    async (c) => {
      const user = c.get('user');
      const detail = toPostDetail(await readPostDetail(await getDb(), c.req.valid('param').id, user, c.req.valid('query').replies_cursor));
      return c.json(detail, 200, user ? { 'Cache-Control': SIGNED_IN_CACHE_CONTROL, Vary: 'Authorization' } : { 'Cache-Control': VISITOR_FEED_CACHE_CONTROL, Vary: 'Authorization' });
    },
    postIdHook,
  )
  .openapi(
    getThread,
    async (c) => {
      const user = c.get('user');
      const thread = toThread(await readThread(await getDb(), c.req.valid('param').id, user));
      return c.json(thread, 200, user ? { 'Cache-Control': SIGNED_IN_CACHE_CONTROL, Vary: 'Authorization' } : { 'Cache-Control': VISITOR_FEED_CACHE_CONTROL, Vary: 'Authorization' });
    },
    postIdHook,
  )
  .openapi(createPostRoute, async (c) => {
    const body = c.req.valid('json');
    const post = await createPost(await getDb(), currentUser(c), {
      content: body.content,
      parentId: body.parent_id,
      kind: body.kind,
      replyControl: body.reply_control,
      spoiler: body.spoiler,
    });
    return c.json({ success: true as const, post: toPost(post) }, 201);
  })
  .openapi(
    editPostRoute,
    async (c) => {
      const body = c.req.valid('json');
      const post = await editPost(await getDb(), currentUser(c), c.req.valid('param').id, {
        content: body.content,
        replyControl: body.reply_control,
        spoiler: body.spoiler,
      });
      return c.json(toPost(post), 200);
    },
    postIdHook,
  )
  .openapi(
    deletePostRoute,
    async (c) => {
      await deletePost(await getDb(), currentUser(c), c.req.valid('param').id);
      return c.body(null, 204);
    },
    postIdHook,
  )
  .openapi(
    likeRoute,
    async (c) => {
      const state = await toggleLike(await getDb(), currentUser(c), c.req.valid('param').id);
      return c.json({ success: true as const, is_liked: state.isLiked, likes_count: state.likesCount }, 200);
    },
    postIdHook,
  )
  .openapi(
    repostRoute,
    async (c) => {
      const state = await toggleRepost(await getDb(), currentUser(c), c.req.valid('param').id);
      return c.json({ success: true as const, is_reposted: state.isReposted, reposts_count: state.repostsCount }, 200);
    },
    postIdHook,
  )
  .openapi(
    detachRoute,
    async (c) => {
      const post = await detachQuote(await getDb(), currentUser(c), c.req.valid('param').id);
      return c.json(toPost(post), 200);
    },
    postIdHook,
  );
