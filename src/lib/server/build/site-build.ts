import fs from 'node:fs';
import path from 'node:path';
import { buildSettings, hashSources, type BuildInfo } from './build-info.ts';
import { publishBuild, pruneBuilds, startBuild } from './builds.ts';
import { openDatabase } from '../db/client.ts';
import { env } from '../env.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { precompress } from './precompress.ts';
import { buildSearchIndex } from './search-index.ts';
import { getCatalogueVersion } from '../services/catalogue/content-freshness.ts';

function countPages(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { withFileTypes: true }).reduce((n, entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return n + countPages(full);
    return n + (entry.name.endsWith('.html') ? 1 : 0);
  }, 0);
}

/**
 * Builds the site in this process into a new folder (dist/builds/<id>, see builds.ts), so the pages
 * pre-rendered by Astro read the database through the handle this process already holds (see
 * db/client.ts), then indexes every drama and person for the navbar search (client/pagefind), writes
 * brotli and gzip twins of the text files (precompress.ts), records build-info.json, makes it the
 * current build (an atomic switch of dist/current) and prunes old builds. A failed build leaves the
 * current one as it was.
 */
export async function buildSite(options: { distDir?: string } = {}): Promise<BuildInfo> {
  const started = performance.now();
  const distDir = options.distDir ?? env().distDir;
  const { db } = await openDatabase();
  await migrateDatabase(db);
  const builtAt = new Date();
  const catalogueVersion = await getCatalogueVersion(db);
  const sourceHash = hashSources();
  const settings = buildSettings();
  const folder = startBuild(distDir);
  try {
    const { build } = await import('astro');
    await build({ root: process.cwd(), outDir: folder.dir, logLevel: process.env.CI ? 'warn' : 'info' });
    const clientDir = path.join(folder.dir, 'client');
    const searchIndex = await buildSearchIndex(path.join(clientDir, 'pagefind'));
    const compressed = await precompress(clientDir);
    console.log(
      `» Compressed ${compressed.files} files (brotli saves ${(compressed.saved / 1048576).toFixed(1)} of ${(compressed.bytes / 1048576).toFixed(1)} MB)`,
    );
    const info: BuildInfo = {
      id: folder.id,
      builtAt: builtAt.toISOString(),
      catalogueVersion,
      sourceHash,
      settings,
      pages: countPages(clientDir),
      searchIndex,
      seconds: (performance.now() - started) / 1000,
    };
    folder.finish(info);
    publishBuild(distDir, folder.id);
    const removed = pruneBuilds(distDir);
    console.log(`» Build ${folder.id} is now current (${path.relative(process.cwd(), distDir) || '.'}/current)${removed.length ? `; removed ${removed.length} old build(s)` : ''}.`);
    return info;
  } catch (error) {
    folder.abandon();
    throw error;
  }
}
