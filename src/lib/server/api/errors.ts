import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import { isConnectionError, RETRY_AFTER_SECONDS } from '../db/connection-errors.ts';
import { logger } from '../logger.ts';
import { RateLimitedError } from '../rate-limit.ts';

/** The one error type of the API: becomes `{ "detail": ..., "field"?: ... }` with `status`. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly detail: string;
  readonly field?: string;
  readonly headers?: Record<string, string>;

  constructor(status: ContentfulStatusCode, detail: string, field?: string, headers?: Record<string, string>) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.field = field;
    this.headers = headers;
  }
}

export const badRequest = (detail: string, field?: string) => new ApiError(400, detail, field);
export const unauthorized = (detail = 'Not authenticated') =>
  new ApiError(401, detail, undefined, { 'WWW-Authenticate': 'Bearer' });
export const forbidden = (detail = "You don't have permission to perform this action") => new ApiError(403, detail);
export const notFound = (detail = 'Not found') => new ApiError(404, detail);
export const conflict = (detail: string, field?: string) => new ApiError(409, detail, field);
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new ApiError(429, detail, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const SERVICE_UNAVAILABLE = 'Service temporarily unavailable';
export const serviceUnavailable = () =>
  new ApiError(503, SERVICE_UNAVAILABLE, undefined, { 'Retry-After': String(RETRY_AFTER_SECONDS) });

/** Turns the first zod issue into a readable `detail` naming the field. */
export function validationError(error: ZodError, where: string): ApiError {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  const message = issue?.message ?? 'Invalid input';
  return new ApiError(400, field ? `Invalid ${where} '${field}': ${message}` : `Invalid ${where}: ${message}`, field);
}

/**
 * Hono's onError: every error leaves as JSON; the database being away (a restart, a failover) is a
 * 503 with Retry-After; unexpected errors are logged and answer a bare 500.
 */
export function handleError(error: Error, c: Context) {
  if (!(error instanceof ApiError) && isConnectionError(error)) {
    logger.warn({ reqId: c.get('requestId'), path: c.req.path, err: error }, 'database unavailable');
    error = serviceUnavailable();
  }
  if (error instanceof ApiError) {
    const body = error.field ? { detail: error.detail, field: error.field } : { detail: error.detail };
    return c.json(body, error.status, error.headers);
  }
  if (error instanceof RateLimitedError) {
    return c.json({ detail: error.message }, 429, { 'Retry-After': String(error.retryAfterSeconds) });
  }
  if (error instanceof HTTPException) {
    // Raised by Hono's own middleware (body limit, malformed JSON body, ...).
    const detail = error.status === 413 ? 'Request body too large' : error.message || 'Bad request';
    return c.json({ detail }, error.status);
  }
  logger.error({ err: error, reqId: c.get('requestId'), path: c.req.path }, 'unhandled error');
  return c.json({ detail: 'Internal server error' }, 500);
}

/** Hono's notFound: an unknown API route is a JSON 404. */
export function handleNotFound(c: Context) {
  return c.json({ detail: `No route for ${c.req.method} ${c.req.path}` }, 404);
}
