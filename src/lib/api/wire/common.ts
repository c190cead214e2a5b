// Shapes every part of the API shares: the error answer and the paged answer (DESIGN.md "API
// conventions"). The wire modules are the API's contract: the server validates and documents with
// them (the OpenAPI document is generated from them), the browser code reads their inferred types
// only (`import type` from ./index.ts), so no zod reaches the browser (docs/decisions/017).
import { z } from '@hono/zod-openapi';

/** The error shape of every non-2xx answer. */
export const ErrorSchema = z
  .object({
    detail: z.string().openapi({ example: 'Invalid drama ID' }),
    field: z.string().optional().openapi({ description: 'the input that was rejected' }),
    fields: z
      .array(z.string())
      .optional()
      .openapi({ description: 'an edit conflict (409): every field it is about, by its wire name (`field` is the first)', example: ['network', 'episodes'] }),
    reason: z
      .enum(['changed', 'locked', 'dates'])
      .optional()
      .openapi({
        description:
          'an edit conflict (409): `changed` — the fields changed on the record since the suggestion was made or the change applied; `locked` — locked against suggestions; `dates` — the aired dates would be out of order with the record as it is now',
      }),
    suspended_until: z
      .string()
      .optional()
      .openapi({ description: "a suspended member's sign-in (403): until when the account is suspended, ISO 8601 (contract \"Moderating members\")" }),
  })
  .openapi('Error');

/** The paged answer of the API conventions: `{ items, total, page, size, pages }`. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    pages: z.number().int(),
  });
}
