// What the drama search screen (spec 1 §2.8) needs for one address: the filter panel's options,
// the state the query string describes, its canonical address, and one page of results read
// straight from the search service (no HTTP to ourselves). Any page embedding the screen calls this.
import { toPanelOptions, type PanelOptions } from '../../../drama-search/drama-filter-options.ts';
import {
  PAGE_SIZE,
  readSearchState,
  searchHref,
  needsRedirect,
  toServiceFilters,
  toServiceSort,
  type DramaSearchState,
  type ScreenDefaults,
} from '../../../drama-search/drama-search-query.ts';
import { getDb } from '../../db/client.ts';
import { logger } from '../../logger.ts';
import { pageFailure, pageOk, pageRedirect, type PageResult } from '../pages/page-result.ts';
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
  /** the canonical address of this state (requests for another spelling are redirected to it) */
  href: string;
  /** null when loading failed (the screen shows the spec's error with Try Again) */
  results: DramaSearchResults | null;
}

/** The options the panel falls back to when the catalogue's options cannot be read. */
const NO_OPTIONS = { countries: [], genres: [], tags: [], types: [], statuses: [], years: [], yearRange: { min: null, max: null } };

/**
 * The screen for `url`, or where to go instead: the canonical address of what it asks for, or the
 * last page for a page past it. When the search fails the screen still shows its panel around the
 * spec's error (the error state carries the data). Never throws.
 */
export async function loadDramaSearchScreen(
  url: URL,
  path: string,
  defaults: ScreenDefaults = {},
  now: Date = new Date(),
): Promise<PageResult<DramaSearchScreenData>> {
  let options: PanelOptions;
  let db;
  try {
    db = await getDb();
    options = toPanelOptions(await getFilterOptions(db), now);
  } catch (error) {
    // no redirect: without the catalogue's options the canonical address is not known
    options = toPanelOptions(NO_OPTIONS, now);
    const state = readSearchState(url.searchParams, options, defaults);
    const context = { page: 'drama search', step: 'filter options' };
    return pageFailure(error, context, { path, defaults, options, state, href: url.pathname + url.search, results: null });
  }
  const state = readSearchState(url.searchParams, options, defaults);
  const href = searchHref(path, state, options.bounds, defaults);
  let results: DramaSearchResults;
  try {
    const page = await searchDramas(db, toServiceFilters(state, options.bounds), toServiceSort(state), state.page, PAGE_SIZE);
    const pages = Math.ceil(page.total / PAGE_SIZE);
    if (state.page > Math.max(pages, 1)) {
      // past the last page: the address moves to the last page (or to page 1 when nothing matches)
      return pageRedirect(searchHref(path, { ...state, page: Math.max(pages, 1) }, options.bounds, defaults));
    }
    results = { items: page.items.map(toCardData), total: page.total, pages };
  } catch (error) {
    if (needsRedirect(url, href)) return pageRedirect(href);
    return pageFailure(error, { page: 'drama search' }, { path, defaults, options, state, href, results: null });
  }
  if (needsRedirect(url, href)) return pageRedirect(href);
  return pageOk({ path, defaults, options, state, href, results });
}

/** Where a legacy /search address goes: its parameters on /search/drama, canonical (ids for names). */
export async function loadLegacySearchTarget(params: URLSearchParams): Promise<PageResult<never>> {
  try {
    const options = toPanelOptions(await getFilterOptions(await getDb()));
    return pageRedirect(searchHref('/search/drama', readSearchState(params, options), options.bounds));
  } catch (error) {
    logger.error({ err: error }, 'legacy search redirect: filter options failed');
    const query = params.toString();
    return pageRedirect(query ? `/search/drama?${query}` : '/search/drama');
  }
}
