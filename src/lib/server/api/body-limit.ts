import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { env } from '../env.ts';
import { HTTPException } from 'hono/http-exception';

/**
 * 413 for a request body over BODY_LIMIT. A declared Content-Length is judged from the header alone:
 * touching `c.req.raw.body` makes the Node adapter stream the body into a web stream, and when the
 * route then answers without reading it (401, 404, 415, ...), the adapter cannot drain the rest and
 * drops the connection that its answer had just said would stay open, failing the client's next
 * request on it. A chunked body (no length) is counted as hono's bodyLimit reads it.
 */
export function limitBodies(options: { except?: string } = {}): MiddlewareHandler {
  const tooLarge = () => {
    // The body was not read to its end: the answer closes the connection rather than reuse it (api/errors.ts).
    throw new HTTPException(413, { message: `Request body too large (limit ${env().bodyLimit} bytes)` });
  };
  const counted = bodyLimit({ maxSize: env().bodyLimit, onError: tooLarge });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next(); // the Node adapter drops their bodies
    if (options.except && c.req.path.startsWith(options.except)) return next();
    const declared = c.req.header('Content-Length');
    if (declared === undefined || c.req.header('Transfer-Encoding') !== undefined) return counted(c, next);
    if (!/^\d+$/.test(declared.trim()) || Number(declared) > env().bodyLimit) tooLarge();
    await next();
  };
}
