// GET /dramas/: filters, title search, sort orders and paging over the whole catalogue.
//
// A page is chosen by walking the index of its order (schema: dramas_*_order) and stops after
// `size` rows; the two busiest orders carry the filter columns, so the walk rarely reads a drama
// row. The total is the expensive part (every match must be counted), so it is memoised per filter
// set for TOTAL_TTL_MS: paging through results, or many visitors on the same filters, count once.
import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { DramaFilters, DramaSort, NumberRange } from '../../../dramas/drama-filters.ts';
import { queryRows } from '../../db/named-query.ts';
import type { Executor } from '../../db/transactions.ts';
import { dramaGenres, dramas, dramaTags, genres, tags } from '../../db/schema/index.ts';
import { selectCards, type DramaCard } from '../dramas/drama-cards.ts';
import { relevanceOrder, titleCondition, titleMatchCandidates, type TitleMatch } from './drama-title-search.ts';
import { ResultCache } from '../system/result-cache.ts';

export interface DramaPage {
  items: DramaCard[];
  total: number;
}

/** how stale a search total may be; the items themselves are always read fresh */
const TOTAL_TTL_MS = 30_000;
const plans = new ResultCache<SearchPlan>({ ttlMs: TOTAL_TTL_MS, maxEntries: 5_000 });

/** Forgets every memoised total (tests that change the catalogue between searches). */
export function forgetSearchTotals(): void {
  plans.clear();
}

/** The order of each sort option, matching the order indexes key for key. */
const ORDERS: Record<Exclude<DramaSort, 'relevance'>, SQL> = {
  popularity: sql`${dramas.popularity} ASC NULLS LAST, ${dramas.id} ASC`,
  rating: sql`${dramas.rating} DESC NULLS LAST, ${dramas.votes} DESC NULLS LAST, ${dramas.id} ASC`,
  title: sql`${dramas.title} ASC, ${dramas.id} ASC`,
  title_desc: sql`${dramas.title} DESC, ${dramas.id} DESC`,
  // Newest first: by year, then by first air date within the year; unknown years last either way
  year: sql`${dramas.year} DESC NULLS LAST, ${dramas.airedStart} DESC NULLS LAST, ${dramas.id} DESC NULLS LAST`,
  year_desc: sql`${dramas.year} ASC NULLS LAST, ${dramas.airedStart} ASC NULLS LAST, ${dramas.id} ASC`,
};

const between = (column: typeof dramas.year | typeof dramas.episodes | typeof dramas.rating, range?: NumberRange) => [
  ...(range?.from !== undefined ? [gte(column, range.from)] : []),
  ...(range?.to !== undefined ? [lte(column, range.to)] : []),
];

/**
 * Several genres narrow the search: a drama must have ALL of them (Romance + Comedy = romantic
 * comedies), as on MyDramaList and AniList, and as a reader of the chips expects; 'any of' would
 * grow the result with every genre added. Names are matched without regard to case. Tags likewise.
 */
function membershipConditions(
  link: 'drama_genres' | 'drama_tags',
  ids: number[],
  names: string[],
): SQL[] {
  const [table, key, named] =
    link === 'drama_genres' ? [dramaGenres, dramaGenres.genreId, genres] : [dramaTags, dramaTags.tagId, tags];
  return [
    ...ids.map((id) => sql`EXISTS (SELECT 1 FROM ${table} WHERE ${table.dramaId} = ${dramas.id} AND ${key} = ${id})`),
    ...names.map(
      (name) => sql`EXISTS (SELECT 1 FROM ${table} WHERE ${table.dramaId} = ${dramas.id}
        AND ${key} IN (SELECT ${named.id} FROM ${named} WHERE lower(${named.name}) = ${name.toLowerCase()}))`,
    ),
  ];
}

/** Every filter but the title, as conditions on dramas. */
function filterConditions(f: DramaFilters): SQL[] {
  const oneOf = <T extends string>(column: Parameters<typeof eq>[0], values: T[]) =>
    values.length === 0 ? [] : [values.length === 1 ? eq(column, values[0]) : inArray(column, values)];
  return [
    ...oneOf(dramas.country, f.countries),
    ...oneOf(dramas.type, f.types),
    ...oneOf(dramas.status, f.statuses),
    ...between(dramas.year, f.year),
    ...between(dramas.episodes, f.episodes),
    ...between(dramas.rating, f.rating),
    ...membershipConditions('drama_genres', f.genreIds, f.genreNames),
    ...membershipConditions('drama_tags', f.tagIds, f.tagNames),
  ];
}

async function countWhere(db: Executor, where: SQL | undefined): Promise<number> {
  // raw SQL: hot path — the search's total (bench "filtered search" and "title search", uncached:
  // named, a filtered search page ran ~6,500/s against ~2,700/s unnamed; named-query.ts)
  const rows = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${dramas} WHERE ${where ?? sql`true`}`);
  return rows[0]?.n ?? 0;
}

/** What a filter set resolves to: how its title matches, and how many dramas match in all. */
interface SearchPlan {
  title?: TitleMatch;
  total: number;
}

/** The first of the title's candidate matches that finds anything (or the last one, finding nothing). */
async function planSearch(db: Executor, f: DramaFilters): Promise<SearchPlan> {
  const filters = filterConditions(f);
  if (f.title === undefined) return { total: await countWhere(db, and(...filters)) };
  const candidates = await titleMatchCandidates(db, f.title);
  let plan: SearchPlan = { total: 0 };
  for (const title of candidates) {
    plan = { title, total: await countWhere(db, and(...filters, titleCondition(title))) };
    if (plan.total > 0) break;
  }
  return plan;
}

/** A stable key for a filter set: the same filters in any order share one memoised plan. */
function planKey(f: DramaFilters): string {
  const sorted = <T>(values: T[]) => [...values].sort();
  return JSON.stringify([
    f.title?.toLowerCase(), sorted(f.genreIds), sorted(f.genreNames.map((n) => n.toLowerCase())), sorted(f.tagIds),
    sorted(f.tagNames.map((n) => n.toLowerCase())), sorted(f.countries), sorted(f.types), sorted(f.statuses),
    f.year, f.episodes, f.rating,
  ]);
}

/**
 * One page of dramas matching `filters`, in `sort` order (default: best title match first when a
 * title is given, else popularity), with the number of matches.
 */
export async function searchDramas(
  db: Executor,
  filters: DramaFilters,
  sort: DramaSort | undefined,
  page: number,
  size: number,
): Promise<DramaPage> {
  const offset = (page - 1) * size;
  const idsOf = (plan: SearchPlan | undefined) => {
    const where = and(...filterConditions(filters), ...(plan?.title ? [titleCondition(plan.title)] : [])) ?? sql`true`;
    const chosen = sort ?? (plan?.title ? 'relevance' : 'popularity');
    const order =
      chosen === 'relevance' ? (plan?.title ? relevanceOrder(plan.title, plan.total) : ORDERS.popularity) : ORDERS[chosen];
    return sql`SELECT ${dramas.id} FROM ${dramas} WHERE ${where} ORDER BY ${order} LIMIT ${size} OFFSET ${offset}`;
  };
  const key = planKey(filters);
  const known = plans.peek(key);
  if (!known && filters.title === undefined) {
    // without a title the page can be chosen before the total is known: count meanwhile
    const [plan, items] = await Promise.all([plans.get(key, () => planSearch(db, filters)), selectCards(db, idsOf(undefined))]);
    return { items, total: plan.total };
  }
  // a title's page needs its plan: which words match, and whether there are few enough to rank
  const plan = known ?? (await plans.get(key, () => planSearch(db, filters)));
  if (offset >= plan.total) return { items: [], total: plan.total };
  return { items: await selectCards(db, idsOf(plan)), total: plan.total };
}
