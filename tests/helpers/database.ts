import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { closeDatabase, openDatabase } from '../../src/lib/server/db/client.ts';
import { migrateDatabase } from '../../src/lib/server/db/migrate.ts';

/**
 * A fresh, migrated database for one test file: in the api-postgres project (TEST_DB=postgres) a new
 * database on the server of TEST_DATABASE_URL, dropped afterwards; otherwise an in-memory PGlite.
 */
export async function createTestDatabase() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !adminUrl) {
    const dataDir = path.join(os.tmpdir(), `dl-${randomBytes(4).toString('hex')}`);
    const handle = await openDatabase({ memory: true, dataDir });
    await migrateDatabase(handle.db);
    return {
      ...handle,
      kind: 'pglite' as const,
      async drop() {
        await closeDatabase();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  await migrateDatabase(handle.db);
  return {
    ...handle,
    kind: 'postgres' as const,
    async drop() {
      await closeDatabase();
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      // pool.end() resolves before its sockets have closed: a backend still open when the database is
      // dropped WITH (FORCE) sends its client a FATAL that nobody listens for any more (an unhandled
      // error in the test run). Give the pool's sessions a moment to go first.
      for (let i = 0; i < 40; i++) {
        const open = await again.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (open.rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}
