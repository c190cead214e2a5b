import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.ts';

/** The committed SQL migrations (drizzle/ at the project root). */
export const MIGRATIONS_DIR = path.resolve(
  process.env.MIGRATIONS_DIR ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../../drizzle'),
);

/** Applies every migration not yet applied; safe to run at every start and from several processes. */
export async function migrateDatabase(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}
