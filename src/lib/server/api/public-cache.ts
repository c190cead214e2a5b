// A short-lived, per-process cache of the public catalogue's answers (docs/decisions/005).
//
// Catalogue reads are the same for every visitor and far more frequent than catalogue writes: the
// home rows, the ranked lists, the popular searches and the most visited dramas are asked for over
// and over. Answering a repeat from memory costs a map look-up instead of a database round trip,
// JSON encoding and validation, so one instance keeps answering in a few milliseconds under load.
//
// - Only GET answers of the routes listed below, only 200s, only bodies up to MAX_BODY_BYTES.
// - An entry lives TTL_MS. Writes made through this process (hearts, catalogue edits, refreshed
//   derived figures) announce `catalogueChanged()` (services/catalogue-events.ts) and the cache
//   forgets everything, so the writer sees its change at once; other instances see it within
//   TTL_MS. Nothing here must be shared between instances.
// - Concurrent misses of one key share one computation (no stampede on a cold popular page).
// - Stale-while-revalidate: for STALE_MS after expiry an answer is still sent (`X-Cache: STALE`)
//   while one background request computes its successor, so a busy key never makes readers wait
//   on the database when it expires; an answer is then at most TTL_MS + one computation old.
// - Answers say `X-Cache: HIT`, `STALE` or `MISS`.
// - A hit is written by `serveCachedAnswer` straight onto Node's response, before the request
//   reaches Hono (no Request/Response objects, routing or validation): about a third of the CPU of
//   a hit answered inside Hono. The Hono middleware fills the cache and answers concurrent misses.
// - Per-member answers (heart status, anything reading the token) and the answers the spec's
//   client asks fresh (episodes, filmography: 'no-cache') are never cached.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { logger } from '../logger.ts';
import { onCatalogueChange } from '../services/catalogue-events.ts';

export const TTL_MS = 10_000;
/** how long after expiry an answer may still be sent while a fresh one is computed */
export const STALE_MS = 30_000;
/**
 * background recomputations at once: answers cached in the same second expire together, and
 * recomputing hundreds at once would stall the answers being served meanwhile
 */
const MAX_REFRESHES = 4;
let refreshes = 0;
const MAX_ENTRIES = 5_000;
const MAX_BODY_BYTES = 256 * 1024;
export const CACHE_CONTROL = `public, max-age=0, s-maxage=${TTL_MS / 1000}, stale-while-revalidate=${STALE_MS / 1000}`;

/** Public catalogue reads (paths relative to /api/v1), and the per-member or fresh ones among them. */
const CACHEABLE = /^\/(dramas(\/(popular|top-rated|airing|upcoming|seasons|filter-options|\d+))?|cast\/\d+|people(\/(filter-options|\d+))?)\/?$/;

interface Answer {
  status: number;
  body: string;
  headers: [string, string][];
}

interface Entry {
  answer: Promise<Answer | undefined>;
  /** the answer once it is known */
  settled?: Answer;
  expires: number;
  generation: number;
  /** the expired answer this entry replaces, sent until `staleUntil` while this one is computed */
  stale?: Answer;
  staleUntil?: number;
  /** a refresh of this expired entry has been asked for */
  refreshing?: boolean;
}

/** Recomputes the answer of a cache key in the background (set by the API listener). */
type Refresher = (key: string) => Promise<unknown>;
let refresher: Refresher | undefined;
export function setPublicAnswerRefresher(refresh: Refresher): void {
  refresher = refresh;
}

/** headers a stored answer must not repeat: they belong to the request that computed it */
const PER_REQUEST_HEADERS = new Set(['x-request-id', 'x-cache', 'date', 'content-length']);

const entries = new Map<string, Entry>();
let generation = 0;

/** Forget every cached answer (after a write that changes what the catalogue shows). */
export function invalidatePublicAnswers(): void {
  generation++;
  entries.clear();
}

onCatalogueChange(invalidatePublicAnswers);

export function isCacheablePath(path: string): boolean {
  return CACHEABLE.test(path);
}

/** The cache key of a request path and query string: a trailing slash of the path is ignored. */
function cacheKey(pathname: string, search: string): string {
  return (pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname) + search;
}

/**
 * The answer to send from memory for `key`: fresh ('HIT'), or expired by less than STALE_MS
 * ('STALE', stale-while-revalidate: the first stale read asks for a fresh answer in the
 * background, and readers keep getting the stale one until it is there). Undefined otherwise.
 */
function cachedAnswer(key: string): { answer: Answer; state: 'HIT' | 'STALE' } | undefined {
  const entry = entries.get(key);
  if (!entry || entry.generation !== generation) return undefined;
  const now = Date.now();
  if (entry.settled && entry.expires > now) return { answer: entry.settled, state: 'HIT' };
  if (entry.settled && entry.expires + STALE_MS > now) {
    if (!entry.refreshing && refresher && refreshes < MAX_REFRESHES) {
      entry.refreshing = true;
      refreshes++;
      refresher(key)
        .catch((error) => logger.warn({ err: error, key }, 'could not refresh a cached answer'))
        .finally(() => refreshes--);
    }
    return { answer: entry.settled, state: 'STALE' };
  }
  if (!entry.settled && entry.stale && (entry.staleUntil ?? 0) > now) return { answer: entry.stale, state: 'STALE' };
  return undefined;
}

/**
 * Writes the cached answer of a GET under `/api/v1` onto `res`, if there is a fresh one: true when
 * it did (the request is done), false to hand the request to the API.
 */
export function serveCachedAnswer(req: IncomingMessage, res: ServerResponse, base = '/api/v1'): boolean {
  if (req.method !== 'GET' || !req.url) return false;
  const q = req.url.indexOf('?');
  const pathname = q < 0 ? req.url : req.url.slice(0, q);
  if (!pathname.startsWith(`${base}/`) || !isCacheablePath(pathname.slice(base.length))) return false;
  const cached = cachedAnswer(cacheKey(pathname, q < 0 ? '' : req.url.slice(q)));
  if (!cached) return false;
  const { answer, state } = cached;
  const started = performance.now();
  const reqId = randomUUID();
  res.writeHead(answer.status, [...answer.headers.flat(), 'X-Cache', state, 'X-Request-Id', reqId]);
  res.end(answer.body);
  logger.info({ reqId, method: 'GET', path: pathname, status: answer.status, ms: Math.round((performance.now() - started) * 10) / 10, cache: state }, 'request');
  return true;
}

function respond(answer: Answer, state: 'HIT' | 'MISS'): Response {
  const headers = new Headers(answer.headers);
  headers.set('X-Cache', state);
  return new Response(answer.body, { status: answer.status, headers });
}

/**
 * The middleware, mounted on the v1 router: `path` is read relative to `/api/v1`.
 * `base` is the prefix to strip from the request path.
 */
export function cachePublicAnswers(base = '/api/v1'): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const url = new URL(c.req.url);
    const path = url.pathname.startsWith(base) ? url.pathname.slice(base.length) : url.pathname;
    if (!isCacheablePath(path)) return next();
    const key = cacheKey(url.pathname, url.search);
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expires > now && hit.generation === generation) {
      const answer = await hit.answer;
      if (answer) return respond(answer, 'HIT');
    }

    let settle!: (answer: Answer | undefined) => void;
    // a tenth of jitter, so answers cached together do not all expire together
    const expires = now + TTL_MS - Math.floor(Math.random() * (TTL_MS / 10));
    const entry: Entry = { answer: new Promise((resolve) => (settle = resolve)), expires, generation };
    if (hit?.settled && hit.generation === generation && hit.expires + STALE_MS > now) {
      entry.stale = hit.settled;
      entry.staleUntil = hit.expires + STALE_MS;
    }
    if (entries.size >= MAX_ENTRIES) {
      const oldest = entries.keys().next().value; // a Map iterates in insertion order
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(key, entry);
    try {
      await next();
    } catch (error) {
      entries.delete(key);
      settle(undefined);
      throw error;
    }
    const res = c.res;
    const type = res.headers.get('Content-Type') ?? '';
    if (res.status !== 200 || !type.includes('application/json')) {
      if (entries.get(key) === entry) entries.delete(key);
      settle(undefined);
      return;
    }
    const body = await res.text();
    const headers = [...res.headers].filter(([name]) => !PER_REQUEST_HEADERS.has(name));
    // a CDN in front may keep it as long as this process does; no sniffing (as every API answer)
    if (!res.headers.has('Cache-Control')) headers.push(['cache-control', CACHE_CONTROL]);
    headers.push(['x-content-type-options', 'nosniff']);
    const answer: Answer = { status: res.status, body, headers };
    entry.settled = answer;
    if (body.length > MAX_BODY_BYTES || entry.generation !== generation) {
      if (entries.get(key) === entry) entries.delete(key);
    }
    settle(answer);
    c.res = respond(answer, 'MISS');
  };
}
