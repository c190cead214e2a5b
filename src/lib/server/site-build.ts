import fs from 'node:fs';
import path from 'node:path';
import { DIST_DIR, hashSources, writeBuildInfo, type BuildInfo } from './build-info.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { precompress } from './precompress.ts';
import { buildSearchIndex } from './search-index.ts';
import { getCatalogueVersion } from './services/content-freshness.ts';

function countPages(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { withFileTypes: true }).reduce((n, entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return n + countPages(full);
    return n + (entry.name.endsWith('.html') ? 1 : 0);
  }, 0);
}

/**
 * Builds the site in this process, so the pages pre-rendered by Astro read the database through the
 * handle this process already holds (see db/client.ts), then indexes every drama and person for the
 * navbar search (dist/client/pagefind), writes brotli and gzip twins of the text files
 * (precompress.ts) and records dist/build-info.json.
 */
export async function buildSite(): Promise<BuildInfo> {
  const started = performance.now();
  const { db } = await openDatabase();
  await migrateDatabase(db);
  const builtAt = new Date();
  const catalogueVersion = await getCatalogueVersion();
  const sourceHash = hashSources();
  const { build } = await import('astro');
  await build({ root: process.cwd(), logLevel: process.env.CI ? 'warn' : 'info' });
  const searchIndex = await buildSearchIndex(path.join(DIST_DIR, 'client', 'pagefind'));
  const compressed = await precompress(path.join(DIST_DIR, 'client'));
  console.log(
    `» Compressed ${compressed.files} files (brotli saves ${(compressed.saved / 1048576).toFixed(1)} of ${(compressed.bytes / 1048576).toFixed(1)} MB)`,
  );
  const info: BuildInfo = {
    builtAt: builtAt.toISOString(),
    catalogueVersion,
    sourceHash,
    pages: countPages(path.join(DIST_DIR, 'client')),
    searchIndex,
    seconds: (performance.now() - started) / 1000,
  };
  writeBuildInfo(info);
  return info;
}
