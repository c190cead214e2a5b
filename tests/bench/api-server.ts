// The API alone, as the site server serves it (/api/* goes straight to Hono), for the benchmark.
import { serve } from '@hono/node-server';
import { createApi } from '../../src/lib/server/api/index.ts';
import { openDatabase } from '../../src/lib/server/db/client.ts';
import { migrateDatabase } from '../../src/lib/server/db/migrate.ts';

const { db } = await openDatabase({ poolSize: 20 });
await migrateDatabase(db);
const server = serve({ fetch: createApi().fetch, hostname: '127.0.0.1', port: Number(process.env.PORT) }, () =>
  console.log('bench api ready'),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
