import { z } from '@hono/zod-openapi';

/** A `page` query parameter: a page number from 1 (at most 100,000), 1 when absent. */
export const pageNumber = () =>
  z.coerce
    .number({ error: 'page must be a whole number' })
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .max(100_000, 'page is too large')
    .default(1);

/** A page-size query parameter called `name`: from 1 to `max`, `defaultSize` when absent. */
export const pageSizeNumber = (name: string, defaultSize: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be 1 or more`)
    .max(max, `${name} must be at most ${max}`)
    .default(defaultSize);

/** `page` and `size` query parameters: page from 1, size from 1 to `max`. */
export function pagingQuery(defaultSize: number, max = 100) {
  return { page: pageNumber(), size: pageSizeNumber('size', defaultSize, max) };
}

/** Wraps one page of rows with the counts a client needs to page through them. */
export function toPage<T>(items: T[], total: number, page: number, size: number) {
  return { items, total, page, size, pages: Math.ceil(total / size) };
}

/** The SQL offset of a page. */
export const offsetOf = (page: number, size: number) => (page - 1) * size;
