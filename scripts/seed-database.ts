// npm run seed -- [--scale N] [--force] [--seed N] [--today YYYY-MM-DD]
// Migrates, then fills the configured database with the demo catalogue and members (never with
// NODE_ENV=production: docs/decisions/013). Refuses a
// database that already holds dramas or accounts unless --force (which empties the catalogue and
// member tables, and everything that refers to them). --seed and --today reproduce a previous run.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { closeDatabase, openDatabase } from '../src/lib/server/db/client.ts';
import { migrateDatabase } from '../src/lib/server/db/migrate.ts';
import { protectDataDir } from '../src/lib/server/db/data-dir.ts';
import { env } from '../src/lib/server/env.ts';
import { DEMO_ACCOUNTS, DatabaseNotEmptyError, formatSeedSummary, seedDatabase } from '../src/lib/server/seed/index.ts';

const { values } = parseArgs({
  options: {
    scale: { type: 'string' },
    force: { type: 'boolean', default: false },
    seed: { type: 'string' },
    today: { type: 'string' },
  },
});

const scale = values.scale === undefined ? undefined : Number(values.scale);
if (scale !== undefined && !(Number.isInteger(scale) && scale >= 10)) {
  console.error(`--scale takes a whole number of dramas (10 or more), e.g. --scale 100000; got "${values.scale}".`);
  process.exit(2);
}
if (values.today !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.today)) {
  console.error(`--today takes a date as YYYY-MM-DD, e.g. --today 2026-11-22; got "${values.today}".`);
  process.exit(2);
}

const config = env();
if (config.production) {
  console.error(
    'NODE_ENV=production: the demo catalogue and its staff accounts (public passwords) are never seeded into a production database.\n' +
      'Register, then promote your account with `npm run user:role -- <email> admin`.',
  );
  process.exit(2);
}
protectDataDir(config.dataDir);
let exitCode = 0;
try {
  const { db, kind } = await openDatabase();
  console.log(`» Database: ${kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`);
  await migrateDatabase(db);
  const summary = await seedDatabase(db, {
    scale,
    replace: values.force,
    seed: values.seed === undefined ? undefined : Number(values.seed),
    today: values.today,
    mediaDir: path.join(config.dataDir, 'media'),
    log: (message) => console.log(`» ${message}`),
  });
  console.log(`Seeded ${formatSeedSummary(summary)}.`);
  console.log(`Demo accounts: ${DEMO_ACCOUNTS.map((a) => `${a.email} / ${a.password}`).join(', ')}`);
} catch (error) {
  if (error instanceof DatabaseNotEmptyError) {
    console.log(error.message);
  } else {
    console.error(error);
    exitCode = 1;
  }
} finally {
  await closeDatabase();
}
process.exit(exitCode);
