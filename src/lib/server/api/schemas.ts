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
