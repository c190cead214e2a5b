// npm start: serve the site, the API and the media on one port (docs/decisions/013).
//
// Production (NODE_ENV=production): serve the current build (dist/current, made by `npm run build`)
// and nothing else: never build, never seed. Without a build it stops and says so.
// Otherwise (development, the embedded default): migrate, seed the demo into an empty database when
// asked (env().seedDemo), build when there is no build or the sources, the build settings or the
// catalogue changed since the current one, then serve it.
// Either way, a newer build of the same sources and settings made while it serves (`npm run
// rebuild`) is served from the next request on, without a restart (docs/decisions/038).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApi } from '../src/lib/server/api/index.ts';
import { settleBackgroundWork } from '../src/lib/server/jobs/background.ts';
import { buildDifferences, buildSettings, hashSources } from '../src/lib/server/build/build-info.ts';
import { currentBuildId, holdBuild, readBuild, readCurrentBuild, removeLegacyBuild, type Build } from '../src/lib/server/build/builds.ts';
import { protectDataDir } from '../src/lib/server/db/data-dir.ts';
import { closeDatabase, openDatabase } from '../src/lib/server/db/client.ts';
import { migrateDatabase } from '../src/lib/server/db/migrate.ts';
import { env } from '../src/lib/server/env.ts';
import { closeGracefully, createSiteServer } from '../src/lib/server/http/site-server.ts';
import { scheduleCatalogueStats } from '../src/lib/server/jobs/catalogue-stats-job.ts';
import { scheduleUploadSweeps } from '../src/lib/server/jobs/upload-sweep-job.ts';
import { logger } from '../src/lib/server/logger.ts';
import { closeRateLimits, openRateLimits, rateLimitStore } from '../src/lib/server/rate-limit.ts';
import { databaseHoldsData, seedIfEmpty } from '../src/lib/server/seed/index.ts';
import { shareCatalogueChanges } from '../src/lib/server/services/catalogue/catalogue-events.ts';
import { getCatalogueVersion } from '../src/lib/server/services/catalogue/content-freshness.ts';

const started = performance.now();
const config = env();
const step = (message: string) => console.log(`» ${message}`);
const relative = (p: string) => path.relative(process.cwd(), p) || '.';

if (protectDataDir(config.dataDir)) step(`Made ${relative(config.dataDir)} private to this user (it was readable by others).`);

let build: Build | undefined = readCurrentBuild(config.distDir);
if (config.production && !build) {
  console.error(
    `No build to serve in ${relative(config.distDir)}/current: a production start (NODE_ENV=production) never builds.\n` +
      'Run `npm run build` first (with the same DATABASE_URL, PUBLIC_URL and PRERENDER_* settings), then start again.',
  );
  process.exit(1);
}

// On the embedded database: if a command that hosted it (a seed started first) exits, host it here.
const handle = await openDatabase({ takeOverEmbeddedHost: true });
step(`Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`);
await migrateDatabase(handle.db);
// Connect to Redis now, not on the first rate-limited request (limits fall back to the database while it is away).
await openRateLimits();
if (config.redisUrl) step(`Rate limits: ${rateLimitStore() === 'redis' ? 'Redis' : 'the database until Redis is reachable'}`);

const mediaDir = path.join(config.dataDir, 'media');
if (config.seedDemo) {
  const seeded = await seedIfEmpty(handle.db, { mediaDir, log: step });
  if (seeded) step(`Seeded the demo catalogue: ${seeded}`);
} else if (!(await databaseHoldsData(handle.db))) {
  step(
    config.production
      ? 'The database is empty: no demo data in production. Register, then `npm run user:role -- <email> admin`.'
      : 'The database is empty: `npm run seed` (or SEED_DEMO=1) adds the demo catalogue and accounts.',
  );
}

const sourceHash = hashSources();
const settings = buildSettings();
if (config.production) {
  const differences = buildDifferences(build!.info, { sourceHash, settings });
  if (differences.length > 0) {
    logger.warn(
      { build: build!.id, differences },
      `serving build ${build!.id} although ${differences.join(', ')}: run \`npm run build\`, then restart the instances`,
    );
  }
} else {
  if (removeLegacyBuild(config.distDir)) step('Removed the build of an earlier version (dist/client, dist/server).');
  const differences = buildDifferences(build?.info, { sourceHash, settings, catalogueVersion: await getCatalogueVersion((await openDatabase()).db) });
  if (differences.length === 0) {
    step(`Build ${build!.id} is up to date (${build!.info.pages} pages from ${build!.info.builtAt}).`);
  } else {
    step(build ? `Rebuilding: ${differences.join(', ')}…` : 'Building the site…');
    // In a child process, so the server does not keep the build's memory; the child reaches the
    // embedded database through this process's socket (so this process must not block meanwhile).
    const child = spawn(process.execPath, [...process.execArgv, 'scripts/build-site.ts'], { stdio: 'inherit' });
    const status = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    build = readCurrentBuild(config.distDir);
    if (status !== 0 || !build) {
      console.error('The build failed: see above.');
      await closeDatabase();
      process.exit(1);
    }
  }
}

// No prune removes the build this process serves (its lease names it, and moves to the next one).
let served = build!;
let releaseBuild = holdBuild(config.distDir, served.id);
// On PostgreSQL several instances may serve the site: each hears the others' catalogue changes.
const sharing = handle.kind === 'postgres' ? shareCatalogueChanges(handle.pool) : undefined;
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const serveable = async (b: Build) => ({
  clientDir: b.clientDir,
  astroHandler: (await import(pathToFileURL(b.serverEntry).href)).handler,
  builtAt: new Date(b.info.builtAt),
  buildId: b.id,
});
const site = await createSiteServer({ ...(await serveable(served)), api: createApi(), mediaDir });
const { server } = site;
step(`Serving build ${served.id} (${served.info.pages} pages, built ${served.info.builtAt}).`);

// A newer build of the same sources and settings (`npm run rebuild`, the scheduled rebuild) is
// served from the next request on, without a restart: dist/current is looked at every second
// (docs/decisions/038). A build of other sources or settings (a deploy) needs a restart: said once.
let refused: string | undefined;
let switching = false;
const followBuilds = setInterval(async () => {
  const current = currentBuildId(config.distDir);
  if (switching || !current || current === served.id || current === refused) return;
  const next = readBuild(config.distDir, current);
  if (!next) return;
  // made from the sources and settings this process runs with? (else its pages are not this code's)
  const differences = buildDifferences(next.info, { sourceHash, settings });
  if (differences.length > 0) {
    refused = current;
    logger.warn(
      { serving: served.id, current, differences },
      `build ${current} is now current, but this instance runs other code or settings (${differences.join(', ')}): restart this instance to serve it`,
    );
    return;
  }
  switching = true;
  try {
    // (the next build is dist/current meanwhile, which no prune removes)
    await site.switchBuild(await serveable(next));
    const releasePrevious = releaseBuild;
    releaseBuild = holdBuild(config.distDir, next.id); // the lease now names it: `npm run rebuild` waits for that
    releasePrevious(); // only forgets its exit handler: the file names the next build
    served = next;
    step(`Serving build ${next.id} (${next.info.pages} pages, built ${next.info.builtAt}).`);
  } catch (error) {
    refused = current;
    logger.error({ err: error, serving: served.id, current }, `could not switch to build ${current}: still serving ${served.id}`);
  } finally {
    switching = false;
  }
}, 1000).unref();

server.on('error', async (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `Port ${config.port} is already in use: stop the other server or set PORT.`
      : `Server error: ${error.message}`,
  );
  releaseBuild();
  await closeDatabase();
  process.exit(1);
});
let stopStats = async () => {};
let stopUploadSweeps = async () => {};
server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\nDramaList is ready in ${seconds} s: http://${config.host}:${port}/  (API docs: /api/docs)\n`);
  logger.info({ port, host: config.host, build: served.id }, 'listening');
  if (config.statsIntervalSeconds > 0) stopStats = scheduleCatalogueStats(handle.db, config.statsIntervalSeconds);
  // what uploads left behind (temporary files, originals nothing can adopt): at start, then every 10 minutes
  stopUploadSweeps = scheduleUploadSweeps(handle.db);
});

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    step(`${signal}: finishing in-flight requests…`);
    const statsStopped = stopStats();
    const sweepsStopped = stopUploadSweeps();
    clearInterval(followBuilds);
    // Mail sent after an answer (background work) and a stats run under way finish before the
    // database closes.
    const closeData = async () => {
      await statsStopped;
      await sweepsStopped;
      await settleBackgroundWork(5_000);
      await sharing?.stop();
      await closeRateLimits();
      await closeDatabase();
    };
    void closeGracefully(server, 10_000, closeData).then(() => {
      releaseBuild();
      process.exit(0);
    });
  });
}
