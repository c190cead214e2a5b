// The social feed's calls (spec 2 §7; contract "Social feed"): the timelines, a post with its replies,
// its thread, writing, editing, deleting, liking, reposting and detaching a quote.
import type { FeedPage, LikeState, Post, PostCreate, PostCreated, PostDetail, PostUpdate, RepostState, Thread } from '../wire/index.ts';
import { toQueryString } from '../api-client.ts';
import { read, write, type Caller } from './operation.ts';

export type FeedTab = 'for-you' | 'following';

/** GET /social/posts: a page of a timeline, newest first; the next by the previous answer's `next_cursor` */
export const listPosts = (tab: FeedTab, cursor: string | null = null, caller: Caller = 'anyone') =>
  read<FeedPage>(`/social/posts${toQueryString({ tab, ...(cursor ? { cursor } : {}) })}`, caller);

/** GET /social/posts/{id}: the post with a page of its replies; the next page by the previous answer's `replies_next_cursor` */
export const getPost = (id: number, caller: Caller = 'anyone', repliesCursor: string | null = null) =>
  read<PostDetail>(`/social/posts/${id}${toQueryString({ replies_cursor: repliesCursor })}`, caller);
/** GET /social/posts/{id}/thread: its ancestors, the post, then the first page of its replies (`replies_next_cursor` continues through getPost) */
export const getThread = (id: number, caller: Caller = 'anyone') => read<Thread>(`/social/posts/${id}/thread`, caller);

/** POST /social/posts: a post, a reply (`parent_id`) or a quote (`parent_id`, kind `quote`) */
export const createPost = (body: PostCreate) => write<PostCreated>('POST', '/social/posts', { json: body });
/** PUT /social/posts/{id}: the author's new text, reply control or spoiler flag */
export const updatePost = (id: number, body: PostUpdate) => write<Post>('PUT', `/social/posts/${id}`, { json: body });
/** DELETE /social/posts/{id}: the author, a mod or an admin */
export const deletePost = (id: number) => write<void>('DELETE', `/social/posts/${id}`);
/** POST /social/posts/{id}/like: toggles the caller's like */
export const toggleLike = (id: number) => write<LikeState>('POST', `/social/posts/${id}/like`);
/** POST /social/posts/{id}/repost: toggles the caller's repost (one's own post: 400) */
export const toggleRepost = (id: number) => write<RepostState>('POST', `/social/posts/${id}/repost`);
/** POST /social/posts/{id}/detach: the quoted post's author takes their post out of this quote */
export const detachQuote = (id: number) => write<Post>('POST', `/social/posts/${id}/detach`);
