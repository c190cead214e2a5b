import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { env, type Env } from '../env.ts';
import type { SearchIndexInfo } from './search-index.ts';

/**
 * The settings that shape what a build contains: a page pre-rendered with one PUBLIC_URL carries it
 * in its canonical link, PRERENDER_* choose which pages are files. A build made with other values
 * is not reused by `npm start`. Everything the pre-rendered pages or the build read from the
 * environment belongs here (tests/unit/build-info.test.ts checks the sources for it).
 */
export interface BuildSettings {
  publicUrl: string;
  prerenderDramas: number;
  prerenderPeople: number;
  /** where images are served from, when not from this site (img-src of the pages' policy) */
  mediaPublicUrl: string | null;
}

/** the environment variable behind each build setting */
export const BUILD_SETTING_VARIABLES: Record<keyof BuildSettings, string> = {
  publicUrl: 'PUBLIC_URL',
  prerenderDramas: 'PRERENDER_DRAMAS',
  prerenderPeople: 'PRERENDER_PEOPLE',
  mediaPublicUrl: 'MEDIA_PUBLIC_URL',
};

export function buildSettings(config: Env = env()): BuildSettings {
  return {
    publicUrl: config.publicUrl,
    prerenderDramas: config.prerenderDramas,
    prerenderPeople: config.prerenderPeople,
    mediaPublicUrl: config.storage.publicUrl ?? null,
  };
}

/** What `npm run build` records in its folder (dist/builds/<id>/build-info.json), written last. */
export interface BuildInfo {
  /** the build's folder name under dist/builds */
  id: string;
  /** when the build started reading the database (ISO); later record changes are served on demand */
  builtAt: string;
  /** getCatalogueVersion() at build time */
  catalogueVersion: string;
  /** hash of the sources the build was made from */
  sourceHash: string;
  /** the settings it was made with */
  settings: BuildSettings;
  pages: number;
  /** the navbar search's Pagefind index (client/pagefind) */
  searchIndex?: SearchIndexInfo;
  seconds: number;
}

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

export interface BuildInputs {
  sourceHash: string;
  settings: BuildSettings;
  /** compared only when given (the embedded default's start rebuilds when the catalogue changed) */
  catalogueVersion?: string;
}

/**
 * Why a build made from `previous` differs from what the sources, settings and catalogue would give
 * now: one reason per difference (e.g. "PUBLIC_URL changed (http://a → http://b)"); none when the
 * build can be reused.
 */
export function buildDifferences(previous: BuildInfo | undefined, now: BuildInputs): string[] {
  if (!previous) return ['no build yet'];
  const reasons: string[] = [];
  if (previous.sourceHash !== now.sourceHash) reasons.push('the sources changed');
  for (const key of Object.keys(BUILD_SETTING_VARIABLES) as (keyof BuildSettings)[]) {
    const before = previous.settings?.[key];
    const after = now.settings[key];
    if (before !== after) reasons.push(`${BUILD_SETTING_VARIABLES[key]} changed (${before ?? 'unset'} → ${after ?? 'unset'})`);
  }
  if (now.catalogueVersion !== undefined && previous.catalogueVersion !== now.catalogueVersion) {
    reasons.push('the catalogue changed');
  }
  return reasons;
}
