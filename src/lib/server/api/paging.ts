import { z } from '@hono/zod-openapi';

/** `page` and `size` query parameters: page from 1, size from 1 to `max`. */
export function pagingQuery(defaultSize: number, max = 100) {
  return {
    page: z.coerce
      .number({ error: 'page must be a whole number' })
      .int('page must be a whole number')
      .min(1, 'page must be 1 or more')
      .max(100_000, 'page is too large')
      .default(1),
    size: z.coerce
      .number({ error: 'size must be a whole number' })
      .int('size must be a whole number')
      .min(1, 'size must be 1 or more')
      .max(max, `size must be at most ${max}`)
      .default(defaultSize),
  };
}

/** Wraps one page of rows with the counts a client needs to page through them. */
export function toPage<T>(items: T[], total: number, page: number, size: number) {
  return { items, total, page, size, pages: Math.ceil(total / size) };
}

/** The SQL offset of a page. */
export const offsetOf = (page: number, size: number) => (page - 1) * size;
