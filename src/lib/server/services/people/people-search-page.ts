// What the people search page (spec 1 §2.9) reads for one address: the search the query string
// asks for and its page of people; a page number past the last page redirects to the last page.
import { PEOPLE_PAGE_SIZE, peopleSearchHref, readPeopleSearch, type PeopleSearchState } from '../../../people/people-search.ts';
import { getDb } from '../../db/client.ts';
import { pageFailure, pageOk, pageRedirect, type PageResult } from '../pages/page-result.ts';
import { searchPeople, type PersonSummary } from './people.ts';

export interface PeopleSearchData {
  search: PeopleSearchState;
  /** the page's own path (/search/people or /search/person) */
  path: string;
  /** null when the search failed (the page shows the error around the form) */
  result: { rows: PersonSummary[]; total: number } | null;
  pages: number;
}

export async function loadPeopleSearch(url: URL): Promise<PageResult<PeopleSearchData>> {
  const search = readPeopleSearch(url.searchParams);
  const path = url.pathname.replace(/\/+$/, '');
  try {
    const result = await searchPeople(await getDb(), {
      name: search.q || undefined,
      nationalities: search.nationalities,
      gender: search.gender,
      sort: search.sort,
      page: search.page,
      size: PEOPLE_PAGE_SIZE,
    });
    const pages = Math.ceil(result.total / PEOPLE_PAGE_SIZE);
    // past the last page: the last page's address (as the drama search does)
    if (pages > 0 && search.page > pages) return pageRedirect(peopleSearchHref({ ...search, page: pages }, path));
    return pageOk({ search, path, result, pages });
  } catch (error) {
    return pageFailure(error, { page: 'people search', search }, { search, path, result: null, pages: 0 });
  }
}
