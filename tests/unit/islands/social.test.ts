import { atom } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError, type ApiRequest } from '../../../src/lib/api/api-client.ts';
import type { FeedItem, FeedPage, Post } from '../../../src/lib/api/wire/index.ts';
import { createSession } from '../../../src/islands/shared/data-layer/session.ts';
import { withNewPost, withPage } from '../../../src/islands/social/feed-list.ts';
import { $mentions, change, forgetPosts, likeToggle, moveCount, postStore, remember, repostToggle } from '../../../src/islands/social/post-store.ts';

// The feed island's state (src/islands/social/): one store per post whatever shows it, likes and
// reposts through the data layer's toggle over a fake API, timeline pages with no duplicates.

const author = { id: 3, username: 'ana', full_name: 'Ana Souza', name: 'Ana', avatar: null, role: 'user' as const };
const post = (id: number, over: Partial<Post> = {}): Post => ({
  id,
  content: `post ${id}`,
  author_id: author.id,
  author,
  created_at: '2026-11-28T10:00:00Z',
  updated_at: '2026-11-28T10:00:00Z',
  edited: false,
  media_url: null,
  parent_id: null,
  kind: 'post',
  quoted_post: null,
  quote_detached: false,
  spoiler: false,
  reply_control: 'everyone',
  deleted: false,
  replies_count: 0,
  reposts_count: 0,
  likes_count: 0,
  is_liked: false,
  is_reposted: false,
  can_reply: true,
  ...over,
});
const item = (id: number, over: Partial<FeedItem> = {}): FeedItem => ({ ...post(id), ...over });
const page = (items: FeedItem[], next: string | null, mentions: Record<string, number> = {}): FeedPage => ({ posts: items, next_cursor: next, mentions });

/** a fake API whose answers the test gives, one request at a time */
function fakeApi() {
  const requests: { method: string; path: string; resolve(body: unknown): void; reject(error: unknown): void }[] = [];
  const transport = <T>(path: string, request: ApiRequest) =>
    new Promise<T>((resolve, reject) => requests.push({ method: request.method ?? 'GET', path, resolve: resolve as (b: unknown) => void, reject }));
  return { requests, session: createSession(atom('token'), transport) };
}

afterEach(() => {
  forgetPosts();
  vi.restoreAllMocks();
});

describe('the post stores', () => {
  it('are one per post: a later read brings the same store up to date, so every place that shows it follows', () => {
    const first = remember(post(1, { likes_count: 2 }));
    const again = remember(post(1, { likes_count: 5, content: 'edited' }));
    expect(again).toBe(first);
    expect(postStore(1)?.get()).toMatchObject({ likes_count: 5, content: 'edited' });
    change(1, { deleted: true, content: '' });
    expect(first.get()).toMatchObject({ deleted: true, content: '' });
  });

  it("move a shown post's counters for a reply, a quote, a deletion or a detach seen here, never below 0, and nothing for an unknown post", () => {
    const quoted = remember(post(2, { reposts_count: 1, replies_count: 0 }));
    moveCount(2, 'reposts_count', 1); // a quote of it
    expect(quoted.get().reposts_count).toBe(2);
    moveCount(2, 'reposts_count', -1); // the quote detached (or deleted)
    moveCount(2, 'replies_count', -1);
    expect(quoted.get()).toMatchObject({ reposts_count: 1, replies_count: 0 });
    moveCount(99, 'reposts_count', 1);
    expect(postStore(99)).toBeUndefined();
  });

  it('a like moves the count at once, the server corrects it, and the one toggle serves every place', async () => {
    const { requests, session } = fakeApi();
    remember(post(9, { likes_count: 4 }));
    const toggle = likeToggle(9, (n) => `wait ${n}`, session);
    expect(likeToggle(9, (n) => `wait ${n}`, session)).toBe(toggle);

    const liking = toggle.toggle();
    expect(postStore(9)?.get()).toMatchObject({ is_liked: true, likes_count: 5 });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/social/posts/9/like' });
    // someone else liked meanwhile: the server's count wins
    requests[0]!.resolve({ success: true, is_liked: true, likes_count: 7 });
    await liking;
    expect(postStore(9)?.get()).toMatchObject({ is_liked: true, likes_count: 7, content: 'post 9' });
    expect(toggle.$status.get()).toEqual({ pending: false, failure: null });
  });

  it('a failed like rolls back and is only logged (spec 2 §8); a 429 says when to try again', async () => {
    const { requests, session } = fakeApi();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    remember(post(4, { likes_count: 1 }));
    const toggle = likeToggle(4, (n) => `Try again in ${n} seconds`, session);

    const failing = toggle.toggle();
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    requests[0]!.reject(new ApiClientError(500, 'boom'));
    await failing;
    expect(postStore(4)?.get()).toMatchObject({ is_liked: false, likes_count: 1 });
    expect(toggle.$status.get().failure?.message).toBe('');
    expect(logged).toHaveBeenCalled();

    const limited = toggle.toggle();
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    requests[1]!.reject(new ApiClientError(429, 'Too many', undefined, 42));
    await limited;
    expect(postStore(4)?.get()).toMatchObject({ is_liked: false, likes_count: 1 });
    expect(toggle.$status.get().failure?.message).toBe('Try again in 42 seconds');
  });

  it('a repost refused as stale (one’s own post: 400) reads the post again', async () => {
    const { requests, session } = fakeApi();
    remember(post(5, { reposts_count: 2 }));
    const reposting = repostToggle(5, (n) => `${n}`, session).toggle();
    expect(postStore(5)?.get()).toMatchObject({ is_reposted: true, reposts_count: 3 });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/social/posts/5/repost' });
    requests[0]!.reject(new ApiClientError(400, "You can't repost your own post"));
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]).toMatchObject({ method: 'GET', path: '/social/posts/5' });
    requests[1]!.resolve({ ...post(5, { reposts_count: 2 }), replies: [], mentions: {} });
    await reposting;
    expect(postStore(5)?.get()).toMatchObject({ is_reposted: false, reposts_count: 2 });
  });
});

describe('the timeline list', () => {
  it('adds pages with no duplicate, keeps a repost apart from the post, and remembers mentions', () => {
    const reposter = { ...author, id: 8, username: 'bo', name: 'Bo' };
    let list = withPage({ entries: [], cursor: null }, page([item(3), item(2), item(2, { reposted_by: reposter, reposted_at: '2026-11-28T11:00:00Z' })], 'c1', { ana: 3 }));
    expect(list.entries.map((e) => e.key)).toEqual(['3', '2', '2:r8']);
    expect(list.entries[2]!.repostedBy?.name).toBe('Bo');
    expect(list.cursor).toBe('c1');
    // one's own post shown first, then a page that has it again: shown once
    list = withNewPost(list, post(10));
    list = withPage(list, page([item(10), item(1)], null, { bo: 8 }));
    expect(list.entries.map((e) => e.key)).toEqual(['10', '3', '2', '2:r8', '1']);
    expect(list.cursor).toBeNull();
    expect($mentions.get()).toEqual({ ana: 3, bo: 8 });
    expect(postStore(1)?.get().content).toBe('post 1');
  });
});
