// The query string of GET /dramas/ (spec 1 §7, §9): declared with zod for the OpenAPI document,
// then read into the search's filters. Every bad value is a 400 naming its field, never a 500.
import { z } from '@hono/zod-openapi';
import {
  DRAMA_SORTS,
  DRAMA_STATUSES,
  DRAMA_TYPES,
  FILTER_BOUNDS,
  normalizeDramaStatus,
  normalizeDramaType,
  openAtBounds,
  parseRange,
  RELEVANCE_SORT,
  type DramaFilters,
  type NumberRange,
  type RangeRule,
} from '../../../dramas/drama-filters.ts';
import { ValidationError } from '../../errors.ts';
import { pagingQuery } from '../paging.ts';
import { blankAsMissing, PRINTABLE, searchTextQuery } from '../schemas.ts';

const MAX_VALUES = 20;
const TitleQuery = (key: string) => searchTextQuery(key, 200);

/** a key that may be repeated (or carry comma-separated values) */
const ListQuery = (description: string, example: string) =>
  z.union([z.string(), z.array(z.string())]).optional().openapi({ description, example });

const RangeQuery = (description: string, example: string) =>
  z.preprocess(blankAsMissing, z.string().max(40).optional()).openapi({ description, example });

export const DramaQuerySchema = z.object({
  title: TitleQuery('title').openapi({
    description:
      'Title, original title, native title or alias; typos and word order are tolerated. ' +
      'Without sort_by the best matches come first.',
    example: 'Crash Landing',
  }),
  q: TitleQuery('q').openapi({ description: 'Same as title (used when title is absent).' }),
  genre_id: ListQuery(
    'Genre id; repeat for several: a drama must have all of them (Romance and Comedy: romantic comedies).',
    '1',
  ),
  genre_name: ListQuery('Genre name, any case; repeat for several (all of them, as genre_id).', 'Romance'),
  genre: ListQuery('A genre id or name (the search page’s key); same rule as genre_id.', 'Romance'),
  tag: ListQuery('Tag id or name, any case; repeat for several: a drama must have all of them.', '3'),
  country: ListQuery('Country; repeat for several: any of them.', 'South Korea'),
  type: ListQuery("drama, movie, tv_show or special, any case ('TV Show' too); repeat for any of several.", 'drama'),
  status: ListQuery("airing ('ongoing'), completed, upcoming or cancelled; repeat for any of several.", 'airing'),
  year: RangeQuery("A year, or 'from,to' (either side may be empty). 'to' at next year or later: no upper bound.", '2015,2024'),
  ep: RangeQuery("Episodes 'from,to' (or one number). 'to' of 100 or more: no upper bound.", '10,20'),
  rt: RangeQuery("Rating 'from,to', 0-10, decimals allowed.", '7.5,10'),
  sort_by: z
    .preprocess(
      (v) => (typeof v === 'string' ? blankAsMissing(v.trim().toLowerCase()) : v),
      z
        .enum([...DRAMA_SORTS, RELEVANCE_SORT], { error: `sort_by must be one of ${DRAMA_SORTS.join(', ')}` })
        .optional(),
    )
    .openapi({
      description:
        'popularity (default), rating, title (A-Z), title_desc (Z-A), year (newest first), year_desc (oldest first); ' +
        'relevance (the default when a title is given).',
    }),
  ...pagingQuery(24, 100),
});

type DramaQuery = z.infer<typeof DramaQuerySchema>;

function valuesOf(raw: string | string[] | undefined, field: string): string[] {
  const values = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.length > MAX_VALUES) throw new ValidationError(`${field} may be given at most ${MAX_VALUES} times`, field);
  for (const value of values) {
    if (value.length > 100 || !PRINTABLE.test(value)) throw new ValidationError(`${field} must be short and printable`, field);
  }
  return [...new Set(values)];
}

const isId = (value: string) => /^\d{1,9}$/.test(value);

function idsOf(raw: string | string[] | undefined, field: string): number[] {
  return valuesOf(raw, field).map((value) => {
    if (!isId(value)) throw new ValidationError(`${field} must be a whole number`, field);
    return Number(value);
  });
}

function rangeOf(raw: string | undefined, field: string, rule: RangeRule, bounds: Parameters<typeof openAtBounds>[1]) {
  if (raw === undefined) return undefined;
  const range = parseRange(raw, rule);
  if ('error' in range) throw new ValidationError(`${field}: ${range.error}`, field);
  return openAtBounds(range as NumberRange, bounds);
}

function enumValues<T>(raw: string | string[] | undefined, field: string, read: (v: string) => T | undefined, allowed: readonly string[]) {
  return valuesOf(raw, field).map((value) => {
    const read_ = read(value);
    if (read_ === undefined) throw new ValidationError(`${field} must be one of ${allowed.join(', ')}`, field);
    return read_;
  });
}

/** The search's filters from a validated query string. */
export function readDramaFilters(query: DramaQuery): DramaFilters {
  const genres = valuesOf(query.genre, 'genre');
  const tags = valuesOf(query.tag, 'tag');
  const title = (query.title ?? query.q)?.trim();
  return {
    title: title || undefined,
    genreIds: [...new Set([...idsOf(query.genre_id, 'genre_id'), ...genres.filter(isId).map(Number)])],
    genreNames: [...valuesOf(query.genre_name, 'genre_name'), ...genres.filter((g) => !isId(g))],
    tagIds: tags.filter(isId).map(Number),
    tagNames: tags.filter((t) => !isId(t)),
    countries: valuesOf(query.country, 'country'),
    types: [...new Set(enumValues(query.type, 'type', normalizeDramaType, DRAMA_TYPES))],
    statuses: [...new Set(enumValues(query.status, 'status', normalizeDramaStatus, DRAMA_STATUSES))],
    year: rangeOf(query.year, 'year', { integer: true, min: 1000, max: 9999 }, FILTER_BOUNDS.year),
    episodes: rangeOf(query.ep, 'ep', { integer: true, min: 0, max: 10_000 }, FILTER_BOUNDS.episodes),
    rating: rangeOf(query.rt, 'rt', { integer: false, min: 0, max: 10 }, FILTER_BOUNDS.rating),
  };
}
