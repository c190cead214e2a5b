// What the people search page (spec 1 §2.9) reads for one address: the search the query string
// asks for, its page of people, and where to send a page number past the last page.
import { PEOPLE_PAGE_SIZE, peopleSearchHref, readPeopleSearch, type PeopleSearchState } from '../../../people/people-search.ts';
import { logger } from '../../logger.ts';
import { searchPeople, type PersonSummaryRow } from './people.ts';

export interface PeopleSearchData {
  search: PeopleSearchState;
  /** the page's own path (/search/people or /search/person) */
  path: string;
  /** null when the search failed */
  result: { rows: PersonSummaryRow[]; total: number } | null;
  pages: number;
  /** past the last page: the last page's address (as the drama search does), to redirect to */
  redirectTo?: string;
}

export async function loadPeopleSearch(url: URL): Promise<PeopleSearchData> {
  const search = readPeopleSearch(url.searchParams);
  const path = url.pathname.replace(/\/+$/, '');
  try {
    const result = await searchPeople({
      name: search.q || undefined,
      nationalities: search.nationalities,
      gender: search.gender,
      sort: search.sort,
      page: search.page,
      size: PEOPLE_PAGE_SIZE,
    });
    const pages = Math.ceil(result.total / PEOPLE_PAGE_SIZE);
    const redirectTo = pages > 0 && search.page > pages ? peopleSearchHref({ ...search, page: pages }, path) : undefined;
    return { search, path, result, pages, redirectTo };
  } catch (error) {
    logger.error({ err: error, search }, 'people search failed');
    return { search, path, result: null, pages: 0 };
  }
}
