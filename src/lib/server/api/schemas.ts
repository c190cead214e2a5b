import { z } from '@hono/zod-openapi';
import { ErrorSchema } from '../../api/wire/common.ts';

/** A path id: digits only (spec 1 §5). */
export const idParam = (message: string) =>
  z.string().regex(/^\d{1,9}$/, message).transform(Number).openapi({ example: '1', type: 'string' });

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
