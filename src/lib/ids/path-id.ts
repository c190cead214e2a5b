// Ids in addresses (spec 1 §5: "ids must be all digits"), one rule for the API's path parameters
// (/api/v1/dramas/{id}, /people/{id}, ...) and the pages (/drama/{id}, /people/{id}, /person/{id}).
// Pure: server and browser.
import { z } from 'zod';

/** The largest id a row can have (PostgreSQL integer columns). */
export const MAX_ID = 2_147_483_647;

/** An id in a path is 1 to 30 digits; a longer run of digits is not an id at all (400, not 404). */
export const MAX_ID_DIGITS = 30;

const DIGITS = new RegExp(`^\\d{1,${MAX_ID_DIGITS}}$`);

/** The OpenAPI pattern of a path id. */
export const PATH_ID_PATTERN = `^[0-9]{1,${MAX_ID_DIGITS}}$`;

/** Whether `id` can name a row: a well-formed id too large for the column names nothing (404, never a query). */
export const isStorableId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID;

/** A path id parameter: digits only, read as a number; anything else is refused with `message`. */
export const pathIdSchema = (message: string) => z.string().regex(DIGITS, message).transform(Number);

/** What the rest of a page address names (the `[...slug]` of /drama/{id}, /people/{id}). */
export type IdSlug =
  /** an id; `canonical` is its spelling without leading zeros ('007' → '7') */
  | { kind: 'id'; id: number; canonical: string }
  /** one segment that is not an id: the page's 'Invalid … ID' state (400) */
  | { kind: 'invalid' }
  /** empty, or deeper paths such as /drama/4/5: no page of this kind at all (the site's 404 page) */
  | { kind: 'no-page' };

/** Reads the slug of an id page: all digits is an id, one segment of anything else an invalid id. */
export function readIdSlug(slug: string | null | undefined): IdSlug {
  const parts = (slug ?? '').split('/').filter(Boolean);
  if (parts.length !== 1) return { kind: 'no-page' };
  const segment = parts[0]!;
  if (!DIGITS.test(segment)) return { kind: 'invalid' };
  // leading zeros name the same record; numbers too large for an id are simply unknown
  const canonical = segment.replace(/^0+(?=\d)/, '');
  return { kind: 'id', id: Number(canonical), canonical };
}
