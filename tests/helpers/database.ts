import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { closeDatabase, openDatabase } from '../../src/lib/server/db/client.ts';
import { migrateDatabase } from '../../src/lib/server/db/migrate.ts';
import { startTcpProxy } from './tcp-proxy.ts';

/** Makes the database unreachable for this process's pool, and reachable again. */
export interface Outage {
  /** every connection of the pool is dropped and new ones fail (as in a restart or failover) */
  start(): Promise<void>;
  /** the database answers again */
  end(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in the api-postgres project (TEST_DB=postgres) a new
 * database on the server of TEST_DATABASE_URL, copied from the run's migrated template and dropped
 * afterwards; otherwise an in-memory PGlite loaded from the run's migrated dump (template-database.ts).
 * `outage` makes it go away and come back for this process: on PostgreSQL the pool then reaches the
 * server through a TCP proxy the test cuts; on PGlite the embedded database stops serving its socket.
 */
export async function createTestDatabase() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !adminUrl) {
    const dataDir = path.join(os.tmpdir(), `dl-${randomBytes(4).toString('hex')}`);
    const template = inject('pgliteTemplate');
    const loadDataDir = template ? new Blob([fs.readFileSync(template)]) : undefined;
    const handle = await openDatabase({ memory: true, dataDir, loadDataDir });
    await migrateDatabase(handle.db);
    const outage: Outage = { start: () => handle.embedded!.closeSocket(), end: () => handle.embedded!.openSocket() };
    return {
      ...handle,
      outage,
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
  const template = inject('postgresTemplate');
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  const handle = await openDatabase({ url: proxied.toString() });
  await migrateDatabase(handle.db);
  const outage: Outage = { start: proxy.cut, end: proxy.restore };
  return {
    ...handle,
    outage,
    /** the test database's address on the server itself (not through the proxy) */
    url: url.toString(),
    kind: 'postgres' as const,
    async drop() {
      await closeDatabase();
      await proxy.close();
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
