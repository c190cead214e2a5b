// Reports over HTTP (contract "Comments and reactions", "Reports and blocks"; docs/decisions/035): a
// member reports a comment or a post (one open report per member and thing, also when sent at once),
// mods and admins list reports with what they are about (a fixed few queries per page) and resolve
// them: every open report of the thing at once, `remove` deleting it; two resolutions at once: one
// wins, the other is a 409. Bad input is a 4xx with nothing stored; the write limits answer 429.
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consumeLimit, limitKey, RATE_LIMITS } from '../../src/lib/server/rate-limit.ts';
import { useApiFixture } from '../helpers/api-fixture.ts';
import { createDrama, insertComment, insertPost } from '../helpers/factories.ts';
import { expectProblem } from '../helpers/http.ts';

const app = useApiFixture();
const { sql, someone } = app;

type Body = { target_type?: unknown; target_id?: unknown; reason?: unknown; note?: unknown } | string;
const report = (body: Body, token?: string) => app.client.post('/reports', body, { token });
const resolve = (id: number | string, action: unknown, token?: string) => app.client.post(`/reports/${id}/resolve`, { action }, { token });
const list = (query: string, token?: string) => app.client.get(`/reports${query}`, { token });

const reportsBy = (reporter: number) => sql<{ id: number; status: string }>('SELECT id, status FROM reports WHERE reporter_id = $1 ORDER BY id', [reporter]);
const reportsOf = (type: string, id: number) =>
  sql<{ id: number; reporter_id: number; status: string; action: string | null; resolver_id: number | null; resolved_at: Date | null }>(
    'SELECT id, reporter_id, status, action, resolver_id, resolved_at FROM reports WHERE target_type = $1 AND target_id = $2 ORDER BY id',
    [type, id],
  );

/** a drama comment of a fresh author */
async function aComment(content?: string) {
  const author = await someone();
  const drama = await createDrama();
  return { author, drama, comment: await insertComment({ author: author.member, drama, content }) };
}

const staff = async () => ({ mod: await someone({ role: 'mod' }), admin: await someone({ role: 'admin' }) });

afterEach(() => vi.restoreAllMocks());

describe('who may call', () => {
  it('refuses visitors (401) everywhere, members (403) the list and resolving; mods and admins may', async () => {
    const { comment } = await aComment();
    const member = await someone();
    const { mod, admin } = await staff();
    expectProblem(await report({ target_type: 'comment', target_id: comment.id, reason: 'spam' }), 401, 'Not authenticated');
    expectProblem(await list(''), 401, 'Not authenticated');
    const made = await report({ target_type: 'comment', target_id: comment.id, reason: 'spam' }, member.token);
    expect(made.status).toBe(201);
    expectProblem(await resolve(made.body.id, 'dismiss'), 401, 'Not authenticated');
    expectProblem(await list('', member.token), 403, "You don't have permission to perform this action");
    expectProblem(await resolve(made.body.id, 'remove', member.token), 403, "You don't have permission to perform this action");
    expectProblem(await list('', 'not-a-token'), 401);
    expect(await reportsOf('comment', comment.id)).toMatchObject([{ status: 'open', action: null, resolver_id: null }]);
    expect(await sql('SELECT 1 FROM comments WHERE id = $1', [comment.id])).toHaveLength(1);
    expect((await list('', mod.token)).status).toBe(200);
    expect((await list('', admin.token)).status).toBe(200);
    expect((await resolve(made.body.id, 'dismiss', admin.token)).status).toBe(200);
  });
});

describe('POST /reports', () => {
  it('reports a comment (201), answers the open report to a second report (200), and a new one once it is resolved', async () => {
    const { comment } = await aComment();
    const a = await someone();
    const b = await someone();
    const { mod } = await staff();
    const first = await report({ target_type: 'comment', target_id: comment.id, reason: 'spoiler', note: '  ends the show  ' }, a.token);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(Number),
      target_type: 'comment',
      target_id: comment.id,
      reason: 'spoiler',
      note: 'ends the show',
      status: 'open',
      action: null,
      created_at: expect.any(String),
      resolved_at: null,
    });
    const again = await report({ target_type: 'comment', target_id: comment.id, reason: 'spam' }, a.token);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body); // the open one, unchanged
    const other = await report({ target_type: 'comment', target_id: comment.id, reason: 'hate' }, b.token);
    expect(other.status).toBe(201);
    expect(await reportsBy(a.member.id)).toEqual([{ id: first.body.id, status: 'open' }]);

    expect((await resolve(first.body.id, 'dismiss', mod.token)).status).toBe(200);
    const later = await report({ target_type: 'comment', target_id: comment.id, reason: 'harassment' }, a.token);
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first.body.id);
    expect(await reportsBy(a.member.id)).toEqual([
      { id: first.body.id, status: 'resolved' },
      { id: later.body.id, status: 'open' },
    ]);
  });

  it('reports a post; a blank note is no note; a note of 500 characters is kept', async () => {
    const author = await someone();
    const post = await insertPost({ author: author.member });
    const a = await someone();
    const res = await report({ target_type: 'post', target_id: post.id, reason: 'other', note: '   ' }, a.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ target_type: 'post', target_id: post.id, reason: 'other', note: null });
    const { comment } = await aComment();
    const long = 'é'.repeat(500);
    expect((await report({ target_type: 'comment', target_id: comment.id, reason: 'other', note: long }, a.token)).body.note).toBe(long);
  });

  it('refuses bad input with a 4xx naming the field, and stores nothing', async () => {
    const { comment } = await aComment();
    const author = await someone();
    const post = await insertPost({ author: author.member });
    const a = await someone();
    const ok = { target_type: 'comment', target_id: comment.id, reason: 'spam' };
    expectProblem(await report({ ...ok, reason: 'boring' }, a.token), 400, undefined, 'reason');
    expectProblem(await report({ ...ok, reason: undefined }, a.token), 400, undefined, 'reason');
    expectProblem(await report({ ...ok, target_type: 'drama' }, a.token), 400, undefined, 'target_type');
    expectProblem(await report({ ...ok, target_id: String(comment.id) }, a.token), 400, undefined, 'target_id');
    expectProblem(await report({ ...ok, target_id: 1.5 }, a.token), 400, undefined, 'target_id');
    expectProblem(await report({ ...ok, note: 'x'.repeat(501) }, a.token), 400, 'note must be at most 500 characters', 'note');
    expectProblem(await report({ ...ok, note: 42 }, a.token), 400, undefined, 'note');
    expectProblem(await report({ ...ok, note: 'a\u0000b' }, a.token), 400, undefined, 'note');
    expectProblem(await app.client.post('/reports', '{"target_type":', { token: a.token, headers: { 'Content-Type': 'application/json' } }), 400);
    expectProblem(await report({ ...ok, target_id: 999_999_999 }, a.token), 404, 'Comment not found');
    expectProblem(await report({ ...ok, target_id: 0 }, a.token), 404, 'Comment not found');
    expectProblem(await report({ ...ok, target_id: -5 }, a.token), 404, 'Comment not found');
    expectProblem(await report({ ...ok, target_id: 2 ** 40 }, a.token), 404, 'Comment not found');
    // a post's id is no comment's: the target is the pair
    expectProblem(await report({ target_type: 'post', target_id: 999_999_999, reason: 'spam' }, a.token), 404, 'Post not found');
    expectProblem(await report({ target_type: 'comment', target_id: post.id + 1_000_000, reason: 'spam' }, a.token), 404, 'Comment not found');
    expect(await reportsBy(a.member.id)).toEqual([]);
  });

  it('one member reporting one comment five times at once keeps one open report; five members at once keep five', async () => {
    const { comment } = await aComment();
    const a = await someone();
    const answers = await Promise.all(Array.from({ length: 5 }, () => report({ target_type: 'comment', target_id: comment.id, reason: 'spam' }, a.token)));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((res) => res.body.id)).size).toBe(1);
    expect(await reportsBy(a.member.id)).toEqual([{ id: answers[0]!.body.id, status: 'open' }]);

    const members = await Promise.all(Array.from({ length: 5 }, () => someone()));
    const many = await Promise.all(members.map((m) => report({ target_type: 'comment', target_id: comment.id, reason: 'hate' }, m.token)));
    expect(many.map((res) => res.status)).toEqual(Array(5).fill(201));
    expect(await reportsOf('comment', comment.id)).toHaveLength(6);
  });

  it("refuses a member's 21st report in a day with 429 and Retry-After, and stores nothing", async () => {
    const a = await someone();
    const { comment } = await aComment();
    for (let n = 1; n <= 20; n++) {
      const res = await report({ target_type: 'comment', target_id: comment.id, reason: 'spam' }, a.token);
      expect(res.status, `report ${n}`).toBe(n === 1 ? 201 : 200);
    }
    const other = await aComment();
    const refused = await report({ target_type: 'comment', target_id: other.comment.id, reason: 'spam' }, a.token);
    expectProblem(refused, 429, /^Too many reports today\./);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await reportsOf('comment', other.comment.id)).toEqual([]);
  });
});

describe('GET /reports', () => {
  it('lists open reports newest first with reporter, target and its address; resolved ones with their resolver; gone targets as null', async () => {
    const owner = await someone();
    const author = await someone({ fullName: '' });
    const drama = await createDrama();
    const onDrama = await insertComment({ author: author.member, drama, content: 'drama comment' });
    const onProfile = await insertComment({ author: author.member, profile: owner.member, content: 'profile comment' });
    const post = await insertPost({ author: author.member, content: 'a post' });
    const gone = await insertComment({ author: author.member, drama, content: 'soon gone' });
    const reporter = await someone();
    const { mod } = await staff();
    const ids: number[] = [];
    for (const [type, id] of [
      ['comment', onDrama.id],
      ['comment', onProfile.id],
      ['post', post.id],
      ['comment', gone.id],
    ] as const) {
      ids.push((await report({ target_type: type, target_id: id, reason: 'spam' }, reporter.token)).body.id);
    }
    await sql('DELETE FROM comments WHERE id = $1', [gone.id]);
    // newest first by creation time, whatever the ids say
    await sql("UPDATE reports SET created_at = now() - make_interval(secs => 100 - id) WHERE id = ANY($1)", [ids]);

    const res = await list('?size=100', mod.token);
    expect(res.status).toBe(200);
    const mine = res.body.items.filter((item: { id: number }) => ids.includes(item.id));
    expect(mine.map((item: { id: number }) => item.id)).toEqual([...ids].reverse());
    const who = { id: reporter.member.id, username: reporter.member.username, name: reporter.member.fullName, avatar: null, role: 'user' };
    const writer = { id: author.member.id, username: author.member.username, name: author.member.username, avatar: null, role: 'user' };
    const byId = new Map(mine.map((item: { id: number }) => [item.id, item]));
    expect(byId.get(ids[0]!)).toEqual({
      id: ids[0],
      target_type: 'comment',
      target_id: onDrama.id,
      reason: 'spam',
      note: null,
      status: 'open',
      action: null,
      created_at: expect.any(String),
      resolved_at: null,
      reporter: who,
      resolver: null,
      target: { content: 'drama comment', author: writer, created_at: onDrama.createdAt.toISOString(), url: `/drama/${drama.id}` },
      member_action_id: null,
    });
    expect(byId.get(ids[1]!)).toMatchObject({ target: { content: 'profile comment', url: `/user/${owner.member.username}` } });
    expect(byId.get(ids[2]!)).toMatchObject({ target: { content: 'a post', url: `/social/post/${post.id}` } });
    expect(byId.get(ids[3]!)).toMatchObject({ target_id: gone.id, target: null });
    expect(res.body).toMatchObject({ page: 1, size: 100, next_cursor: null });
    expect(res.body.total).toBe(res.body.items.length);

    await resolve(ids[0]!, 'dismiss', mod.token);
    const resolved = await list('?status=resolved', mod.token);
    expect(resolved.body.items.find((item: { id: number }) => item.id === ids[0])).toMatchObject({
      status: 'resolved',
      action: 'dismiss',
      resolved_at: expect.any(String),
      resolver: { id: mod.member.id, username: mod.member.username, role: 'mod' },
      target: { content: 'drama comment' },
    });
    expect((await list('?status=open&size=100', mod.token)).body.items.map((item: { id: number }) => item.id)).not.toContain(ids[0]);
  });

  it('pages by page and by cursor with no duplicate and no gap while reports arrive', async () => {
    const { admin } = await staff();
    await sql("UPDATE reports SET status = 'resolved', action = 'dismiss' WHERE status = 'open'");
    const reporters = await Promise.all(Array.from({ length: 7 }, () => someone()));
    const { comment } = await aComment();
    for (const r of reporters) await report({ target_type: 'comment', target_id: comment.id, reason: 'spam' }, r.token);
    const all = (await list('?size=100', admin.token)).body.items.map((item: { id: number }) => item.id);
    expect(all).toHaveLength(7);
    const page2 = await list('?size=3&page=2', admin.token);
    expect(page2.body).toMatchObject({ total: 7, page: 2, size: 3, pages: 3 });
    expect(page2.body.items.map((item: { id: number }) => item.id)).toEqual(all.slice(3, 6));

    const seen: number[] = [];
    let res = await list('?size=3', admin.token);
    seen.push(...res.body.items.map((item: { id: number }) => item.id));
    // a new report after the first page is read: newer than everything, so not in the pages after
    const late = await someone();
    await report({ target_type: 'comment', target_id: comment.id, reason: 'spam' }, late.token);
    while (res.body.next_cursor) {
      res = await list(`?size=3&cursor=${encodeURIComponent(res.body.next_cursor)}`, admin.token);
      expect(res.status).toBe(200);
      seen.push(...res.body.items.map((item: { id: number }) => item.id));
    }
    expect(seen).toEqual(all);
  });

  it('reads a page in a fixed few queries, however many reports it holds', async () => {
    const { mod } = await staff();
    const reporter = await someone();
    const author = await someone();
    for (let i = 0; i < 12; i++) {
      const target = i % 3 === 0 ? await insertPost({ author: author.member }) : await insertComment({ author: author.member, profile: reporter.member });
      await report({ target_type: i % 3 === 0 ? 'post' : 'comment', target_id: target.id, reason: 'spam' }, reporter.token);
    }
    const queries = async (size: number) => {
      const spy = vi.spyOn(pg.Pool.prototype, 'query');
      const res = await list(`?size=${size}`, mod.token);
      const count = spy.mock.calls.length;
      spy.mockRestore();
      expect(res.body.items).toHaveLength(size);
      return count;
    };
    // both pages hold comments and posts (every third report is of a post)
    const small = await queries(3);
    const large = await queries(12);
    expect(large).toBe(small);
    expect(large).toBeLessThanOrEqual(8);
  });

  it('refuses bad query values (400 naming the field) and a cursor it did not issue', async () => {
    const { mod } = await staff();
    expectProblem(await list('?status=closed', mod.token), 400, undefined, 'status');
    expectProblem(await list('?page=0', mod.token), 400, undefined, 'page');
    expectProblem(await list('?size=101', mod.token), 400, undefined, 'size');
    expectProblem(await list('?cursor=abc.def', mod.token), 400, /Invalid cursor/, 'cursor');
    expectProblem(await list(`?cursor=${'a'.repeat(300)}`, mod.token), 400, /Invalid cursor/, 'cursor');
  });
});

describe('POST /reports/{id}/resolve', () => {
  it('dismiss: resolves every open report of the comment at once, keeps it, leaves other reports; again: 409', async () => {
    const { comment } = await aComment();
    const elsewhere = await aComment();
    const members = await Promise.all(Array.from({ length: 3 }, () => someone()));
    const ids = [];
    for (const m of members) ids.push((await report({ target_type: 'comment', target_id: comment.id, reason: 'spam' }, m.token)).body.id);
    const other = await report({ target_type: 'comment', target_id: elsewhere.comment.id, reason: 'spam' }, members[0]!.token);
    const { mod } = await staff();
    const res = await resolve(ids[1]!, 'dismiss', mod.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: ids[1],
      status: 'resolved',
      action: 'dismiss',
      resolved_at: expect.any(String),
      resolver: { id: mod.member.id, role: 'mod' },
      target: { content: comment.content },
    });
    const rows = await reportsOf('comment', comment.id);
    expect(rows.map((r) => [r.status, r.action, r.resolver_id])).toEqual(Array(3).fill(['resolved', 'dismiss', mod.member.id]));
    for (const row of rows) expect(row.resolved_at).toBeInstanceOf(Date);
    expect(await sql('SELECT 1 FROM comments WHERE id = $1', [comment.id])).toHaveLength(1);
    expect(await reportsOf('comment', elsewhere.comment.id)).toMatchObject([{ id: other.body.id, status: 'open' }]);
    for (const id of ids) expectProblem(await resolve(id, 'remove', mod.token), 409, 'This report is already resolved');
    expect(await sql('SELECT 1 FROM comments WHERE id = $1', [comment.id])).toHaveLength(1);
  });

  it('remove: deletes the comment with its replies, a reply moves its parent’s replies_count, the reports say remove', async () => {
    const { author, drama, comment } = await aComment();
    const replies = await Promise.all([1, 2].map(() => insertComment({ author: author.member, parent: comment })));
    const reactor = await someone();
    await sql("INSERT INTO comment_reactions (user_id, comment_id, type) VALUES ($1, $2, 'like')", [reactor.member.id, comment.id]);
    const a = await someone();
    const { admin } = await staff();
    // a reply first: its parent counts one reply fewer
    const onReply = await report({ target_type: 'comment', target_id: replies[0]!.id, reason: 'harassment' }, a.token);
    const res = await resolve(onReply.body.id, 'remove', admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'resolved', action: 'remove', target: null, resolver: { id: admin.member.id, role: 'admin' } });
    expect(await sql('SELECT replies_count FROM comments WHERE id = $1', [comment.id])).toEqual([{ replies_count: 1 }]);
    // then the comment: its reply and reactions go with it
    const onComment = await report({ target_type: 'comment', target_id: comment.id, reason: 'spam' }, a.token);
    expect((await resolve(onComment.body.id, 'remove', admin.token)).body).toMatchObject({ action: 'remove', target: null });
    expect(await sql('SELECT id FROM comments WHERE drama_id = $1', [drama.id])).toEqual([]);
    expect(await sql('SELECT 1 FROM comment_reactions WHERE comment_id = $1', [comment.id])).toEqual([]);
    expect(await reportsOf('comment', comment.id)).toMatchObject([{ status: 'resolved', action: 'remove', resolver_id: admin.member.id }]);
  });

  it('remove: deletes a post as its author would (services/social/posts.ts); a reply post moves its parent’s replies_count; answered, it stays as a tombstone and its own replies keep their text', async () => {
    const author = await someone();
    const parent = await insertPost({ author: author.member });
    const reply = await insertPost({ author: author.member, parent });
    const replyToReply = await insertPost({ author: author.member, parent: reply });
    const a = await someone();
    const { mod } = await staff();
    const made = await report({ target_type: 'post', target_id: reply.id, reason: 'spam' }, a.token);
    expect((await resolve(made.body.id, 'remove', mod.token)).body).toMatchObject({ action: 'remove', target: null });
    // answered: a tombstone (content emptied, deleted_at set), so that its thread stays readable
    expect(await sql('SELECT content, deleted_at IS NOT NULL AS deleted FROM posts WHERE id = $1', [reply.id])).toEqual([{ content: '', deleted: true }]);
    expect(await sql('SELECT replies_count FROM posts WHERE id = $1', [parent.id])).toEqual([{ replies_count: 0 }]);
    expect(await sql('SELECT parent_id, content FROM posts WHERE id = $1', [replyToReply.id])).toEqual([{ parent_id: reply.id, content: replyToReply.content }]);
    // a post nobody answered goes as a row
    const lone = await insertPost({ author: author.member });
    const second = await report({ target_type: 'post', target_id: lone.id, reason: 'spam' }, a.token);
    expect((await resolve(second.body.id, 'remove', mod.token)).body).toMatchObject({ action: 'remove', target: null });
    expect(await sql('SELECT 1 FROM posts WHERE id = $1', [lone.id])).toEqual([]);
  });

  it('remove of a reply while its author deletes the parent: both answered (no 5xx), both gone, the report resolved', async () => {
    const { mod } = await staff();
    for (let round = 0; round < 3; round++) {
      const { author, comment } = await aComment();
      const reply = await insertComment({ author: author.member, parent: comment });
      const a = await someone();
      const made = await report({ target_type: 'comment', target_id: reply.id, reason: 'spam' }, a.token);
      const [resolved, deleted] = await Promise.all([resolve(made.body.id, 'remove', mod.token), app.client.delete(`/comments/${comment.id}`, { token: author.token })]);
      expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
      expect(await sql('SELECT id FROM comments WHERE id IN ($1, $2)', [comment.id, reply.id])).toEqual([]);
      expect(await reportsOf('comment', reply.id)).toMatchObject([{ status: 'resolved', action: 'remove', resolver_id: mod.member.id }]);
    }
  });

  it('refuses bad input: a non-digit id (400), a bad action (400), an unknown report (404), changing nothing', async () => {
    const { comment } = await aComment();
    const a = await someone();
    const { mod } = await staff();
    const made = await report({ target_type: 'comment', target_id: comment.id, reason: 'spam' }, a.token);
    for (const bad of ['abc', '-1', '1.5', '0x10']) expectProblem(await resolve(bad, 'dismiss', mod.token), 400, 'Invalid report ID', 'id');
    expectProblem(await resolve(made.body.id, 'delete', mod.token), 400, undefined, 'action');
    expectProblem(await resolve(made.body.id, undefined, mod.token), 400, undefined, 'action');
    expectProblem(await resolve(999_999_999, 'dismiss', mod.token), 404, 'Report not found');
    expectProblem(await resolve('9'.repeat(30), 'dismiss', mod.token), 404, 'Report not found');
    expect(await reportsOf('comment', comment.id)).toMatchObject([{ status: 'open', action: null }]);
    expect(await sql('SELECT 1 FROM comments WHERE id = $1', [comment.id])).toHaveLength(1);
  });

  it('two mods resolving one report at once: one wins, the other gets 409, one action is recorded', async () => {
    const { mod, admin } = await staff();
    for (let round = 0; round < 3; round++) {
      const { comment } = await aComment();
      const a = await someone();
      const made = await report({ target_type: 'comment', target_id: comment.id, reason: 'spam' }, a.token);
      const answers = await Promise.all([resolve(made.body.id, 'remove', mod.token), resolve(made.body.id, 'dismiss', admin.token)]);
      expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
      const winner = answers.find((res) => res.status === 200)!;
      const [row] = await reportsOf('comment', comment.id);
      expect(row).toMatchObject({ status: 'resolved', action: winner.body.action, resolver_id: winner.body.resolver.id });
      expect(await sql('SELECT 1 FROM comments WHERE id = $1', [comment.id])).toHaveLength(winner.body.action === 'remove' ? 0 : 1);
    }
    // two reports of one comment resolved at once by two mods (locks taken in one order: no deadlock)
    const { comment } = await aComment();
    const [a, b] = [await someone(), await someone()];
    const first = await report({ target_type: 'comment', target_id: comment.id, reason: 'spam' }, a.token);
    const second = await report({ target_type: 'comment', target_id: comment.id, reason: 'spam' }, b.token);
    const answers = await Promise.all([resolve(first.body.id, 'remove', mod.token), resolve(second.body.id, 'remove', admin.token)]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    const rows = await reportsOf('comment', comment.id);
    expect(new Set(rows.map((r) => `${r.status} ${r.action} ${r.resolver_id}`)).size).toBe(1);
    expect(rows[0]!.status).toBe('resolved');
  });

  it("refuses a mod's resolution past the moderation limit with 429 and Retry-After, and changes nothing", async () => {
    const { mod } = await staff();
    const { comment } = await aComment();
    const a = await someone();
    const made = await report({ target_type: 'comment', target_id: comment.id, reason: 'spam' }, a.token);
    // the limit's earlier actions of the hour, counted as the limiter counts them
    for (let n = 0; n < RATE_LIMITS.moderationByMember.points; n++) await consumeLimit('moderationByMember', limitKey.member(mod.member.id));
    const refused = await resolve(made.body.id, 'remove', mod.token);
    expectProblem(refused, 429, /^Too many moderation actions\./);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await reportsOf('comment', comment.id)).toMatchObject([{ status: 'open', action: null }]);
    expect(await sql('SELECT 1 FROM comments WHERE id = $1', [comment.id])).toHaveLength(1);
  });
});
