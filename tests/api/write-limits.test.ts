// Every member write is rate limited by construction (issue 19 item 2, docs/decisions/028): each
// non-GET operation of the OpenAPI document that takes a member's token declares a 429 and is wired
// to a per-member limiter (the route's own middleware, not its documentation); and the limits added
// for hearts, profile saves, profile views and sign-outs refuse the write after the last point.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wiredHandlers } from '../../src/lib/server/api/index.ts';
import { memberLimitOf, memberLimitsOf } from '../../src/lib/server/api/member-limits.ts';
import { isSignInGuard } from '../../src/lib/server/api/auth-middleware.ts';
import { clearLimit, consumeLimit, limitKey, RATE_LIMITS } from '../../src/lib/server/rate-limit.ts';
import { startApiServer } from '../helpers/api-server.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { createDrama, createMember, createPerson, tokenFor } from '../helpers/factories.ts';
import { api, expectProblem } from '../helpers/http.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Awaited<ReturnType<typeof startApiServer>>;
let client: ReturnType<typeof api>;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startApiServer();
  client = api(server);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await database.pool.query(text, values)).rows as T[];
}

async function someone() {
  const member = await createMember();
  return { member, token: await tokenFor(member) };
}

type Operation = { operationId?: string; security?: Record<string, string[]>[]; responses?: Record<string, unknown> };

describe('every member write', () => {
  it('declares a 429 and is wired to a per-member limiter after the sign-in guard', async () => {
    const doc = (await (await server.request('/api/v1/openapi.json')).json()) as { paths: Record<string, Record<string, Operation>> };
    const handlers = wiredHandlers();
    const writes: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (method === 'get' || method === 'head') continue;
        if (!operation.security?.some((requirement) => 'bearer' in requirement)) continue;
        const name = `${method.toUpperCase()} ${path} (${operation.operationId})`;
        writes.push(name);
        expect(Object.keys(operation.responses ?? {}), `${name} declares no 429`).toContain('429');
        // the handlers the router runs for it, in order: the guard that signs the member in
        // (requireMemberWrite, a staff guard of requirePermission, or requireUser for sign-outs), then a
        // limiter, then the rest
        const chain = handlers
          .filter((h) => h.method === method.toUpperCase() && h.path === path.replace(/\{(\w+)\}/g, ':$1'))
          .map((h) => h.handler);
        expect(chain.length, `${name} is not wired`).toBeGreaterThan(0);
        const limiter = chain.findIndex((handler) => memberLimitOf(handler) !== undefined);
        expect(limiter, `${name} has no per-member limiter`).toBeGreaterThan(-1);
        const guard = chain.findIndex((handler) => isSignInGuard(handler));
        expect(guard, `${name}: a sign-in guard runs before the limiter`).toBeGreaterThan(-1);
        expect(guard, `${name}: a sign-in guard runs before the limiter`).toBeLessThan(limiter);
        expect(Object.keys(RATE_LIMITS)).toContain(memberLimitOf(chain[limiter]));
      }
    }
    // the walk saw the writes it must (a renamed document would otherwise pass it empty)
    expect(writes.length).toBeGreaterThanOrEqual(14);
    for (const operationId of ['giveHeart', 'takeBackHeart', 'updateCurrentUser', 'recordProfileView', 'followUser', 'saveListStatus', 'createUpload', 'logout', 'blockUser', 'createReport', 'resolveReport']) {
      expect(writes.some((w) => w.endsWith(`(${operationId})`)), operationId).toBe(true);
    }
    // --- comments and reactions (issue 20) ---
    for (const operationId of ['createComment', 'updateComment', 'deleteComment', 'saveReaction', 'deleteReaction']) {
      expect(writes.some((w) => w.endsWith(`(${operationId})`)), operationId).toBe(true);
    }
    // a comment counts against the minute's and the day's rule, in one limiter
    const rulesOf = (method: string, path: string) =>
      handlers.filter((h) => h.method === method && h.path === path).flatMap((h) => memberLimitsOf(h.handler));
    expect(rulesOf('POST', '/comments')).toEqual(['commentsByMember', 'commentsByMemberDaily']);
    expect(rulesOf('PUT', '/comments/:id')).toEqual(['commentEditsByMember']);
    expect(rulesOf('DELETE', '/comments/:id')).toEqual(['commentEditsByMember']);
    expect(rulesOf('POST', '/reactions')).toEqual(['reactionsByMember']);
    expect(rulesOf('DELETE', '/reactions/:id')).toEqual(['reactionsByMember']);
    // --- end comments and reactions ---
    // --- social feed (issue 21) ---
    expect(rulesOf('POST', '/social/posts')).toEqual(['postsByMember', 'postsByMemberDaily']);
    for (const path of ['/social/posts/:id', '/social/posts/:id/detach']) expect(rulesOf(path.endsWith('detach') ? 'POST' : 'PUT', path)).toEqual(['postEditsByMember']);
    expect(rulesOf('DELETE', '/social/posts/:id')).toEqual(['postEditsByMember']);
    expect(rulesOf('POST', '/social/posts/:id/like')).toEqual(['toggleWritesByMember']);
    expect(rulesOf('POST', '/social/posts/:id/repost')).toEqual(['toggleWritesByMember']);
    // --- end social feed ---
  });

  // --- comments and reactions (issue 20) ---
  it("a comment past the day's cap is refused with 429 and Retry-After, stores nothing, and costs no point of the minute's rule", async () => {
    const { member, token } = await someone();
    const drama = await createDrama();
    const key = limitKey.member(member.id);
    for (let n = 0; n < RATE_LIMITS.commentsByMemberDaily.points; n++) await consumeLimit('commentsByMemberDaily', key);
    for (let n = 1; n <= 3; n++) {
      const refused = await client.post('/comments/', { content: `Comment ${n}`, dorama_id: drama.id }, { token });
      expectProblem(refused, 429, /^Too many comments today\./);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3600);
    }
    expect(await sql('SELECT count(*)::int AS n FROM comments WHERE user_id = $1', [member.id])).toEqual([{ n: 0 }]);
    // the refusals gave back the minute's points they took: a new day allows the full 10 in this minute
    await clearLimit('commentsByMemberDaily', key);
    for (let n = 1; n <= 10; n++) expect((await client.post('/comments/', { content: `Comment ${n}`, dorama_id: drama.id }, { token })).status).toBe(201);
    expectProblem(await client.post('/comments/', { content: 'Comment 11', dorama_id: drama.id }, { token }), 429, /^Too many comments\./);
  });
  // --- end comments and reactions ---

  // --- social feed (issue 21) ---
  it("a post past the minute's and the day's caps is refused with 429 and Retry-After and stores nothing; likes and reposts share the toggles' limit", async () => {
    const { member, token } = await someone();
    for (let n = 1; n <= RATE_LIMITS.postsByMember.points; n++) expect((await client.post('/social/posts', { content: `Post ${n}` }, { token })).status).toBe(201);
    const refused = await client.post('/social/posts', { content: 'One too many' }, { token });
    expectProblem(refused, 429, /^Too many posts\./);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await sql('SELECT count(*)::int AS n FROM posts WHERE author_id = $1', [member.id])).toEqual([{ n: RATE_LIMITS.postsByMember.points }]);

    const daily = await someone();
    const key = limitKey.member(daily.member.id);
    for (let n = 0; n < RATE_LIMITS.postsByMemberDaily.points; n++) await consumeLimit('postsByMemberDaily', key);
    const today = await client.post('/social/posts', { content: 'Tomorrow' }, { token: daily.token });
    expectProblem(today, 429, /^Too many posts today\./);
    expect(Number(today.headers.get('retry-after'))).toBeGreaterThan(3600);
    await clearLimit('postsByMemberDaily', key);

    const [target] = await sql<{ id: number }>('SELECT id FROM posts WHERE author_id = $1 LIMIT 1', [member.id]);
    const fan = await someone();
    for (let n = 1; n <= RATE_LIMITS.toggleWritesByMember.points; n++) {
      const res = await client.post(`/social/posts/${target!.id}/${n % 2 ? 'like' : 'repost'}`, undefined, { token: fan.token });
      expect(res.status, `toggle ${n}`).toBe(200);
    }
    expectProblem(await client.post(`/social/posts/${target!.id}/like`, undefined, { token: fan.token }), 429, /^Too many changes\./);
    expect(await sql('SELECT likes_count, reposts_count FROM posts WHERE id = $1', [target!.id])).toEqual([{ likes_count: 0, reposts_count: 0 }]);
  });
  // --- end social feed ---

  it('a heart given or taken back: the 61st in a minute is refused with 429 and Retry-After, and changes nothing', async () => {
    const fan = await someone();
    const person = await createPerson({ name: 'Kim Limit' });
    for (let n = 1; n <= 60; n++) {
      const giving = n % 2 === 1;
      const res = await client.call(giving ? 'POST' : 'DELETE', `/people/${person.id}/heart`, undefined, { token: fan.token });
      expect(res.status, `write ${n}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body, `write ${n}`).toMatchObject({ hearts: giving ? 1 : 0 });
    }
    const refused = await client.post(`/people/${person.id}/heart`, undefined, { token: fan.token });
    expectProblem(refused, 429, /^Too many changes\. Please try again in 1 minute\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await sql('SELECT hearts FROM people WHERE id = $1', [person.id])).toEqual([{ hearts: 0 }]);
    // reads are not limited; another member is not affected
    expect((await client.get(`/people/${person.id}/heart-status`, { token: fan.token })).status).toBe(200);
    expect((await client.post(`/people/${person.id}/heart`, undefined, { token: (await someone()).token })).status).toBe(200);
  });

  it('a profile save: the 31st in 10 minutes is refused with 429 and Retry-After, and changes nothing', async () => {
    const { member, token } = await someone();
    for (let n = 1; n <= 30; n++) {
      const res = await client.put('/users/me', { full_name: `Name ${n}` }, { token });
      expect(res.status, `save ${n}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.user.full_name, `save ${n}`).toBe(`Name ${n}`);
    }
    const refused = await client.put('/users/me', { full_name: 'Name 31' }, { token });
    expectProblem(refused, 429, /^Too many profile changes\. Please try again in (9|10) minutes\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await sql('SELECT full_name FROM users WHERE id = $1', [member.id])).toEqual([{ full_name: 'Name 30' }]);
    expect((await client.get('/users/me', { token })).status).toBe(200);
  });

  it('a profile view: the 121st in a minute is refused with 429', async () => {
    const viewer = await someone();
    const others = await Promise.all([1, 2, 3].map(() => createMember()));
    for (let n = 1; n <= 120; n++) {
      const res = await client.post(`/users/${others[n % 3]!.id}/view`, undefined, { token: viewer.token });
      expect(res.status, `view ${n}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    expectProblem(await client.post(`/users/${others[0]!.id}/view`, undefined, { token: viewer.token }), 429, /^Too many profile views\./);
  });
});
