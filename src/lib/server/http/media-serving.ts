// Serving files (docs/decisions/013, 024): a file that cannot be opened never takes the process
// down (the static build and media both go through serveFilesSafely), and local media at /media/,
// members' uploads among them. The composition is in site-server.ts.
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sirv from 'sirv';
import { logger } from '../logger.ts';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: () => void) => void | Promise<void>;

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
