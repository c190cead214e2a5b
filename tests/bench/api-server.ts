// The API alone, as the site server serves it (/api/* goes straight to the API listener), for the benchmark.
import http from 'node:http';
import { createApi } from '../../src/lib/server/api/index.ts';
import { openDatabase } from '../../src/lib/server/db/client.ts';
import { migrateDatabase } from '../../src/lib/server/db/migrate.ts';
import { createApiListener } from '../../src/lib/server/http/site-server.ts';

const { db } = await openDatabase({ poolSize: 20 });
await migrateDatabase(db);
const server = http.createServer(createApiListener(createApi()));
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('bench api ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
