// The social feed's posts over HTTP (contract "Social feed"; docs/decisions/037, "API (issue 21)"):
// POST /social/posts (posts, replies, quotes; bad input answered 4xx with nothing stored),
// reply_control, PUT and DELETE (tombstones, counters of the parent), likes and reposts (toggles),
// detaching quotes, a post with its replies, a thread, blocks (hidden both ways, 403 on writes), a
// report's removal, and counters exact under concurrent requests. Timelines: social-timelines.test.ts.
import { describe, expect, it } from 'vitest';
import { encodeCursor } from '../../src/lib/server/db/keyset-paging.ts';
import { POST_READ_MESSAGES, POST_REPLIES_PAGE_SIZE } from '../../src/lib/server/services/social/post-reads.ts';
import { POST_MESSAGES } from '../../src/lib/server/services/social/posts.ts';
import { useApiFixture } from '../helpers/api-fixture.ts';
import { insertPost } from '../helpers/factories.ts';
import { withBlockHeldOpen } from '../helpers/held-block.ts';
import { expectProblem } from '../helpers/http.ts';

const app = useApiFixture();
const { sql, someone } = app;

const create = (body: unknown, token?: string) => app.client.post('/social/posts', body, { token });
const put = (id: number | string, body: unknown, token?: string) => app.client.put(`/social/posts/${id}`, body, { token });
const remove = (id: number | string, token?: string) => app.client.delete(`/social/posts/${id}`, { token });
const like = (id: number | string, token?: string) => app.client.post(`/social/posts/${id}/like`, undefined, { token });
const repost = (id: number | string, token?: string) => app.client.post(`/social/posts/${id}/repost`, undefined, { token });
const detach = (id: number | string, token?: string) => app.client.post(`/social/posts/${id}/detach`, undefined, { token });
const read = (id: number | string, token?: string) => app.client.get(`/social/posts/${id}`, { token });
const thread = (id: number | string, token?: string) => app.client.get(`/social/posts/${id}/thread`, { token });

/** a post made through the API; fails the test unless it is a 201 */
async function write(token: string, body: Record<string, unknown>) {
  const res = await create(body, token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.post;
}

const row = async (id: number) =>
  (
    await sql<{ content: string; deleted: boolean; replies_count: number; reposts_count: number; likes_count: number }>(
      'SELECT content, deleted_at IS NOT NULL AS deleted, replies_count, reposts_count, likes_count FROM posts WHERE id = $1',
      [id],
    )
  )[0];
const postCount = async () => (await sql<{ n: number }>('SELECT count(*)::int AS n FROM posts'))[0]!.n;
const block = (blocker: number, blocked: number) => sql('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)', [blocker, blocked]);
const follow = (follower: number, followee: number) => sql('INSERT INTO follows (follower_id, followee_id) VALUES ($1, $2)', [follower, followee]);

describe('POST /social/posts', () => {
  it('posts: 201 {success, post}, stored trimmed, with the post as timelines show it', async () => {
    const { member, token } = await someone({ fullName: 'Ji-woo Park' });
    const res = await create({ content: '  First post @nobodyhere  ' }, token);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      success: true,
      post: {
        id: expect.any(Number),
        content: 'First post @nobodyhere',
        author_id: member.id,
        author: { id: member.id, username: member.username, full_name: 'Ji-woo Park', name: 'Ji-woo Park', avatar: null, role: 'user' },
        created_at: expect.any(String),
        updated_at: res.body.post.created_at,
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
      },
    });
    expect(await row(res.body.post.id)).toMatchObject({ content: 'First post @nobodyhere', deleted: false });
  });

  it('counts characters, not UTF-16 units: 500 emoji are a post, 501 are not', async () => {
    const { token } = await someone();
    const ok = await write(token, { content: '🎬'.repeat(500), spoiler: true, reply_control: 'nobody' });
    expect(ok).toMatchObject({ spoiler: true, reply_control: 'nobody' });
    const before = await postCount();
    expectProblem(await create({ content: '🎬'.repeat(501) }, token), 400, POST_MESSAGES.tooLong, 'content');
    expectProblem(await create({ content: `  ${'a'.repeat(501)}  ` }, token), 400, POST_MESSAGES.tooLong, 'content');
    expect(await postCount()).toBe(before);
  });

  it('refuses bad input with a clear 4xx, storing nothing', async () => {
    const { member } = await someone();
    // each refusal counts against the member's post limit (10 a minute): a member of its own each
    const fresh = async () => (await someone()).token;
    const gone = await insertPost({ author: member });
    await sql("UPDATE posts SET deleted_at = now(), content = '' WHERE id = $1", [gone.id]);
    const before = await postCount();
    expectProblem(await create({ content: '   ' }, await fresh()), 400, POST_MESSAGES.blank, 'content');
    expectProblem(await create({ content: '' }, await fresh()), 400, POST_MESSAGES.blank, 'content');
    expectProblem(await create({}, await fresh()), 400, undefined, 'content');
    expectProblem(await create({ content: 7 }, await fresh()), 400, undefined, 'content');
    expectProblem(await create({ content: 'x', parent_id: 2_000_000_000 }, await fresh()), 404, POST_MESSAGES.parentNotFound);
    expectProblem(await create({ content: 'x', parent_id: 99_999_999_999 }, await fresh()), 404, POST_MESSAGES.parentNotFound);
    expectProblem(await create({ content: 'x', parent_id: 'abc' }, await fresh()), 400, undefined, 'parent_id');
    expectProblem(await create({ content: 'x', parent_id: 1.5 }, await fresh()), 400, undefined, 'parent_id');
    expectProblem(await create({ content: 'x', kind: 'quote' }, await fresh()), 400, POST_MESSAGES.kindWithoutParent, 'kind');
    expectProblem(await create({ content: 'x', kind: 'reply' }, await fresh()), 400, POST_MESSAGES.kindWithoutParent, 'kind');
    expectProblem(await create({ content: 'x', parent_id: gone.id, kind: 'post' }, await fresh()), 400, undefined, 'kind');
    expectProblem(await create({ content: 'x', parent_id: gone.id, kind: 'quote' }, await fresh()), 400, POST_MESSAGES.parentDeleted, 'parent_id');
    expectProblem(await create({ content: 'x', parent_id: gone.id }, await fresh()), 400, POST_MESSAGES.parentDeleted, 'parent_id');
    expectProblem(await create({ content: 'x', reply_control: 'friends' }, await fresh()), 400, undefined, 'reply_control');
    expectProblem(await create({ content: 'x', spoiler: 'yes' }, await fresh()), 400, undefined, 'spoiler');
    expectProblem(await create({ content: 'x' }), 401);
    expect(await postCount()).toBe(before);
  });

  it('replies: the parent counts it in the same write; a reply to a reply makes a thread', async () => {
    const { token: a } = await someone();
    const { token: b } = await someone();
    const root = await write(a, { content: 'root' });
    const reply = await write(b, { content: 'reply', parent_id: root.id });
    expect(reply).toMatchObject({ kind: 'reply', parent_id: root.id, quoted_post: null });
    const deeper = await write(a, { content: 'deeper', parent_id: reply.id, kind: 'reply' });
    expect(await row(root.id)).toMatchObject({ replies_count: 1 });
    expect(await row(reply.id)).toMatchObject({ replies_count: 1 });

    const conversation = (await thread(deeper.id)).body.conversation;
    expect(conversation.map((p: { id: number }) => p.id)).toEqual([root.id, reply.id, deeper.id]);
    const detail = await read(root.id);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: root.id, replies_count: 1, replies: [{ id: reply.id, content: 'reply' }], mentions: {} });
    const fromMiddle = (await thread(reply.id)).body.conversation.map((p: { id: number }) => p.id);
    expect(fromMiddle).toEqual([root.id, reply.id, deeper.id]);
  });

  it('quotes: the quoted post shows one level deep and counts the quote with its reposts; one may quote oneself', async () => {
    const { member, token: a } = await someone();
    const { token: b } = await someone();
    const original = await write(a, { content: 'original', spoiler: true });
    const quote = await write(b, { content: 'look @' + member.username, parent_id: original.id, kind: 'quote' });
    expect(quote).toMatchObject({
      kind: 'quote',
      parent_id: original.id,
      quote_detached: false,
      quoted_post: { id: original.id, content: 'original', spoiler: true, deleted: false, author: { id: member.id } },
    });
    const quoteOfQuote = await write(a, { content: 'meta', parent_id: quote.id, kind: 'quote' });
    expect(quoteOfQuote.quoted_post).toEqual(expect.objectContaining({ id: quote.id, content: quote.content }));
    const self = await write(a, { content: 'me again', parent_id: original.id, kind: 'quote' });
    expect(self.quoted_post.id).toBe(original.id);
    expect(await row(original.id)).toMatchObject({ reposts_count: 2, replies_count: 0 });
    expect((await read(quote.id)).body.mentions).toEqual({ [member.username.toLowerCase()]: member.id });
  });
});

describe('reply_control', () => {
  it('everyone, following, nobody: the author, mods and admins always may; others as the control says (403 with a detail)', async () => {
    const { member: author, token: authorToken } = await someone();
    const { member: friend, token: friendToken } = await someone();
    const { token: strangerToken } = await someone();
    const { token: modToken } = await someone({ role: 'mod' });
    const { token: adminToken } = await someone({ role: 'admin' });
    await follow(author.id, friend.id);
    const following = await write(authorToken, { content: 'friends only', reply_control: 'following' });
    const nobody = await write(authorToken, { content: 'no replies', reply_control: 'nobody' });

    const replyTo = (id: number, token: string) => create({ content: 'hi', parent_id: id }, token);
    expect((await replyTo(following.id, friendToken)).status).toBe(201);
    expectProblem(await replyTo(following.id, strangerToken), 403, POST_MESSAGES.repliesLimited);
    expectProblem(await replyTo(nobody.id, friendToken), 403, POST_MESSAGES.repliesLimited);
    for (const token of [authorToken, modToken, adminToken]) expect((await replyTo(nobody.id, token)).status).toBe(201);
    // a quote is no reply: reply_control does not limit it
    expect((await create({ content: 'quoting', parent_id: nobody.id, kind: 'quote' }, strangerToken)).status).toBe(201);

    // can_reply says the same to each reader; false for a visitor
    expect((await read(following.id, friendToken)).body.can_reply).toBe(true);
    expect((await read(following.id, strangerToken)).body.can_reply).toBe(false);
    expect((await read(nobody.id, modToken)).body.can_reply).toBe(true);
    expect((await read(nobody.id)).body.can_reply).toBe(false);

    // PUT opens it
    expect((await put(nobody.id, { reply_control: 'everyone' }, authorToken)).body.reply_control).toBe('everyone');
    expect((await replyTo(nobody.id, strangerToken)).status).toBe(201);
  });
});

describe('PUT /social/posts/{id}', () => {
  it('the author edits content, reply_control, spoiler; others 403; bad input 400; a deleted post 404', async () => {
    const { token } = await someone();
    const { token: other } = await someone();
    const { token: mod } = await someone({ role: 'mod' });
    const post = await write(token, { content: 'before' });
    const res = await put(post.id, { content: '  after  ', spoiler: true }, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: post.id, content: 'after', spoiler: true, edited: true, reply_control: 'everyone' });
    expect(res.body.updated_at).not.toBe(res.body.created_at);
    expectProblem(await put(post.id, { content: 'x' }, other), 403);
    expectProblem(await put(post.id, { content: 'x' }, mod), 403);
    expectProblem(await put(post.id, {}, token), 400, POST_MESSAGES.nothingToChange);
    expectProblem(await put(post.id, { content: '  ' }, token), 400, POST_MESSAGES.blank, 'content');
    expectProblem(await put(post.id, { content: 'a'.repeat(501) }, token), 400, POST_MESSAGES.tooLong, 'content');
    expectProblem(await put(post.id, { reply_control: 'all' }, token), 400, undefined, 'reply_control');
    expectProblem(await put('12a', { content: 'x' }, token), 400, 'Invalid post ID', 'id');
    expectProblem(await put(2_000_000_000, { content: 'x' }, token), 404);
    expect(await row(post.id)).toMatchObject({ content: 'after' });
    await remove(post.id, token);
    expectProblem(await put(post.id, { content: 'again' }, token), 404);
  });
});

describe('DELETE /social/posts/{id}', () => {
  it('a post nobody answered goes; the author, a mod, an admin may; others 403', async () => {
    const { token } = await someone();
    const { token: other } = await someone();
    const { token: mod } = await someone({ role: 'mod' });
    const { token: admin } = await someone({ role: 'admin' });
    const [a, b, c] = [await write(token, { content: 'a' }), await write(token, { content: 'b' }), await write(token, { content: 'c' })];
    expectProblem(await remove(a.id, other), 403);
    expect((await remove(a.id, token)).status).toBe(204);
    expect((await remove(b.id, mod)).status).toBe(204);
    expect((await remove(c.id, admin)).status).toBe(204);
    for (const p of [a, b, c]) expect(await row(p.id)).toBeUndefined();
    expectProblem(await remove(a.id, token), 404);
    expectProblem(await remove('x1', token), 400, 'Invalid post ID', 'id');
    expectProblem(await remove(a.id), 401);
  });

  it('an answered post stays as a tombstone: content emptied, likes and reposts gone, its thread readable with it deleted', async () => {
    const { token: author } = await someone();
    const { token: other } = await someone();
    const root = await write(author, { content: 'secret words' });
    const reply = await write(other, { content: 'an answer', parent_id: root.id });
    expect((await like(root.id, other)).body.is_liked).toBe(true);
    expect((await repost(root.id, other)).body.is_reposted).toBe(true);
    expect((await remove(root.id, author)).status).toBe(204);
    expect(await row(root.id)).toEqual({ content: '', deleted: true, replies_count: 1, reposts_count: 0, likes_count: 0 });
    expect(await sql('SELECT 1 FROM post_likes WHERE post_id = $1 UNION ALL SELECT 1 FROM post_reposts WHERE post_id = $1', [root.id])).toEqual([]);

    const detail = await read(root.id, other);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: root.id, deleted: true, content: '', can_reply: false, replies: [{ id: reply.id, content: 'an answer' }] });
    const conversation = (await thread(reply.id)).body.conversation;
    expect(conversation).toMatchObject([{ id: root.id, deleted: true, content: '' }, { id: reply.id, deleted: false }]);
    // a tombstone is no post to act on
    expectProblem(await like(root.id, other), 404);
    expectProblem(await repost(root.id, other), 404);
    expectProblem(await remove(root.id, author), 404);
    expectProblem(await create({ content: 'late', parent_id: root.id }, other), 400, POST_MESSAGES.parentDeleted, 'parent_id');
  });

  it('a tombstone names no author: author_id and author null, no text nor media, in a post page, a thread, replies and a quoted post, to visitors and members', async () => {
    const { member: writer, token: author } = await someone({ fullName: 'Hidden Writer' });
    const { token: other } = await someone();
    const root = await write(other, { content: 'the root' });
    const middle = await write(author, { content: 'words to forget', parent_id: root.id });
    const answer = await write(other, { content: 'answering the middle', parent_id: middle.id });
    const quote = await write(other, { content: 'quoting the middle', parent_id: middle.id, kind: 'quote' });
    await sql(`UPDATE posts SET media_url = 'https://example.test/m.png' WHERE id = $1`, [middle.id]);
    expect((await remove(middle.id, author)).status).toBe(204);
    const tombstone = { id: middle.id, deleted: true, content: '', author_id: null, author: null, media_url: null };
    // the shape is kept: every field of a post, the author's two null
    const alone = (await read(middle.id)).body;
    expect(Object.keys(alone).sort()).toEqual(Object.keys((await read(root.id)).body).sort());
    for (const token of [undefined, other, author]) {
      const detail = await read(middle.id, token);
      expect(detail.status).toBe(200);
      expect(detail.body).toMatchObject({ ...tombstone, replies: [{ id: answer.id, author_id: expect.any(Number) }] });
      // as an ancestor in a thread, as the thread's own post, as a reply of its parent
      expect((await thread(answer.id, token)).body.conversation).toMatchObject([{ id: root.id }, tombstone, { id: answer.id }]);
      expect((await thread(middle.id, token)).body.conversation).toMatchObject([{ id: root.id }, tombstone, { id: answer.id }]);
      expect((await read(root.id, token)).body.replies).toEqual([expect.objectContaining(tombstone)]);
      // a quote of it shows it as a deleted quoted post, with no author
      const quoted = (await read(quote.id, token)).body.quoted_post;
      expect(quoted).toEqual({ id: middle.id, content: '', author: null, created_at: expect.any(String), spoiler: false, deleted: true });
      // and so does the timeline the quote is on
      const page = (await app.client.get('/social/posts?tab=for-you&limit=50', { token, headers: { 'Cache-Control': 'no-cache' } })).body;
      expect(page.posts.find((p: { id: number }) => p.id === quote.id)?.quoted_post).toMatchObject({ id: middle.id, author: null, deleted: true });
      for (const answerBody of [detail.body, (await thread(answer.id, token)).body, (await read(quote.id, token)).body]) {
        const text = JSON.stringify(answerBody);
        expect(text).not.toContain(writer.username);
        expect(text).not.toContain('Hidden Writer');
        expect(text).not.toContain('words to forget');
      }
    }
  });

  it("moves its parent's counters: a deleted reply, a deleted quote; a quoted post stays as a tombstone and its quote shows it deleted", async () => {
    const { token: author } = await someone();
    const { token: other } = await someone();
    const root = await write(author, { content: 'root' });
    const reply = await write(other, { content: 'reply', parent_id: root.id });
    const quote = await write(other, { content: 'quote', parent_id: root.id, kind: 'quote' });
    expect(await row(root.id)).toMatchObject({ replies_count: 1, reposts_count: 1 });
    expect((await remove(reply.id, other)).status).toBe(204);
    expect(await row(root.id)).toMatchObject({ replies_count: 0, reposts_count: 1 });
    // the root is quoted: a tombstone, and the quote shows it deleted
    expect((await remove(root.id, author)).status).toBe(204);
    expect(await row(root.id)).toMatchObject({ deleted: true });
    expect((await read(quote.id)).body.quoted_post).toMatchObject({ id: root.id, deleted: true, content: '', author: null });
    expect((await remove(quote.id, other)).status).toBe(204);
    expect(await row(root.id)).toMatchObject({ reposts_count: 0 });
  });

  it('an answered quote stays as a tombstone that shows nothing of the post it quoted, and counts on it no more', async () => {
    const { token: author } = await someone();
    const { token: other } = await someone();
    const quoted = await write(author, { content: 'quoted words' });
    const quote = await write(other, { content: 'my quote', parent_id: quoted.id, kind: 'quote' });
    await write(author, { content: 'answering the quote', parent_id: quote.id });
    expect((await remove(quote.id, other)).status).toBe(204);
    expect(await row(quote.id)).toMatchObject({ deleted: true, content: '' });
    expect(await row(quoted.id)).toMatchObject({ reposts_count: 0 });
    const detail = (await read(quote.id, author)).body;
    expect(detail).toMatchObject({ id: quote.id, deleted: true, content: '', quoted_post: null });
    expect(JSON.stringify(detail)).not.toContain('quoted words');
  });
});

describe('likes and reposts', () => {
  it('toggle with their counts; reposting one’s own post is a 400; ids and missing posts answered cleanly', async () => {
    const { token: author } = await someone();
    const { token: a } = await someone();
    const { token: b } = await someone();
    const post = await write(author, { content: 'like me' });
    expect((await like(post.id, a)).body).toEqual({ success: true, is_liked: true, likes_count: 1 });
    expect((await like(post.id, b)).body).toEqual({ success: true, is_liked: true, likes_count: 2 });
    expect((await like(post.id, a)).body).toEqual({ success: true, is_liked: false, likes_count: 1 });
    expect((await like(post.id, author)).body).toEqual({ success: true, is_liked: true, likes_count: 2 });
    expect((await repost(post.id, a)).body).toEqual({ success: true, is_reposted: true, reposts_count: 1 });
    expect((await repost(post.id, a)).body).toEqual({ success: true, is_reposted: false, reposts_count: 0 });
    expectProblem(await repost(post.id, author), 400, POST_MESSAGES.ownRepost);
    expect((await read(post.id, b)).body).toMatchObject({ is_liked: true, is_reposted: false, likes_count: 2 });
    expect((await read(post.id)).body).toMatchObject({ is_liked: false, is_reposted: false });
    expectProblem(await like('1e3', a), 400, 'Invalid post ID', 'id');
    expectProblem(await like(2_000_000_000, a), 404);
    expectProblem(await repost('-1', a), 400, 'Invalid post ID', 'id');
    expectProblem(await like(post.id), 401);
  });
});

describe('POST /social/posts/{id}/detach', () => {
  it("only the quoted post's author detaches a quote: it keeps its text, shows and counts the quoted post no more; idempotent", async () => {
    const { token: author } = await someone();
    const { token: quoter } = await someone();
    const { token: mod } = await someone({ role: 'mod' });
    const original = await write(author, { content: 'original' });
    const quote = await write(quoter, { content: 'my take', parent_id: original.id, kind: 'quote' });
    const plain = await write(quoter, { content: 'not a quote' });
    expect(await row(original.id)).toMatchObject({ reposts_count: 1 });
    expectProblem(await detach(quote.id, quoter), 403);
    expectProblem(await detach(quote.id, mod), 403);
    expectProblem(await detach(plain.id, author), 404, POST_MESSAGES.notAQuote);
    expectProblem(await detach(2_000_000_000, author), 404);
    expectProblem(await detach('abc', author), 400, 'Invalid post ID', 'id');
    for (let i = 0; i < 2; i++) {
      const res = await detach(quote.id, author);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ id: quote.id, content: 'my take', quoted_post: null, quote_detached: true, parent_id: null, kind: 'quote' });
      expect(await row(original.id)).toMatchObject({ reposts_count: 0 });
    }
    expect((await read(quote.id)).body).toMatchObject({ quoted_post: null, quote_detached: true });
    // deleting the detached quote moves nothing; the original (only a detached quote) goes as a row
    expect((await remove(quote.id, quoter)).status).toBe(204);
    expect(await row(original.id)).toMatchObject({ reposts_count: 0 });
    expect((await remove(original.id, author)).status).toBe(204);
    expect(await row(original.id)).toBeUndefined();
  });
});

describe('blocks', () => {
  it('hide posts and replies both ways, and refuse replies, quotes, likes and reposts across them (403)', async () => {
    const { member: blocker, token: blockerToken } = await someone();
    const { member: blocked, token: blockedToken } = await someone();
    const { token: third } = await someone();
    const byBlocker = await write(blockerToken, { content: 'by blocker' });
    const byBlocked = await write(blockedToken, { content: 'by blocked' });
    const open = await write(third, { content: 'open to all' });
    const blockedReply = await write(blockedToken, { content: 'blocked reply', parent_id: open.id });
    const quoteOfBlocker = await write(third, { content: 'quoting blocker', parent_id: byBlocker.id, kind: 'quote' });
    await block(blocker.id, blocked.id);
    const before = await postCount();
    for (const [token, target] of [
      [blockedToken, byBlocker.id],
      [blockerToken, byBlocked.id],
    ] as const) {
      expectProblem(await create({ content: 'x', parent_id: target }, token), 403, POST_MESSAGES.blocked);
      expectProblem(await create({ content: 'x', parent_id: target, kind: 'quote' }, token), 403, POST_MESSAGES.blocked);
      expectProblem(await like(target, token), 403, POST_MESSAGES.blocked);
      expectProblem(await repost(target, token), 403, POST_MESSAGES.blocked);
      // hidden both ways
      expectProblem(await read(target, token), 404);
    }
    expect(await postCount()).toBe(before);
    // the third member's post: the blocked member's reply is hidden from the blocker only
    expect((await read(open.id, blockerToken)).body.replies).toEqual([]);
    expect((await read(open.id, third)).body.replies.map((r: { id: number }) => r.id)).toEqual([blockedReply.id]);
    // a quote of the blocker's post shows no quoted post to the blocked member
    expect((await read(quoteOfBlocker.id, blockedToken)).body.quoted_post).toBeNull();
    expect((await read(quoteOfBlocker.id, third)).body.quoted_post).toMatchObject({ id: byBlocker.id });
    // the quoted author may still detach a quote by a member they blocked
    const quoteByBlocked = await insertPost({ author: blocked, parent: { id: byBlocker.id }, kind: 'quote' });
    expect((await detach(quoteByBlocked.id, blockerToken)).body).toMatchObject({ quote_detached: true });
  });
});

describe('tombstones and blocks', () => {
  it('a deleted post shows alike to everyone, a blocked member too: hiding it from them alone would tell whose it was', async () => {
    const { member: blocker, token: blockerToken } = await someone();
    const { member: blocked, token: blockedToken } = await someone();
    const { token: third } = await someone();
    const open = await write(third, { content: 'open to all' });
    const reply = await write(blockedToken, { content: 'soon gone', parent_id: open.id });
    const child = await write(third, { content: 'answering the gone reply', parent_id: reply.id });
    expect((await remove(reply.id, blockedToken)).status).toBe(204);
    await block(blocker.id, blocked.id);
    const tombstone = { id: reply.id, deleted: true, author_id: null, author: null, content: '' };
    for (const token of [undefined, blockerToken, third]) {
      expect((await read(open.id, token)).body.replies).toEqual([expect.objectContaining(tombstone)]);
      expect((await read(reply.id, token)).body).toMatchObject(tombstone);
      expect((await thread(child.id, token)).body.conversation.map((p: { id: number }) => p.id)).toEqual([open.id, reply.id, child.id]);
    }
  });
});

describe('GET /social/posts/{id} and /thread', () => {
  it('answer a visitor with a short public cache and a member privately; bad and unknown ids cleanly', async () => {
    const { token } = await someone();
    const post = await write(token, { content: 'hello' });
    const visitor = await read(post.id);
    expect(visitor.headers.get('cache-control')).toMatch(/^public, .*s-maxage=\d+/);
    expect(visitor.headers.get('vary')).toMatch(/Authorization/);
    expect((await read(post.id, token)).headers.get('cache-control')).toBe('private, no-store');
    expectProblem(await read('abc'), 400, 'Invalid post ID', 'id');
    expectProblem(await thread('1.0'), 400, 'Invalid post ID', 'id');
    expectProblem(await read(2_000_000_000), 404);
    expectProblem(await read('99999999999999'), 404);
    expectProblem(await thread(2_000_000_000), 404);
  });
});

describe('replies, a page at a time (replies_cursor)', () => {
  /** `n` replies to `parentId` by `authorId` written in one statement: one created_at, so the ids break the ties */
  const manyReplies = (parentId: number, authorId: number, n: number, label: string) =>
    sql(
      `INSERT INTO posts (author_id, kind, parent_id, content) SELECT $1, 'reply', $2, $3 || g FROM generate_series(1, $4) g`,
      [authorId, parentId, label, n],
    );
  const repliesOf = (parentId: number) => sql<{ id: number }>(`SELECT id FROM posts WHERE parent_id = $1 AND kind = 'reply' ORDER BY created_at, id`, [parentId]);
  const page = (id: number, cursor: string | null, token?: string) =>
    app.client.get(`/social/posts/${id}${cursor === null ? '' : `?replies_cursor=${encodeURIComponent(cursor)}`}`, { token });

  it(`answers ${POST_REPLIES_PAGE_SIZE} replies oldest first with replies_next_cursor; the next pages follow with no duplicate and no gap while replies are added`, async () => {
    const { member: author, token } = await someone();
    const { member: other, token: otherToken } = await someone();
    const post = await write(token, { content: 'a popular post' });
    await manyReplies(post.id, other.id, 70, 'first wave ');
    await manyReplies(post.id, author.id, 50, 'second wave ');
    const first = await page(post.id, null, otherToken);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.replies).toHaveLength(POST_REPLIES_PAGE_SIZE);
    expect(first.body.replies_next_cursor).toEqual(expect.any(String));
    // the thread answers the same first page and cursor
    const conversation = await thread(post.id);
    expect(conversation.body.conversation.map((p: { id: number }) => p.id)).toEqual([post.id, ...first.body.replies.map((r: { id: number }) => r.id)]);
    expect(conversation.body.replies_next_cursor).toEqual(first.body.replies_next_cursor);
    // replies written meanwhile come at the end
    const late = [await write(otherToken, { content: 'late one', parent_id: post.id }), await write(token, { content: 'late two', parent_id: post.id })];
    const seen: number[] = first.body.replies.map((r: { id: number }) => r.id);
    let cursor: string | null = conversation.body.replies_next_cursor;
    let pages = 1;
    while (cursor) {
      const next = await page(post.id, cursor, otherToken);
      expect(next.status, JSON.stringify(next.body)).toBe(200);
      expect(next.body).toMatchObject({ id: post.id, content: 'a popular post' });
      expect(next.body.replies.length).toBeLessThanOrEqual(POST_REPLIES_PAGE_SIZE);
      seen.push(...next.body.replies.map((r: { id: number }) => r.id));
      cursor = next.body.replies_next_cursor;
      pages++;
    }
    expect(pages).toBe(3); // 50 + 50 + 22
    expect(seen).toEqual((await repliesOf(post.id)).map((r) => r.id));
    expect(new Set(seen).size).toBe(122);
    expect(seen.slice(-2)).toEqual(late.map((p) => p.id));
  });

  it('a short list of replies has no next cursor; blocked authors are left out of every page', async () => {
    const { member: author, token } = await someone();
    const { member: blocked } = await someone();
    const post = await write(token, { content: 'quiet post' });
    expect((await page(post.id, null)).body).toMatchObject({ replies: [], replies_next_cursor: null });
    expect((await thread(post.id)).body).toMatchObject({ conversation: [{ id: post.id }], replies_next_cursor: null });
    await manyReplies(post.id, blocked.id, 60, 'from the blocked ');
    await manyReplies(post.id, author.id, 3, 'own ');
    await block(author.id, blocked.id);
    const mine = await page(post.id, null, token);
    expect(mine.body.replies.map((r: { content: string }) => r.content)).toEqual(['own 1', 'own 2', 'own 3']);
    expect(mine.body.replies_next_cursor).toBeNull();
    // a visitor sees them all, a page at a time
    const visitor = await page(post.id, null);
    expect(visitor.body.replies).toHaveLength(POST_REPLIES_PAGE_SIZE);
    expect((await page(post.id, visitor.body.replies_next_cursor)).body).toMatchObject({ replies: { length: 13 }, replies_next_cursor: null });
  });

  it('a replies_cursor the server did not issue, or one of a timeline, is a 400 with a detail; an empty one is the first page', async () => {
    const { token } = await someone();
    const post = await write(token, { content: 'post' });
    const at = new Date().toISOString().replace('Z', '000Z');
    const issued = encodeCursor({ at, id: post.id });
    for (const bad of ['garbage', 'a.b', issued.slice(0, -2), `${issued}x`, `${issued}.more`]) {
      expectProblem(await page(post.id, bad, token), 400, POST_READ_MESSAGES.badRepliesCursor, 'replies_cursor');
    }
    expectProblem(await page(post.id, 'x'.repeat(201), token), 400, /Invalid replies_cursor: start again from the post/, 'replies_cursor');
    expectProblem(await page(post.id, encodeCursor({ at, id: post.id, rank: 1 })), 400, POST_READ_MESSAGES.notRepliesCursor, 'replies_cursor');
    // a bad cursor is a 400 even for a post that does not exist
    expectProblem(await page(2_000_000_000, 'garbage'), 400, POST_READ_MESSAGES.badRepliesCursor, 'replies_cursor');
    expect((await app.client.get(`/social/posts/${post.id}?replies_cursor=`)).body).toMatchObject({ id: post.id, replies: [], replies_next_cursor: null });
    expect((await page(post.id, issued)).body).toMatchObject({ id: post.id, replies: [], replies_next_cursor: null });
  });
});

describe('reports', () => {
  it("a report's remove deletes a post by the same rule: an answered post stays as a tombstone", async () => {
    const { token: author } = await someone();
    const { token: reporter } = await someone();
    const { token: mod } = await someone({ role: 'mod' });
    const post = await write(author, { content: 'rude' });
    await write(reporter, { content: 'no', parent_id: post.id });
    const report = await app.client.post('/reports', { target_type: 'post', target_id: post.id, reason: 'harassment' }, { token: reporter });
    expect(report.status, JSON.stringify(report.body)).toBe(201);
    const resolved = await app.client.post(`/reports/${report.body.id}/resolve`, { action: 'remove' }, { token: mod });
    expect(resolved.status, JSON.stringify(resolved.body)).toBeLessThan(300);
    expect(await row(post.id)).toMatchObject({ deleted: true, content: '', replies_count: 1 });
  });
});

describe('concurrency', () => {
  it('a reply, a quote, a like and a repost racing a block with the post’s author wait for the block, then are refused (403); nothing lands', async () => {
    const { member: author, token: authorToken } = await someone();
    const { member: other, token } = await someone();
    const target = await write(authorToken, { content: 'Blocked soon' });
    const answers = await withBlockHeldOpen(app, author.id, other.id, () => [
      create({ content: 'Just in time?', parent_id: target.id }, token),
      create({ content: 'Quoting in time?', parent_id: target.id, kind: 'quote' }, token),
      like(target.id, token),
      repost(target.id, token),
    ]);
    for (const answer of answers) expectProblem(answer, 403, POST_MESSAGES.blocked);
    expect(await row(target.id)).toMatchObject({ replies_count: 0, reposts_count: 0, likes_count: 0 });
    expect(await sql('SELECT id FROM posts WHERE parent_id = $1', [target.id])).toEqual([]);
  });

  it('20 members liking one post at once: exactly 20, as the likes recount', async () => {
    const { token: author } = await someone();
    const post = await write(author, { content: 'popular' });
    const fans = await Promise.all(Array.from({ length: 20 }, () => someone()));
    const answers = await Promise.all(fans.map(({ token }) => like(post.id, token)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const recount = (await sql<{ n: number }>('SELECT count(*)::int AS n FROM post_likes WHERE post_id = $1', [post.id]))[0]!.n;
    expect(recount).toBe(20);
    expect(await row(post.id)).toMatchObject({ likes_count: 20 });
  });

  it("one member's 10 concurrent like and repost toggles end consistent: the count is the recount, 0 or 1 row", async () => {
    const { token: author } = await someone();
    const { token } = await someone();
    const post = await write(author, { content: 'toggled' });
    const likes = await Promise.all(Array.from({ length: 10 }, () => like(post.id, token)));
    const reposts = await Promise.all(Array.from({ length: 10 }, () => repost(post.id, token)));
    expect([...likes, ...reposts].every((a) => a.status === 200)).toBe(true);
    const [counts] = await sql<{ likes: number; reposts: number }>(
      'SELECT (SELECT count(*)::int FROM post_likes WHERE post_id = $1) AS likes, (SELECT count(*)::int FROM post_reposts WHERE post_id = $1) AS reposts',
      [post.id],
    );
    // ten toggles from nothing end at nothing
    expect(counts).toEqual({ likes: 0, reposts: 0 });
    expect(await row(post.id)).toMatchObject({ likes_count: 0, reposts_count: 0 });
    expect(new Set(likes.map((a) => a.body.likes_count))).toEqual(new Set([0, 1]));
  });

  it('20 members reposting at once, and 10 replying at once: exact counts', async () => {
    const { token: author } = await someone();
    const post = await write(author, { content: 'share me' });
    const members = await Promise.all(Array.from({ length: 20 }, () => someone()));
    const reposted = await Promise.all(members.map(({ token }) => repost(post.id, token)));
    expect(reposted.every((a) => a.status === 200)).toBe(true);
    const replied = await Promise.all(members.slice(0, 10).map(({ token }) => create({ content: 'reply', parent_id: post.id }, token)));
    expect(replied.map((a) => a.status)).toEqual(Array(10).fill(201));
    const [recount] = await sql<{ reposts: number; replies: number }>(
      "SELECT (SELECT count(*)::int FROM post_reposts WHERE post_id = $1) AS reposts, (SELECT count(*)::int FROM posts WHERE parent_id = $1 AND kind = 'reply') AS replies",
      [post.id],
    );
    expect(recount).toEqual({ reposts: 20, replies: 10 });
    expect(await row(post.id)).toMatchObject({ reposts_count: 20, replies_count: 10 });
  });

  it('quotes at once count in reposts_count; a detach racing the quote\'s deletion moves it exactly once; no 5xx', async () => {
    const { token: author } = await someone();
    const post = await write(author, { content: 'quote me' });
    const members = await Promise.all(Array.from({ length: 10 }, () => someone()));
    const quoted = await Promise.all(members.map(({ token }) => create({ content: 'q', parent_id: post.id, kind: 'quote' }, token)));
    expect(quoted.map((a) => a.status)).toEqual(Array(10).fill(201));
    const reposted = await Promise.all(members.slice(0, 5).map(({ token }) => repost(post.id, token)));
    expect(reposted.map((a) => a.status)).toEqual(Array(5).fill(200));
    expect(await row(post.id)).toMatchObject({ reposts_count: 15 });
    // each quote is detached by the quoted post's author while its own author deletes it
    const answers = await Promise.all(
      quoted.flatMap((q, i) => [detach(q.body.post.id, author), remove(q.body.post.id, members[i]!.token)]),
    );
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBeLessThan(500);
    const [recount] = await sql<{ counted: number }>(
      `SELECT (SELECT count(*)::int FROM post_reposts WHERE post_id = $1)
            + (SELECT count(*)::int FROM posts WHERE parent_id = $1 AND kind = 'quote' AND NOT quote_detached AND deleted_at IS NULL) AS counted`,
      [post.id],
    );
    expect(recount!.counted).toBe(5);
    expect(await row(post.id)).toMatchObject({ reposts_count: 5 });
  });

  it('deleting a post while others reply to it, like and repost it: no 5xx, and counts match what stays', async () => {
    const { token: author } = await someone();
    const post = await write(author, { content: 'going away' });
    const members = await Promise.all(Array.from({ length: 8 }, () => someone()));
    const answers = await Promise.all([
      ...members.map(({ token }, i) => (i % 3 === 0 ? create({ content: 'r', parent_id: post.id }, token) : i % 3 === 1 ? like(post.id, token) : repost(post.id, token))),
      remove(post.id, author),
    ]);
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBeLessThan(500);
    const [after] = await sql<{ deleted: boolean; likes_count: number; reposts_count: number; replies_count: number; likes: number; reposts: number; replies: number }>(
      `SELECT deleted_at IS NOT NULL AS deleted, likes_count, reposts_count, replies_count,
        (SELECT count(*)::int FROM post_likes WHERE post_id = $1) AS likes,
        (SELECT count(*)::int FROM post_reposts WHERE post_id = $1) AS reposts,
        (SELECT count(*)::int FROM posts WHERE parent_id = $1 AND kind = 'reply') AS replies
       FROM posts WHERE id = $1`,
      [post.id],
    );
    if (after) {
      // answered before the deletion: a tombstone with no likes nor reposts, its replies counted
      expect(after).toMatchObject({ deleted: true, likes_count: 0, reposts_count: 0, likes: 0, reposts: 0 });
      expect(after.replies_count).toBe(after.replies);
    } else {
      expect(answers.filter((a) => a.status === 201)).toEqual([]);
    }
  });
});
