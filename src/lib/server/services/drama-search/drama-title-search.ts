// Title search: matches title, original title, native titles and also-known-as names (all in
// dramas.search_text), tolerating typos and any word order, fast on 100k dramas.
//
// Why not trigram similarity on search_text directly: generated and real titles share a small
// vocabulary ('the', 'love', 'secret', ...), so a typed title shares trigrams with thousands of rows;
// the trigram index then hands thousands of candidates to a recheck costing ~20 µs each (100-300 ms
// a query on 100k dramas). Instead each query word is corrected against the vocabulary itself
// (drama_search_words, tens of thousands of words: trigram similarity there costs well under a
// millisecond), and dramas must contain, for every query word, one of its alternatives (GIN on
// dramas.search_words, an AND of a few posting lists). The few matches are then ranked by
// word_similarity of the whole query against search_text, so the best match comes first.
import { and, sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/named-query.ts';
import type { Executor } from '../../db/transactions.ts';
import { dramas } from '../../db/schema/index.ts';

/** a query's words beyond this many are ignored (the first ones carry the title) */
const MAX_TERMS = 8;
/** how many vocabulary words may stand for one query word */
const MAX_PREFIXED = 20;
const MAX_SIMILAR = 5;
const MAX_INFIXED = 100;

/** How the title part of a search matches, decided once per query (see planTitleMatch). */
export type TitleMatch =
  | { kind: 'words'; query: string; alternatives: string[][] }
  | { kind: 'substring'; query: string };

/** Lower case, control characters dropped (PostgreSQL refuses NUL), spaces collapsed. */
export function normalizeTitleQuery(raw: string): string {
  return raw.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * The query's words, split like PostgreSQL's parser splits search_text into search_words (letters,
 * combining marks and digits; 'crash-landing' gives 'crash' and 'landing', both of which the
 * parser also indexes), without repeats.
 */
export function titleTerms(query: string): string[] {
  const words = query.split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean);
  return [...new Set(words)].slice(0, MAX_TERMS);
}

type TermLookup = {
  term: string;
  /** the word itself is in the vocabulary */
  exact: boolean;
  /** words that start with it (the word being typed), shortest first */
  prefixed: string[];
  /** words within trigram similarity 0.3 (typos), closest first */
  similar: string[];
  /** only when none of the above: words that contain it (part of a Chinese or Thai title, 'ndin') */
  infixed: string[];
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One statement looks every term up in the vocabulary (trigram index; 0.1-0.5 ms a term). */
async function lookUpTerms(db: Executor, terms: string[]): Promise<TermLookup[]> {
  const patterns = terms.map((t) => `${escapeLike(t)}%`);
  // raw SQL: hot path — every title search (bench "title search with a typo", p95 target 25 ms);
  // named like the search's statements (named-query.ts: ~6,500 against ~2,700 statements/s)
  const rows = await queryRows<Omit<TermLookup, 'infixed'>>(db, sql`
    SELECT t.term,
      EXISTS (SELECT 1 FROM drama_search_words w WHERE w.word = t.term) AS exact,
      ARRAY(SELECT w.word FROM drama_search_words w WHERE w.word LIKE t.pattern AND w.word <> t.term
        ORDER BY length(w.word), w.word LIMIT ${MAX_PREFIXED}) AS prefixed,
      ARRAY(SELECT w.word FROM drama_search_words w WHERE w.word % t.term AND w.word <> t.term
        ORDER BY similarity(w.word, t.term) DESC, w.word LIMIT ${MAX_SIMILAR}) AS similar
    FROM unnest(${sql.param(terms)}::text[], ${sql.param(patterns)}::text[]) AS t(term, pattern)`);
  return Promise.all(
    rows.map(async (row) => {
      if (row.exact || row.prefixed.length || row.similar.length) return { ...row, infixed: [] };
      // A statement of its own, with the pattern as a plain parameter: the planner then sees it and
      // scans the vocabulary (2-3 ms) when the part is too short for a trigram index to help.
      // raw SQL: hot path — a title search finding no whole, started or similar word, as above
      const found = await queryRows<{ word: string }>(db, sql`
        SELECT word FROM drama_search_words WHERE word LIKE ${`%${escapeLike(row.term)}%`}
        ORDER BY length(word), word LIMIT ${MAX_INFIXED}`);
      return { ...row, infixed: found.map((r) => r.word) };
    }),
  );
}

/** A word of the vocabulary stands for itself; any other word for its completions and near spellings. */
const strictAlternatives = (t: TermLookup) => (t.exact ? [t.term] : [...new Set([...t.prefixed, ...t.similar, ...t.infixed])]);
/** Also lets a real word stand for its completions and near spellings ('land' for 'landing'). */
const broadAlternatives = (t: TermLookup) => [...new Set([...(t.exact ? [t.term] : []), ...t.prefixed, ...t.similar, ...t.infixed])];

/**
 * The candidate matches of a title query, most precise first: words as typed (a word nobody uses
 * is left out rather than failing the search), then with every word widened, then a plain
 * substring of search_text (across words: 'ng on yo'). The caller keeps the first that finds
 * anything; none at all means nothing can match (e.g. only punctuation).
 */
export async function titleMatchCandidates(db: Executor, rawQuery: string): Promise<TitleMatch[]> {
  const query = normalizeTitleQuery(rawQuery);
  const terms = titleTerms(query);
  // only with three letters in a row can the trigram index find a substring (else: read every drama)
  const substring: TitleMatch[] = /[\p{L}\p{N}]{3}/u.test(query) ? [{ kind: 'substring', query }] : [];
  if (!terms.length) return substring;
  const lookups = await lookUpTerms(db, terms);
  const strict = lookups.map(strictAlternatives).filter((alts) => alts.length > 0);
  const broad = lookups.map(broadAlternatives).filter((alts) => alts.length > 0);
  const candidates: TitleMatch[] = [];
  if (strict.length) candidates.push({ kind: 'words', query, alternatives: strict });
  if (broad.length && JSON.stringify(broad) !== JSON.stringify(strict)) candidates.push({ kind: 'words', query, alternatives: broad });
  return [...candidates, ...substring];
}

/** The WHERE condition of a title match. */
export function titleCondition(match: TitleMatch): SQL {
  if (match.kind === 'substring') return sql`${dramas.searchText} LIKE ${`%${escapeLike(match.query)}%`}`;
  return and(...match.alternatives.map((alts) => sql`${dramas.searchWords} && ${sql.param(alts)}::text[]`)) as SQL;
}

/** above this many matches, ranking by similarity (~12 µs a row) gives way to popularity */
export const SIMILARITY_RANK_LIMIT = 2000;

/**
 * Best match first: a title equal to the query, then (for up to SIMILARITY_RANK_LIMIT matches) the
 * closest names by word similarity, then the most popular.
 */
export function relevanceOrder(match: TitleMatch, total: number): SQL {
  const similarity =
    total <= SIMILARITY_RANK_LIMIT ? sql`word_similarity(${match.query}, ${dramas.searchText}) DESC, ` : sql``;
  return sql`(lower(${dramas.title}) = ${match.query}) DESC, ${similarity}${dramas.popularity} ASC NULLS LAST, ${dramas.id} ASC`;
}
