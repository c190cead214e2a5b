// Page freshness (docs/decisions/001): the static build's cache policy (hashed assets kept
// forever, pages revalidated) and which pre-rendered pages went stale since the build, so the site
// server renders those on demand instead. The composition is in site-server.ts.
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { translator } from '../../../i18n/catalogue.ts';
import { DEFAULT_LOCALE, LOCALES, isLocale, splitLocale, type Locale } from '../../../i18n/locales.ts';
import { dramaSearchRecord, personSearchRecord, searchChangeFrom } from '../../navbar-search/search-records.ts';
import { getDb } from '../db/client.ts';
import { logger } from '../logger.ts';
import { onCatalogueChange } from '../services/catalogue/catalogue-events.ts';
import { listStalePaths } from '../services/catalogue/content-freshness.ts';
import { changedIndexRows } from '../services/navbar-search/search-index-rows.ts';
import { DOCUMENT_ONLY_HEADERS } from './security-headers.ts';

/** The static-file policy: hashed assets forever, HTML revalidated, media for a day. */
export function setCacheHeaders(res: ServerResponse, pathname: string) {
  const page = pathname.endsWith('.html') || !path.extname(pathname);
  if (pathname.startsWith('/_astro/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  else if (page) res.setHeader('Cache-Control', 'public, max-age=0, s-maxage=60, stale-while-revalidate=300');
  else res.setHeader('Cache-Control', 'public, max-age=3600');
  // a script, stylesheet or font of the build is never a document: headers only documents read
  // would be bytes on every one of a page's requests (docs/decisions/011)
  if (!page) for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
}

/**
 * Keeps the set of stale pre-rendered paths: re-read when any instance announces a catalogue change
 * (services/catalogue-events.ts; at most once a second, so a burst of hearts costs little), and
 * every `intervalMs` anyway, so every instance converges even on a change it did not hear of.
 */
const NO_CHANGES = JSON.stringify({ records: [] });

/**
 * The search's changes since the build in each language (search-records.ts SearchChange): the
 * records of the dramas and people changed after `builtAt`, as the index would hold them now.
 */
async function readSearchChanges(builtAt: Date): Promise<Map<Locale, string>> {
  const rows = await changedIndexRows(await getDb(), builtAt);
  const answers = new Map<Locale, string>();
  for (const locale of LOCALES) {
    const language = locale === DEFAULT_LOCALE ? undefined : { locale, t: translator(locale) };
    const records = [...rows.dramas.map((row) => dramaSearchRecord(row, language)), ...rows.people.map((row) => personSearchRecord(row, language))];
    answers.set(locale, records.length ? JSON.stringify({ records: records.map(searchChangeFrom) }) : NO_CHANGES);
  }
  return answers;
}

export function createFreshnessTracker(builtAt: Date | undefined, intervalMs: number) {
  let stale = new Set<string>();
  let searchChanges = new Map<Locale, string>();
  let timer: NodeJS.Timeout | undefined;
  let stopListening = () => {};
  const refresh = async () => {
    if (!builtAt) return;
    try {
      const paths = await listStalePaths(await getDb(), builtAt);
      // the instant search's corrections: only when a record changed (its page is then stale)
      searchChanges = paths.some((p) => p.startsWith('/drama/') || p.startsWith('/people/')) ? await readSearchChanges(builtAt) : new Map();
      stale = new Set(paths);
    } catch (error) {
      logger.warn({ err: error }, 'could not read changed records; serving the build as is');
    }
  };
  // one re-read at a time; a change announced meanwhile asks for one more, a second after the last
  let running: Promise<void> | undefined;
  let again = false;
  let lastStarted = 0;
  let soonTimer: NodeJS.Timeout | undefined;
  const refreshSoon = () => {
    if (running || soonTimer) {
      again = true;
      return;
    }
    const wait = lastStarted + 1000 - Date.now();
    if (wait > 0) {
      soonTimer = setTimeout(() => {
        soonTimer = undefined;
        refreshSoon();
      }, wait).unref();
      return;
    }
    lastStarted = Date.now();
    again = false;
    running = refresh().finally(() => {
      running = undefined;
      if (again) refreshSoon();
    });
  };
  return {
    async start() {
      await refresh();
      if (!builtAt) return;
      timer = setInterval(refresh, intervalMs).unref();
      stopListening = onCatalogueChange(refreshSoon);
    },
    stop: () => {
      clearInterval(timer);
      clearTimeout(soonTimer);
      stopListening();
    },
    refresh,
    /** the search's changes since the build, as JSON, in the language asked for (English otherwise) */
    searchChanges: (lang: string | null) => searchChanges.get(lang && isLocale(lang) ? lang : DEFAULT_LOCALE) ?? NO_CHANGES,
    // a page in every language: /pt-br/drama/5 is stale when /drama/5 is (home: '/', '/index.html')
    isStale: (pathname: string) => stale.has(splitLocale(pathname).path.replace(/\/(index\.html)?$/, '') || '/'),
  };
}
