// npm run db:migrate: applies the committed migrations (drizzle/) to the configured database.
import { closeDatabase, openDatabase } from '../src/lib/server/db/client.ts';
import { migrateDatabase } from '../src/lib/server/db/migrate.ts';

try {
  const { db, kind } = await openDatabase();
  await migrateDatabase(db);
  console.log(`Migrations applied (${kind} database).`);
} finally {
  await closeDatabase();
}
