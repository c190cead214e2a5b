// The public answer cache holds at most PUBLIC_CACHE_MB of answers, however many different answers
// are asked for (issue 10, item 7): the least recently used go first. This file runs with a 1 MB
// bound; tests/faults/ measures a real instance's memory under 6,000 cache-busting requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicCacheSize } from '../../src/lib/server/api/public-cache.ts';
import { reloadEnv } from '../../src/lib/server/env.ts';
import { startApiServer } from '../helpers/api-server.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { createDrama } from '../helpers/factories.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Awaited<ReturnType<typeof startApiServer>>;

beforeAll(async () => {
  process.env.PUBLIC_CACHE_MB = '1';
  reloadEnv();
  database = await createTestDatabase();
  server = await startApiServer();
  for (let i = 0; i < 60; i++) {
    await createDrama({
      title: `Bounded Drama ${i}`,
      synopsis: 'A long synopsis that makes every listed drama weigh something. '.repeat(4),
      status: 'completed',
      country: 'South Korea',
      year: 2000 + (i % 20),
    });
  }
}, 60_000);

afterAll(async () => {
  await server?.close();
  await database?.drop();
  delete process.env.PUBLIC_CACHE_MB;
  reloadEnv();
});

/** The same 60 dramas under a different key each time: the year range's upper end varies. */
const page = async (n: number) => {
  const res = await server.request(`/api/v1/dramas/?size=100&year=1990,${3000 + n}`);
  expect(res.status).toBe(200);
  const body = await res.arrayBuffer();
  return { cache: res.headers.get('X-Cache'), bytes: body.byteLength };
};

describe('public answer cache bound', () => {
  it('holds no more than its bound in bytes, dropping the least recently used answers', async () => {
    const first = await page(0);
    expect(first.cache).toBe('MISS');
    const requests = Math.ceil((3 * 1024 * 1024) / first.bytes); // three times what fits
    for (let n = 1; n < requests; n++) await page(n);
    const size = publicCacheSize();
    expect(size.maxBytes).toBe(1024 * 1024);
    expect(size.bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(size.entries).toBeLessThan(requests / 2);
    expect(size.entries * first.bytes).toBeLessThanOrEqual(1024 * 1024);
    // the newest answers are kept, the oldest went
    expect((await page(requests - 1)).cache).toBe('HIT');
    expect((await page(0)).cache).toBe('MISS');
  });
});
