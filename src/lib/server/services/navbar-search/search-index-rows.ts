import { sql, type SQL } from 'drizzle-orm';
import type { DramaIndexRow, PersonIndexRow } from '../../../navbar-search/search-records.ts';
import { queryRows } from '../../db/named-query.ts';
import type { Executor } from '../../db/transactions.ts';

/** Rows read per statement while the search index is built. */
export const INDEX_BATCH_SIZE = 2_000;

/**
 * Every row of a table in id order, `size` at a time (keyset pages: each statement walks the primary
 * key from the last id seen), so that a catalogue of any size is never held in memory at once.
 */
async function* inBatches<T extends { id: number }>(db: Executor, page: (afterId: number) => SQL, size: number): AsyncGenerator<T[]> {
  let afterId = 0;
  for (;;) {
    const rows = await queryRows<T>(db, page(afterId));
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    afterId = rows[rows.length - 1]!.id;
  }
}

/** Every drama, with the names it is found by and the fields of its card image. */
export function dramaIndexRows(db: Executor, size = INDEX_BATCH_SIZE): AsyncGenerator<DramaIndexRow[]> {
  return inBatches<DramaIndexRow>(
    db,
    (afterId) => sql`
      SELECT d.id, d.title, d.original_title AS "originalTitle", d.native_titles AS "nativeTitles",
        d.also_known_as AS "alsoKnownAs", d.type::text AS type, d.year,
        d.banner_image AS "bannerImage",
        (SELECT p.url FROM drama_photos p WHERE p.drama_id = d.id ORDER BY p.position, p.id LIMIT 1) AS "firstPhoto",
        d.poster_image AS "posterImage", d.main_photo AS "mainPhoto", d.thumbnail
      FROM dramas d
      WHERE d.id > ${afterId}
      ORDER BY d.id
      LIMIT ${size}`,
    size,
  );
}

/** Every person, with the names they are found by, nationalities and portrait. */
export function personIndexRows(db: Executor, size = INDEX_BATCH_SIZE): AsyncGenerator<PersonIndexRow[]> {
  return inBatches<PersonIndexRow>(
    db,
    (afterId) => sql`
      SELECT p.id, p.name, p.native_name AS "nativeName", p.also_known_as AS "alsoKnownAs",
        p.nationality, p.image
      FROM people p
      WHERE p.id > ${afterId}
      ORDER BY p.id
      LIMIT ${size}`,
    size,
  );
}
