// The per-process cache of public catalogue answers (api/public-cache.ts): repeats come from memory,
// a member's write is visible at once, per-member and error answers are never kept.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STALE_MS, TTL_MS } from '../../src/lib/server/api/public-cache.ts';
import { catalogueChanged } from '../../src/lib/server/services/catalogue/catalogue-events.ts';
import { env, reloadEnv } from '../../src/lib/server/env.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { startApiServer } from '../helpers/api-server.ts';
import { createDrama, createMember, createPerson, tokenFor } from '../helpers/factories.ts';
import { api } from '../helpers/http.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Awaited<ReturnType<typeof startApiServer>>;
let token = '';
let personId = 0;
let dramaId = 0;

async function get(pathname: string, headers: Record<string, string> = {}) {
  const res = await server.request(`/api/v1${pathname}`, { headers });
  return {
    status: res.status,
    cache: res.headers.get('X-Cache'),
    cacheControl: res.headers.get('Cache-Control'),
    requestId: res.headers.get('X-Request-Id'),
    type: res.headers.get('Content-Type'),
    sniff: res.headers.get('X-Content-Type-Options'),
    body: await res.json(),
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startApiServer();
  token = await tokenFor(await createMember({ email: 'cache@example.com', username: 'cachefan', fullName: 'Cache Fan' }));
  ({ id: personId } = await createPerson({ name: 'Cached Person', nationality: ['Korean'] }));
  ({ id: dramaId } = await createDrama({ title: 'Cached Drama', type: 'drama', status: 'completed', country: 'South Korea', year: 2020 }));
}, 60_000);

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

describe('public answer cache', () => {
  it('answers a repeat from memory with the same body and a CDN-friendly Cache-Control', async () => {
    const first = await get(`/dramas/${dramaId}`);
    const second = await get(`/dramas/${dramaId}`);
    expect(first.status).toBe(200);
    expect(first.cache).toBe('MISS');
    expect(second.cache).toBe('HIT');
    expect(second.body).toEqual(first.body);
    for (const answer of [first, second]) {
      expect(answer.cacheControl).toMatch(/^public, max-age=0, s-maxage=\d+/);
      expect(answer.type).toMatch(/^application\/json/);
      expect(answer.sniff).toBe('nosniff');
      expect(answer.requestId).toMatch(/^[\w-]{8,}$/);
    }
    expect(second.requestId).not.toBe(first.requestId);
    // a trailing slash and its absence are one answer
    await get('/dramas/?title=cached');
    expect((await get('/dramas?title=cached')).cache).toBe('HIT');
  });

  it('shows a heart at once on the person and the search that lists them', async () => {
    type Listed = { id: number; hearts: number };
    const listed = (answer: Awaited<ReturnType<typeof get>>) => (answer.body.items as Listed[]).find((p) => p.id === personId);
    const before = await get(`/people/${personId}`);
    expect((await get(`/people/${personId}`)).cache).toBe('HIT');
    const searchBefore = await get('/people/?name=Cached');
    expect(listed(searchBefore)).toBeDefined();
    expect(listed(searchBefore)!.hearts).toBe(before.body.hearts);
    expect((await get('/people/?name=Cached')).cache).toBe('HIT');

    const res = await api(server).post(`/people/${personId}/heart`, undefined, { token });
    expect(res.status).toBe(200);
    const after = await get(`/people/${personId}`);
    expect(after.cache).toBe('MISS');
    expect(after.body.hearts).toBe(before.body.hearts + 1);
    const searchAfter = await get('/people/?name=Cached');
    expect(searchAfter.cache).toBe('MISS');
    expect(listed(searchAfter)!.hearts).toBe(listed(searchBefore)!.hearts + 1);
  });

  it('never keeps per-member, fresh-by-request or failed answers', async () => {
    const auth = { Authorization: `Bearer ${token}` };
    for (const path of [`/people/${personId}/heart-status`, `/people/${personId}/filmography`, `/dramas/${dramaId}/episodes`, '/users/me']) {
      await get(path, auth);
      expect((await get(path, auth)).cache, path).toBeNull();
    }
    for (const path of ['/dramas/999999', '/dramas/abc', '/dramas/?year=banana']) {
      const first = await get(path);
      const again = await get(path);
      expect(first.status, path).toBeGreaterThanOrEqual(400);
      expect(again.cache, path).not.toBe('HIT');
    }
  });

  it('forgets everything when the catalogue changes elsewhere in the process', async () => {
    await get('/dramas/popular?size=5');
    expect((await get('/dramas/popular?size=5')).cache).toBe('HIT');
    const title = `Renamed Drama ${Date.now()}`;
    await database.pool.query('UPDATE dramas SET title = $1 WHERE id = $2', [title, dramaId]);
    catalogueChanged();
    const fresh = await get(`/dramas/${dramaId}`);
    expect(fresh.cache).toBe('MISS');
    expect(fresh.body.title).toBe(title);
    expect((await get('/dramas/popular?size=5')).cache).toBe('MISS');
  });

  it('sends an expired answer once more while it computes the next in the background, then the fresh one', async () => {
    const path = `/dramas/${dramaId}`;
    // a title of its own, announced so that the cache starts again from it
    const title = `Stale Drama ${Date.now()}`;
    await database.pool.query('UPDATE dramas SET title = $1 WHERE id = $2', [title, dramaId]);
    catalogueChanged();
    expect((await get(path)).body.title).toBe(title);
    expect((await get(path)).cache).toBe('HIT');
    // changed behind this process's back (as by another instance), then the answer expires
    await database.pool.query('UPDATE dramas SET title = $1 WHERE id = $2', ['Retitled Elsewhere', dramaId]);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + TTL_MS + 1000);
    const stale = await get(path);
    expect(stale.cache).toBe('STALE');
    expect(stale.body.title).toBe(title);
    await expect.poll(async () => (await get(path)).body.title, { timeout: 5000 }).toBe('Retitled Elsewhere');
    expect((await get(path)).cache).toBe('HIT');
    // past the stale window nothing old is sent: the next reader computes it
    vi.setSystemTime(Date.now() + TTL_MS + STALE_MS + 1000);
    expect((await get(path)).cache).toBe('MISS');
  });

  it('keys an answer by the parameters its route reads: unknown ones and their order make no new answer', async () => {
    await get(`/dramas/${dramaId}?_=1`);
    for (const path of [`/dramas/${dramaId}`, `/dramas/${dramaId}?_=2`, `/dramas/${dramaId}?utm_source=x&_=3`]) {
      expect((await get(path)).cache, path).toBe('HIT');
    }
    const first = await get('/dramas/?title=cached&size=5&_=4');
    expect(first.cache).toBe('MISS');
    const reordered = await get('/dramas/?_=5&size=5&title=cached');
    expect(reordered.cache).toBe('HIT');
    expect(reordered.body).toEqual(first.body);
    expect((await get('/dramas/?title=cached&size=6')).cache).toBe('MISS'); // a parameter it reads
  });

  it('recomputes for a request that asks for it (Cache-Control: no-cache) at most once a second per answer, and keeps it', async () => {
    // Issue 19: any visitor's no-cache recomputed the answer and replaced the hot entry, every time,
    // so a flood of them loaded the database as if there were no cache. No-cache is honoured when the
    // kept answer was computed NO_CACHE_INTERVAL_MS (1 s) ago or more, and from anyone (a token is no
    // protection: anyone can make an account); a quicker one is answered from memory. That costs a
    // key no more than a request for a new key does; a member's own change is visible at once anyway
    // (catalogue changes clear the cache).
    const path = `/people/${personId}`;
    vi.useFakeTimers({ toFake: ['Date'] });
    catalogueChanged();
    expect((await get(path)).cache).toBe('MISS');
    const { rows } = await database.pool.query('UPDATE people SET hearts = hearts + 7 WHERE id = $1 RETURNING hearts', [personId]);
    const flood = await Promise.all(Array.from({ length: 20 }, () => get(path, { 'Cache-Control': 'no-cache', Pragma: 'no-cache' })));
    expect(flood.map((a) => a.cache)).toEqual(Array(20).fill('HIT'));
    expect(flood[0]!.body.hearts).toBe(rows[0].hearts - 7);
    vi.setSystemTime(Date.now() + env().noCacheIntervalMs);
    const fresh = await Promise.all(Array.from({ length: 20 }, () => get(path, { 'Cache-Control': 'no-cache' })));
    expect(fresh.filter((a) => a.cache === 'MISS')).toHaveLength(1); // the others share it, or get it from memory
    expect(fresh.map((a) => a.body.hearts)).toEqual(Array(20).fill(rows[0].hearts));
    const again = await get(path);
    expect(again.cache).toBe('HIT');
    expect(again.body.hearts).toBe(rows[0].hearts);
  });

  it('recomputes for every no-cache with NO_CACHE_INTERVAL_MS=0 (the benchmark and fault tests measure misses so)', async () => {
    process.env.NO_CACHE_INTERVAL_MS = '0';
    reloadEnv();
    try {
      const path = `/people/${personId}`;
      catalogueChanged();
      await get(path);
      for (let i = 0; i < 3; i++) expect((await get(path, { 'Cache-Control': 'no-cache' })).cache).toBe('MISS');
      expect((await get(path)).cache).toBe('HIT');
    } finally {
      delete process.env.NO_CACHE_INTERVAL_MS;
      reloadEnv();
    }
  });
});
