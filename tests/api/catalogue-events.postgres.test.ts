// Catalogue changes travel between instances through PostgreSQL's LISTEN/NOTIFY
// (services/catalogue-events.ts, docs/decisions/014): an instance forgets its cached answers as soon
// as another one announces a change, tells the others about its own, and keeps listening across
// database restarts. PostgreSQL only (the api-postgres project): the embedded database is a single
// site process, which needs no feed. The same, between two real instances: tests/faults/.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_CHANNEL, INSTANCE_ID, shareCatalogueChanges, type CatalogueChangeSharing } from '../../src/lib/server/services/catalogue/catalogue-events.ts';
import { startApiServer } from '../helpers/api-server.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { createMember, createPerson, tokenFor } from '../helpers/factories.ts';
import { api } from '../helpers/http.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Awaited<ReturnType<typeof startApiServer>>;
let sharing: CatalogueChangeSharing;
/** another instance's connection to the same database (not through the test's proxy) */
let elsewhere: pg.Client;
let token = '';
let personId = 0;
/** the test database on the server itself */
let url = '';

const person = async () => {
  const res = await server.request(`/api/v1/people/${personId}`);
  return { cache: res.headers.get('X-Cache'), hearts: ((await res.json()) as { hearts: number }).hearts };
};

/** Changes the count behind this instance's back, as another instance's write would. */
const changeElsewhere = async (by: number) => {
  const { rows } = await elsewhere.query('UPDATE people SET hearts = hearts + $1 WHERE id = $2 RETURNING hearts', [by, personId]);
  return rows[0].hearts as number;
};

const cached = async () => {
  await person();
  expect((await person()).cache).toBe('HIT');
};

beforeAll(async () => {
  database = await createTestDatabase();
  if (database.kind !== 'postgres') throw new Error('this file runs in the api-postgres project only');
  url = database.url;
  server = await startApiServer();
  sharing = shareCatalogueChanges(database.pool);
  await sharing.ready;
  elsewhere = new pg.Client({ connectionString: url });
  await elsewhere.connect();
  token = await tokenFor(await createMember({ email: 'feed@example.com', username: 'feedfan', fullName: 'Feed Fan' }));
  ({ id: personId } = await createPerson({ name: 'Feed Person' }));
}, 60_000);

afterAll(async () => {
  await sharing?.stop();
  await elsewhere?.end();
  await server?.close();
  await database?.drop();
});

describe('catalogue changes across instances', () => {
  it('forgets cached answers as soon as another instance announces a change', async () => {
    await cached();
    const hearts = await changeElsewhere(3);
    await elsewhere.query('SELECT pg_notify($1, $2)', [CATALOGUE_CHANNEL, 'another-host:4242']);
    // the cache would keep the old count for 10 s (TTL): the announcement makes it go at once
    await expect.poll(async () => (await person()).hearts, { timeout: 2000, interval: 20 }).toBe(hearts);
  });

  it('announces its own changes to the other instances', async () => {
    const heard: string[] = [];
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    listener.on('notification', (message) => heard.push(`${message.channel} ${message.payload}`));
    await listener.query(`LISTEN ${CATALOGUE_CHANNEL}`);
    try {
      const res = await api(server).post(`/people/${personId}/heart`, undefined, { token });
      expect(res.status).toBe(200);
      await expect.poll(() => heard, { timeout: 2000, interval: 20 }).toContain(`${CATALOGUE_CHANNEL} ${INSTANCE_ID}`);
    } finally {
      await listener.end();
    }
  });

  it('listens again after the server drops its connection, and forgets what it cached meanwhile', async () => {
    await cached();
    const { rows } = await elsewhere.query(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'dramalist-events'`,
    );
    expect(rows[0].n).toBe(1);
    // a change nobody announced (made while the feed was down): the reconnection makes the cache forget
    const hearts = await changeElsewhere(2);
    await expect.poll(async () => (await person()).hearts, { timeout: 5000, interval: 20 }).toBe(hearts);
    // and announcements are heard again
    await cached();
    const later = await changeElsewhere(1);
    await elsewhere.query('SELECT pg_notify($1, $2)', [CATALOGUE_CHANNEL, 'another-host:4242']);
    await expect.poll(async () => (await person()).hearts, { timeout: 2000, interval: 20 }).toBe(later);
  });

  it('comes back after the database was away for a while', async () => {
    await cached();
    await database.outage.start();
    const hearts = await changeElsewhere(4); // committed while this instance cannot reach the database
    await database.outage.end();
    await expect.poll(async () => (await person()).hearts, { timeout: 8000, interval: 50 }).toBe(hearts);
    await cached();
    const later = await changeElsewhere(1);
    await elsewhere.query('SELECT pg_notify($1, $2)', [CATALOGUE_CHANNEL, 'another-host:4242']);
    await expect.poll(async () => (await person()).hearts, { timeout: 2000, interval: 20 }).toBe(later);
  });
});
