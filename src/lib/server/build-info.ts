import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SearchIndexInfo } from './search-index.ts';

/** What `npm run build` records next to its output (dist/build-info.json). */
export interface BuildInfo {
  /** when the build started reading the database (ISO); later record changes are served on demand */
  builtAt: string;
  /** getCatalogueVersion() at build time */
  catalogueVersion: string;
  /** hash of the sources the build was made from */
  sourceHash: string;
  pages: number;
  /** the navbar search's Pagefind index (dist/client/pagefind) */
  searchIndex?: SearchIndexInfo;
  seconds: number;
}

export const DIST_DIR = path.resolve('dist');
export const BUILD_INFO_FILE = path.join(DIST_DIR, 'build-info.json');
const SOURCES = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'drizzle'];

function listFiles(entry: string): string[] {
  if (!fs.existsSync(entry)) return [];
  if (!fs.statSync(entry).isDirectory()) return [entry];
  return fs
    .readdirSync(entry)
    .sort()
    .flatMap((name) => listFiles(path.join(entry, name)));
}

/** A hash of every source file's path and content: changes when any of them does. */
export function hashSources(root = process.cwd()): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap((s) => listFiles(path.join(root, s)))) {
    hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

export function readBuildInfo(): BuildInfo | undefined {
  try {
    return JSON.parse(fs.readFileSync(BUILD_INFO_FILE, 'utf8')) as BuildInfo;
  } catch {
    return undefined;
  }
}

export function writeBuildInfo(info: BuildInfo) {
  fs.writeFileSync(BUILD_INFO_FILE, `${JSON.stringify(info, null, 2)}\n`);
}
