// What the drama search screen (spec 1 §2.8) needs for one address: the filter panel's options,
// the state the query string describes, its canonical address, and one page of results read
// straight from the search service (no HTTP to ourselves). Any page embedding the screen calls this.
import { toPanelOptions, type PanelOptions } from '../../../drama-search/drama-filter-options.ts';
import {
  PAGE_SIZE,
  readSearchState,
  searchHref,
  toServiceFilters,
  toServiceSort,
  type DramaSearchState,
  type ScreenDefaults,
} from '../../../drama-search/drama-search-query.ts';
import { logger } from '../../logger.ts';
import { getFilterOptions } from './drama-lists.ts';
import { searchDramas } from './drama-search.ts';
import { toCardData, type DramaCardData } from '../home/home.ts';

export interface DramaSearchResults {
  items: DramaCardData[];
  total: number;
  pages: number;
}

export interface DramaSearchScreenData {
  /** the screen's own path ('/search/drama'), where the panel submits */
  path: string;
  defaults: ScreenDefaults;
  options: PanelOptions;
  state: DramaSearchState;
  /** the canonical address of this state; the page redirects there when the request differs */
  href: string;
  /** null when loading failed (the screen shows the spec's error with Try Again) */
  results: DramaSearchResults | null;
}

/** The options the panel falls back to when the catalogue's options cannot be read. */
const NO_OPTIONS = { countries: [], genres: [], tags: [], types: [], statuses: [], years: [], yearRange: { min: null, max: null } };

export async function loadDramaSearchScreen(
  url: URL,
  path: string,
  defaults: ScreenDefaults = {},
  now: Date = new Date(),
): Promise<DramaSearchScreenData> {
  let options: PanelOptions;
  let results: DramaSearchResults | null = null;
  try {
    options = toPanelOptions(await getFilterOptions(), now);
  } catch (error) {
    logger.error({ err: error }, 'drama search: filter options failed');
    options = toPanelOptions(NO_OPTIONS, now);
    const state = readSearchState(url.searchParams, options, defaults);
    return { path, defaults, options, state, href: url.pathname + url.search, results: null };
  }
  const state = readSearchState(url.searchParams, options, defaults);
  try {
    const page = await searchDramas(toServiceFilters(state, options.bounds), toServiceSort(state), state.page, PAGE_SIZE);
    const pages = Math.ceil(page.total / PAGE_SIZE);
    if (state.page > Math.max(pages, 1)) {
      // past the last page: the address moves to the last page (or to page 1 when nothing matches)
      const last = { ...state, page: Math.max(pages, 1) };
      return { path, defaults, options, state: last, href: searchHref(path, last, options.bounds, defaults), results: null };
    }
    results = { items: page.items.map(toCardData), total: page.total, pages };
  } catch (error) {
    logger.error({ err: error }, 'drama search failed');
  }
  return { path, defaults, options, state, href: searchHref(path, state, options.bounds, defaults), results };
}

/** Where a legacy /search address goes: its parameters on /search/drama, canonical (ids for names). */
export async function loadLegacySearchTarget(params: URLSearchParams): Promise<string> {
  try {
    const options = toPanelOptions(await getFilterOptions());
    return searchHref('/search/drama', readSearchState(params, options), options.bounds);
  } catch (error) {
    logger.error({ err: error }, 'legacy search redirect: filter options failed');
    const query = params.toString();
    return query ? `/search/drama?${query}` : '/search/drama';
  }
}
