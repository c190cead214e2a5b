// Favourites (spec 2 §1, §3, §5, §9; contract "Watch lists and activity"): at most 5 dramas and 5
// cast members per member, shown on the profile in the order they were added.
//
// Adding and removing are idempotent (adding one already there, or removing one that is not, changes
// nothing and succeeds). The limit holds under concurrency: each change locks the member's users row
// first, so a member's favourite writes run one after another, and the count is read under that lock.
// Favourites are a showcase the member picks for their profile, not list entries: private lists do
// not hide them (docs/decisions/020).
import { and, asc, eq, sql } from 'drizzle-orm';
import { isStorableId } from '../../../ids/path-id.ts';
import { FAVOURITES_MAX, LIST_MESSAGES } from '../../../lists/watch-lists.ts';
import { dramaPhotos, dramas, favouriteDramas as favouriteDramaRows, favouritePeople as favouritePersonRows, people, users } from '../../db/schema/index.ts';
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

// The two kinds differ only in their table and the column naming what is favoured.
const TABLES = {
  dramas: { table: favouriteDramaRows, column: favouriteDramaRows.dramaId, target: dramas, missing: DRAMA_NOT_FOUND, full: LIST_MESSAGES.favouriteDramasFull },
  cast: { table: favouritePersonRows, column: favouritePersonRows.personId, target: people, missing: PERSON_NOT_FOUND, full: LIST_MESSAGES.favouriteCastFull },
} as const;

async function assertMember(db: Executor, userId: number): Promise<void> {
  if (!isStorableId(userId)) throw new NotFoundError(USER_NOT_FOUND);
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!rows.length) throw new NotFoundError(USER_NOT_FOUND);
}

async function assertTarget(tx: Transaction, kind: FavouriteKind, id: number): Promise<void> {
  const t = TABLES[kind];
  if (!isStorableId(id)) throw new NotFoundError(t.missing);
  const rows = await tx.select({ id: t.target.id }).from(t.target).where(eq(t.target.id, id));
  if (!rows.length) throw new NotFoundError(t.missing);
}

/** Locks the member's users row: their favourite writes run one after another. */
async function lockMember(tx: Transaction, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/**
 * Adds a drama or cast member to the member's favourites: idempotent; ValidationError with the
 * spec's message for a sixth; NotFoundError for an unknown one.
 */
export async function addFavourite(db: Executor, userId: number, kind: FavouriteKind, id: number): Promise<void> {
  const t = TABLES[kind];
  if (!isStorableId(id)) throw new NotFoundError(t.missing);
  await withTransaction(db, async (tx) => {
    await lockMember(tx, userId);
    await assertTarget(tx, kind, id);
    const [{ already, count }] = (await tx
      .select({ already: sql<boolean>`bool_or(${t.column} = ${id}) IS TRUE`, count: sql<number>`count(*)::int` })
      .from(t.table)
      .where(eq(t.table.userId, userId))) as [{ already: boolean; count: number }];
    if (already) return;
    if (count >= FAVOURITES_MAX) throw new ValidationError(t.full);
    // clock_timestamp: the order they were added is the order the lock was taken in
    const added = { userId, createdAt: sql`clock_timestamp()` };
    if (kind === 'dramas') await tx.insert(favouriteDramaRows).values({ ...added, dramaId: id }).onConflictDoNothing();
    else await tx.insert(favouritePersonRows).values({ ...added, personId: id }).onConflictDoNothing();
  });
}

/** Removes one from the member's favourites: idempotent; NotFoundError for an unknown drama or person. */
export async function removeFavourite(db: Executor, userId: number, kind: FavouriteKind, id: number): Promise<void> {
  const t = TABLES[kind];
  if (!isStorableId(id)) throw new NotFoundError(t.missing);
  await withTransaction(db, async (tx) => {
    await lockMember(tx, userId);
    const deleted = await tx
      .delete(t.table)
      .where(and(eq(t.table.userId, userId), eq(t.column, id)))
      .returning({ userId: t.table.userId });
    if (!deleted.length) await assertTarget(tx, kind, id);
  });
}

/** The member's favourite dramas in the order added; NotFoundError for no such member. */
export async function favouriteDramas(db: Executor, userId: number): Promise<FavouriteDrama[]> {
  await assertMember(db, userId);
  return db
    .select({
      id: dramas.id,
      title: dramas.title,
      year: dramas.year,
      country: dramas.country,
      bannerImage: dramas.bannerImage,
      posterImage: dramas.posterImage,
      mainPhoto: dramas.mainPhoto,
      thumbnail: dramas.thumbnail,
      photos: sql<string[]>`ARRAY(SELECT ${dramaPhotos.url} FROM ${dramaPhotos} WHERE ${dramaPhotos.dramaId} = ${dramas.id}
        ORDER BY ${dramaPhotos.position}, ${dramaPhotos.id} LIMIT 3)`,
    })
    .from(favouriteDramaRows)
    .innerJoin(dramas, eq(dramas.id, favouriteDramaRows.dramaId))
    .where(eq(favouriteDramaRows.userId, userId))
    .orderBy(asc(favouriteDramaRows.createdAt), asc(favouriteDramaRows.dramaId));
}

/** The member's favourite cast in the order added; NotFoundError for no such member. */
export async function favouriteCast(db: Executor, userId: number): Promise<FavouritePerson[]> {
  await assertMember(db, userId);
  return db
    .select({ id: people.id, name: people.name, image: people.image, nationality: people.nationality })
    .from(favouritePersonRows)
    .innerJoin(people, eq(people.id, favouritePersonRows.personId))
    .where(eq(favouritePersonRows.userId, userId))
    .orderBy(asc(favouritePersonRows.createdAt), asc(favouritePersonRows.personId));
}
