import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { fillUsernameSkeletons } from '../services/accounts/usernames.ts';
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
  // after the lock's connection is back: the embedded database serves one connection at a time
  await fillSkeletonsOnce(db);
}

/**
 * The username skeletons of accounts older than migration 0012 (computing them needs Unicode's
 * confusables data, which SQL has not). Instances starting together may fill the same rows: a
 * collision with another's write is tried once more, and then there is nothing left to fill.
 */
async function fillSkeletonsOnce(db: Database): Promise<void> {
  try {
    await fillUsernameSkeletons(db);
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error;
    await fillUsernameSkeletons(db);
  }
}
