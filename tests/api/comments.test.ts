// Comments over HTTP (contract "Comments and reactions"; spec 2 §3 Comment; docs/decisions/035):
// GET /comments (page and page_size, cursor continuation while comments are added, replies oldest
// first, exact counts, mentions, my_reaction and can_comment for a signed-in caller, blocks hiding
// both ways), POST /comments/ (targets, replies one level deep, bad input answered 4xx with nothing
// stored, text stored verbatim, spoilers), PUT and DELETE /comments/{id}, the rate limits, and
// concurrent replies keeping replies_count exact. Reactions: reactions.test.ts.
import { describe, expect, it } from 'vitest';
import { COMMENT_MAX_LENGTH } from '../../src/lib/api/wire/comments.ts';
import { COMMENT_MESSAGES } from '../../src/lib/server/services/comments/comments.ts';
import { useApiFixture } from '../helpers/api-fixture.ts';
import { createDrama, createMember, tokenFor } from '../helpers/factories.ts';
import { withBlockHeldOpen } from '../helpers/held-block.ts';
import { expectProblem } from '../helpers/http.ts';

const app = useApiFixture();
const { sql, someone } = app;

const post = (body: unknown, token?: string) => app.client.post('/comments/', body, { token });
const put = (id: number | string, body: unknown, token?: string) => app.client.put(`/comments/${id}`, body, { token });
const remove = (id: number | string, token?: string) => app.client.delete(`/comments/${id}`, { token });
const read = (query: string, token?: string) => app.client.get(`/comments?${query}`, { token });

/** a drama of the test's own (no other test's comments on it) */
const newDrama = async () => (await createDrama({ title: `Drama ${Math.random()}` })).id;

/** a comment made through the API; fails the test unless it is a 201 */
async function comment(token: string, body: Record<string, unknown>) {
  const res = await post(body, token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** `count` top-level comments on the drama by `author`, stored directly, one second apart from `start` */
async function seedComments(dramaId: number, authorId: number, count: number, start = Date.UTC(2026, 0, 1)) {
  const rows = await sql<{ id: number }>(
    `INSERT INTO comments (user_id, drama_id, content, created_at)
     SELECT $1, $2, 'seeded ' || n, to_timestamp($3::double precision / 1000 + n) FROM generate_series(1, $4) AS n
     RETURNING id`,
    [authorId, dramaId, start, count],
  );
  return rows.map((row) => row.id);
}

const stored = async (dramaId: number) => (await sql<{ n: number }>('SELECT count(*)::int AS n FROM comments WHERE drama_id = $1', [dramaId]))[0]!.n;

describe('POST /comments/', () => {
  it('comments on a drama: 201 with the comment as a page shows it, stored trimmed', async () => {
    const { member, token } = await someone({ fullName: 'Ji-woo Park' });
    const drama = await newDrama();
    const res = await post({ content: '  Episode 3 was great  ', dorama_id: drama }, token);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      content: 'Episode 3 was great',
      spoiler: false,
      created_at: expect.any(String),
      updated_at: res.body.created_at,
      edited: false,
      dorama_id: drama,
      profile_user_id: null,
      parent_id: null,
      user: { id: member.id, username: member.username, name: 'Ji-woo Park', avatar: null, role: 'user' },
      reactions: { like: 0, love: 0, laugh: 0 },
      my_reaction: null,
      replies: [],
      replies_count: 0,
      mentions: {},
    });
    expect(await sql('SELECT content, user_id, parent_id FROM comments WHERE id = $1', [res.body.id])).toEqual([
      { content: 'Episode 3 was great', user_id: member.id, parent_id: null },
    ]);
  });

  it('comments on a profile, and the path without the trailing slash works too', async () => {
    const { token } = await someone();
    const owner = await createMember();
    const res = await app.client.post('/comments', { content: 'Hello!', profile_user_id: owner.id }, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ profile_user_id: owner.id, dorama_id: null, content: 'Hello!' });
  });

  it('replies to a top-level comment: the parent counts it in the same write', async () => {
    const a = await someone();
    const b = await someone();
    const drama = await newDrama();
    const parent = await comment(a.token, { content: 'Top', dorama_id: drama });
    const reply = await comment(b.token, { content: 'A reply', dorama_id: drama, reply_to_id: parent.id });
    expect(reply).toMatchObject({ parent_id: parent.id, dorama_id: drama, replies: [], replies_count: 0 });
    expect(await sql('SELECT replies_count FROM comments WHERE id = $1', [parent.id])).toEqual([{ replies_count: 1 }]);
  });

  it('refuses bad input with a 400 naming the field, and stores nothing', async () => {
    const { token, member } = await someone();
    const drama = await newDrama();
    const otherDrama = await newDrama();
    const top = await comment(token, { content: 'Top', dorama_id: drama });
    const reply = await comment(token, { content: 'Reply', dorama_id: drama, reply_to_id: top.id });
    const elsewhere = await comment(token, { content: 'Elsewhere', dorama_id: otherDrama });
    const cases: [unknown, string | RegExp, string | undefined][] = [
      [{ content: '', dorama_id: drama }, 'Comment content cannot be empty', 'content'],
      [{ content: ' \n\t  ', dorama_id: drama }, 'Comment content cannot be empty', 'content'],
      [{ content: 'x'.repeat(COMMENT_MAX_LENGTH + 1), dorama_id: drama }, `Comment content must be at most ${COMMENT_MAX_LENGTH} characters`, 'content'],
      [{ content: 'Reply to a reply', dorama_id: drama, reply_to_id: reply.id }, /top-level comment/, 'reply_to_id'],
      [{ content: 'Reply across targets', dorama_id: drama, reply_to_id: elsewhere.id }, /top-level comment/, 'reply_to_id'],
      [{ content: 'Reply to nothing', dorama_id: drama, reply_to_id: 999_999_999 }, /top-level comment/, 'reply_to_id'],
      [{ content: 'Two targets', dorama_id: drama, profile_user_id: member.id }, 'Give exactly one target: dorama_id or profile_user_id', 'profile_user_id'],
      [{ content: 'No target' }, 'Give exactly one target: dorama_id or profile_user_id', 'dorama_id'],
      [{ content: 'Text id', dorama_id: String(drama) }, /./, 'dorama_id'],
      [{ content: 'Fraction', dorama_id: 1.5 }, /./, 'dorama_id'],
      [{ content: 'Reply id', dorama_id: drama, reply_to_id: 'x' }, /./, 'reply_to_id'],
      [{ content: 42, dorama_id: drama }, /./, 'content'],
      [{ content: 'Spoiler flag', dorama_id: drama, spoiler: 'yes' }, /./, 'spoiler'],
      [{ dorama_id: drama }, /./, 'content'],
    ];
    // a member each (every write, refused or not, counts against the 10 a minute)
    for (const [body, detail, field] of cases) expectProblem(await post(body, (await someone()).token), 400, detail, field);
    expectProblem(await app.client.post('/comments/', 'not json', { token, headers: { 'content-type': 'application/json' } }), 400);
    expect(await stored(drama)).toBe(2);
    expect(await sql('SELECT replies_count FROM comments WHERE id = $1', [top.id])).toEqual([{ replies_count: 1 }]);
  });

  it('accepts exactly COMMENT_MAX_LENGTH characters, counted as characters (not UTF-16 units)', async () => {
    const { token } = await someone();
    const drama = await newDrama();
    expect((await post({ content: 'x'.repeat(COMMENT_MAX_LENGTH), dorama_id: drama }, token)).status).toBe(201);
    // 5,000 emoji are 10,000 UTF-16 units and 5,000 characters
    expect((await post({ content: '😀'.repeat(COMMENT_MAX_LENGTH), dorama_id: drama }, token)).status).toBe(201);
  });

  it('answers 404 for a drama or member that does not exist, and stores nothing', async () => {
    const { token } = await someone();
    const unverified = await createMember({ verified: false });
    expectProblem(await post({ content: 'Hi', dorama_id: 999_999_999 }, token), 404, 'Drama not found');
    expectProblem(await post({ content: 'Hi', dorama_id: 99_999_999_999 }, token), 404, 'Drama not found');
    expectProblem(await post({ content: 'Hi', profile_user_id: 999_999_999 }, token), 404, 'User not found');
    expectProblem(await post({ content: 'Hi', profile_user_id: unverified.id }, token), 404, 'User not found');
    expect(await sql('SELECT count(*)::int AS n FROM comments WHERE profile_user_id = $1', [unverified.id])).toEqual([{ n: 0 }]);
  });

  it('stores and returns script text verbatim, as text', async () => {
    const { token } = await someone();
    const drama = await newDrama();
    const text = '<script>alert("x")</script> <img src=x onerror=alert(1)> ||spoiler|| & "quotes"';
    const created = await comment(token, { content: text, dorama_id: drama });
    expect(created.content).toBe(text);
    expect(await sql('SELECT content FROM comments WHERE id = $1', [created.id])).toEqual([{ content: text }]);
    const page = await read(`type=dorama&id=${drama}`);
    expect(page.headers.get('content-type')).toMatch(/^application\/json/);
    expect(page.body.comments[0].content).toBe(text);
  });

  it('refuses visitors and bad tokens (401)', async () => {
    const drama = await newDrama();
    expectProblem(await post({ content: 'Hi', dorama_id: drama }), 401);
    expectProblem(await post({ content: 'Hi', dorama_id: drama }, 'not-a-token'), 401);
    expect(await stored(drama)).toBe(0);
  });

  it('sets the spoiler flag on create and on edit (unchanged when the edit leaves it out)', async () => {
    const { token } = await someone();
    const drama = await newDrama();
    const created = await comment(token, { content: 'The twist!', dorama_id: drama, spoiler: true });
    expect(created.spoiler).toBe(true);
    const edited = await put(created.id, { content: 'The twist!!' }, token);
    expect(edited.body).toMatchObject({ spoiler: true, content: 'The twist!!' });
    const cleared = await put(created.id, { content: 'No twist', spoiler: false }, token);
    expect(cleared.body).toMatchObject({ spoiler: false });
    const page = await read(`type=dorama&id=${drama}`);
    expect(page.body.comments[0]).toMatchObject({ spoiler: false, content: 'No twist', edited: true });
  });
});

describe('PUT and DELETE /comments/{id}', () => {
  it('the author edits: content trimmed, edited_at set, updated_at answered; others 403; bad input 400', async () => {
    const author = await someone();
    const other = await someone();
    const mod = await someone({ role: 'mod' });
    const drama = await newDrama();
    const created = await comment(author.token, { content: 'First', dorama_id: drama });
    const res = await put(created.id, { content: '  Second  ' }, author.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ id: created.id, content: 'Second', spoiler: false, updated_at: expect.any(String), mentions: {} });
    expect(new Date(res.body.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(created.created_at).getTime());
    const [row] = await sql<{ content: string; edited: boolean }>('SELECT content, edited_at IS NOT NULL AS edited FROM comments WHERE id = $1', [created.id]);
    expect(row).toEqual({ content: 'Second', edited: true });
    expectProblem(await put(created.id, { content: 'Hijack' }, other.token), 403);
    expectProblem(await put(created.id, { content: 'Hijack' }, mod.token), 403);
    expectProblem(await put(created.id, { content: '   ' }, author.token), 400, 'Comment content cannot be empty', 'content');
    expectProblem(await put(created.id, { content: 'y'.repeat(COMMENT_MAX_LENGTH + 1) }, author.token), 400, undefined, 'content');
    expectProblem(await put('12abc', { content: 'x' }, author.token), 400, 'Invalid comment ID', 'id');
    expectProblem(await put(999_999_999, { content: 'x' }, author.token), 404, 'Comment not found');
    expectProblem(await put(created.id, { content: 'x' }), 401);
    expect(await sql('SELECT content FROM comments WHERE id = $1', [created.id])).toEqual([{ content: 'Second' }]);
    const page = await read(`type=dorama&id=${drama}`);
    expect(page.body.comments[0]).toMatchObject({ content: 'Second', edited: true, updated_at: res.body.updated_at });
  });

  it('the author, a mod or an admin deletes: 204, its replies go with it; a reply moves its parent count down', async () => {
    const author = await someone();
    const other = await someone();
    const mod = await someone({ role: 'mod' });
    const admin = await someone({ role: 'admin' });
    const drama = await newDrama();
    const top = await comment(author.token, { content: 'Top', dorama_id: drama });
    const r1 = await comment(other.token, { content: 'R1', dorama_id: drama, reply_to_id: top.id });
    await comment(author.token, { content: 'R2', dorama_id: drama, reply_to_id: top.id });
    expectProblem(await remove(top.id, other.token), 403);
    expectProblem(await remove(top.id), 401);
    expectProblem(await remove('x1', author.token), 400, 'Invalid comment ID', 'id');
    // the reply's author deletes their reply: the parent counts one fewer
    expect((await remove(r1.id, other.token)).status).toBe(204);
    expect(await sql('SELECT replies_count FROM comments WHERE id = $1', [top.id])).toEqual([{ replies_count: 1 }]);
    expect((await remove(top.id, mod.token)).status).toBe(204);
    expect(await stored(drama)).toBe(0);
    expectProblem(await remove(top.id, author.token), 404, 'Comment not found');
    const another = await comment(author.token, { content: 'Again', dorama_id: drama });
    expect((await remove(another.id, admin.token)).status).toBe(204);
    const mine = await comment(author.token, { content: 'Mine', dorama_id: drama });
    expect((await remove(mine.id, author.token)).status).toBe(204);
    expect(await stored(drama)).toBe(0);
  });
});

describe('GET /comments', () => {
  it('pages top-level comments (page and page_size), newest or oldest first, with exact totals', async () => {
    const { member } = await someone();
    const drama = await newDrama();
    const ids = await seedComments(drama, member.id, 25);
    const first = await read(`type=dorama&id=${drama}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 25, page: 1, page_size: 10, pages: 3, next_cursor: expect.any(String), mentions: {} });
    expect(first.body.comments.map((c: { id: number }) => c.id)).toEqual(ids.slice().reverse().slice(0, 10));
    expect(first.body.comments[0]).not.toHaveProperty('my_reaction');
    expect(first.body).not.toHaveProperty('can_comment');
    const third = await read(`type=dorama&id=${drama}&page=3&page_size=10`);
    expect(third.body.comments.map((c: { id: number }) => c.id)).toEqual(ids.slice(0, 5).reverse());
    expect(third.body.next_cursor).toBeNull();
    const oldest = await read(`type=dorama&id=${drama}&order=oldest&page=2&page_size=7`);
    expect(oldest.body).toMatchObject({ total: 25, page: 2, page_size: 7, pages: 4 });
    expect(oldest.body.comments.map((c: { id: number }) => c.id)).toEqual(ids.slice(7, 14));
    const beyond = await read(`type=dorama&id=${drama}&page=9`);
    expect(beyond.body).toMatchObject({ comments: [], total: 25, next_cursor: null });
    const max = await read(`type=dorama&id=${drama}&page_size=50`);
    expect(max.body.comments).toHaveLength(25);
  });

  it('continues by cursor with no duplicate and no gap while comments are added meanwhile (both orders)', async () => {
    const { member, token } = await someone();
    const drama = await newDrama();
    const ids = await seedComments(drama, member.id, 23);
    for (const order of ['recent', 'oldest'] as const) {
      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await read(`type=dorama&id=${drama}&order=${order}&page_size=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        seen.push(...res.body.comments.map((c: { id: number }) => c.id));
        cursor = res.body.next_cursor;
        // a new comment after each page: newest first never shows it (it is before the cursor);
        // oldest first shows it at the end
        if (pages < 2) ids.push((await comment(token, { content: `new ${order} ${pages}`, dorama_id: drama })).id);
        pages++;
      } while (cursor);
      expect(new Set(seen).size, 'no duplicate').toBe(seen.length);
      if (order === 'recent') {
        // everything there when the first page was read, newest first, nothing missing
        const before = ids.slice(0, 23).reverse();
        expect(seen).toEqual(before);
      } else {
        expect(seen).toEqual(ids.slice().sort((a, b) => a - b));
      }
    }
  });

  it('a cursor with a page number continues from the cursor (the page is only echoed): the same comments as the cursor alone', async () => {
    const { member } = await someone();
    const drama = await newDrama();
    const ids = await seedComments(drama, member.id, 12);
    const first = await read(`type=dorama&id=${drama}&page_size=5`);
    const cursor = encodeURIComponent(first.body.next_cursor);
    const alone = await read(`type=dorama&id=${drama}&page_size=5&cursor=${cursor}`);
    const withPage = await read(`type=dorama&id=${drama}&page_size=5&cursor=${cursor}&page=3`);
    expect(alone.body.comments.map((c: { id: number }) => c.id)).toEqual(ids.slice().reverse().slice(5, 10));
    expect(withPage.body.comments).toEqual(alone.body.comments);
    expect(withPage.body).toMatchObject({ page: 3, total: 12, next_cursor: alone.body.next_cursor });
  });

  it('refuses a bad query with a 400 naming the field, never a 500', async () => {
    const drama = await newDrama();
    const cases: [string, string][] = [
      ['type=movie&id=1', 'type'],
      [`id=${drama}`, 'type'],
      ['type=dorama', 'id'],
      ['type=dorama&id=abc', 'id'],
      ['type=dorama&id=-1', 'id'],
      ['type=dorama&id=1.5', 'id'],
      [`type=dorama&id=${drama}&order=random`, 'order'],
      [`type=dorama&id=${drama}&page=0`, 'page'],
      [`type=dorama&id=${drama}&page=x`, 'page'],
      [`type=dorama&id=${drama}&page_size=51`, 'page_size'],
      [`type=dorama&id=${drama}&page_size=0`, 'page_size'],
      [`type=dorama&id=${drama}&cursor=not-a-cursor`, 'cursor'],
      [`type=dorama&id=${drama}&cursor=${'a'.repeat(300)}`, 'cursor'],
    ];
    for (const [query, field] of cases) expectProblem(await read(query), 400, undefined, field);
    expectProblem(await read('type=dorama&id=999999999'), 404, 'Drama not found');
    expectProblem(await read('type=profile&id=999999999'), 404, 'User not found');
    expectProblem(await read('type=dorama&id=99999999999999'), 404, 'Drama not found');
  });

  it('gives each comment all its replies oldest first, with replies_count and reaction counts', async () => {
    const author = await someone();
    const drama = await newDrama();
    const top = await comment(author.token, { content: 'Top', dorama_id: drama });
    const replies: number[] = [];
    for (let n = 0; n < 4; n++) {
      const replier = await someone();
      replies.push((await comment(replier.token, { content: `Reply ${n}`, dorama_id: drama, reply_to_id: top.id })).id);
    }
    await sql(`INSERT INTO comment_reactions (user_id, comment_id, type) VALUES ($1, $2, 'love')`, [author.member.id, replies[1]]);
    await sql(`UPDATE comments SET love_count = 1 WHERE id = $1`, [replies[1]]);
    const page = await read(`type=dorama&id=${drama}`);
    expect(page.body.total).toBe(1);
    const [first] = page.body.comments;
    expect(first.replies_count).toBe(4);
    expect(first.replies.map((r: { id: number }) => r.id)).toEqual(replies);
    expect(first.replies.map((r: { content: string }) => r.content)).toEqual(['Reply 0', 'Reply 1', 'Reply 2', 'Reply 3']);
    expect(first.replies[1].reactions).toEqual({ like: 0, love: 1, laugh: 0 });
    expect(first.replies[0]).toMatchObject({ parent_id: top.id, user: { id: expect.any(Number) } });
    // the author's own reaction, signed in
    const mine = await read(`type=dorama&id=${drama}`, author.token);
    expect(mine.body.comments[0].replies[1].my_reaction).toEqual({ id: expect.any(Number), type: 'love' });
    expect(mine.body.comments[0].replies[0].my_reaction).toBeNull();
    expect(mine.body.comments[0].my_reaction).toBeNull();
    expect(mine.body.can_comment).toBe(true);
  });

  it('resolves @mentions of verified members in one map, lower-cased as written', async () => {
    const { token } = await someone();
    const hana = await createMember({ username: `Hana${Date.now() % 100000}` });
    const ghost = await createMember({ username: `ghost${Date.now() % 100000}`, verified: false });
    const drama = await newDrama();
    const top = await comment(token, { content: `Hi @${hana.username} and @${ghost.username} and @nobodyhere1 — mail me at x@${hana.username}.com`, dorama_id: drama });
    await comment(token, { content: `@${hana.username.toUpperCase()} agreed`, dorama_id: drama, reply_to_id: top.id });
    const page = await read(`type=dorama&id=${drama}`);
    expect(page.body.mentions).toEqual({ [hana.username.toLowerCase()]: hana.id });
  });

  it('answers a new or edited comment with its own @names resolved, so they are links at once', async () => {
    const { token } = await someone();
    const mina = await createMember({ username: `Mina${Date.now() % 100000}` });
    const drama = await newDrama();
    const created = await app.client.post('/comments/', { content: `Thanks @${mina.username}!`, dorama_id: drama }, { token });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ content: `Thanks @${mina.username}!`, mentions: { [mina.username.toLowerCase()]: mina.id } });
    const reply = await app.client.post('/comments/', { content: 'No names here', dorama_id: drama, reply_to_id: created.body.id }, { token });
    expect(reply.body.mentions).toEqual({});
    const edited = await put(reply.body.id, { content: `Now @${mina.username.toUpperCase()} and @nobodyhere2` }, token);
    expect(edited.status).toBe(200);
    expect(edited.body.mentions).toEqual({ [mina.username.toLowerCase()]: mina.id });
  });

  it('answers a visitor with a short shared-cache lifetime and a signed-in caller privately', async () => {
    const drama = await newDrama();
    const visitor = await read(`type=dorama&id=${drama}`);
    expect(visitor.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+/);
    expect(visitor.headers.get('vary')).toMatch(/Authorization/);
    const { token } = await someone();
    const member = await read(`type=dorama&id=${drama}`, token);
    expect(member.headers.get('cache-control')).toBe('private, no-store');
    // fresh after a write: the writer and a visitor see it at once (the kept page's version moved)
    await comment(token, { content: 'Fresh', dorama_id: drama });
    expect((await read(`type=dorama&id=${drama}`, token)).body.total).toBe(1);
    expect((await read(`type=dorama&id=${drama}`)).body.total).toBe(1);
  });
});

describe("a visitor's page kept in memory", () => {
  it('is served again until a write to its target, then fresh at once: comment, reply, edit, reaction, delete', async () => {
    const { token } = await someone();
    const reactor = await someone();
    const drama = await newDrama();
    const visitorPage = async () => (await read(`type=dorama&id=${drama}`)).body;
    const first = await comment(token, { content: 'First', dorama_id: drama });
    expect((await visitorPage()).total).toBe(1);
    // a change the API did not make (straight in the database) is not seen while the page is kept
    await sql('UPDATE comments SET content = $1 WHERE id = $2', ['Changed behind its back', first.id]);
    expect((await visitorPage()).comments[0].content).toBe('First');
    // ... and a no-cache request computes it again
    const fresh = await app.client.get(`/comments?type=dorama&id=${drama}`, { headers: { 'Cache-Control': 'no-cache' } });
    expect(fresh.body.comments[0].content).toBe('Changed behind its back');
    // every write through the API shows at once
    const reply = await comment(token, { content: 'Reply', dorama_id: drama, reply_to_id: first.id });
    expect((await visitorPage()).comments[0].replies_count).toBe(1);
    expect((await put(first.id, { content: 'Edited' }, token)).status).toBe(200);
    expect((await visitorPage()).comments[0].content).toBe('Edited');
    const reaction = await app.client.post('/reactions/', { type: 'laugh', comment_id: reply.id }, { token: reactor.token });
    expect((await visitorPage()).comments[0].replies[0].reactions).toEqual({ like: 0, love: 0, laugh: 1 });
    expect((await app.client.post('/reactions/', { type: 'love', comment_id: reply.id }, { token: reactor.token })).status).toBe(200);
    expect((await visitorPage()).comments[0].replies[0].reactions).toEqual({ like: 0, love: 1, laugh: 0 });
    expect((await app.client.delete(`/reactions/${reaction.body.id}`, { token: reactor.token })).status).toBe(204);
    expect((await visitorPage()).comments[0].replies[0].reactions).toEqual({ like: 0, love: 0, laugh: 0 });
    expect((await remove(reply.id, token)).status).toBe(204);
    expect((await visitorPage()).comments[0]).toMatchObject({ replies: [], replies_count: 0 });
    expect((await remove(first.id, token)).status).toBe(204);
    expect(await visitorPage()).toMatchObject({ comments: [], total: 0 });
  });

  it("a comment does not flush the catalogue's answer cache", async () => {
    const { token } = await someone();
    const drama = await newDrama();
    expect((await app.client.get(`/dramas/${drama}`)).headers.get('x-cache')).toBe('MISS');
    expect((await app.client.get(`/dramas/${drama}`)).headers.get('x-cache')).toBe('HIT');
    await comment(token, { content: 'No flush', dorama_id: drama });
    await app.client.post('/reactions/', { type: 'like', comment_id: (await read(`type=dorama&id=${drama}`)).body.comments[0].id }, { token });
    expect((await app.client.get(`/dramas/${drama}`)).headers.get('x-cache')).toBe('HIT');
  });
});

describe('blocks', () => {
  it('hide comments and replies both ways, and refuse a reply and a profile comment (403)', async () => {
    const blocker = await someone();
    const blocked = await someone();
    const bystander = await someone();
    const drama = await newDrama();
    const byBlocker = await comment(blocker.token, { content: 'By blocker', dorama_id: drama });
    const byBlocked = await comment(blocked.token, { content: 'By blocked', dorama_id: drama });
    const byBystander = await comment(bystander.token, { content: 'By bystander', dorama_id: drama });
    await comment(blocked.token, { content: 'Blocked replies', dorama_id: drama, reply_to_id: byBystander.id });
    await comment(blocker.token, { content: 'Blocker replies', dorama_id: drama, reply_to_id: byBystander.id });
    await sql('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)', [blocker.member.id, blocked.member.id]);

    const contents = (body: any) => body.comments.flatMap((c: any) => [c.content, ...c.replies.map((r: any) => r.content)]);
    const asBlocker = await read(`type=dorama&id=${drama}`, blocker.token);
    expect(contents(asBlocker.body).sort()).toEqual(['Blocker replies', 'By blocker', 'By bystander'].sort());
    expect(asBlocker.body.total).toBe(2);
    expect(asBlocker.body.comments.find((c: any) => c.id === byBystander.id).replies_count).toBe(1);
    const asBlocked = await read(`type=dorama&id=${drama}`, blocked.token);
    expect(contents(asBlocked.body).sort()).toEqual(['Blocked replies', 'By blocked', 'By bystander'].sort());
    const asVisitor = await read(`type=dorama&id=${drama}`);
    expect(contents(asVisitor.body)).toHaveLength(5);
    expect(asVisitor.body.total).toBe(3);

    // replies across the block, either way: 403, nothing stored
    expectProblem(await post({ content: 'Reply', dorama_id: drama, reply_to_id: byBlocker.id }, blocked.token), 403);
    expectProblem(await post({ content: 'Reply', dorama_id: drama, reply_to_id: byBlocked.id }, blocker.token), 403);
    // a comment on the other's profile, either way: 403
    expectProblem(await post({ content: 'Hi', profile_user_id: blocker.member.id }, blocked.token), 403);
    expectProblem(await post({ content: 'Hi', profile_user_id: blocked.member.id }, blocker.token), 403);
    expect(await sql('SELECT count(*)::int AS n FROM comments WHERE parent_id IN ($1, $2) OR profile_user_id IN ($3, $4)', [byBlocker.id, byBlocked.id, blocker.member.id, blocked.member.id])).toEqual([{ n: 0 }]);
    // can_comment on the profile says so; a bystander may
    expect((await read(`type=profile&id=${blocker.member.id}`, blocked.token)).body.can_comment).toBe(false);
    expect((await read(`type=profile&id=${blocked.member.id}`, blocker.token)).body.can_comment).toBe(false);
    expect((await read(`type=profile&id=${blocker.member.id}`, bystander.token)).body.can_comment).toBe(true);
    expect((await post({ content: 'Hi', profile_user_id: blocker.member.id }, bystander.token)).status).toBe(201);
  });
});

describe('concurrency', () => {
  it('a profile comment racing a block between the writer and the owner: 201 before it or 403 after it, never a 5xx', async () => {
    for (let round = 0; round < 4; round++) {
      const writer = await someone();
      const owner = await someone();
      const [written, blocked] = await Promise.all([
        post({ content: 'Racing', profile_user_id: owner.member.id }, writer.token),
        app.client.post(`/users/${writer.member.id}/block`, undefined, { token: owner.token }),
      ]);
      expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
      if (written.status !== 201) expectProblem(written, 403, COMMENT_MESSAGES.blocked);
      const stored = await sql<{ n: number }>('SELECT count(*)::int AS n FROM comments WHERE profile_user_id = $1', [owner.member.id]);
      expect(stored).toEqual([{ n: written.status === 201 ? 1 : 0 }]);
    }
  });

  it('a reply and a reaction racing a block with the comment’s author wait for the block, then are refused (403); nothing lands', async () => {
    const author = await someone();
    const writer = await someone();
    const drama = await newDrama();
    const top = await comment(author.token, { content: 'Blocked soon', dorama_id: drama });
    const [reply, reaction] = await withBlockHeldOpen(app, author.member.id, writer.member.id, () => [
      post({ content: 'Just in time?', dorama_id: drama, reply_to_id: top.id }, writer.token),
      app.client.post('/reactions/', { type: 'like', comment_id: top.id }, { token: writer.token }),
    ]);
    expectProblem(reply!, 403, COMMENT_MESSAGES.blocked);
    expectProblem(reaction!, 403, COMMENT_MESSAGES.blocked);
    expect(await sql('SELECT id FROM comments WHERE parent_id = $1', [top.id])).toEqual([]);
    expect(await sql('SELECT id FROM comment_reactions WHERE comment_id = $1', [top.id])).toEqual([]);
  });

  it('20 concurrent replies to one comment: replies_count exact', async () => {
    const author = await someone();
    const drama = await newDrama();
    const top = await comment(author.token, { content: 'Top', dorama_id: drama });
    const repliers = await Promise.all(Array.from({ length: 20 }, async () => tokenFor(await createMember())));
    const answers = await Promise.all(repliers.map((token, n) => post({ content: `Reply ${n}`, dorama_id: drama, reply_to_id: top.id }, token)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const [row] = await sql<{ replies_count: number; real: number }>(
      'SELECT replies_count, (SELECT count(*)::int FROM comments r WHERE r.parent_id = c.id) AS real FROM comments c WHERE id = $1',
      [top.id],
    );
    expect(row).toEqual({ replies_count: 20, real: 20 });
    const page = await read(`type=dorama&id=${drama}&page_size=1`);
    expect(page.body.comments[0].replies).toHaveLength(20);
  });
  it('deleting a comment while others reply to it and react to it: 204; each reply 201 or 400, each reaction 201 or 404, never a 5xx; nothing left', async () => {
    for (let round = 0; round < 3; round++) {
      const author = await someone();
      const drama = await newDrama();
      const top = await comment(author.token, { content: 'Going away', dorama_id: drama });
      const others = await Promise.all(Array.from({ length: 6 }, async () => tokenFor(await createMember())));
      const [deleted, ...answers] = await Promise.all([
        remove(top.id, author.token),
        ...others.slice(0, 3).map((token, n) => post({ content: `Late reply ${n}`, dorama_id: drama, reply_to_id: top.id }, token)),
        ...others.slice(3).map((token) => app.client.post('/reactions/', { type: 'like', comment_id: top.id }, { token })),
      ]);
      expect(deleted!.status).toBe(204);
      for (const reply of answers.slice(0, 3)) {
        if (reply.status === 201) expect(reply.body).toMatchObject({ parent_id: top.id });
        else expectProblem(reply, 400, COMMENT_MESSAGES.badReply, 'reply_to_id');
      }
      for (const reaction of answers.slice(3)) {
        if (reaction.status === 201) expect(reaction.body).toMatchObject({ comment_id: top.id, type: 'like' });
        else expectProblem(reaction, 404, COMMENT_MESSAGES.commentNotFound);
      }
      // the replies and reactions written before the delete went with it
      expect(await stored(drama)).toBe(0);
      expect(await sql('SELECT count(*)::int AS n FROM comment_reactions WHERE comment_id = $1', [top.id])).toEqual([{ n: 0 }]);
    }
  });

  it('deleting a reply while its parent is deleted: no 5xx, both gone', async () => {
    for (let round = 0; round < 3; round++) {
      const author = await someone();
      const mod = await someone({ role: 'mod' });
      const drama = await newDrama();
      const top = await comment(author.token, { content: 'Parent', dorama_id: drama });
      const reply = await comment(author.token, { content: 'Reply', dorama_id: drama, reply_to_id: top.id });
      const [parentGone, replyGone] = await Promise.all([remove(top.id, author.token), remove(reply.id, mod.token)]);
      expect(parentGone.status).toBe(204);
      // the reply went with its parent (404), or first (204)
      expect([204, 404]).toContain(replyGone.status);
      expect(await stored(drama)).toBe(0);
    }
  });
});

describe('rate limits', () => {
  it('the 11th comment in a minute is refused with 429 and Retry-After, and nothing is stored', async () => {
    const { token } = await someone();
    const drama = await newDrama();
    for (let n = 1; n <= 10; n++) expect((await post({ content: `Comment ${n}`, dorama_id: drama }, token)).status).toBe(201);
    const refused = await post({ content: 'Comment 11', dorama_id: drama }, token);
    expectProblem(refused, 429, /^Too many comments\./);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await stored(drama)).toBe(10);
    // reading is not limited
    expect((await read(`type=dorama&id=${drama}`, token)).status).toBe(200);
  });

  it('the 31st edit or delete in 10 minutes is refused with 429, and changes nothing', async () => {
    const { token } = await someone();
    const drama = await newDrama();
    const created = await comment(token, { content: 'Edit me', dorama_id: drama });
    for (let n = 1; n <= 30; n++) expect((await put(created.id, { content: `Edit ${n}` }, token)).status).toBe(200);
    expectProblem(await put(created.id, { content: 'Edit 31' }, token), 429, /^Too many comment changes\./);
    expectProblem(await remove(created.id, token), 429);
    expect(await sql('SELECT content FROM comments WHERE id = $1', [created.id])).toEqual([{ content: 'Edit 30' }]);
  });
});
