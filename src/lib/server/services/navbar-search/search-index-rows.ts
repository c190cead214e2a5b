import { asc, desc, gt, gte, sql } from 'drizzle-orm';
import type { DramaIndexRow, PersonIndexRow } from '../../../navbar-search/search-records.ts';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { dramaPhotos, dramas, people } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transactions.ts';

/** Rows read per statement while the search index is built. */
export const INDEX_BATCH_SIZE = 2_000;

/**
 * Every row of a table in id order, `size` at a time (keyset pages: each statement walks the primary
 * key from the last id seen), so that a catalogue of any size is never held in memory at once.
 */
async function* inBatches<T extends { id: number }>(
  db: Executor,
  table: typeof dramas | typeof people,
  fields: SelectedFields,
  size: number,
): AsyncGenerator<T[]> {
  let afterId = 0;
  for (;;) {
    const rows = (await db.select(fields).from(table).where(gt(table.id, afterId)).orderBy(asc(table.id)).limit(size)) as T[];
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    afterId = rows[rows.length - 1]!.id;
  }
}

/** A drama's names and card image, as the index holds them. */
const dramaIndexFields = {
  id: dramas.id,
  title: dramas.title,
  originalTitle: dramas.originalTitle,
  nativeTitles: dramas.nativeTitles,
  alsoKnownAs: dramas.alsoKnownAs,
  type: dramas.type,
  year: dramas.year,
  bannerImage: dramas.bannerImage,
  firstPhoto: sql<string | null>`(SELECT ${dramaPhotos.url} FROM ${dramaPhotos} WHERE ${dramaPhotos.dramaId} = ${dramas.id}
    ORDER BY ${dramaPhotos.position}, ${dramaPhotos.id} LIMIT 1)`,
  posterImage: dramas.posterImage,
  mainPhoto: dramas.mainPhoto,
  thumbnail: dramas.thumbnail,
};

/** A person's names, nationalities and portrait, as the index holds them. */
const personIndexFields = { id: people.id, name: people.name, nativeName: people.nativeName, alsoKnownAs: people.alsoKnownAs, nationality: people.nationality, image: people.image };

/** At most this many changed dramas and as many people are sent as the search's changes since a build. */
export const SEARCH_CHANGES_MAX = 200;

/**
 * The dramas and people changed after `since` (the serving build's start), newest change first, at
 * most `limit` of each: what the instant search corrects its static index with until the next
 * rebuild (docs/decisions/038 "Live at once and the rebuild"). Two range reads of the updated_at indexes.
 */
export async function changedIndexRows(db: Executor, since: Date, limit = SEARCH_CHANGES_MAX): Promise<{ dramas: DramaIndexRow[]; people: PersonIndexRow[] }> {
  const changedDramas = (await db.select(dramaIndexFields).from(dramas).where(gte(dramas.updatedAt, since)).orderBy(desc(dramas.updatedAt)).limit(limit)) as DramaIndexRow[];
  const changedPeople = (await db.select(personIndexFields).from(people).where(gte(people.updatedAt, since)).orderBy(desc(people.updatedAt)).limit(limit)) as PersonIndexRow[];
  return { dramas: changedDramas, people: changedPeople };
}

/** Every drama, with the names it is found by and the fields of its card image. */
export function dramaIndexRows(db: Executor, size = INDEX_BATCH_SIZE): AsyncGenerator<DramaIndexRow[]> {
  return inBatches<DramaIndexRow>(db, dramas, dramaIndexFields, size);
}

/** Every person, with the names they are found by, nationalities and portrait. */
export function personIndexRows(db: Executor, size = INDEX_BATCH_SIZE): AsyncGenerator<PersonIndexRow[]> {
  return inBatches<PersonIndexRow>(db, people, personIndexFields, size);
}
