import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import compression from 'compression';
import sirv from 'sirv';
import type { Api } from '../api/index.ts';
import { rankedListTwinUrl } from '../../ranked-lists.ts';
import { serveCachedAnswer, setPublicAnswerRefresher } from '../api/public-cache.ts';
import { logger } from '../logger.ts';
import { onCatalogueChange } from '../services/catalogue-events.ts';
import { listStalePaths } from '../services/content-freshness.ts';

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
}

/** The static-file policy: hashed assets forever, HTML revalidated, media for a day. */
function setCacheHeaders(res: ServerResponse, pathname: string) {
  if (pathname.startsWith('/_astro/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  else if (pathname.endsWith('.html') || !path.extname(pathname))
    res.setHeader('Cache-Control', 'public, max-age=0, s-maxage=60, stale-while-revalidate=300');
  else res.setHeader('Cache-Control', 'public, max-age=3600');
}

/** The API as a Node listener: a fresh cached public answer is written at once, the rest goes to Hono. */
export function createApiListener(app: Api): NodeHandler {
  const api = getRequestListener(app.fetch);
  // an expired cached answer is recomputed by asking the API itself, in the background
  setPublicAnswerRefresher(async (key) => app.fetch(new Request(`http://127.0.0.1${key}`)));
  return (req, res) => {
    if (!serveCachedAnswer(req, res)) return api(req, res);
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
      stale = new Set(await listStalePaths(builtAt));
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
    isStale: (pathname: string) => stale.has(pathname.replace(/\/(index\.html)?$/, '')),
  };
}

/**
 * One Node server for the whole site: /api/* goes to the Hono API, /media/* to local media,
 * everything else to the static build, except pages whose record changed since the build, which
 * (like every page that was not pre-rendered) Astro renders on demand. See docs/decisions/001.
 */
export async function createSiteServer(options: SiteServerOptions) {
  const api = createApiListener(options.api);
  const assets = sirv(options.clientDir, { etag: true, brotli: true, gzip: true, extensions: ['html'], setHeaders: setCacheHeaders });
  fs.mkdirSync(options.mediaDir, { recursive: true });
  const media = sirv(options.mediaDir, { etag: true, setHeaders: (res) => res.setHeader('Cache-Control', 'public, max-age=86400') });
  const freshness = createFreshnessTracker(options.builtAt, options.freshnessIntervalMs ?? 5000);
  await freshness.start();

  // Pages rendered on demand are compressed as they stream, each chunk flushed so streaming still
  // reaches the browser early (the static build has its twins).
  const compress = compression({ threshold: 1024, flush: zlib.constants.Z_SYNC_FLUSH }) as unknown as (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  const render: NodeHandler = (req, res) => compress(req, res, () => void options.astroHandler(req, res));
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const pathname = url.split('?')[0] ?? '/';
    try {
      decodeURIComponent(pathname);
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain' }).end('Bad request');
      return;
    }
    if (pathname === '/api' || pathname.startsWith('/api/')) return void api(req, res);
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
