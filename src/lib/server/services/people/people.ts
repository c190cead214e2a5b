import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import { FEATURED_NATIONALITIES, PERSON_GENDERS, type PersonGender } from '../../../people/person-facts.ts';
import { isStorableId } from '../../../ids/path-id.ts';
import { queryRows } from '../../db/named-query.ts';
import { people, peopleFacetCounts } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transactions.ts';
import { NotFoundError } from '../../errors.ts';

export const PERSON_NOT_FOUND = 'Person not found';

/** NotFoundError unless `id` can be a person id (a longer run of digits names nobody, and must not reach the query). */
export function assertPersonId(id: number): void {
  if (!isStorableId(id)) throw new NotFoundError(PERSON_NOT_FOUND);
}

/** A person as their page shows them. */
export type PersonRecord = Awaited<ReturnType<typeof getPerson>>;

export type PeopleSort = 'popularity' | 'name_asc' | 'name_desc';

export interface PeopleSearch {
  /** typo-tolerant name, native name or alias; already trimmed, never blank */
  name?: string;
  /** stored nationality words; a person with any of them matches */
  nationalities: string[];
  gender?: PersonGender;
  /** unset: best match first with a name, else popularity */
  sort?: PeopleSort;
  page: number;
  size: number;
}

/** One person in a list (age is added by the caller). */
export type PersonSummary = {
  id: number;
  name: string;
  nativeName: string | null;
  nationality: string[];
  gender: PersonGender | null;
  image: string | null;
  hearts: number;
  popularity: number | null;
  /** YYYY-MM-DD */
  dateOfBirth: string | null;
};

const SUMMARY_COLUMNS = sql.raw(
  'p.id, p.name, p.native_name AS "nativeName", p.nationality, p.gender, p.image, p.hearts, p.popularity, p.date_of_birth::text AS "dateOfBirth"',
);

/**
 * The order of a page. Every order ends on the id so that pages never overlap or skip a row. The
 * popularity and name orders follow the btree indexes on those columns (NULLS LAST is the index's
 * own order), so an unfiltered or lightly filtered page reads a few dozen index entries.
 */
function orderOf(search: PeopleSearch): SQL {
  switch (search.sort) {
    case 'name_asc':
      return sql`p.name, p.id`;
    case 'name_desc':
      return sql`p.name DESC, p.id DESC`;
    case 'popularity':
      return sql`p.popularity NULLS LAST, p.id`;
    default:
      return search.name ? sql`${relevance(search.name)} DESC, p.popularity NULLS LAST, p.id` : sql`p.popularity NULLS LAST, p.id`;
  }
}

/**
 * How well a person matches a name: word similarity with any part of search_text (so a native name
 * or an alias can match fully), plus the similarity of the name with its spaces removed. The second
 * term tells 'Lim Yoon Hee' from 'Lim Hee Yoon' (trigrams of separate words ignore their order) and
 * an exact name from a longer one containing it. On the generated 300k people, with one letter
 * dropped or changed, the intended name comes first for 4 queries in 5, against 1 in 2 without it.
 */
function relevance(name: string): SQL {
  const joined = name.replace(/\s+/g, '');
  return sql`(word_similarity(${name}, p.search_text) + similarity(${joined}, replace(p.name, ' ', '')))`;
}

/** The nationality and gender conditions, on `alias` (people or people_facet_counts). */
function facetConditions(search: PeopleSearch, alias: 'p' | 'f'): SQL[] {
  const where: SQL[] = [];
  // && (overlap) is what the GIN index on people.nationality answers
  if (search.nationalities.length) where.push(sql`${sql.raw(alias)}.nationality && ${sql.param(search.nationalities)}::text[]`);
  if (search.gender) where.push(sql`${sql.raw(alias)}.gender = ${search.gender}`);
  return where;
}

const whereAll = (conditions: SQL[]) => (conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``);

/** pg_trgm finds nothing in text without a letter or digit: such a name matches nobody. */
const canMatchName = (name: string) => /[\p{L}\p{N}]/u.test(name);

/**
 * People by name, nationality and gender, one page at a time, with the total.
 *
 * A name is matched with pg_trgm's word similarity (`<%`, threshold 0.6) against search_text (name,
 * native name and aliases, lower-cased by a trigger), through its trigram GIN index: a dropped or
 * wrong letter, a missing space or another word order still match. Matches number in the hundreds
 * (a few thousand for the commonest names), so the page and the total come from one pass
 * (count(*) OVER ()) over them.
 *
 * Without a name the total is summed from people_facet_counts (kept exact by triggers), because
 * counting 100k matching people row by row takes 100 ms or more; the page then walks the popularity
 * or name index.
 */
export async function searchPeople(db: Executor, input: PeopleSearch): Promise<{ rows: PersonSummary[]; total: number }> {
  const search = { ...input, nationalities: await matchStoredNationalities(db, input.nationalities) };
  const offset = (search.page - 1) * search.size;
  if (search.name !== undefined) {
    if (!canMatchName(search.name)) return { rows: [], total: 0 };
    const where = whereAll([sql`${search.name} <% p.search_text`, ...facetConditions(search, 'p')]);
    // raw SQL: hot path — the people search by name (bench scenario "people search (typo)") is the
    // drama search's kind of statement, whose parsing costs more than running it (named-query.ts)
    const rows = await queryRows<PersonSummary & { total: number }>(db, sql`
      SELECT ${SUMMARY_COLUMNS}, count(*) OVER ()::int AS total
      FROM people p ${where}
      ORDER BY ${orderOf(search)}
      LIMIT ${search.size} OFFSET ${offset}`);
    if (rows.length) return { rows: rows.map(({ total: _, ...row }) => row), total: rows[0]!.total };
    // past the last page the window has no row to carry the total on
    const total = offset === 0 ? 0 : await countPeople(db, where);
    return { rows: [], total };
  }

  // raw SQL: hot path — the people search without a name, as above
  const counted = await queryRows<{ total: number }>(db, sql`
    SELECT coalesce(sum(f.people), 0)::int AS total FROM people_facet_counts f ${whereAll(facetConditions(search, 'f'))}`);
  const total = counted[0]?.total ?? 0;
  if (offset >= total) return { rows: [], total };
  // raw SQL: hot path — the people search's page, as above
  const rows = await queryRows<PersonSummary>(db, sql`
    SELECT ${SUMMARY_COLUMNS}
    FROM people p ${whereAll(facetConditions(search, 'p'))}
    ORDER BY ${orderOf(search)}
    LIMIT ${search.size} OFFSET ${offset}`);
  return { rows, total };
}

/** each word of each nationality list in use, as `n`: a few dozen facet rows instead of 300k people */
const nationalityWords = sql`${peopleFacetCounts}, unnest(${peopleFacetCounts.nationality}) AS n`;
const nationalityWord = sql<string>`n`;

const FEATURED_WORDS = new Set<string>(FEATURED_NATIONALITIES.map((n) => n.value));

/**
 * Nationality filters as stored: the featured ones arrive resolved; any other is looked up without
 * regard to case among the nationalities in use (a few dozen facet rows), since the GIN index on
 * people.nationality only answers exact words. A value nobody holds stays as it is and matches nobody.
 */
async function matchStoredNationalities(db: Executor, values: string[]): Promise<string[]> {
  const others = values.filter((v) => !FEATURED_WORDS.has(v));
  if (!others.length) return values;
  const rows = await db
    .selectDistinct({ nationality: nationalityWord })
    .from(nationalityWords)
    .where(sql`lower(${nationalityWord}) = ANY(${sql.param(others.map((v) => v.toLowerCase()))}::text[])`);
  return [...new Set([...values, ...rows.map((r) => r.nationality)])];
}

async function countPeople(db: Executor, where: SQL): Promise<number> {
  // raw SQL: hot path — the people search past its last page, as above (same conditions on alias p)
  const rows = await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM people p ${where}`);
  return rows[0]?.total ?? 0;
}

/** Every field of a person's page (age is added by the caller); NotFoundError when there is no such person. */
export async function getPerson(db: Executor, id: number) {
  assertPersonId(id);
  const [person] = await db
    .select({
      id: people.id,
      name: people.name,
      nativeName: people.nativeName,
      biography: people.biography,
      gender: people.gender,
      nationality: people.nationality,
      dateOfBirth: people.dateOfBirth,
      image: people.image,
      alsoKnownAs: people.alsoKnownAs,
      hearts: people.hearts,
      popularity: people.popularity,
    })
    .from(people)
    .where(eq(people.id, id));
  if (!person) throw new NotFoundError(PERSON_NOT_FOUND);
  return person;
}

/** Nationalities present in the data (sorted) and the genders a person may have. */
export async function getPeopleFilterOptions(db: Executor): Promise<{ nationalities: string[]; genders: PersonGender[] }> {
  // people_facet_counts holds every nationality list in use: a few dozen rows instead of 300k people
  const rows = await db
    .selectDistinct({ nationality: nationalityWord })
    .from(nationalityWords)
    .where(and(gt(peopleFacetCounts.people, 0), sql`btrim(${nationalityWord}) <> ''`))
    .orderBy(nationalityWord);
  return { nationalities: rows.map((r) => r.nationality), genders: [...PERSON_GENDERS] };
}
