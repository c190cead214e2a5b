// A short-lived, per-process cache of the public catalogue's answers (docs/decisions/005).
//
// Catalogue reads are the same for every visitor and far more frequent than catalogue writes: the
// home rows, the ranked lists, the popular searches and the most visited dramas are asked for over
// and over. Answering a repeat from memory costs a map look-up instead of a database round trip,
// JSON encoding and validation, so one instance keeps answering in a few milliseconds under load.
//
// - Only GET answers of the routes listed below, only 200s, only bodies up to MAX_BODY_BYTES.
// - Bounded in bytes (PUBLIC_CACHE_MB, default 32 MB): a least-recently-used cache (lru-cache) that
//   counts each answer's body, headers and key, and drops answers past their stale window (a purge
//   every PURGE_MS), so no sequence of requests can make it hold more (docs/decisions/014).
// - Keyed by the path and the query parameters the route reads (from its zod query schema, set by
//   `registerQueryKeys`), sorted; any other parameter is left out, so `?_=1`, `?_=2`, … are one
//   answer, not one each.
// - A request that says `Cache-Control: no-cache` (or `Pragma: no-cache`) gets a freshly computed
//   answer, which then replaces the cached one, when the cached one was computed NO_CACHE_INTERVAL_MS
//   (1 s) ago or more; a quicker one is answered from memory, whoever sends it, so a flood of them
//   costs a key at most one computation a second (docs/decisions/031). NO_CACHE_INTERVAL_MS=0
//   recomputes every one (the benchmark and the fault tests measure misses this way).
// - An entry lives TTL_MS. Writes announce `catalogueChanged()` (services/catalogue-events.ts):
//   this process and, through PostgreSQL's LISTEN/NOTIFY, every other instance forget everything at
//   once, so a member sees their change at once whichever instance answers. Nothing here must be
//   shared between instances.
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
import { LRUCache } from 'lru-cache';
import { RANKED_LIST_KEYS } from '../../ranked-lists/ranked-lists.ts';
import { env } from '../env.ts';
import { logger } from '../logger.ts';
import { onCatalogueChange } from '../services/catalogue/catalogue-events.ts';

export const TTL_MS = 10_000;
/** how long after expiry an answer may still be sent while a fresh one is computed */
export const STALE_MS = 30_000;
/**
 * background recomputations at once: answers cached in the same second expire together, and
 * recomputing hundreds at once would stall the answers being served meanwhile
 */
const MAX_REFRESHES = 4;
let refreshes = 0;
const MAX_BODY_BYTES = 256 * 1024;
/** what an entry costs beyond its bodies, headers and key (objects, promise, the cache's own slots) */
const ENTRY_OVERHEAD_BYTES = 600;
/** how often answers past their stale window are dropped */
const PURGE_MS = 30_000;
export const CACHE_CONTROL = `public, max-age=0, s-maxage=${TTL_MS / 1000}, stale-while-revalidate=${STALE_MS / 1000}`;

/** Public catalogue reads (paths relative to /api/v1), and the per-member or fresh ones among them. */
const CACHEABLE = new RegExp(
  `^/(dramas(/(${RANKED_LIST_KEYS.join('|')}|seasons|filter-options|\\d+))?|cast/\\d+|people(/(filter-options|\\d+))?)/?$`,
);

interface Answer {
  status: number;
  /** UTF-8, as it is sent */
  body: Buffer;
  headers: [string, string][];
  /** body and headers, for the cache's byte bound */
  bytes: number;
}

interface Entry {
  answer: Promise<Answer | undefined>;
  /** when its computation started (a no-cache request recomputes it only NO_CACHE_INTERVAL_MS later) */
  startedAt: number;
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

let store: LRUCache<string, Entry> | undefined | null;
let purgeTimer: NodeJS.Timeout | undefined;

/** The cache (made on first use from PUBLIC_CACHE_MB), or null when it is turned off (0). */
function entries(): LRUCache<string, Entry> | null {
  if (store !== undefined) return store;
  const maxSize = env().publicCacheMb * 1024 * 1024;
  if (maxSize <= 0) return (store = null);
  store = new LRUCache<string, Entry>({
    maxSize,
    maxEntrySize: Math.min(maxSize, MAX_BODY_BYTES + 64 * 1024),
    // nothing is sent past its stale window (cachedAnswer): such entries only hold memory
    ttl: TTL_MS + STALE_MS,
    updateAgeOnGet: false,
  });
  purgeTimer = setInterval(() => store?.purgeStale(), PURGE_MS);
  purgeTimer.unref();
  return store;
}

/** What an entry weighs against the byte bound. */
function sizeOf(key: string, entry: Entry): number {
  return ENTRY_OVERHEAD_BYTES + key.length + (entry.settled?.bytes ?? 0) + (entry.stale?.bytes ?? 0);
}

/** Stores `entry` (again, once its size changed: lru-cache weighs a value when it is set). */
function put(key: string, entry: Entry): void {
  const cache = entries();
  if (!cache) return;
  if (cache.peek(key) === entry) cache.delete(key);
  cache.set(key, entry, { size: sizeOf(key, entry) });
}

/** How many answers, and how many bytes, the cache holds. */
export function publicCacheSize(): { entries: number; bytes: number; maxBytes: number } {
  const cache = entries();
  return { entries: cache?.size ?? 0, bytes: cache?.calculatedSize ?? 0, maxBytes: cache?.maxSize ?? 0 };
}

let generation = 0;

/** Forget every cached answer (after a write that changes what the catalogue shows). */
export function invalidatePublicAnswers(): void {
  generation++;
  store?.clear();
}

onCatalogueChange(invalidatePublicAnswers);

export function isCacheablePath(path: string): boolean {
  return CACHEABLE.test(path);
}

/** The query parameters each cacheable route reads, by path pattern (paths relative to /api/v1). */
const queryKeys: { path: string; pattern: RegExp; keys: ReadonlySet<string> }[] = [];

/**
 * Tells the cache which query parameters a route reads (`path` as in the OpenAPI document, e.g.
 * '/dramas/{id}', relative to /api/v1); createApi registers every GET route from its zod schema.
 * Parameters a route does not read are left out of its cache key. A route never registered keeps
 * every parameter in its keys.
 */
export function registerQueryKeys(path: string, keys: Iterable<string>): void {
  const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
  const entry = { path, pattern: new RegExp(`^${source}$`), keys: new Set(keys) };
  const at = queryKeys.findIndex((k) => k.path === path);
  if (at >= 0) queryKeys[at] = entry;
  // a literal path ('/dramas/popular') is looked at before a pattern that also matches it ('/dramas/{id}')
  else if (path.includes('{')) queryKeys.push(entry);
  else queryKeys.unshift(entry);
}

function knownKeys(path: string): ReadonlySet<string> | undefined {
  return queryKeys.find((k) => k.pattern.test(path))?.keys;
}

/**
 * The cache key of a request: the path without a trailing slash, then the query parameters the
 * route reads, sorted by name (a repeated parameter keeps the order of its values), re-encoded.
 */
function cacheKey(pathname: string, search: string, base: string): string {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  if (search.length <= 1) return path;
  const known = knownKeys(path.startsWith(base) ? path.slice(base.length) : path);
  const kept = [...new URLSearchParams(search)].filter(([name]) => !known || known.has(name));
  if (!kept.length) return path;
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)); // stable: a repeated name keeps its order
  return `${path}?${new URLSearchParams(kept).toString()}`;
}

/** Whether the request asks for a fresh answer (`Cache-Control: no-cache`, `Pragma: no-cache`). */
export function wantsFresh(cacheControl: string | undefined, pragma: string | undefined): boolean {
  return /\bno-cache\b/i.test(cacheControl ?? '') || /\bno-cache\b/i.test(pragma ?? '');
}

/**
 * Whether a request that asks for a fresh answer gets one computed: unless the kept answer of `key`
 * (of this generation) was computed less than NO_CACHE_INTERVAL_MS ago, or is being computed.
 */
function recomputes(key: string, cacheControl: string | undefined, pragma: string | undefined): boolean {
  if (!wantsFresh(cacheControl, pragma)) return false;
  const interval = env().noCacheIntervalMs;
  const entry = interval > 0 ? entries()?.peek(key) : undefined;
  if (!entry || entry.generation !== generation) return true;
  return Date.now() - entry.startedAt >= interval;
}

/**
 * The answer to send from memory for `key`: fresh ('HIT'), or expired by less than STALE_MS
 * ('STALE', stale-while-revalidate: the first stale read asks for a fresh answer in the
 * background, and readers keep getting the stale one until it is there). Undefined otherwise.
 */
function cachedAnswer(key: string): { answer: Answer; state: 'HIT' | 'STALE' } | undefined {
  const entry = entries()?.get(key);
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
  if (req.method !== 'GET' || !req.url || !entries()) return false;
  const q = req.url.indexOf('?');
  const pathname = q < 0 ? req.url : req.url.slice(0, q);
  if (!pathname.startsWith(`${base}/`) || !isCacheablePath(pathname.slice(base.length))) return false;
  const key = cacheKey(pathname, q < 0 ? '' : req.url.slice(q), base);
  if (recomputes(key, req.headers['cache-control'], req.headers.pragma)) return false;
  const cached = cachedAnswer(key);
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
  return new Response(answer.body as unknown as BodyInit, { status: answer.status, headers });
}

/**
 * The middleware, mounted on the v1 router: `path` is read relative to `/api/v1`.
 * `base` is the prefix to strip from the request path.
 */
export function cachePublicAnswers(base = '/api/v1'): MiddlewareHandler {
  return async (c, next) => {
    const cache = entries();
    if (c.req.method !== 'GET' || !cache) return next();
    const url = new URL(c.req.url);
    const path = url.pathname.startsWith(base) ? url.pathname.slice(base.length) : url.pathname;
    if (!isCacheablePath(path)) return next();
    const key = cacheKey(url.pathname, url.search, base);
    const now = Date.now();
    const hit = recomputes(key, c.req.header('cache-control'), c.req.header('pragma')) ? undefined : cache.get(key);
    if (hit && hit.expires > now && hit.generation === generation) {
      const answer = await hit.answer;
      if (answer) return respond(answer, 'HIT');
    }

    let settle!: (answer: Answer | undefined) => void;
    // a tenth of jitter, so answers cached together do not all expire together
    const expires = now + TTL_MS - Math.floor(Math.random() * (TTL_MS / 10));
    const entry: Entry = { answer: new Promise((resolve) => (settle = resolve)), startedAt: now, expires, generation };
    if (hit?.settled && hit.generation === generation && hit.expires + STALE_MS > now) {
      entry.stale = hit.settled;
      entry.staleUntil = hit.expires + STALE_MS;
    }
    put(key, entry);
    const forget = () => {
      if (cache.peek(key) === entry) cache.delete(key);
    };
    try {
      await next();
    } catch (error) {
      forget();
      settle(undefined);
      throw error;
    }
    const res = c.res;
    const type = res.headers.get('Content-Type') ?? '';
    if (res.status !== 200 || !type.includes('application/json')) {
      forget();
      settle(undefined);
      return;
    }
    const body = Buffer.from(await res.arrayBuffer());
    const headers = [...res.headers].filter(([name]) => !PER_REQUEST_HEADERS.has(name));
    // a CDN in front may keep it as long as this process does; no sniffing (as every API answer)
    if (!res.headers.has('Cache-Control')) headers.push(['cache-control', CACHE_CONTROL]);
    headers.push(['x-content-type-options', 'nosniff']);
    const answer: Answer = { status: res.status, body, headers, bytes: body.length + headers.reduce((n, [k, v]) => n + k.length + v.length, 0) };
    entry.settled = answer;
    entry.stale = undefined; // no longer needed: the fresh answer is here
    if (body.length > MAX_BODY_BYTES || entry.generation !== generation) forget();
    else if (cache.peek(key) === entry) put(key, entry); // weighed again, with its answer
    settle(answer);
    c.res = respond(answer, 'MISS');
  };
}
