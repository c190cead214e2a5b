// Favourites (spec 2 §1, §3, §5, §9; contract "Watch lists and activity"): at most 5 dramas and 5
// cast members per member, shown on the profile in the order they were added.
//
// Adding and removing are idempotent (adding one already there, or removing one that is not, changes
// nothing and succeeds). The limit holds under concurrency: each change locks the member's users row
// first, so a member's favourite writes run one after another, and the count is read under that lock.
// Favourites are a showcase the member picks for their profile, not list entries: private lists do
// not hide them (docs/decisions/020).
import { sql } from 'drizzle-orm';
import { isStorableId } from '../../../ids/path-id.ts';
import { FAVOURITES_MAX, LIST_MESSAGES } from '../../../lists/watch-lists.ts';
import { queryRows } from '../../db/named-query.ts';
import { withTransaction, type Executor, type Transaction } from '../../db/transactions.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { DRAMA_NOT_FOUND } from '../dramas/dramas.ts';
import { PERSON_NOT_FOUND } from '../people/people.ts';
import { USER_NOT_FOUND } from '../lists/list-access.ts';

export type FavouriteKind = 'dramas' | 'cast';

export interface FavouriteDrama {
  id: number;
  title: string;
  year: number | null;
  country: string;
  bannerImage: string | null;
  posterImage: string | null;
  mainPhoto: string | null;
  thumbnail: string | null;
  photos: string[];
}

export interface FavouritePerson {
  id: number;
  name: string;
  image: string | null;
  nationality: string[];
}

const TABLES = {
  dramas: { table: sql`favourite_dramas`, column: sql`drama_id`, target: sql`dramas`, missing: DRAMA_NOT_FOUND, full: LIST_MESSAGES.favouriteDramasFull },
  cast: { table: sql`favourite_people`, column: sql`person_id`, target: sql`people`, missing: PERSON_NOT_FOUND, full: LIST_MESSAGES.favouriteCastFull },
} as const;

async function assertMember(db: Executor, userId: number): Promise<void> {
  if (!isStorableId(userId)) throw new NotFoundError(USER_NOT_FOUND);
  const rows = await queryRows(db, sql`SELECT 1 FROM users WHERE id = ${userId}`);
  if (!rows.length) throw new NotFoundError(USER_NOT_FOUND);
}

async function assertTarget(tx: Transaction, kind: FavouriteKind, id: number): Promise<void> {
  const t = TABLES[kind];
  if (!isStorableId(id)) throw new NotFoundError(t.missing);
  const rows = await queryRows(tx, sql`SELECT 1 FROM ${t.target} WHERE id = ${id}`);
  if (!rows.length) throw new NotFoundError(t.missing);
}

/**
 * Adds a drama or cast member to the member's favourites: idempotent; ValidationError with the
 * spec's message for a sixth; NotFoundError for an unknown one.
 */
export async function addFavourite(db: Executor, userId: number, kind: FavouriteKind, id: number): Promise<void> {
  const t = TABLES[kind];
  if (!isStorableId(id)) throw new NotFoundError(t.missing);
  await withTransaction(db, async (tx) => {
    await queryRows(tx, sql`SELECT 1 FROM users WHERE id = ${userId} FOR UPDATE`);
    await assertTarget(tx, kind, id);
    const [{ already, count }] = (await queryRows<{ already: boolean; count: number }>(tx, sql`
      SELECT bool_or(${t.column} = ${id}) IS TRUE AS already, count(*)::int AS count FROM ${t.table} WHERE user_id = ${userId}`)) as [
      { already: boolean; count: number },
    ];
    if (already) return;
    if (count >= FAVOURITES_MAX) throw new ValidationError(t.full);
    // clock_timestamp: the order they were added is the order the lock was taken in
    await queryRows(tx, sql`
      INSERT INTO ${t.table} (user_id, ${t.column}, created_at) VALUES (${userId}, ${id}, clock_timestamp()) ON CONFLICT DO NOTHING`);
  });
}

/** Removes one from the member's favourites: idempotent; NotFoundError for an unknown drama or person. */
export async function removeFavourite(db: Executor, userId: number, kind: FavouriteKind, id: number): Promise<void> {
  const t = TABLES[kind];
  if (!isStorableId(id)) throw new NotFoundError(t.missing);
  await withTransaction(db, async (tx) => {
    await queryRows(tx, sql`SELECT 1 FROM users WHERE id = ${userId} FOR UPDATE`);
    const deleted = await queryRows(tx, sql`DELETE FROM ${t.table} WHERE user_id = ${userId} AND ${t.column} = ${id} RETURNING user_id`);
    if (!deleted.length) await assertTarget(tx, kind, id);
  });
}

/** The member's favourite dramas in the order added; NotFoundError for no such member. */
export async function favouriteDramas(db: Executor, userId: number): Promise<FavouriteDrama[]> {
  await assertMember(db, userId);
  return queryRows<FavouriteDrama>(db, sql`
    SELECT d.id, d.title, d.year, d.country, d.banner_image AS "bannerImage", d.poster_image AS "posterImage",
      d.main_photo AS "mainPhoto", d.thumbnail,
      ARRAY(SELECT p.url FROM drama_photos p WHERE p.drama_id = d.id ORDER BY p.position, p.id LIMIT 3) AS photos
    FROM favourite_dramas f JOIN dramas d ON d.id = f.drama_id
    WHERE f.user_id = ${userId}
    ORDER BY f.created_at, f.drama_id`);
}

/** The member's favourite cast in the order added; NotFoundError for no such member. */
export async function favouriteCast(db: Executor, userId: number): Promise<FavouritePerson[]> {
  await assertMember(db, userId);
  return queryRows<FavouritePerson>(db, sql`
    SELECT p.id, p.name, p.image, p.nationality
    FROM favourite_people f JOIN people p ON p.id = f.person_id
    WHERE f.user_id = ${userId}
    ORDER BY f.created_at, f.person_id`);
}
