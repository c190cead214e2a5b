import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/named-query.ts';
import { genres } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transactions.ts';
import { ResultCache } from '../system/result-cache.ts';

/** What every list of dramas shows per drama (the card of spec 1 §2.5, plus its figures). */
export type DramaCard = {
  id: number;
  title: string;
  originalTitle: string | null;
  year: number | null;
  episodes: number | null;
  rating: number;
  votes: number;
  type: string;
  country: string;
  status: string;
  popularity: number | null;
  ranked: number | null;
  watchers: number;
  airedStart: string | null;
  bannerImage: string | null;
  posterImage: string | null;
  mainPhoto: string | null;
  thumbnail: string | null;
  /** the first few photos, in gallery order */
  photos: string[];
  genres: { id: number; name: string }[];
};

/** how many photos a card carries: the card shows one, the spec's image order needs the first */
const CARD_PHOTOS = 3;

// Genre names come from a memo of the (two dozen) genres rather than a join per card: building
// the names in SQL for 24 cards costs as much as choosing the page (measured: 4,000 against 6,400
// pages a second). A genre added since the memo was filled makes the memo reload.
const genreNames = new ResultCache<Map<number, string>>({ ttlMs: 60_000, maxEntries: 1 });

async function namesOf(db: Executor, ids: number[]): Promise<Map<number, string>> {
  const load = async () =>
    new Map((await db.select({ id: genres.id, name: genres.name }).from(genres)).map((g) => [g.id, g.name]));
  const names = await genreNames.get('genres', load);
  if (ids.every((id) => names.has(id))) return names;
  genreNames.clear();
  return genreNames.get('genres', load);
}

/**
 * The cards of the dramas that `idsQuery` (a SELECT of one id column, ordered and limited) picks,
 * in its order, in one statement: the page's ids are chosen first (an index walk that may never read
 * a drama row), then only those rows are read with their first photos and genre ids.
 */
export async function selectCards(db: Executor, idsQuery: SQL): Promise<DramaCard[]> {
  // raw SQL: hot path — every card page (search, ranked lists, seasons: the bench's busiest
  // scenarios); the ids query it embeds is the search's, named with it (named-query.ts: a filtered
  // search page ~2,700/s unnamed against ~6,500/s named)
  const rows = await queryRows<Omit<DramaCard, 'genres'> & { genreIds: number[] }>(db, sql`
    SELECT d.id, d.title, d.original_title AS "originalTitle", d.year, d.episodes, d.rating, d.votes,
      d.type, d.country, d.status, d.popularity, d.ranked, d.watchers, d.aired_start::text AS "airedStart",
      d.banner_image AS "bannerImage", d.poster_image AS "posterImage", d.main_photo AS "mainPhoto", d.thumbnail,
      ARRAY(SELECT p.url FROM drama_photos p WHERE p.drama_id = d.id ORDER BY p.position, p.id LIMIT ${CARD_PHOTOS}) AS photos,
      ARRAY(SELECT dg.genre_id FROM drama_genres dg WHERE dg.drama_id = d.id) AS "genreIds"
    FROM unnest(ARRAY(${idsQuery})) WITH ORDINALITY AS page(id, ord)
    JOIN dramas d ON d.id = page.id
    ORDER BY page.ord`);
  const names = await namesOf(db, rows.flatMap((r) => r.genreIds));
  return rows.map(({ genreIds, ...card }) => ({
    ...card,
    genres: genreIds
      .map((id) => ({ id, name: names.get(id) ?? '' }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
  }));
}
