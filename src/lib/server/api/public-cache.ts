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
// - Answers say `X-Cache: HIT` or `MISS`.
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
const MAX_ENTRIES = 5_000;
const MAX_BODY_BYTES = 256 * 1024;
export const CACHE_CONTROL = `public, max-age=0, s-maxage=${TTL_MS / 1000}, stale-while-revalidate=30`;

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

function freshAnswer(key: string): Answer | undefined {
  const entry = entries.get(key);
  return entry && entry.expires > Date.now() && entry.generation === generation ? entry.settled : undefined;
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
  const answer = freshAnswer(cacheKey(pathname, q < 0 ? '' : req.url.slice(q)));
  if (!answer) return false;
  const started = performance.now();
  const reqId = randomUUID();
  res.writeHead(answer.status, [...answer.headers.flat(), 'X-Cache', 'HIT', 'X-Request-Id', reqId]);
  res.end(answer.body);
  logger.info({ reqId, method: 'GET', path: pathname, status: answer.status, ms: Math.round((performance.now() - started) * 10) / 10, cache: 'HIT' }, 'request');
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
    const entry: Entry = { answer: new Promise((resolve) => (settle = resolve)), expires: now + TTL_MS, generation };
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
