// The social feed's timelines over HTTP (contract "Social feed"; docs/decisions/037): GET
// /social/posts?tab=for-you|following — newest first, what each tab holds (top-level posts and
// quotes; on Following the followed members' and one's own, and their reposts with reposted_by, a
// post reposted by several once), the caller's flags, blocks hiding both ways, and cursor
// continuation with no duplicate and no gap while posts and reposts are added meanwhile, ties at
// the same microsecond included. Bad queries are 4xx. Posts themselves: social-posts.test.ts.
import { describe, expect, it } from 'vitest';
import { useApiFixture } from '../helpers/api-fixture.ts';
import { createMember, insertPost, type Member } from '../helpers/factories.ts';
import { expectProblem } from '../helpers/http.ts';

const app = useApiFixture();
const { sql, someone } = app;

interface Item {
  id: number;
  author_id: number;
  kind: string;
  reposted_by: { id: number } | null;
  reposted_at: string | null;
}
const feed = (query: string, token?: string) => app.client.get(`/social/posts?${query}`, { token });
/** a page computed afresh: after rows written behind the API's back (raw SQL), which no version announces */
const freshFeed = (query: string, token?: string) => app.client.get(`/social/posts?${query}`, { token, headers: { 'Cache-Control': 'no-cache' } });
const ids = (items: Item[]) => items.map((p) => p.id);
const entry = (p: Item) => `${p.id}${p.reposted_by ? `<-${p.reposted_by.id}` : ''}`;

/** `count` posts by `author`, stored directly at `at` plus n seconds (n = 1..count); ids in the order of their times */
async function seedPosts(author: Member, count: number, at: string, kind: 'post' | 'reply' = 'post', parentId: number | null = null) {
  const rows = await sql<{ id: number }>(
    `INSERT INTO posts (author_id, kind, parent_id, content, created_at)
     SELECT $1, $2::post_kind, $3, 'seeded ' || n, $4::timestamptz + n * interval '1 second' FROM generate_series(1, $5) AS n ORDER BY n
     RETURNING id`,
    [author.id, kind, parentId, at, count],
  );
  return rows.map((r) => r.id);
}
const repostAt = (member: Member, postId: number, at: string) =>
  sql('INSERT INTO post_reposts (user_id, post_id, created_at) VALUES ($1, $2, $3::timestamptz)', [member.id, postId, at]);
const follow = (follower: Member, followee: Member) => sql('INSERT INTO follows (follower_id, followee_id) VALUES ($1, $2)', [follower.id, followee.id]);

/** every page of a tab, `limit` at a time, calling `between` after each page; the items in order */
async function walk(query: string, limit: number, token?: string, between?: (page: number) => Promise<void>) {
  const items: Item[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 200; page++) {
    const res = await feed(`${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.posts.length).toBeLessThanOrEqual(limit);
    items.push(...res.body.posts);
    cursor = res.body.next_cursor;
    if (!cursor) return items;
    await between?.(page);
  }
  throw new Error('the timeline did not end');
}

describe('For You', () => {
  it("is every member's live top-level posts and quotes, newest first; no replies, no deleted posts", async () => {
    const { member: a, token } = await someone();
    const b = await createMember();
    const [p1, p2] = await seedPosts(a, 2, '2025-01-01T00:00:00Z');
    const [reply] = await seedPosts(b, 1, '2025-01-01T00:00:10Z', 'reply', p1);
    const [p3] = await seedPosts(b, 1, '2025-01-01T00:00:20Z');
    const quote = await insertPost({ author: b, parent: { id: p2! }, kind: 'quote' });
    const [gone] = await seedPosts(a, 1, '2025-01-01T00:00:30Z');
    await sql("UPDATE posts SET deleted_at = now(), content = '' WHERE id = $1", [gone]);
    await sql('INSERT INTO post_likes (user_id, post_id) VALUES ($1, $2)', [a.id, p3]);

    const res = await feed('tab=for-you&limit=50', token);
    expect(res.status).toBe(200);
    const mine = (res.body.posts as Item[]).filter((p) => [a.id, b.id].includes(p.author_id));
    expect(ids(mine)).toEqual([quote.id, p3, p2, p1]);
    expect(ids(mine)).not.toContain(reply);
    expect(mine.find((p) => p.id === quote.id)).toMatchObject({ kind: 'quote', quoted_post: { id: p2 }, reposted_by: null });
    expect(mine.find((p) => p.id === p3)).toMatchObject({ is_liked: true, likes_count: 0 });
    expect(res.headers.get('cache-control')).toBe('private, no-store');

    // the default tab is For You; a visitor sees no flags and a short public cache
    const visitor = await feed('');
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+/);
    expect(visitor.headers.get('vary')).toMatch(/Authorization/);
    expect((visitor.body.posts as Item[]).find((p) => p.id === p3)).toMatchObject({ is_liked: false, is_reposted: false, can_reply: false });
    expect(visitor.body.posts.length).toBeLessThanOrEqual(20);
  });

  it("a visitor's kept page is fresh after a post is written on this server", async () => {
    const { token } = await someone();
    await feed('tab=for-you&limit=5');
    const created = await app.client.post('/social/posts', { content: 'news' }, { token });
    expect(created.status).toBe(201);
    expect(ids((await feed('tab=for-you&limit=5')).body.posts)[0]).toBe(created.body.post.id);
  });

  it('continues by cursor with no duplicate and no gap while posts are written meanwhile, ties at one microsecond included', async () => {
    const author = await createMember();
    const { token } = await someone();
    // five posts at the same instant: the id breaks the tie
    await sql(`INSERT INTO posts (author_id, content, created_at) SELECT $1, 'tie ' || n, '2024-06-01T00:00:00.123456Z' FROM generate_series(1, 5) n`, [author.id]);
    await seedPosts(author, 12, '2024-05-01T00:00:00Z');
    const expected = (
      await sql<{ id: number }>("SELECT id FROM posts WHERE kind <> 'reply' AND deleted_at IS NULL ORDER BY created_at DESC, id DESC")
    ).map((r) => r.id);
    const seen = await walk('tab=for-you', 4, token, async () => {
      await insertPost({ author }); // newer than every page: never in a later one
    });
    expect(ids(seen)).toEqual(expected);
    expect(new Set(ids(seen)).size).toBe(seen.length);
  });
});

describe('Following', () => {
  it('is for members (401 for a visitor)', async () => {
    expectProblem(await feed('tab=following'), 401);
  });

  it("holds the followed members' and one's own posts and quotes, and their reposts with reposted_by, in the order they entered it", async () => {
    const { member: me, token } = await someone();
    const [friend, other, stranger] = [await createMember(), await createMember(), await createMember()];
    await follow(me, friend);
    await follow(me, other);
    const [f1] = await seedPosts(friend, 1, '2025-02-01T00:00:00Z');
    const [s1, s2] = await seedPosts(stranger, 2, '2025-02-01T00:01:00Z');
    const [mine] = await seedPosts(me, 1, '2025-02-01T00:02:00Z');
    await seedPosts(friend, 1, '2025-02-01T00:03:00Z', 'reply', s1); // a reply: not on a timeline
    await repostAt(friend, s1!, '2025-02-01T00:04:00Z');
    // s2 reposted by two followed members: once, at the latest repost
    await repostAt(friend, s2!, '2025-02-01T00:05:00Z');
    await repostAt(other, s2!, '2025-02-01T00:06:00Z');
    await repostAt(stranger, f1!, '2025-02-01T00:07:00Z'); // a stranger's repost: not here

    const res = await feed('tab=following', token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect((res.body.posts as Item[]).map(entry)).toEqual([`${s2}<-${other.id}`, `${s1}<-${friend.id}`, `${mine}`, `${f1}`]);
    expect(res.body.posts[0]).toMatchObject({ reposted_at: '2025-02-01T00:06:00.000Z', reposted_by: { id: other.id, username: other.username } });
    expect(res.body.posts[2]).toMatchObject({ reposted_by: null, reposted_at: null, author_id: me.id });
    expect(res.body.next_cursor).toBeNull();
  });

  it('continues by cursor with no duplicate and no gap while posts and reposts are added, a post and its repost at one microsecond included', async () => {
    const { member: me, token } = await someone();
    const [a, b] = [await createMember(), await createMember()];
    await follow(me, a);
    await follow(me, b);
    const at = '2025-03-01T00:00:00.654321Z';
    const tied = await sql<{ id: number }>(`INSERT INTO posts (author_id, content, created_at) SELECT $1, 'tie ' || n, $2::timestamptz FROM generate_series(1, 3) n RETURNING id`, [a.id, at]);
    await repostAt(b, tied[0]!.id, at); // a repost at the very microsecond of the post it reposts
    await repostAt(b, tied[1]!.id, at);
    const older = await seedPosts(b, 7, '2025-02-20T00:00:00Z');
    await repostAt(a, older[0]!, '2025-02-25T00:00:00Z');
    const first = await walk('tab=following', 50, token);
    expect(first).toHaveLength(3 + 2 + 7 + 1);

    const outsider = await createMember();
    const later = await seedPosts(outsider, 10, '2025-02-10T00:00:00Z');
    let n = 0;
    const paged = await walk('tab=following', 2, token, async () => {
      // meanwhile: a new post by a followed member, and a first repost by a followed member of an old post
      await insertPost({ author: a });
      await sql('INSERT INTO post_reposts (user_id, post_id) VALUES ($1, $2)', [b.id, later[n++]!]);
    });
    expect(paged.map(entry)).toEqual(first.map(entry));
    expect(new Set(paged.map(entry)).size).toBe(paged.length);
  });

  it('moves a repost entry to the top when another followed member reposts the post later: a reader paging meanwhile sees it neither twice nor as the older repost', async () => {
    const { member: me, token } = await someone();
    const [a, b, author] = [await createMember(), await createMember(), await createMember()];
    await follow(me, a);
    await follow(me, b);
    const posts = await seedPosts(author, 4, '2025-05-01T00:00:00Z');
    for (const [i, id] of posts.entries()) await repostAt(a, id, `2025-05-02T00:00:0${i}Z`);
    const first = await walk('tab=following', 50, token);
    expect(first.map(entry)).toEqual([...posts].reverse().map((id) => `${id}<-${a.id}`));
    const moved = posts[0]!; // the oldest entry, on the last page
    const paged = await walk('tab=following', 1, token, async (page) => {
      if (page === 0) await sql('INSERT INTO post_reposts (user_id, post_id) VALUES ($1, $2)', [b.id, moved]);
    });
    expect(paged.map(entry)).toEqual(first.map(entry).filter((e) => e !== `${moved}<-${a.id}`));
    // read again from the top: one entry for it, at b's repost
    expect((await freshFeed('tab=following&limit=1', token)).body.posts.map(entry)).toEqual([`${moved}<-${b.id}`]);
    // a deleted post leaves the timeline with its reposts
    await sql("UPDATE posts SET deleted_at = now(), content = '' WHERE id = $1", [posts[1]]);
    await sql('DELETE FROM post_reposts WHERE post_id = $1', [posts[1]]);
    expect(ids((await freshFeed('tab=following', token)).body.posts)).not.toContain(posts[1]);
  });

  it('reads the recent posts and reposts over a window first and the older ones after it: the same entries, in order, page after page', async () => {
    const { member: me, token } = await someone();
    const [a, b, outsider] = [await createMember(), await createMember(), await createMember()];
    await follow(me, a);
    await follow(me, b);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const recent = await seedPosts(a, 6, daysAgo(1)); // inside the reposts' window
    const old = await seedPosts(a, 3, daysAgo(20)); // older than any repost below
    const reposted = await seedPosts(outsider, 6, daysAgo(30));
    for (const [i, id] of reposted.entries()) await repostAt(b, id, i < 3 ? daysAgo(10 - i / 100) : daysAgo(2 - i / 100)); // 3 outside the window, 3 inside
    const expected = [
      ...[...recent].reverse().map(String),
      ...reposted.slice(3).reverse().map((id) => `${id}<-${b.id}`),
      ...reposted.slice(0, 3).reverse().map((id) => `${id}<-${b.id}`),
      ...[...old].reverse().map(String),
    ];
    expect((await walk('tab=following', 50, token)).map(entry)).toEqual(expected);
    expect((await walk('tab=following', 5, token)).map(entry)).toEqual(expected);
    expect((await walk('tab=following', 1, token)).map(entry)).toEqual(expected);
  });

  it('shows a post reposted by three followed members once, at its latest repost, even when most of a batch of reposts are older ones of the same posts', async () => {
    const { member: me, token } = await someone();
    const reposters = [await createMember(), await createMember(), await createMember()];
    const outsider = await createMember();
    for (const r of reposters) await follow(me, r);
    const base = Date.now() - 3 * 86_400_000;
    const reposted = await seedPosts(outsider, 10, new Date(base - 86_400_000).toISOString());
    // each post reposted by the three in turn, a second apart; post i's latest repost is by the third
    for (const [i, id] of reposted.entries()) {
      for (const [j, r] of reposters.entries()) await repostAt(r, id, new Date(base + (i * 3 + j) * 1000).toISOString());
    }
    const expected = [...reposted].reverse().map((id) => `${id}<-${reposters[2]!.id}`);
    // a page of 2 reads the newest 6 reposts first (two thirds not the latest of their post), then the next 6
    for (const limit of [2, 3, 50]) expect((await walk('tab=following', limit, token)).map(entry)).toEqual(expected);
  });

  it("a member's first page kept in this process is fresh at once after posts, reposts, likes, follows and blocks written through the API", async () => {
    const { member: me, token } = await someone();
    const { member: friend, token: friendToken } = await someone();
    const { member: other, token: otherToken } = await someone();
    const first = async () => (await feed('tab=following', token)).body.posts as (Item & { is_liked: boolean; is_reposted: boolean; can_reply: boolean })[];
    expect(await first()).toEqual([]);
    // my own new post
    const mine = await app.client.post('/social/posts', { content: 'mine' }, { token });
    expect(mine.status).toBe(201);
    expect(ids(await first())).toEqual([mine.body.post.id]);
    // a follow through the API, then the followed member's new post
    expect((await app.client.post(`/users/${friend.id}/follow`, undefined, { token })).status).toBe(200);
    const theirs = await app.client.post('/social/posts', { content: 'theirs', reply_control: 'following' }, { token: friendToken });
    expect(theirs.status).toBe(201);
    const seen = await first();
    expect(ids(seen)).toEqual([theirs.body.post.id, mine.body.post.id]);
    expect(seen[0]).toMatchObject({ is_liked: false, is_reposted: false, can_reply: false });
    // my like and my repost show at once; their follow of me gives me can_reply
    expect((await app.client.post(`/social/posts/${theirs.body.post.id}/like`, undefined, { token })).body.is_liked).toBe(true);
    expect((await first())[0]).toMatchObject({ id: theirs.body.post.id, is_liked: true, is_reposted: false, can_reply: false });
    expect((await app.client.post(`/users/${me.id}/follow`, undefined, { token: friendToken })).status).toBe(200);
    expect((await first())[0]).toMatchObject({ id: theirs.body.post.id, can_reply: true });
    expect((await app.client.post(`/social/posts/${theirs.body.post.id}/repost`, undefined, { token })).body.is_reposted).toBe(true);
    expect((await first()).map(entry)).toEqual([`${theirs.body.post.id}<-${me.id}`, `${theirs.body.post.id}`, `${mine.body.post.id}`]);
    // a repost by a followed member of someone else's post
    const elsewhere = await app.client.post('/social/posts', { content: 'elsewhere' }, { token: otherToken });
    expect((await app.client.post(`/social/posts/${elsewhere.body.post.id}/repost`, undefined, { token: friendToken })).status).toBe(200);
    expect((await first()).map(entry)[0]).toBe(`${elsewhere.body.post.id}<-${friend.id}`);
    // a block by the author of the reposted post hides it at once; an unfollow takes the friend's posts away
    expect((await app.client.post(`/users/${me.id}/block`, undefined, { token: otherToken })).status).toBe(200);
    expect((await first()).map(entry)).not.toContain(`${elsewhere.body.post.id}<-${friend.id}`);
    expect((await app.client.delete(`/users/${friend.id}/follow`, { token })).status).toBe(200);
    expect((await first()).map(entry)).toEqual([`${theirs.body.post.id}<-${me.id}`, `${mine.body.post.id}`]);
    // a deleted post leaves it at once
    expect((await app.client.delete(`/social/posts/${mine.body.post.id}`, { token })).status).toBe(204);
    expect((await first()).map(entry)).toEqual([`${theirs.body.post.id}<-${me.id}`]);
    // the page is mine: another member's first page is theirs
    expect(ids((await feed('tab=following', friendToken)).body.posts)).toContain(theirs.body.post.id);
    expect((await feed('tab=following', friendToken)).body.posts.find((p: Item) => p.id === theirs.body.post.id)).toMatchObject({ is_liked: false });
  });

  it('hides the posts and reposts of members blocked either way (For You too)', async () => {
    const { member: me, token } = await someone();
    const [friend, blocker, blocked] = [await createMember(), await createMember(), await createMember()];
    for (const m of [friend, blocker, blocked]) await follow(me, m);
    const [byBlocker] = await seedPosts(blocker, 1, '2025-04-01T00:00:00Z');
    const [byBlocked] = await seedPosts(blocked, 1, '2025-04-01T00:01:00Z');
    const [byFriend] = await seedPosts(friend, 1, '2025-04-01T00:02:00Z');
    await repostAt(friend, byBlocked!, '2025-04-01T00:03:00Z');
    await sql('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2), ($3, $4)', [blocker.id, me.id, me.id, blocked.id]);
    const following = (await feed('tab=following', token)).body.posts as Item[];
    expect(following.map(entry)).toEqual([`${byFriend}`]);
    const forYou = ids((await feed('tab=for-you&limit=50', token)).body.posts);
    expect(forYou).toContain(byFriend);
    expect(forYou).not.toContain(byBlocker);
    expect(forYou).not.toContain(byBlocked);
    expect(ids((await feed('tab=for-you&limit=50')).body.posts)).toEqual(expect.arrayContaining([byBlocker, byBlocked]));
  });

  it('fills a page past the entries a block drops (no short or empty page before the last)', async () => {
    const { member: me, token } = await someone();
    const [friend, blocked] = [await createMember(), await createMember()];
    await follow(me, friend);
    const [p1, p2] = await seedPosts(friend, 2, '2025-05-01T00:00:00Z');
    const theirs = await seedPosts(blocked, 3, '2025-05-01T00:10:00Z');
    for (const [n, id] of theirs.entries()) await repostAt(friend, id, `2025-05-01T00:20:0${n}Z`);
    await sql('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)', [me.id, blocked.id]);
    // the three newest entries are reposts of the blocked member's posts: the first page reads on past them
    const first = await freshFeed('tab=following&limit=2', token);
    expect(first.status).toBe(200);
    expect((first.body.posts as Item[]).map(entry)).toEqual([`${p2}`, `${p1}`]);
    expect(await walk('tab=following', 1, token).then((items) => items.map(entry))).toEqual([`${p2}`, `${p1}`]);
  });

  it('answers the @names of its posts that belong to members', async () => {
    const { member: me, token } = await someone();
    await insertPost({ author: me, content: `hi @${me.username} and @nosuchmember999` });
    expect((await feed('tab=following', token)).body.mentions).toEqual({ [me.username.toLowerCase()]: me.id });
  });
});

describe('bad queries', () => {
  it('are 400 with the field: tab, limit 0 or 51, a cursor the server did not issue, or one of another kind', async () => {
    const { token } = await someone();
    expectProblem(await feed('tab=latest'), 400, undefined, 'tab');
    expectProblem(await feed('limit=0'), 400, undefined, 'limit');
    expectProblem(await feed('limit=51'), 400, undefined, 'limit');
    expectProblem(await feed('limit=ten'), 400, undefined, 'limit');
    expectProblem(await feed('cursor=abc'), 400, /cursor/i, 'cursor');
    expectProblem(await feed('tab=following&cursor=abc.def', token), 400, /cursor/i, 'cursor');
    expectProblem(await feed(`cursor=${'x'.repeat(300)}`), 400, undefined, 'cursor');
    expect((await feed('limit=50')).status).toBe(200);
  });

  it("are 400 for a cursor of the other tab (For You's sent to Following and back), not a wrong page", async () => {
    const { member: me, token } = await someone();
    await seedPosts(me, 3, '2025-03-01T00:00:00Z');
    const forYou = (await feed('limit=1', token)).body.next_cursor as string;
    const following = (await feed('tab=following&limit=1', token)).body.next_cursor as string;
    expect(forYou).toEqual(expect.any(String));
    expect(following).toEqual(expect.any(String));
    expectProblem(await feed(`tab=following&cursor=${encodeURIComponent(forYou)}`, token), 400, /other tab/i, 'cursor');
    expectProblem(await feed(`cursor=${encodeURIComponent(following)}`, token), 400, /other tab/i, 'cursor');
    expectProblem(await feed(`cursor=${encodeURIComponent(following)}`), 400, /other tab/i, 'cursor');
    expect((await feed(`tab=following&limit=1&cursor=${encodeURIComponent(following)}`, token)).status).toBe(200);
    expect((await feed(`limit=1&cursor=${encodeURIComponent(forYou)}`, token)).status).toBe(200);
  });
});

describe("a visitor's For You page kept in memory", () => {
  it('is served again until a post write, then fresh at once: post, reply, quote, edit, like, repost, detach, delete', async () => {
    const author = await someone();
    const other = await someone();
    const visitorPage = async () => {
      const res = await feed('limit=50');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+/);
      expect(res.headers.get('vary')).toMatch(/authorization/i);
      return res.body.posts as (Item & { content: string; replies_count: number; reposts_count: number; likes_count: number; quoted_post: unknown })[];
    };
    const find = async (id: number) => (await visitorPage()).find((p) => p.id === id);
    const write = async (path: string, body: unknown, token: string, method: 'post' | 'put' | 'delete' = 'post') => {
      const res = method === 'delete' ? await app.client.delete(path, { token }) : await app.client[method](path, body, { token });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      return res.body;
    };
    const post = (await write('/social/posts', { content: 'Kept first' }, author.token)).post;
    expect(await find(post.id)).toMatchObject({ content: 'Kept first' });
    // a change the API did not make (straight in the database) is not seen while the page is kept
    await sql('UPDATE posts SET content = $1 WHERE id = $2', ['Changed behind its back', post.id]);
    expect(await find(post.id)).toMatchObject({ content: 'Kept first' });
    // ... and a no-cache request computes it again
    const fresh = await app.client.get('/social/posts?limit=50', { headers: { 'Cache-Control': 'no-cache' } });
    expect(fresh.body.posts.find((p: Item) => p.id === post.id)).toMatchObject({ content: 'Changed behind its back' });
    // every write through the API shows at once
    await write('/social/posts', { content: 'A reply', parent_id: post.id }, other.token);
    expect(await find(post.id)).toMatchObject({ replies_count: 1 });
    const quote = (await write('/social/posts', { content: 'A quote', parent_id: post.id, kind: 'quote' }, other.token)).post;
    expect(await find(quote.id)).toMatchObject({ quoted_post: { id: post.id } });
    expect(await find(post.id)).toMatchObject({ reposts_count: 1 });
    await write(`/social/posts/${post.id}`, { content: 'Edited' }, author.token, 'put');
    expect(await find(post.id)).toMatchObject({ content: 'Edited' });
    await write(`/social/posts/${post.id}/like`, {}, other.token);
    expect(await find(post.id)).toMatchObject({ likes_count: 1 });
    await write(`/social/posts/${post.id}/repost`, {}, other.token);
    expect(await find(post.id)).toMatchObject({ reposts_count: 2 });
    await write(`/social/posts/${quote.id}/detach`, {}, author.token);
    expect(await find(quote.id)).toMatchObject({ quoted_post: null });
    expect(await find(post.id)).toMatchObject({ reposts_count: 1 });
    await write(`/social/posts/${quote.id}`, undefined, other.token, 'delete');
    expect(await find(quote.id)).toBeUndefined();
    await write(`/social/posts/${post.id}`, undefined, author.token, 'delete');
    expect(await find(post.id)).toBeUndefined();
  });
});
