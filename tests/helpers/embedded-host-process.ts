// Another process hosting the embedded database of DATA_DIR (as `npm run seed` does while it runs):
// migrates it, prints "hosting", and exits when its stdin closes (or when killed).
import { closeDatabase, openDatabase } from '../../src/lib/server/db/client.ts';
import { migrateDatabase } from '../../src/lib/server/db/migrate.ts';

const { db } = await openDatabase({ dataDir: process.env.DATA_DIR });
await migrateDatabase(db);
console.log('hosting');
process.stdin.resume();
process.stdin.on('end', async () => {
  await closeDatabase();
  process.exit(0);
});
