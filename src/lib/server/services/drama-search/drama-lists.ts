// The ranked lists (popular, top rated, airing, upcoming), the season calendar and the search's
// filter options. Each page is an index walk (dramas_popularity_order, dramas_ranked_index,
// dramas_status_popularity_index, dramas_upcoming_order, dramas_aired_start_index); totals are
// memoised briefly like the search's (see drama-search.ts).
import { and, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/named-query.ts';
import type { Executor } from '../../db/transactions.ts';
import { dramas } from '../../db/schema/index.ts';
import type { RankedListKey } from '../../../ranked-lists/ranked-lists.ts';
import type { DramaFilterOptions } from '../../../drama-search/drama-filter-options.ts';
import { selectCards } from '../dramas/drama-cards.ts';
import type { DramaPage } from './drama-search.ts';
import { ResultCache } from '../system/result-cache.ts';

const totals = new ResultCache<number>({ ttlMs: 30_000, maxEntries: 1_000 });

/** Forgets memoised totals and filter options (tests that change the catalogue). */
export function forgetListTotals(): void {
  totals.clear();
  options.clear();
}

async function listPage(db: Executor, key: string, where: SQL | undefined, order: SQL, page: number, size: number): Promise<DramaPage> {
  const condition = where ?? sql`true`;
  const [total, items] = await Promise.all([
    totals.get(key, async () => {
      // raw SQL: hot path — a ranked list's or season's total (bench "ranked list", "seasons"), the
      // search's count statement (named-query.ts: ~6,500 against ~2,700 statements/s)
      const rows = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${dramas} WHERE ${condition}`);
      return rows[0]?.n ?? 0;
    }),
    selectCards(
      db,
      sql`SELECT ${dramas.id} FROM ${dramas} WHERE ${condition} ORDER BY ${order} LIMIT ${size} OFFSET ${(page - 1) * size}`,
    ),
  ]);
  return { items, total };
}

const RANKED: Record<RankedListKey, { where?: SQL; order: SQL }> = {
  /** by watchers: popularity is the rank by watchers (1 = most watched) */
  popular: { order: sql`${dramas.popularity} ASC NULLS LAST, ${dramas.id} ASC` },
  /** ranked is set only for dramas with 100 or more votes (services/catalogue-stats.ts) */
  'top-rated': { where: and(isNotNull(dramas.ranked), gte(dramas.votes, 100)), order: sql`${dramas.ranked} ASC, ${dramas.id} ASC` },
  airing: { where: sql`${dramas.status} = 'airing'`, order: sql`${dramas.popularity} ASC NULLS LAST, ${dramas.id} ASC` },
  /** not aired yet, the soonest first; those without a date yet come last */
  upcoming: { where: sql`${dramas.status} = 'upcoming'`, order: sql`${dramas.airedStart} ASC NULLS LAST, ${dramas.id} ASC` },
};

/** One page of a ranked list. */
export function listRanked(db: Executor, list: RankedListKey, page: number, size: number): Promise<DramaPage> {
  const { where, order } = RANKED[list];
  return listPage(db, `ranked:${list}`, where, order, page, size);
}

/** the calendar's seasons (spec 1 §2.11): Q1 Jan-Mar, Q2 Apr-Jun, Q3 Jul-Sep, Q4 Oct-Dec */
function seasonBounds(year: number, quarter?: number): [string, string] {
  const day = (y: number, month: number) => `${String(y).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
  if (!quarter) return [day(year, 1), day(year + 1, 1)];
  const first = (quarter - 1) * 3 + 1;
  return [day(year, first), quarter === 4 ? day(year + 1, 1) : day(year, first + 3)];
}

/** Dramas whose first air date falls in the year (or one quarter of it), in airing order. */
export function listSeason(db: Executor, year: number, quarter: number | undefined, page: number, size: number): Promise<DramaPage> {
  const [from, to] = seasonBounds(year, quarter);
  const where = and(gte(dramas.airedStart, from), lt(dramas.airedStart, to));
  return listPage(db, `season:${from}:${to}`, where, sql`${dramas.airedStart} ASC, ${dramas.id} ASC`, page, size);
}

const options = new ResultCache<DramaFilterOptions>({ ttlMs: 60_000, maxEntries: 1 });

/**
 * What the catalogue holds, for the search's filter panel: the values in use and the ranges of
 * year, episodes and rating (episodes 0-100 and rating 0-10 when there are no dramas). Memoised for
 * a minute: the lists change when dramas are added, not per visit.
 */
export function getFilterOptions(db: Executor): Promise<DramaFilterOptions> {
  return options.get('options', async () => {
    // raw SQL: hot path — the filter panel of every search page (memoised for a minute); nine
    // subqueries of enum ranges and json the builder cannot say, parsed once per connection named
    const rows = await queryRows<DramaFilterOptions>(db, sql`
      SELECT
        ARRAY(SELECT DISTINCT country FROM dramas ORDER BY country) AS countries,
        coalesce((SELECT json_agg(json_build_object('id', id, 'name', name) ORDER BY name) FROM genres), '[]'::json) AS genres,
        coalesce((SELECT json_agg(json_build_object('id', id, 'name', name) ORDER BY name) FROM tags), '[]'::json) AS tags,
        ARRAY(SELECT t::text FROM unnest(enum_range(NULL::drama_type)) t WHERE EXISTS (SELECT 1 FROM dramas WHERE type = t)) AS types,
        ARRAY(SELECT s::text FROM unnest(enum_range(NULL::drama_status)) s WHERE EXISTS (SELECT 1 FROM dramas WHERE status = s)) AS statuses,
        ARRAY(SELECT DISTINCT year::int FROM dramas WHERE year IS NOT NULL ORDER BY 1 DESC) AS years,
        (SELECT json_build_object('min', min(year), 'max', max(year)) FROM dramas) AS "yearRange",
        (SELECT json_build_object('min', coalesce(min(episodes), 0), 'max', coalesce(max(episodes), 100)) FROM dramas) AS "episodeRange",
        (SELECT json_build_object('min', coalesce(min(rating), 0), 'max', coalesce(max(rating), 10)) FROM dramas) AS "ratingRange"`);
    return rows[0] as DramaFilterOptions;
  });
}

