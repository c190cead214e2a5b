// The e2e site's embedded database, reached through the socket the running site serves (as
// `npm run user:role` does): for the few checks no API call can arrange (a record edited after the
// build, a drama without cast). Plain statements only: the embedded database has one session.
import path from 'node:path';
import pg from 'pg';

const DATA_DIR = path.resolve('.tmp/e2e-data');

/** Runs `fn` with a client on the e2e site's database, then disconnects. */
export async function withSiteDatabase<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ host: DATA_DIR, port: 5432, user: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
