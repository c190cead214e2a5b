import { z } from '@hono/zod-openapi';
import { PATH_ID_PATTERN, pathIdSchema } from '../../ids/path-id.ts';
import { ValidationError } from '../errors.ts';
import { validationError } from './errors.ts';
import { ErrorSchema } from '../../api/wire/common.ts';

/**
 * The `{id}` path parameter (digits only, src/lib/ids/path-id.ts); a bad one is refused with
 * `{ detail: message, field: 'id' }`, e.g. 'Invalid drama ID'.
 */
export const pathIdParams = (message: string) =>
  z.object({
    id: pathIdSchema(message).openapi({ param: { name: 'id', in: 'path' }, example: '1', type: 'string', pattern: PATH_ID_PATTERN }),
  });

/** The validation hook of a route with an `{id}`: a bad id answers `message` on `id`, other inputs the usual 400. */
export const pathIdHook =
  (message: string) =>
  (result: { success: boolean; target: string; error?: unknown }): undefined => {
    if (result.success) return undefined;
    if (result.target === 'param') throw new ValidationError(message, 'id');
    throw validationError(result.error as Parameters<typeof validationError>[0], result.target);
  };

/** An OpenAPI response entry with a JSON body. */
export const jsonAnswer = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { 'application/json': { schema } },
});

/** An OpenAPI error response entry (`{ detail, field? }`). */
export const errorAnswer = (description: string) => jsonAnswer(description, ErrorSchema);

/** A required JSON request body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });

/** A blank value is treated as a missing one: the spec's client omits empty filters, others may not. */
export const blankAsMissing = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** PostgreSQL refuses NUL in text: control characters are rejected before they reach a query. */
export const PRINTABLE = /^[^\u0000-\u001f\u007f]*$/;

/** An optional search text of at most `max` printable characters (blank = absent). */
export const searchTextQuery = (key: string, max: number) =>
  z.preprocess(
    blankAsMissing,
    z
      .string()
      .max(max, `${key} must be at most ${max} characters`)
      .regex(PRINTABLE, `${key} must not contain control characters`)
      .optional(),
  );

/** The 401 of a route for signed-in members. */
export const notSignedIn = { 401: errorAnswer('Not signed in') };

/** The 401 of a route anyone may call, when a token was sent and is not valid. */
export const badToken = { 401: errorAnswer('A token was sent and is not valid') };
