import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '../../src/lib/server/db/schema/index.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { startApiServer } from '../helpers/api-server.ts';
import { startMailbox } from '../helpers/mailbox.ts';

// The rate limits live in the database (rate_limits). On the embedded default every connection to
// PGlite shares its one session, so a named prepared statement outlives the connection that made it:
// a new connection (the pool closing an idle one after 10 s, a reconnect, a second process) used to
// collide with it ("prepared statement "rate_limits:rlflx-upsert" already exists", a 500 on every
// rate-limited request from then on). These tests replace the pool's connection as those events do.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Awaited<ReturnType<typeof startApiServer>>;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;

beforeAll(async () => {
  mailbox = await startMailbox();
  database = await createTestDatabase();
  server = await startApiServer();
});
afterAll(async () => {
  await server?.close();
  await mailbox?.close();
  await database?.drop();
});
beforeEach(async () => {
  await database.db.delete(rateLimits);
});

const postJson = (path: string, body: unknown) =>
  server.request(`/api/v1${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** Closes the pool's connection, as its idle timeout or a dropped socket does; the next query opens a new one. */
async function replaceConnection() {
  const client = await database.pool.connect();
  client.release(true);
}

describe('rate limits in the database', () => {
  it('keep answering after the database connection is replaced', async () => {
    expect((await postJson('/auth/resend-verification', { email: 'first@example.com' })).status).toBe(200);
    await replaceConnection();
    const again = await postJson('/auth/resend-verification', { email: 'second@example.com' });
    expect(again.status).toBe(200);
    expect((await postJson('/auth/forgot-password', { email: 'third@example.com' })).status).toBe(200);
  });

  it('never answer 500 to many concurrent rate-limited requests while connections come and go', async () => {
    const requests = [
      () => postJson('/auth/resend-verification', { email: 'someone@example.com' }),
      () => postJson('/auth/forgot-password', { email: 'someone@example.com' }),
      () => postJson('/auth/reset-password', { token: 'not-a-real-token', new_password: 'BrandNew99' }),
      () => postJson('/auth/verify', { token: 'not-a-real-token' }),
    ];
    const statuses = new Map<number, number>();
    let sent = 0;
    const total = 400;
    async function client() {
      while (sent < total) {
        const n = sent++;
        if (n % 50 === 25) await replaceConnection();
        const res = await requests[n % requests.length]!();
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    }
    await Promise.all(Array.from({ length: 8 }, client));
    expect([...statuses.keys()].filter((status) => status >= 500)).toEqual([]);
    expect(statuses.get(429)).toBeGreaterThan(0); // the limits were really consulted
    expect([...statuses.values()].reduce((a, b) => a + b)).toBe(total);
  });
});
