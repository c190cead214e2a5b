import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import compression from 'compression';
import sirv from 'sirv';
import type { Api } from '../api/index.ts';
import { DEFAULT_LOCALE, HTML_LANG, localePath, splitLocale } from '../../../i18n/locales.ts';
import { rankedListAt, rankedListTwinUrl } from '../../ranked-lists/ranked-lists.ts';
import { serveCachedAnswer, setPublicAnswerRefresher } from '../api/public-cache.ts';
import { env } from '../env.ts';
import { createMediaHandler, serveFilesSafely, type NodeHandler } from './media-serving.ts';
import { createFreshnessTracker, setCacheHeaders } from './page-freshness.ts';
import { SEARCH_CHANGES_PATH } from '../../navbar-search/search-records.ts';
import { answerKind, securityHeaders, type AnswerKind } from './security-headers.ts';

/** A build the site server serves: its static files, its on-demand pages, when it read the database. */
export interface ServedBuild {
  /** Astro's static output (dist/client) */
  clientDir: string;
  /** Astro's node middleware (dist/server/entry.mjs `handler`): on-demand pages and the 404 */
  astroHandler: NodeHandler;
  /** when the served build started reading the database; records changed later are served on demand */
  builtAt?: Date;
  /** the served build's id, sent with every page as `X-Build-Id` (which build an instance serves) */
  buildId?: string;
}

export interface SiteServerOptions extends ServedBuild {
  api: Api;
  /** local media storage, served at /media/ */
  mediaDir: string;
  /** how often to re-read which records changed since the build (ms) */
  freshnessIntervalMs?: number;
  /** the site's public origin (HSTS when https); PUBLIC_URL by default */
  publicUrl?: string;
}

/**
 * Where a stale pre-rendered page is rendered on demand: a record's page at its own address (its
 * on-demand route), home and page 1 of a ranked list at their twin (/ranked/home, /ranked/drama/popular).
 */
export function freshPageUrl(url: string): string {
  const cut = url.indexOf('?');
  const { locale, path: pathname } = splitLocale(cut === -1 ? url : url.slice(0, cut));
  const bare = pathname.replace(/\/(index\.html)?$/, '') || '/';
  if (bare !== '/' && !rankedListAt(bare)) return url;
  return `${localePath(locale, bare === '/' ? '/ranked/home' : `/ranked${bare}`)}${cut === -1 ? '' : url.slice(cut)}`;
}

const CSP = 'content-security-policy';

/**
 * Sets the security headers of `kind` on `res` before any handler writes (docs/decisions/011). A
 * handler's own Content-Security-Policy (Astro's on a page rendered on demand) is sent beside the
 * server's rather than replacing it: the browser enforces both.
 */
function setSecurityHeaders(res: ServerResponse, headers: Record<string, string>) {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  const policy = headers['Content-Security-Policy'];
  if (!policy) return;
  const setHeader = res.setHeader;
  // writeHead(status, headers) also goes through setHeader once headers were set
  res.setHeader = function (name, value) {
    if (name.toLowerCase() !== CSP) return setHeader.call(this, name, value);
    const others = [value].flat().map(String).filter((v) => v !== policy);
    return setHeader.call(this, name, [policy, ...others]);
  };
}

/** Whether the path of `url` decodes: a malformed percent-encoding (`%E0%A4%A`, `%`, `%G1`) does not. */
function pathDecodes(url: string): boolean {
  try {
    decodeURIComponent(url.split('?')[0] ?? '/');
    return true;
  } catch {
    return false;
  }
}

/**
 * The API as a Node listener: a path that does not decode is a JSON 400 (as every API error), a fresh
 * cached public answer is written at once, the rest goes to Hono.
 */
export function createApiListener(app: Api): NodeHandler {
  const api = getRequestListener(app.fetch);
  // an expired cached answer is recomputed by asking the API itself, in the background
  setPublicAnswerRefresher(async (key) => app.fetch(new Request(`http://127.0.0.1${key}`)));
  return (req, res) => {
    if (!pathDecodes(req.url ?? '/')) {
      const body = JSON.stringify({ detail: 'The address is not valid: a malformed percent-encoding in its path' });
      res.writeHead(400, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(body) }).end(body);
      return;
    }
    if (!serveCachedAnswer(req, res)) return api(req, res);
  };
}

/**
 * The site's not-found page in the language of the address. Astro answers every unknown address
 * (and a page that names nothing) with the pre-rendered /404 page, which is English; for a /pt-br/
 * address this sends the pre-rendered /pt-br/404 instead, with the same status and headers. Only
 * that page is replaced: a page of its own with a 404 status (a drama that does not exist) is
 * already in the address's language and passes as it is.
 */
export function localizeNotFound(clientDir: string): (req: IncomingMessage, res: ServerResponse) => void {
  const pages = new Map<string, Buffer | null>();
  const pageOf = (locale: string) => {
    if (!pages.has(locale)) {
      const file = path.join(clientDir, localePath(locale as never, '/404'), 'index.html');
      pages.set(locale, fs.existsSync(file) ? fs.readFileSync(file) : null);
    }
    return pages.get(locale) ?? null;
  };
  return (req, res) => {
    const { locale } = splitLocale((req.url ?? '/').split('?')[0] ?? '/');
    if (locale === DEFAULT_LOCALE) return;
    const english = Buffer.from(`<html lang="${HTML_LANG[DEFAULT_LOCALE]}"`);
    const writeHead = res.writeHead;
    const write = res.write;
    const end = res.end;
    let held: unknown[] | undefined;
    let replacing = false;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      if (args[0] === 404 && pageOf(locale)) {
        held = args;
        return this;
      }
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as typeof res.writeHead;
    const decide = (chunk: unknown) => {
      if (!held) return;
      const head = held;
      held = undefined;
      const text = Buffer.isBuffer(chunk) ? chunk : Buffer.from(typeof chunk === 'string' ? chunk : chunk instanceof Uint8Array ? chunk : '');
      replacing = text.subarray(0, 200).includes(english);
      if (replacing && typeof head[1] === 'object' && head[1]) for (const name of Object.keys(head[1])) if (name.toLowerCase() === 'content-length') delete (head[1] as Record<string, unknown>)[name];
      (writeHead as (...a: unknown[]) => ServerResponse).apply(res, head);
      if (replacing) (write as (chunk: Buffer) => boolean).call(res, pageOf(locale)!);
    };
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      decide(chunk);
      if (replacing) return true;
      return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof res.write;
    res.end = function (this: ServerResponse, ...args: unknown[]) {
      const chunk = typeof args[0] === 'function' ? undefined : args[0];
      decide(chunk);
      if (replacing) return (end as () => ServerResponse).call(this);
      return (end as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as typeof res.end;
  };
}

/**
 * One Node server for the whole site: /api/* goes to the Hono API, /media/* to local media,
 * everything else to the static build, except pages whose record changed since the build, which
 * (like every page that was not pre-rendered) Astro renders on demand. See docs/decisions/001.
 */
export async function createSiteServer(options: SiteServerOptions) {
  const api = createApiListener(options.api);
  const media = createMediaHandler(options.mediaDir);
  const publicUrl = options.publicUrl ?? env().publicUrl;
  const headersOf = Object.fromEntries(
    (['page', 'media', 'api', 'docs'] as const).map((kind) => [kind, securityHeaders(kind, { publicUrl })]),
  ) as Record<AnswerKind, Record<string, string>>;

  // Pages rendered on demand are compressed as they stream, each chunk flushed so streaming still
  // reaches the browser early (the static build has its twins).
  const compress = compression({ threshold: 1024, flush: zlib.constants.Z_SYNC_FLUSH }) as unknown as (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

  /** What serving one build needs; a switch to a newer build replaces it whole, between requests. */
  const prepare = async (build: ServedBuild) => {
    const freshness = createFreshnessTracker(build.builtAt, options.freshnessIntervalMs ?? 5000);
    // the stale set is computed against this build's start before it serves its first request
    await freshness.start();
    const notFoundInLanguage = localizeNotFound(build.clientDir);
    const render: NodeHandler = (req, res) =>
      compress(req, res, () => {
        notFoundInLanguage(req, res);
        void build.astroHandler(req, res);
      });
    // a static file that went missing is answered as if it had never been built: by Astro
    const assets = serveFilesSafely(
      sirv(build.clientDir, { etag: true, brotli: true, gzip: true, extensions: ['html'], setHeaders: setCacheHeaders }),
    );
    return { build, freshness, render, assets };
  };
  let serving = await prepare(options);

  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const pathname = url.split('?')[0] ?? '/';
    setSecurityHeaders(res, headersOf[answerKind(pathname)]);
    // the API answers a path that does not decode itself, as JSON (createApiListener)
    if (pathname === '/api' || pathname.startsWith('/api/')) return void api(req, res);
    if (!pathDecodes(pathname)) {
      res.writeHead(400, { 'Content-Type': 'text/plain' }).end('Bad request');
      return;
    }
    // one build answers the whole request, even if a newer one is switched in meanwhile
    const { build, freshness, render, assets } = serving;
    if (build.buildId) res.setHeader('X-Build-Id', build.buildId);
    if (pathname.startsWith('/media/')) {
      req.url = url.slice('/media'.length);
      return void media(req, res, () => {
        req.url = url;
        void render(req, res);
      });
    }
    // the instant search's corrections for records changed since this build (search-records.ts)
    if (pathname === SEARCH_CHANGES_PATH) {
      const lang = new URL(url, 'http://site').searchParams.get('lang');
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=0, s-maxage=5' });
      res.end(freshness.searchChanges(lang));
      return;
    }
    if (freshness.isStale(pathname)) {
      req.url = freshPageUrl(url);
      return void render(req, res);
    }
    // page N ≠ 1 of a ranked list: the pre-rendered file holds page 1, so render its on-demand twin
    const twin = rankedListTwinUrl(url);
    if (twin) {
      req.url = twin;
      return void render(req, res);
    }
    assets(req, res, () => void render(req, res));
  });
  server.keepAliveTimeout = 65_000; // longer than common load balancers' idle timeout
  server.on('close', () => serving.freshness.stop());
  return {
    server,
    refreshFreshness: () => serving.freshness.refresh(),
    /** the id of the build being served now */
    servedBuildId: () => serving.build.buildId,
    /**
     * Serves `next` from the next request on (`npm run rebuild`; docs/decisions/038): its files, its
     * on-demand pages and its stale set (records changed since it started), made ready first.
     * Requests under way finish on the build they started on.
     */
    async switchBuild(next: ServedBuild) {
      const ready = await prepare(next);
      const previous = serving;
      serving = ready;
      previous.freshness.stop();
      if (!server.listening) ready.freshness.stop();
    },
  };
}

/**
 * Stops accepting connections, lets in-flight requests finish (up to `graceMs`), then runs `onClosed`.
 */
export function closeGracefully(server: http.Server, graceMs: number, onClosed: () => Promise<void>) {
  return new Promise<void>((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs).unref();
    // A keep-alive connection becomes idle once its in-flight response is sent: close it then.
    const sweep = setInterval(() => server.closeIdleConnections(), 50).unref();
    server.close(() => {
      clearTimeout(force);
      clearInterval(sweep);
      void onClosed().finally(resolve);
    });
    server.closeIdleConnections();
  });
}
