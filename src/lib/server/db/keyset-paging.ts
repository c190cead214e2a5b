// Cursor (keyset) paging, the one way the community's lists continue (comments, the feed,
// notifications; docs/decisions/033). A page is the rows after the last one the reader saw, by
// (created_at, id) — not an offset — so rows added or removed meanwhile shift nothing: no duplicate
// and no gap. The cursor is opaque to clients: the last row's key, signed, so that a cursor the
// server did not issue (tampered, truncated, from another site) is a 400, never a 500 or a query.
//
//   const rows = await db
//     .select({ ...fields, cursorAt: keysetTime(posts.createdAt) })
//     .from(posts)
//     .where(and(filter, keysetAfter(keys, cursor, 'desc')))
//     .orderBy(...keysetOrder(keys, 'desc'))
//     .limit(limit + 1);
//   return keysetPage(rows, limit, (row) => ({ at: row.cursorAt, id: row.id }));
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { getJwtKey } from '../auth/secrets.ts';
import { ValidationError } from '../errors.ts';

/** Where a page ends: its last row's creation time (UTC, microseconds, as the database keeps it) and id. */
export interface Cursor {
  at: string;
  id: number;
  /**
   * where two kinds of rows are merged in one list at the same time (the Following timeline: a post
   * and a repost of it), the kind's rank, 0–9, between the time and the id; absent elsewhere
   */
  rank?: number;
}

export type KeysetOrder = 'desc' | 'asc';

/** The two columns a list is ordered by: a creation time and a unique id that breaks ties. */
export interface KeysetColumns {
  at: PgColumn;
  id: PgColumn;
}

const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const MAX_ID = 2 ** 31 - 1; // integer ids
const SIGNATURE_BYTES = 16;

let cursorKey: Buffer | undefined;
/** a key of its own for cursors, derived from the site's secret (a cursor is no access token) */
function key(): Buffer {
  cursorKey ??= Buffer.from(hkdfSync('sha256', getJwtKey(), Buffer.alloc(0), 'dramalist cursor v1', 32));
  return cursorKey;
}

const sign = (payload: string) => createHmac('sha256', key()).update(payload).digest().subarray(0, SIGNATURE_BYTES);

/** The opaque form of a cursor (URL-safe). */
export function encodeCursor(cursor: Cursor): string {
  const payload = cursor.rank === undefined ? `${cursor.at}|${cursor.id}` : `${cursor.at}|${cursor.id}|${cursor.rank}`;
  return `${Buffer.from(payload).toString('base64url')}.${sign(payload).toString('base64url')}`;
}

/** The cursor a client sent back, or undefined when the server did not issue it as it is. */
export function decodeCursor(value: string): Cursor | undefined {
  if (value.length > 200) return undefined;
  const [data, signature, ...rest] = value.split('.');
  if (!data || !signature || rest.length > 0) return undefined;
  const payload = Buffer.from(data, 'base64url').toString('utf8');
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== SIGNATURE_BYTES || !timingSafeEqual(given, sign(payload))) return undefined;
  // re-encoding must give back what was sent: base64url has more than one spelling of some bytes
  if (Buffer.from(payload).toString('base64url') !== data || given.toString('base64url') !== signature) return undefined;
  const [at, id, rank, ...more] = payload.split('|');
  const number = Number(id);
  if (!at || !TIME.test(at) || !/^\d+$/.test(id ?? '') || !Number.isSafeInteger(number) || number < 1 || number > MAX_ID) return undefined;
  if (more.length > 0 || (rank !== undefined && !/^\d$/.test(rank))) return undefined;
  return rank === undefined ? { at, id: number } : { at, id: number, rank: Number(rank) };
}

/** Reads a `cursor` query parameter: absent → the first page; one the server did not issue → 400. */
export function readCursor(value: string | undefined): Cursor | undefined {
  if (value === undefined || value === '') return undefined;
  const cursor = decodeCursor(value);
  if (!cursor) throw new ValidationError('Invalid cursor: start again from the first page', 'cursor');
  return cursor;
}

/** The creation time as the cursor keeps it: text in UTC with microseconds (a JS Date keeps milliseconds). */
export function keysetTime(column: PgColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** The condition for the rows after `cursor` in the given order (none for the first page). */
export function keysetAfter(columns: KeysetColumns, cursor: Cursor | undefined, order: KeysetOrder): SQL | undefined {
  if (!cursor) return undefined;
  const at = sql`${cursor.at}::timestamptz`;
  return order === 'desc'
    ? sql`(${columns.at}, ${columns.id}) < (${at}, ${cursor.id})`
    : sql`(${columns.at}, ${columns.id}) > (${at}, ${cursor.id})`;
}

/** ORDER BY for the keyset: creation time, then id, both in the given direction. */
export function keysetOrder(columns: KeysetColumns, order: KeysetOrder): [SQL, SQL] {
  const by = order === 'desc' ? desc : asc;
  return [by(columns.at), by(columns.id)];
}

/**
 * One page from rows read with `limit + 1`: the first `limit`, and the cursor after the last of
 * them when there is a further row (null at the end of the list).
 */
export function keysetPage<Row>(rows: Row[], limit: number, keyOf: (row: Row) => Cursor): { items: Row[]; next_cursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, next_cursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null };
}
