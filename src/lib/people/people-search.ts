/**
 * The people search screen's reading of its address (spec 1 §2.9, §5, §9): query keys q,
 * nationality (repeated), gender, sort_by and page, the labels of the filter options, and the count
 * of active filters. Pure, so the page and its tests share one reading.
 */
import { FEATURED_NATIONALITIES, resolveGender, resolveNationality, type PersonGender } from './person-facts.ts';

/** spec 1 §9 */
export const PEOPLE_PAGE_SIZE = 24;

export const PEOPLE_SORT_OPTIONS = [
  { value: 'popularity', label: 'Popularity' },
  { value: 'name_asc', label: 'Name (A-Z)' },
  { value: 'name_desc', label: 'Name (Z-A)' },
] as const;
export type PeopleSortOption = (typeof PEOPLE_SORT_OPTIONS)[number]['value'];
/** spec 1 §9: default sort */
export const DEFAULT_PEOPLE_SORT: PeopleSortOption = 'popularity';

/** What the API accepts (see api/people.ts): longer values are cut, more nationalities dropped. */
const MAX_QUERY_LENGTH = 100;
const MAX_NATIONALITY_LENGTH = 60;
const MAX_NATIONALITIES = 20;
/** deeper pages than this are read as this one (an empty page, far past any result) */
export const MAX_PAGE = 100_000;

const LABEL_BY_STORED = new Map<string, string>(FEATURED_NATIONALITIES.map((n) => [n.value, n.label]));

/**
 * The word shown for a stored nationality: the featured labels ('South Korean' → 'Korean',
 * 'Hong Konger' → 'Hong Kong', 'Thai' → 'Thai'); any other nationality as stored.
 */
export function nationalityLabel(stored: string): string {
  return LABEL_BY_STORED.get(stored) ?? stored;
}

/** A person's nationalities as one line for a card: 'Korean, Japanese'. */
export function nationalityLine(nationalities: readonly string[]): string {
  return nationalities.map(nationalityLabel).join(', ');
}

export interface PeopleSearchState {
  /** the search text, trimmed; '' when blank */
  q: string;
  /** stored nationality words (featured labels resolved), without repeats, in the order given */
  nationalities: string[];
  gender: PersonGender | undefined;
  sort: PeopleSortOption;
  /** 1-based */
  page: number;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;
const tidy = (value: string) => value.replace(CONTROL, ' ').trim().replace(/\s+/g, ' ');

/**
 * The search as the address asks for it. Nothing in an address is an error: an unknown sort reads
 * as the default, an unknown gender as none, a page that is not a positive whole number as page 1.
 */
export function readPeopleSearch(params: URLSearchParams): PeopleSearchState {
  const q = tidy(params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH).trim();
  const nationalities: string[] = [];
  for (const raw of params.getAll('nationality').flatMap((v) => v.split(','))) {
    const value = tidy(raw);
    if (!value || value.length > MAX_NATIONALITY_LENGTH) continue;
    const stored = resolveNationality(value);
    if (!nationalities.includes(stored) && nationalities.length < MAX_NATIONALITIES) nationalities.push(stored);
  }
  const gender = resolveGender(params.get('gender') ?? '');
  const sortParam = params.get('sort_by')?.trim();
  const sort = PEOPLE_SORT_OPTIONS.find((o) => o.value === sortParam)?.value ?? DEFAULT_PEOPLE_SORT;
  const pageParam = params.get('page')?.trim() ?? '';
  const page = /^\d{1,9}$/.test(pageParam) && Number(pageParam) >= 1 ? Math.min(Number(pageParam), MAX_PAGE) : 1;
  return { q, nationalities, gender, sort, page };
}

/** The badge on the mobile 'Filters' toggle: selected nationalities plus the gender. */
export function activeFilterCount(state: Pick<PeopleSearchState, 'nationalities' | 'gender'>): number {
  return state.nationalities.length + (state.gender ? 1 : 0);
}

/** The value a nationality takes in the address: its featured label ('Korean'), else the stored word. */
export function nationalityParam(stored: string): string {
  return nationalityLabel(stored);
}

/**
 * The address of a search: empty values and the defaults are left out, nationalities repeated
 * (spec 1 §5), page 1 has no page parameter.
 */
export function peopleSearchHref(state: PeopleSearchState, path = '/search/people'): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  for (const n of state.nationalities) params.append('nationality', nationalityParam(n));
  if (state.gender) params.set('gender', state.gender);
  if (state.sort !== DEFAULT_PEOPLE_SORT) params.set('sort_by', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The filter panel's nationality options: the featured ones, then any other the address asked for. */
export function nationalityOptions(selected: readonly string[]): { label: string; param: string; stored: string; checked: boolean }[] {
  const featured = FEATURED_NATIONALITIES.map((n) => ({ label: n.label, param: n.label, stored: n.value as string }));
  const extra = selected
    .filter((s) => !LABEL_BY_STORED.has(s))
    .map((s) => ({ label: s, param: s, stored: s }));
  return [...featured, ...extra].map((o) => ({ ...o, checked: selected.includes(o.stored) }));
}
