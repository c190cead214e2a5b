// The e2e site's database (support/ports.ts SITE_DATABASE_URL: PostgreSQL in CI, otherwise the
// embedded database reached through the socket the running site serves, as `npm run user:role`
// does): for the few checks no API call can arrange (a record edited after the build, a drama
// without cast). Plain statements only: the embedded database has one session.
import path from 'node:path';
import pg from 'pg';
import { E2E_DATA_DIR, SITE_DATABASE_URL } from './ports.ts';

const DATA_DIR = path.resolve(E2E_DATA_DIR);

/** Runs `fn` with a client on the e2e site's database, then disconnects. */
export async function withSiteDatabase<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(
    SITE_DATABASE_URL ? { connectionString: SITE_DATABASE_URL } : { host: DATA_DIR, port: 5432, user: 'postgres', database: 'postgres' },
  );
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
