/**
 * The Pagefind index of the navbar instant search: every drama and every person in the database
 * (pre-rendered or not), added as custom records (search-records.ts) read in keyset batches, written
 * to dist/client/pagefind after the Astro build. The browser loads /pagefind/pagefind.js from there.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PagefindIndex } from 'pagefind';
import { dramaSearchRecord, personSearchRecord, type SearchRecord } from '../../navbar-search/search-records.ts';
import { translator } from '../../../i18n/catalogue.ts';
import { DEFAULT_LOCALE, LOCALES } from '../../../i18n/locales.ts';
import { getDb } from '../db/client.ts';
import { dramaIndexRows, personIndexRows } from '../services/navbar-search/search-index-rows.ts';

/** What the build records about the search index (dist/build-info.json). */
export interface SearchIndexInfo {
  dramas: number;
  people: number;
  seconds: number;
  /** total size of the written index, in bytes */
  bytes: number;
  files: number;
}

/**
 * Fragments (one per record) are bundled into at most this many files: 400k records would otherwise
 * write 400k files, which some static hosts refuse. Below it (the demo catalogue), one per record.
 */
const MAX_FRAGMENTS = 20_000;

function failOn(errors: string[], doing: string) {
  if (errors.length > 0) throw new Error(`Pagefind failed while ${doing}: ${errors.join('; ')}`);
}

async function addRecords(index: PagefindIndex, records: SearchRecord[]) {
  const answers = await Promise.all(records.map((record) => index.addCustomRecord(record)));
  failOn(
    answers.flatMap((a) => a.errors),
    'adding records',
  );
}

/**
 * Adds the records of every batch of `batches`, reading the next batch from the database while
 * Pagefind takes the previous one: at most two batches are in memory at any time.
 */
async function addAll<Row>(index: PagefindIndex, batches: AsyncIterable<Row[]>, toRecord: (row: Row) => SearchRecord) {
  let count = 0;
  let pending: Promise<void> = Promise.resolve();
  for await (const batch of batches) {
    await pending;
    pending = addRecords(index, batch.map(toRecord));
    count += batch.length;
  }
  await pending;
  return count;
}

function directorySize(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
    files++;
  }
  return { bytes, files };
}

/** Builds the index of every drama and person into `outputPath` (replacing what was there). */
export async function buildSearchIndex(outputPath: string): Promise<SearchIndexInfo> {
  const started = performance.now();
  const pagefind = await import('pagefind');
  try {
    // one index per language (each record says its own): the box searches the page's language
    const { index, errors } = await pagefind.createIndex({ maxFragments: MAX_FRAGMENTS });
    failOn(errors, 'starting');
    if (!index) throw new Error('Pagefind did not create an index');
    const db = await getDb();
    let dramas = 0;
    let people = 0;
    for (const locale of LOCALES) {
      const language = locale === DEFAULT_LOCALE ? undefined : { locale, t: translator(locale) };
      dramas = await addAll(index, dramaIndexRows(db), (row) => dramaSearchRecord(row, language));
      people = await addAll(index, personIndexRows(db), (row) => personSearchRecord(row, language));
    }
    fs.rmSync(outputPath, { recursive: true, force: true });
    failOn((await index.writeFiles({ outputPath })).errors, 'writing the index');
    return { dramas, people, seconds: (performance.now() - started) / 1000, ...directorySize(outputPath) };
  } finally {
    await pagefind.close();
  }
}
