// The database going away and coming back (a PostgreSQL restart or failover; the embedded database's
// socket closing): the process lives on, answers 503 with Retry-After meanwhile, and recovers by
// itself (issue 10, item 1). The multi-process version, with a real `pg_ctl restart` under load, is
// in tests/faults/.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isConnectionError } from '../../src/lib/server/db/connection-errors.ts';
import { startApiServer } from '../helpers/api-server.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { createDrama, createMember, createPerson, tokenFor } from '../helpers/factories.ts';
import { api } from '../helpers/http.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Awaited<ReturnType<typeof startApiServer>>;
let token = '';
let personId = 0;
let dramaIds: number[] = [];

const UNAVAILABLE = { detail: 'Service temporarily unavailable' };

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startApiServer();
  token = await tokenFor(await createMember({ email: 'outage@example.com', username: 'outagefan', fullName: 'Outage Fan' }));
  ({ id: personId } = await createPerson({ name: 'Outage Person' }));
  dramaIds = [];
  for (const title of ['First Light', 'Second Wind', 'Third Act']) dramaIds.push((await createDrama({ title, status: 'completed', country: 'Japan', year: 2020 })).id);
}, 60_000);

afterAll(async () => {
  await database?.outage.end();
  await server?.close();
  await database?.drop();
});

const health = async () => (await server.request('/api/v1/health')).status;

describe('the database going away', () => {
  it('survives connections the server drops while idle, and answers the next request', async () => {
    // several idle connections in the pool (PostgreSQL) or the one connection (PGlite)
    await Promise.all(dramaIds.map((id) => server.request(`/api/v1/dramas/${id}`)));
    expect(database.pool.idleCount).toBeGreaterThan(0);
    if (database.kind === 'postgres') {
      // what `pg_ctl restart` does to every session: 57P01 terminating connection due to administrator command
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      const { rows } = await admin.query(
        'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      await admin.end();
      expect(rows[0].n).toBeGreaterThan(0);
    } else {
      await database.outage.start();
      await database.outage.end();
    }
    // the pool notices (and drops) its broken connections; before, the process died here
    await expect.poll(() => database.pool.totalCount, { timeout: 5000 }).toBe(0);
    expect(await health()).toBe(200);
    expect((await server.request(`/api/v1/people/${personId}`)).status).toBe(200);
  });

  it('answers 503 with Retry-After while it is away, and again by itself once it is back', async () => {
    await database.outage.start();
    try {
      const read = await api(server).get(`/dramas/${dramaIds[2]}/episodes`); // never cached
      expect(read.status).toBe(503);
      expect(read.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(read.body).toEqual(UNAVAILABLE);

      const write = await api(server).post(`/people/${personId}/heart`, undefined, { token });
      expect(write.status).toBe(503);
      expect(write.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(write.body).toEqual(UNAVAILABLE);

      const check = await api(server).get('/health');
      expect(check.status).toBe(503);
      expect(check.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(check.body).toMatchObject({ status: 'unavailable', database: 'unavailable' });
    } finally {
      await database.outage.end();
    }
    await expect.poll(health, { timeout: 10_000 }).toBe(200);
    const heart = await api(server).post(`/people/${personId}/heart`, undefined, { token });
    expect(heart.status).toBe(200);
    expect(heart.body).toEqual({ hearts: 1, has_hearted: true });
  });

  it('fails a transaction cut off between two statements with a connection error, and recovers', async () => {
    const cutOff = database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      await database.outage.start(); // the connection dies while the transaction holds it
      await tx.execute(sql`SELECT 1`);
    });
    const error = await cutOff.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isConnectionError(error)).toBe(true);
    await database.outage.end();
    await expect.poll(health, { timeout: 10_000 }).toBe(200);
    expect((await server.request(`/api/v1/dramas/${dramaIds[0]}/episodes`)).status).toBe(200);
  });
});
