// The browser tests' site runs on the embedded database in .tmp/e2e-data (playwright.config.ts),
// served over the socket it keeps in that folder (docs/decisions/002): a test can change records
// behind the site's back there, as an edit or a script would.
import path from 'node:path';
import pg from 'pg';

const DATA_DIR = path.resolve('.tmp/e2e-data');

/** Runs `work` with a client of the running site's database, closed afterwards. */
export async function withSiteDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ host: DATA_DIR, port: 5432, user: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
