// The drama search page's state (spec 1 §2.8, §9) and its query string: q, genre (repeated ids),
// tag, country, type, status, year, ep, rt ('from,to'), sort_by, page. Reading is forgiving (a bad
// value is ignored, never an error); writing gives one canonical query string, so the page, the
// filter panel and the legacy /search redirect agree on every address. Pure: server and browser.
import {
  DRAMA_SORTS,
  normalizeDramaStatus,
  normalizeDramaType,
  openAtBounds,
  type DramaFilters,
  type DramaSort,
} from '../dramas/drama-filters.ts';
import { isFullRange, type Bounds, type PanelOptions, type Range } from './drama-filter-options.ts';

export type SortOption = (typeof DRAMA_SORTS)[number];

/** spec 1 §9: the sort options and their labels, in this order */
export const SORT_CHOICES: { value: SortOption; label: string }[] = [
  { value: 'popularity', label: 'Popularity' },
  { value: 'rating', label: 'Rating' },
  { value: 'title', label: 'Title (A-Z)' },
  { value: 'title_desc', label: 'Title (Z-A)' },
  { value: 'year', label: 'Year (Newest)' },
  { value: 'year_desc', label: 'Year (Oldest)' },
];

/** What an embedding page may preset (spec 1 §2.8): used while the address does not say otherwise. */
export interface ScreenDefaults {
  sort?: SortOption;
  status?: string;
}

export interface DramaSearchState {
  q: string;
  genres: number[];
  tags: number[];
  countries: string[];
  types: string[];
  statuses: string[];
  year: Range;
  ep: Range;
  rt: Range;
  /** null: the default order (best match for a title search, else popularity) */
  sortBy: SortOption | null;
  page: number;
}

export const PAGE_SIZE = 24;
const MAX_VALUES = 20;
const MAX_PAGE = 10_000;
const MAX_QUERY = 200;
/** written when an embedding page presets a status and the visitor cleared it */
const ANY_STATUS = 'any';

/** The search text as the API takes it: control characters dropped, spaces collapsed, 200 at most. */
export function cleanQuery(raw: string | null | undefined): string {
  return (raw ?? '')
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_QUERY)
    .trim();
}

const unique = <T>(values: T[]) => [...new Set(values)].slice(0, MAX_VALUES);
const all = (params: URLSearchParams, key: string) =>
  params
    .getAll(key)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);

/** ids or names (any case) of the known choices; anything else is ignored */
function idsOf(values: string[], choices: { value: number; label: string }[]): number[] {
  const byName = new Map(choices.map((c) => [c.label.toLowerCase(), c.value]));
  const ids = new Set(choices.map((c) => c.value));
  return unique(
    values
      .map((v) => (/^\d{1,9}$/.test(v) ? Number(v) : byName.get(v.toLowerCase())))
      .filter((id): id is number => id !== undefined && ids.has(id)),
  );
}

function oneOf(values: string[], known: { value: string }[], normalize: (v: string) => string | undefined = (v) => v) {
  const byKey = new Map(known.map((k) => [k.value.toLowerCase(), k.value]));
  return unique(values.map((v) => byKey.get((normalize(v) ?? v).toLowerCase())).filter((v): v is string => !!v));
}

/** One side of a range: a whole number (clamped to the bounds), or the bound when empty or bad. */
function side(raw: string | null | undefined, bounds: Bounds, fallback: number): number {
  const text = raw?.trim() ?? '';
  if (!/^\d{1,6}$/.test(text)) return fallback;
  return Math.min(Math.max(Number(text), bounds.min), bounds.max);
}

/**
 * A range from 'from,to' (either side may be empty), a single value (exactly that), or the plain
 * form's two fields (`{key}_from`, `{key}_to`, sent before the panel is interactive). A range
 * whose sides cross is ignored.
 */
function readRange(params: URLSearchParams, key: string, bounds: Bounds): Range {
  const full: Range = [bounds.min, bounds.max];
  let range: Range;
  if (params.has(`${key}_from`) || params.has(`${key}_to`)) {
    range = [side(params.get(`${key}_from`), bounds, bounds.min), side(params.get(`${key}_to`), bounds, bounds.max)];
  } else {
    const raw = params.get(key)?.trim();
    if (!raw) return full;
    const parts = raw.split(',');
    if (parts.length > 2) return full;
    range =
      parts.length === 1
        ? [side(parts[0], bounds, bounds.min), side(parts[0], bounds, bounds.max)]
        : [side(parts[0], bounds, bounds.min), side(parts[1], bounds, bounds.max)];
  }
  return range[0] <= range[1] ? range : full;
}

/** The state an address describes, against the panel's options. Never throws. */
export function readSearchState(params: URLSearchParams, options: PanelOptions, defaults: ScreenDefaults = {}): DramaSearchState {
  const { bounds } = options;
  const sort = params.get('sort_by')?.trim().toLowerCase();
  const pageText = params.get('page')?.trim() ?? '';
  const page = /^\d{1,6}$/.test(pageText) ? Math.min(Math.max(Number(pageText), 1), MAX_PAGE) : 1;
  const statuses = params.has('status')
    ? oneOf(all(params, 'status'), options.statuses, normalizeDramaStatus)
    : oneOf(defaults.status ? [defaults.status] : [], options.statuses, normalizeDramaStatus);
  return {
    q: cleanQuery(params.get('q') ?? params.get('title')),
    genres: idsOf(all(params, 'genre'), options.genres),
    tags: idsOf(all(params, 'tag'), options.tags),
    countries: oneOf(all(params, 'country'), options.countries),
    types: oneOf(all(params, 'type'), options.types, normalizeDramaType),
    statuses,
    year: readRange(params, 'year', bounds.year),
    ep: readRange(params, 'ep', bounds.ep),
    rt: readRange(params, 'rt', bounds.rt),
    sortBy: (DRAMA_SORTS as readonly string[]).includes(sort ?? '') ? (sort as SortOption) : (defaults.sort ?? null),
    page,
  };
}

/**
 * The canonical query string of a state (without '?'): keys in the spec's order, empty values
 * left out, lists repeated, full ranges and page 1 left out, the sort left out when it is the
 * screen's default and there is no search text, and the status left out when it is the preset one.
 */
export function searchQuery(state: DramaSearchState, bounds: PanelOptions['bounds'], defaults: ScreenDefaults = {}): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  for (const g of state.genres) params.append('genre', String(g));
  for (const t of state.tags) params.append('tag', String(t));
  for (const c of state.countries) params.append('country', c);
  for (const t of state.types) params.append('type', t);
  // an embedding page's preset status is implied; cleared, it is written as 'any'
  const preset = defaults.status?.toLowerCase();
  const isPreset = !!preset && state.statuses.length === 1 && state.statuses[0]!.toLowerCase() === preset;
  if (!isPreset) for (const s of state.statuses) params.append('status', s);
  if (preset && state.statuses.length === 0) params.set('status', ANY_STATUS);
  for (const key of ['year', 'ep', 'rt'] as const) {
    if (!isFullRange(state[key], bounds[key])) params.set(key, `${state[key][0]},${state[key][1]}`);
  }
  const defaultSort = defaults.sort ?? 'popularity';
  if (state.sortBy && (state.q || state.sortBy !== defaultSort)) params.set('sort_by', state.sortBy);
  if (state.page > 1) params.set('page', String(state.page));
  return params.toString().replace(/%2C/g, ',');
}

/** The href of a state on `path` ('/search/drama'). */
export function searchHref(path: string, state: DramaSearchState, bounds: PanelOptions['bounds'], defaults: ScreenDefaults = {}) {
  const query = searchQuery(state, bounds, defaults);
  return query ? `${path}?${query}` : path;
}

/**
 * The Filters badge (spec 1 §2.8): each chosen genre, tag, country, type and status counts one,
 * as do a search text and each range narrowed from its default. The sort is not a filter.
 */
export function countActiveFilters(state: DramaSearchState, bounds: PanelOptions['bounds']): number {
  return (
    (state.q ? 1 : 0) +
    state.genres.length +
    state.tags.length +
    state.countries.length +
    state.types.length +
    state.statuses.length +
    (['year', 'ep', 'rt'] as const).filter((k) => !isFullRange(state[k], bounds[k])).length
  );
}

/** The search service's filters for a state (a side at its bound is open: see openAtBounds). */
export function toServiceFilters(state: DramaSearchState, bounds: PanelOptions['bounds']): DramaFilters {
  const range = (r: Range, b: Bounds) => openAtBounds({ from: r[0], to: r[1] }, { min: b.min, max: () => b.max });
  return {
    title: state.q || undefined,
    genreIds: state.genres,
    genreNames: [],
    tagIds: state.tags,
    tagNames: [],
    countries: state.countries,
    types: state.types as DramaFilters['types'],
    statuses: state.statuses as DramaFilters['statuses'],
    year: range(state.year, bounds.year),
    episodes: range(state.ep, bounds.ep),
    rating: range(state.rt, bounds.rt),
  };
}

/** The order the service is asked for: the chosen sort, else its own default. */
export const toServiceSort = (state: DramaSearchState): DramaSort | undefined => state.sortBy ?? undefined;

/**
 * The legacy search path /search?{type}=value (linked from detail lists) as the drama search's
 * parameters: genre, tag, country, type, status, year, q, sort_by and page keep their meaning
 * (names or ids); title, query, keyword and search are search text; any other key is dropped.
 */
export function legacySearchParams(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of params) {
    const k = key.trim().toLowerCase();
    if (['genre', 'tag', 'country', 'type', 'status', 'year', 'ep', 'rt', 'sort_by', 'page'].includes(k)) out.append(k, value);
    else if (['q', 'title', 'query', 'keyword', 'search'].includes(k) && !out.has('q')) out.set('q', value);
  }
  return out;
}

/**
 * Whether a request must be redirected to the canonical `href`: only when their parameters differ,
 * not their spelling ('%20' or '+'), so a redirect can never loop.
 */
export function needsRedirect(request: URL, href: string): boolean {
  const target = new URL(href, request);
  const norm = (search: string) => new URLSearchParams(search).toString().replace(/%2C/g, ',');
  return target.pathname !== request.pathname || norm(target.search) !== norm(request.search);
}
