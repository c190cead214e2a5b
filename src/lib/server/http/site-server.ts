import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import compression from 'compression';
import sirv from 'sirv';
import type { Api } from '../api/index.ts';
import { DEFAULT_LOCALE, HTML_LANG, localePath, splitLocale } from '../../../i18n/locales.ts';
import { rankedListTwinUrl } from '../../ranked-lists/ranked-lists.ts';
import { serveCachedAnswer, setPublicAnswerRefresher } from '../api/public-cache.ts';
import { getDb } from '../db/client.ts';
import { env } from '../env.ts';
import { logger } from '../logger.ts';
import { onCatalogueChange } from '../services/catalogue/catalogue-events.ts';
import { listStalePaths } from '../services/catalogue/content-freshness.ts';
import { answerKind, DOCUMENT_ONLY_HEADERS, securityHeaders, type AnswerKind } from './security-headers.ts';

type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: () => void) => void | Promise<void>;

export interface SiteServerOptions {
  /** Astro's static output (dist/client) */
  clientDir: string;
  /** Astro's node middleware (dist/server/entry.mjs `handler`): on-demand pages and the 404 */
  astroHandler: NodeHandler;
  api: Api;
  /** local media storage, served at /media/ */
  mediaDir: string;
  /** when the served build started reading the database; records changed later are served on demand */
  builtAt?: Date;
  /** how often to re-read which records changed since the build (ms) */
  freshnessIntervalMs?: number;
  /** the site's public origin (HSTS when https); PUBLIC_URL by default */
  publicUrl?: string;
  /** the served build's id, sent with every page as `X-Build-Id` (which build an instance serves) */
  buildId?: string;
}

/** The static-file policy: hashed assets forever, HTML revalidated, media for a day. */
function setCacheHeaders(res: ServerResponse, pathname: string) {
  const page = pathname.endsWith('.html') || !path.extname(pathname);
  if (pathname.startsWith('/_astro/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  else if (page) res.setHeader('Cache-Control', 'public, max-age=0, s-maxage=60, stale-while-revalidate=300');
  else res.setHeader('Cache-Control', 'public, max-age=3600');
  // a script, stylesheet or font of the build is never a document: headers only documents read
  // would be bytes on every one of a page's requests (docs/decisions/011)
  if (!page) for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
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

type WriteHead = ServerResponse['writeHead'];

/**
 * Serves files with `serve` (sirv) so that a file that cannot be opened never takes the process down.
 * sirv writes the status and headers, then pipes a read stream whose errors nobody listens to: a file
 * removed after sirv listed it at start (a damaged or deleted build, a replaced upload) would throw an
 * unhandled 'error' and end the process. Here the headers of a 200/206 are held until the file is
 * open; a file that is gone goes to `next` (as if it had never been there; a 404 without one), any
 * other failure answers 500, and a failure after the first bytes ends that response only.
 */
export function serveFilesSafely(serve: NodeHandler): NodeHandler {
  return (req, res, next) => {
    const writeHead = res.writeHead;
    let held: Parameters<WriteHead> | undefined;
    let source: Readable | undefined;
    let passed = false;
    res.writeHead = ((...args: Parameters<WriteHead>) => {
      if (args[0] === 200 || args[0] === 206) {
        held = args;
        return res;
      }
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(res, args);
    }) as WriteHead;
    const onPipe = (piped: Readable) => (source = piped);
    res.once('pipe', onPipe);
    try {
      // sirv decides synchronously: run the fallback only once res is ours again
      void serve(req, res, () => (passed = true));
    } finally {
      res.writeHead = writeHead;
      res.off('pipe', onPipe);
    }
    const sendHeld = () => held && (writeHead as (...a: unknown[]) => ServerResponse).apply(res, held);
    const notFound = () => (next ? next() : res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found'));
    if (passed) return void notFound();
    if (!source) return void sendHeld();
    let opened = false;
    const piped = source;
    // a visitor who leaves before the end: close the file (pipe would leave it open)
    res.once('close', () => res.writableFinished || piped.destroy());
    source.once('open', () => {
      opened = true;
      sendHeld();
    });
    source.once('error', (error: NodeJS.ErrnoException) => {
      if (opened || res.headersSent) {
        logger.warn({ err: error, url: req.url }, 'a file failed while it was being sent');
        res.destroy(error);
        return;
      }
      res.removeHeader('Cache-Control');
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') {
        logger.warn({ url: req.url, file: (error as { path?: string }).path }, 'a file of the build is missing: answering without it');
        notFound();
      } else {
        logger.error({ err: error, url: req.url }, 'could not read a file to send');
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Server error');
      }
    });
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
 * Keeps the set of stale pre-rendered paths: re-read when any instance announces a catalogue change
 * (services/catalogue-events.ts; at most once a second, so a burst of hearts costs little), and
 * every `intervalMs` anyway, so every instance converges even on a change it did not hear of.
 */
function createFreshnessTracker(builtAt: Date | undefined, intervalMs: number) {
  let stale = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let stopListening = () => {};
  const refresh = async () => {
    if (!builtAt) return;
    try {
      stale = new Set(await listStalePaths(await getDb(), builtAt));
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
    // a record's page in every language: /pt-br/drama/5 is stale when /drama/5 is
    isStale: (pathname: string) => stale.has(splitLocale(pathname).path.replace(/\/(index\.html)?$/, '')),
  };
}

/**
 * Local media at /media/ (the handler gets the path under it): generated art, cached for a day, and
 * members' uploads (`uploads/`, docs/decisions/024), which are looked up on each request (they come
 * and go while the server runs; sirv otherwise lists files once at start) and cached for a year
 * (their names are random and never reused: a new image is a new name).
 */
export function createMediaHandler(mediaDir: string): NodeHandler {
  fs.mkdirSync(path.join(mediaDir, 'uploads'), { recursive: true });
  const art = serveFilesSafely(sirv(mediaDir, { etag: true, setHeaders: (res) => res.setHeader('Cache-Control', 'public, max-age=86400') }));
  const uploads = serveFilesSafely(
    sirv(path.join(mediaDir, 'uploads'), {
      dev: true,
      etag: true,
      setHeaders: (res) => res.setHeader('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  return (req, res, next) => {
    const url = req.url ?? '/';
    if (!url.startsWith('/uploads/')) return art(req, res, next);
    req.url = url.slice('/uploads'.length);
    return uploads(req, res, () => {
      req.url = url;
      if (next) next();
      else res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    });
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
  const freshness = createFreshnessTracker(options.builtAt, options.freshnessIntervalMs ?? 5000);
  await freshness.start();
  const publicUrl = options.publicUrl ?? env().publicUrl;
  const headersOf = Object.fromEntries(
    (['page', 'media', 'api', 'docs'] as const).map((kind) => [kind, securityHeaders(kind, { publicUrl })]),
  ) as Record<AnswerKind, Record<string, string>>;

  // Pages rendered on demand are compressed as they stream, each chunk flushed so streaming still
  // reaches the browser early (the static build has its twins).
  const compress = compression({ threshold: 1024, flush: zlib.constants.Z_SYNC_FLUSH }) as unknown as (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  const notFoundInLanguage = localizeNotFound(options.clientDir);
  const render: NodeHandler = (req, res) =>
    compress(req, res, () => {
      notFoundInLanguage(req, res);
      void options.astroHandler(req, res);
    });
  // a static file that went missing is answered as if it had never been built: by Astro
  const assets = serveFilesSafely(
    sirv(options.clientDir, { etag: true, brotli: true, gzip: true, extensions: ['html'], setHeaders: setCacheHeaders }),
  );
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
    if (options.buildId) res.setHeader('X-Build-Id', options.buildId);
    if (pathname.startsWith('/media/')) {
      req.url = url.slice('/media'.length);
      return void media(req, res, () => {
        req.url = url;
        void render(req, res);
      });
    }
    if (freshness.isStale(pathname)) return void render(req, res);
    // page N ≠ 1 of a ranked list: the pre-rendered file holds page 1, so render its on-demand twin
    const twin = rankedListTwinUrl(url);
    if (twin) {
      req.url = twin;
      return void render(req, res);
    }
    assets(req, res, () => void render(req, res));
  });
  server.keepAliveTimeout = 65_000; // longer than common load balancers' idle timeout
  server.on('close', () => freshness.stop());
  return { server, refreshFreshness: freshness.refresh };
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
