// Blocks over HTTP (contract "Comments and reactions", "Reports and blocks"; docs/decisions/035): who
// may call, bad input, idempotence, a block ending follows both ways with exact counters, no follow
// across a block (either way), a block racing follows, the blocked members' list, and the write limit.
// Hiding blocked members' comments is the comments' tests' part (comments.test.ts).
import { describe, expect, it } from 'vitest';
import { useApiFixture } from '../helpers/api-fixture.ts';
import { expectProblem } from '../helpers/http.ts';

const app = useApiFixture();
const { sql, someone } = app;

const block = (id: number | string, token?: string) => app.client.post(`/users/${id}/block`, undefined, { token });
const unblock = (id: number | string, token?: string) => app.client.delete(`/users/${id}/block`, { token });
const blockState = (id: number | string, token?: string) => app.client.get(`/users/${id}/block`, { token });
const follow = (id: number | string, token?: string) => app.client.post(`/users/${id}/follow`, undefined, { token });
const unfollow = (id: number | string, token?: string) => app.client.delete(`/users/${id}/follow`, { token });

/** the stored counters of a member, and the counts of their real follow rows */
async function counters(id: number) {
  const [row] = await sql<{ followers_count: number; following_count: number; followers: number; following: number }>(
    `SELECT followers_count, following_count,
            (SELECT count(*)::int FROM follows WHERE followee_id = $1) AS followers,
            (SELECT count(*)::int FROM follows WHERE follower_id = $1) AS following
       FROM users WHERE id = $1`,
    [id],
  );
  return row!;
}

const blockRows = (blocker: number) => sql<{ blocked_id: number }>('SELECT blocked_id FROM blocks WHERE blocker_id = $1 ORDER BY blocked_id', [blocker]);
const followRowsBetween = (a: number, b: number) =>
  sql('SELECT follower_id, followee_id FROM follows WHERE (follower_id = $1 AND followee_id = $2) OR (follower_id = $2 AND followee_id = $1)', [a, b]);

describe('who may call', () => {
  it('refuses a visitor (401) and a bad token on every block call, and stores nothing', async () => {
    const { member } = await someone();
    for (const call of [() => block(member.id), () => unblock(member.id), () => blockState(member.id), () => app.client.get('/users/me/blocks')]) {
      expectProblem(await call(), 401, 'Not authenticated');
    }
    expectProblem(await block(member.id, 'not-a-token'), 401);
    expectProblem(await app.client.get('/users/me/blocks', { token: 'not-a-token' }), 401);
    expect(await sql('SELECT 1 FROM blocks WHERE blocked_id = $1', [member.id])).toEqual([]);
  });
});

describe('block and unblock', () => {
  it('blocks idempotently, says so to the blocker only, and unblocks idempotently', async () => {
    const a = await someone();
    const b = await someone();
    expect((await blockState(b.member.id, a.token)).body).toEqual({ blocked: false });
    for (let i = 0; i < 2; i++) {
      const res = await block(b.member.id, a.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ blocked: true });
    }
    expect(await blockRows(a.member.id)).toEqual([{ blocked_id: b.member.id }]);
    expect((await blockState(b.member.id, a.token)).body).toEqual({ blocked: true });
    // the blocked member is not told that they are blocked
    expect((await blockState(a.member.id, b.token)).body).toEqual({ blocked: false });
    for (let i = 0; i < 2; i++) expect((await unblock(b.member.id, a.token)).body).toEqual({ blocked: false });
    expect(await blockRows(a.member.id)).toEqual([]);
    expect((await blockState(b.member.id, a.token)).body).toEqual({ blocked: false });
  });

  it('refuses oneself (400), an unknown member (404) and an id that is not digits (400), storing nothing', async () => {
    const a = await someone();
    expectProblem(await block(a.member.id, a.token), 400, 'You cannot block yourself', 'id');
    expectProblem(await unblock(a.member.id, a.token), 400, 'You cannot block yourself', 'id');
    expectProblem(await block(999_999_999, a.token), 404, 'User not found');
    expectProblem(await unblock(999_999_999, a.token), 404, 'User not found');
    expectProblem(await blockState(999_999_999, a.token), 404, 'User not found');
    expectProblem(await block('9'.repeat(30), a.token), 404, 'User not found');
    for (const bad of ['abc', '-1', '1.5', '0x10', '1e3', '%20']) {
      expectProblem(await block(bad, a.token), 400, 'Invalid user ID', 'id');
      expectProblem(await unblock(bad, a.token), 400, 'Invalid user ID', 'id');
      expectProblem(await blockState(bad, a.token), 400, 'Invalid user ID', 'id');
    }
    expect((await blockState(a.member.id, a.token)).body).toEqual({ blocked: false });
    expect(await blockRows(a.member.id)).toEqual([]);
  });

  it('ends a follow in either direction, moving both members’ counters exactly; other follows stay', async () => {
    const a = await someone();
    const b = await someone();
    const c = await someone();
    const d = await someone();
    for (const [who, whom] of [
      [a, b],
      [b, a],
      [c, a],
      [a, d],
      [c, b],
    ] as const) {
      expect((await follow(whom.member.id, who.token)).status).toBe(200);
    }
    expect(await counters(a.member.id)).toEqual({ followers_count: 2, following_count: 2, followers: 2, following: 2 });
    expect(await counters(b.member.id)).toEqual({ followers_count: 2, following_count: 1, followers: 2, following: 1 });

    expect((await block(b.member.id, a.token)).body).toEqual({ blocked: true });
    expect(await followRowsBetween(a.member.id, b.member.id)).toEqual([]);
    expect(await counters(a.member.id)).toEqual({ followers_count: 1, following_count: 1, followers: 1, following: 1 });
    expect(await counters(b.member.id)).toEqual({ followers_count: 1, following_count: 0, followers: 1, following: 0 });
    expect(await counters(c.member.id)).toEqual({ followers_count: 0, following_count: 2, followers: 0, following: 2 });
    expect(await counters(d.member.id)).toEqual({ followers_count: 1, following_count: 0, followers: 1, following: 0 });
    // blocking again changes nothing
    await block(b.member.id, a.token);
    expect(await counters(a.member.id)).toEqual({ followers_count: 1, following_count: 1, followers: 1, following: 1 });
    // an unblock does not bring the follows back
    await unblock(b.member.id, a.token);
    expect(await followRowsBetween(a.member.id, b.member.id)).toEqual([]);
  });

  it('refuses a follow across a block either way (403), lets an unfollow through, and follows again once unblocked', async () => {
    const a = await someone();
    const b = await someone();
    await block(b.member.id, a.token);
    expectProblem(await follow(b.member.id, a.token), 403, "You can't interact with this member");
    expectProblem(await follow(a.member.id, b.token), 403, "You can't interact with this member");
    expect((await unfollow(a.member.id, b.token)).body).toEqual({ following: false, followers_count: 0 });
    expect(await followRowsBetween(a.member.id, b.member.id)).toEqual([]);
    expect(await counters(a.member.id)).toEqual({ followers_count: 0, following_count: 0, followers: 0, following: 0 });

    // both blocked each other: one unblock is not enough
    await block(a.member.id, b.token);
    await unblock(b.member.id, a.token);
    expectProblem(await follow(b.member.id, a.token), 403);
    await unblock(a.member.id, b.token);
    expect((await follow(b.member.id, a.token)).body).toEqual({ following: true, followers_count: 1 });
    expect((await follow(a.member.id, b.token)).body).toEqual({ following: true, followers_count: 1 });
    expect(await counters(a.member.id)).toEqual({ followers_count: 1, following_count: 1, followers: 1, following: 1 });
  });

  it('a block racing follows between the same two: no follow survives, counters equal the rows', async () => {
    const pairs = await Promise.all(Array.from({ length: 6 }, async () => [await someone(), await someone()] as const));
    // each pair: follows both ways already made, then at once: a block, follows both ways, an unfollow
    await Promise.all(pairs.map(([x, y]) => follow(y.member.id, x.token)));
    const answers = await Promise.all(
      pairs.flatMap(([x, y]) => [follow(x.member.id, y.token), block(y.member.id, x.token), follow(y.member.id, x.token), follow(x.member.id, y.token), unfollow(y.member.id, x.token)]),
    );
    for (const res of answers) expect([200, 403], JSON.stringify(res.body)).toContain(res.status);
    for (const [x, y] of pairs) {
      expect(await followRowsBetween(x.member.id, y.member.id)).toEqual([]);
      expect(await blockRows(x.member.id)).toEqual([{ blocked_id: y.member.id }]);
      for (const who of [x, y]) expect(await counters(who.member.id)).toEqual({ followers_count: 0, following_count: 0, followers: 0, following: 0 });
    }
    // and mutual blocks at the same moment (rows locked in id order: no deadlock)
    const more = await Promise.all(Array.from({ length: 4 }, async () => [await someone(), await someone()] as const));
    await Promise.all(more.map(([x, y]) => follow(y.member.id, x.token)));
    const mutual = await Promise.all(more.flatMap(([x, y]) => [block(y.member.id, x.token), block(x.member.id, y.token)]));
    expect(mutual.map((res) => res.status)).toEqual(Array(8).fill(200));
    for (const [x, y] of more) {
      expect(await followRowsBetween(x.member.id, y.member.id)).toEqual([]);
      expect(await counters(x.member.id)).toEqual({ followers_count: 0, following_count: 0, followers: 0, following: 0 });
      expect(await counters(y.member.id)).toEqual({ followers_count: 0, following_count: 0, followers: 0, following: 0 });
    }
  });
});

describe('GET /users/me/blocks', () => {
  it('pages the members the caller blocked, the latest block first, and nobody else’s', async () => {
    const a = await someone();
    const blocked = await Promise.all(Array.from({ length: 3 }, () => someone({ avatar: '/media/a.jpg' })));
    for (const b of blocked) await block(b.member.id, a.token);
    await sql(
      'UPDATE blocks SET created_at = now() - make_interval(mins => CASE blocked_id WHEN $2 THEN 30 WHEN $3 THEN 10 ELSE 20 END) WHERE blocker_id = $1',
      [a.member.id, blocked[0]!.member.id, blocked[1]!.member.id],
    );
    const other = await someone();
    await block(a.member.id, other.token); // someone blocking the caller is not in the caller's list

    const first = await app.client.get('/users/me/blocks?size=2', { token: a.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 3, page: 1, size: 2, pages: 2 });
    const b1 = blocked[1]!.member;
    expect(first.body.items[0]).toEqual({ id: b1.id, username: b1.username, name: b1.fullName, avatar: '/media/a.jpg', role: 'user', blocked_at: expect.any(String) });
    expect(first.body.items.map((m: { id: number }) => m.id)).toEqual([blocked[1]!.member.id, blocked[2]!.member.id]);
    const second = await app.client.get('/users/me/blocks?size=2&page=2', { token: a.token });
    expect(second.body.items.map((m: { id: number }) => m.id)).toEqual([blocked[0]!.member.id]);
    expect((await app.client.get('/users/me/blocks', { token: other.token })).body).toMatchObject({ total: 1, items: [{ id: a.member.id }] });
    expect((await app.client.get('/users/me/blocks', { token: blocked[0]!.token })).body).toEqual({ items: [], total: 0, page: 1, size: 20, pages: 0 });
  });

  it('refuses bad paging (400 naming the field)', async () => {
    const a = await someone();
    expectProblem(await app.client.get('/users/me/blocks?page=0', { token: a.token }), 400, undefined, 'page');
    expectProblem(await app.client.get('/users/me/blocks?size=101', { token: a.token }), 400, undefined, 'size');
    expectProblem(await app.client.get('/users/me/blocks?size=x', { token: a.token }), 400, undefined, 'size');
  });
});

describe('the write limit', () => {
  it("refuses a member's 51st block change in a day with 429 and Retry-After, and changes nothing", async () => {
    const a = await someone();
    const b = await someone();
    for (let n = 1; n <= 50; n++) {
      const blocking = n % 2 === 1;
      const res = blocking ? await block(b.member.id, a.token) : await unblock(b.member.id, a.token);
      expect(res.status, `write ${n}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    const refused = await block(b.member.id, a.token);
    expectProblem(refused, 429, /^Too many block changes today\./);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await blockRows(a.member.id)).toEqual([]);
    expectProblem(await unblock(b.member.id, a.token), 429);
    // reads are not limited; other members are not affected
    expect((await app.client.get('/users/me/blocks', { token: a.token })).status).toBe(200);
    const c = await someone();
    expect((await block(b.member.id, c.token)).body).toEqual({ blocked: true });
  });
});
