import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.ts';

/** The committed SQL migrations (drizzle/ at the project root, where npm scripts run). */
export const MIGRATIONS_DIR = path.resolve(process.env.MIGRATIONS_DIR ?? 'drizzle');

// Any constant shared by every instance: the advisory lock that serialises migrations.
const MIGRATION_LOCK = 7_204_311;

/**
 * Applies every migration not yet applied. Safe at every start and from several instances at once:
 * a session advisory lock lets one migrate while the others wait, then find nothing to do.
 */
export async function migrateDatabase(db: Database): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
