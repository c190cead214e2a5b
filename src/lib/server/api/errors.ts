import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { classifyError, EditConflictError, RateLimitedError, ServiceUnavailableError, SuspendedError, UnauthenticatedError, ValidationError } from '../errors.ts';
import { logger } from '../logger.ts';

/** Turns the first zod issue into a readable `detail` naming the field. */
export function validationError(error: ZodError, where: string): ValidationError {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  const message = issue?.message ?? 'Invalid input';
  return new ValidationError(field ? `Invalid ${where} '${field}': ${message}` : `Invalid ${where}: ${message}`, field);
}

/**
 * A 413 leaves the body unread (the body limit, a local upload over its signed size): the answer
 * closes the connection, or the unread rest would be parsed as the client's next request.
 */
const CLOSE = { Connection: 'close' } as const;

/** The headers that go with a domain error's answer. */
function headersOf(error: unknown, status: number): Record<string, string> | undefined {
  if (status === 413) return CLOSE;
  if (error instanceof UnauthenticatedError) return { 'WWW-Authenticate': 'Bearer' };
  if (error instanceof RateLimitedError) return { 'Retry-After': String(error.retryAfterSeconds) };
  if (error instanceof ServiceUnavailableError && error.retryAfterSeconds) return { 'Retry-After': String(error.retryAfterSeconds) };
  return undefined;
}

/**
 * Hono's onError, the one place where errors become answers: a domain error (errors.ts) leaves as
 * `{ "detail": ..., "field"?: ... }` (an edit conflict adds `fields` and `reason`) with the status `classifyError` gives it; the database being
 * away (a restart, a failover) is a 503 with Retry-After; Hono's own errors (body limit, malformed
 * JSON) keep their status; anything else is logged and answers a bare 500.
 */
export function handleError(error: Error, c: Context) {
  const { status, error: known } = classifyError(error);
  if (known) {
    if (status === 503 && !(error instanceof ServiceUnavailableError)) {
      logger.warn({ reqId: c.get('requestId'), path: c.req.path, err: error }, 'database unavailable');
    }
    const body: { detail: string; field?: string; fields?: string[]; reason?: string; suspended_until?: string } = known.field
      ? { detail: known.message, field: known.field }
      : { detail: known.message };
    if (known instanceof SuspendedError) body.suspended_until = known.until.toISOString();
    if (known instanceof EditConflictError) Object.assign(body, { fields: known.fields, reason: known.reason });
    return c.json(body, status, headersOf(known, status));
  }
  if (error instanceof HTTPException) {
    // Raised by Hono's own middleware and ours (body limit, malformed JSON body, ...).
    const detail = error.message || (error.status === 413 ? 'Request body too large' : 'Bad request');
    // a body not read to its end: the connection is closed rather than reused (api/body-limit.ts)
    return c.json({ detail }, error.status as ContentfulStatusCode, error.status === 413 ? CLOSE : undefined);
  }
  logger.error({ err: error, reqId: c.get('requestId'), path: c.req.path }, 'unhandled error');
  return c.json({ detail: 'Internal server error' }, 500);
}

/** Hono's notFound: an unknown API route is a JSON 404. */
export function handleNotFound(c: Context) {
  return c.json({ detail: `No route for ${c.req.method} ${c.req.path}` }, 404);
}
