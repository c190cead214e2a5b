// The drama search's vocabulary (spec 1 §3, §5, §9): sort options, types, statuses and the
// 'from,to' ranges of the query string. Pure, so the API and the search page share one reading.

/** spec 1 §9: popularity, rating, title (A-Z), title_desc (Z-A), year (Newest), year_desc (Oldest) */
export const DRAMA_SORTS = ['popularity', 'rating', 'title', 'title_desc', 'year', 'year_desc'] as const;
/** the order of a title search when no sort_by is given: best match first */
export const RELEVANCE_SORT = 'relevance';
export type DramaSort = (typeof DRAMA_SORTS)[number] | typeof RELEVANCE_SORT;

export const DRAMA_TYPES = ['drama', 'movie', 'tv_show', 'special'] as const;
export type DramaType = (typeof DRAMA_TYPES)[number];
export const DRAMA_STATUSES = ['airing', 'completed', 'upcoming', 'cancelled'] as const;
export type DramaStatus = (typeof DRAMA_STATUSES)[number];

/** What the drama search filters on (the search service's input; GET /dramas/ and the search page read it from their query strings). */
export interface DramaFilters {
  /** title, original title, native titles or aliases; typos and word order tolerated */
  title?: string;
  /** a drama must have every one of these genres (see membershipConditions) */
  genreIds: number[];
  genreNames: string[];
  /** likewise every one of these tags */
  tagIds: number[];
  tagNames: string[];
  /** a drama has one country, type and status: any of the values given matches */
  countries: string[];
  types: DramaType[];
  statuses: DramaStatus[];
  year?: NumberRange;
  episodes?: NumberRange;
  rating?: NumberRange;
}

/** Bounds of the filter panel (spec 1 §9): a range reaching one of them leaves that side open. */
export const FILTER_BOUNDS = {
  year: { min: 1890, max: () => new Date().getUTCFullYear() + 1 },
  episodes: { min: 0, max: () => 100 },
  rating: { min: 0, max: () => 10 },
} as const;

/** 'TV Show', 'tv-show', 'TV_Show' → 'tv_show'; undefined for anything that is not a type. */
export function normalizeDramaType(raw: string): DramaType | undefined {
  const key = raw.trim().toLowerCase().replace(/[\s-]+/g, '_');
  const type = key === 'tvshow' ? 'tv_show' : key;
  return (DRAMA_TYPES as readonly string[]).includes(type) ? (type as DramaType) : undefined;
}

/**
 * A drama type as readers write it: every tv show variant ('tv_show', 'TV-Show', 'tv shows') is
 * 'TV Show', anything else is title-cased ('movie' → 'Movie', 'web_series' → 'Web Series').
 */
export function dramaTypeLabel(type: string | null | undefined): string {
  const words = (type ?? '').trim().toLowerCase().split(/[\s_-]+/).filter(Boolean);
  if (words.join('') === 'tvshow' || (words[0] === 'tv' && words[1]?.startsWith('show'))) return 'TV Show';
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

/** A status word with a capital first letter and the rest lower case ('AIRING' → 'Airing'). */
export function dramaStatusLabel(status: string | null | undefined): string {
  const s = (status ?? '').trim().replace(/_/g, ' ').toLowerCase();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Case-insensitive; 'ongoing' (the usual word elsewhere) means airing. */
export function normalizeDramaStatus(raw: string): DramaStatus | undefined {
  const key = raw.trim().toLowerCase().replace(/[\s-]+/g, '_');
  const status = key === 'ongoing' ? 'airing' : key;
  return (DRAMA_STATUSES as readonly string[]).includes(status) ? (status as DramaStatus) : undefined;
}

/** Inclusive bounds; a missing side is open. */
export interface NumberRange {
  from?: number;
  to?: number;
}

export interface RangeRule {
  /** whole numbers only (years, episodes) or decimals (rating) */
  integer: boolean;
  min: number;
  max: number;
}

/**
 * Reads 'from,to' (either side may be empty: '2010,' is 2010 onwards) or a single value (exactly
 * that). Answers the range, or the reason it is not one.
 */
export function parseRange(raw: string, rule: RangeRule): NumberRange | { error: string } {
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.length > 2 || parts.every((p) => p === '')) return { error: "expected a value or 'from,to'" };
  const pattern = rule.integer ? /^\d+$/ : /^\d+(\.\d+)?$/;
  const values: (number | undefined)[] = [];
  for (const part of parts) {
    if (part === '') {
      values.push(undefined);
      continue;
    }
    if (!pattern.test(part)) return { error: `'${part.slice(0, 20)}' is not a ${rule.integer ? 'whole number' : 'number'}` };
    const value = Number(part);
    if (value < rule.min || value > rule.max) return { error: `values must be between ${rule.min} and ${rule.max}` };
    values.push(value);
  }
  const [from, to] = parts.length === 1 ? [values[0], values[0]] : values;
  if (from !== undefined && to !== undefined && from > to) return { error: 'from must not be greater than to' };
  return { from, to };
}

/**
 * The filter panel sends its full default range (e.g. episodes 0-100) when a slider is untouched:
 * a side at or beyond the panel's bound is left open, so '100' means '100 or more' and dramas whose
 * figure is unknown are not dropped by a range nobody set.
 */
export function openAtBounds(range: NumberRange, bounds: { min: number; max: () => number }): NumberRange | undefined {
  const from = range.from !== undefined && range.from > bounds.min ? range.from : undefined;
  const to = range.to !== undefined && range.to < bounds.max() ? range.to : undefined;
  return from === undefined && to === undefined ? undefined : { from, to };
}
