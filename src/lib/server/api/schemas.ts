import { z } from '@hono/zod-openapi';

/** The error shape of every non-2xx answer. */
export const ErrorSchema = z
  .object({
    detail: z.string().openapi({ example: 'Invalid drama ID' }),
    field: z.string().optional().openapi({ description: 'the input that was rejected' }),
  })
  .openapi('Error');

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
