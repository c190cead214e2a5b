// npm start: migrate, seed the demo catalogue into an empty database, build when the sources or the
// catalogue changed since the last build, then serve the site, the API and the media on one port.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApi } from '../src/lib/server/api/index.ts';
import { hashSources, readBuildInfo, DIST_DIR } from '../src/lib/server/build-info.ts';
import { closeDatabase, openDatabase } from '../src/lib/server/db/client.ts';
import { migrateDatabase } from '../src/lib/server/db/migrate.ts';
import { env } from '../src/lib/server/env.ts';
import { closeGracefully, createSiteServer } from '../src/lib/server/http/site-server.ts';
import { scheduleCatalogueStats } from '../src/lib/server/jobs/catalogue-stats-job.ts';
import { logger } from '../src/lib/server/logger.ts';
import { seedIfEmpty } from '../src/lib/server/seed/index.ts';
import { shareCatalogueChanges } from '../src/lib/server/services/catalogue-events.ts';
import { getCatalogueVersion } from '../src/lib/server/services/content-freshness.ts';

const started = performance.now();
const config = env();
const step = (message: string) => console.log(`» ${message}`);

// On the embedded database: if a command that hosted it (a seed started first) exits, host it here.
const handle = await openDatabase({ takeOverEmbeddedHost: true });
step(`Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`);
await migrateDatabase(handle.db);

const mediaDir = path.join(config.dataDir, 'media');
const seeded = await seedIfEmpty(handle.db, { mediaDir, log: step });
if (seeded) step(`Seeded the demo catalogue: ${seeded}`);

const previous = readBuildInfo();
const sourceHash = hashSources();
const catalogueVersion = await getCatalogueVersion();
if (previous?.sourceHash === sourceHash && previous.catalogueVersion === catalogueVersion) {
  step(`Build is up to date (${previous.pages} pages from ${previous.builtAt}).`);
} else {
  step(previous ? 'Sources or catalogue changed: rebuilding…' : 'Building the site…');
  // In a child process, so the server does not keep the build's memory; the child reaches the
  // embedded database through this process's socket (so this process must not block meanwhile).
  const child = spawn(process.execPath, [...process.execArgv, 'scripts/build-site.ts'], { stdio: 'inherit' });
  const status = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (status !== 0) {
    console.error('The build failed: see above.');
    await closeDatabase();
    process.exit(1);
  }
}

// On PostgreSQL several instances may serve the site: each hears the others' catalogue changes.
const sharing = handle.kind === 'postgres' ? shareCatalogueChanges(handle.pool) : undefined;

const builtAt = new Date(readBuildInfo()?.builtAt ?? Date.now());
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import(pathToFileURL(path.join(DIST_DIR, 'server', 'entry.mjs')).href);
const { server } = await createSiteServer({
  clientDir: path.join(DIST_DIR, 'client'),
  astroHandler: handler,
  api: createApi(),
  mediaDir,
  builtAt,
});

server.on('error', async (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `Port ${config.port} is already in use: stop the other server or set PORT.`
      : `Server error: ${error.message}`,
  );
  await closeDatabase();
  process.exit(1);
});
let stopStats = () => {};
server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\nDramaList is ready in ${seconds} s: http://${config.host}:${port}/  (API docs: /api/docs)\n`);
  logger.info({ port, host: config.host }, 'listening');
  if (config.statsIntervalSeconds > 0) stopStats = scheduleCatalogueStats(handle.db, config.statsIntervalSeconds);
});

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    step(`${signal}: finishing in-flight requests…`);
    stopStats();
    void closeGracefully(server, 10_000, async () => {
      await sharing?.stop();
      await closeDatabase();
    }).then(() => process.exit(0));
  });
}
