import { describe, expect, it } from 'vitest';
import { toPanelOptions } from '../../../src/lib/drama-search/drama-filter-options.ts';
import {
  cleanQuery,
  countActiveFilters,
  legacySearchParams,
  needsRedirect,
  readSearchState,
  searchQuery,
  toServiceFilters,
} from '../../../src/lib/drama-search/drama-search-query.ts';

const now = new Date('2026-06-15T12:00:00Z');
const options = toPanelOptions(
  {
    countries: ['China', 'South Korea', 'Singapore'],
    genres: [
      { id: 1, name: 'Romance' },
      { id: 2, name: 'Comedy' },
    ],
    tags: [{ id: 7, name: 'Time Travel' }],
    types: ['drama', 'movie', 'tv_show', 'special'],
    statuses: ['airing', 'completed', 'upcoming', 'cancelled'],
    years: [],
    yearRange: { min: null, max: null },
  },
  now,
);
const read = (query: string, defaults = {}) => readSearchState(new URLSearchParams(query), options, defaults);

describe('readSearchState', () => {
  it('reads every key of the spec', () => {
    const state = read(
      'q=Crash%20Landing&genre=1&genre=2&tag=7&country=South%20Korea&type=movie&status=airing&year=2010,2020&ep=10,20&rt=7,10&sort_by=rating&page=3',
    );
    expect(state).toEqual({
      q: 'Crash Landing',
      genres: [1, 2],
      tags: [7],
      countries: ['South Korea'],
      types: ['movie'],
      statuses: ['airing'],
      year: [2010, 2020],
      ep: [10, 20],
      rt: [7, 10],
      sortBy: 'rating',
      page: 3,
    });
  });

  it('maps genre and tag names (any case) to ids, and normalises types, statuses and countries', () => {
    const state = read('genre=romance&tag=Time%20Travel&type=TV%20Show&status=Ongoing&country=china');
    expect(state.genres).toEqual([1]);
    expect(state.tags).toEqual([7]);
    expect(state.types).toEqual(['tv_show']);
    expect(state.statuses).toEqual(['airing']);
    expect(state.countries).toEqual(['China']);
  });

  it('ignores bad values instead of failing', () => {
    const state = read('genre=99&genre=Nope&type=other&status=x&country=Singapore&year=abc&ep=20,10&rt=1,2,3&sort_by=x&page=-2');
    expect(state).toMatchObject({ genres: [], types: [], statuses: [], countries: [], sortBy: null, page: 1 });
    expect(state.year).toEqual([1890, 2027]);
    expect(state.ep).toEqual([0, 100]);
    expect(state.rt).toEqual([0, 10]);
    expect(read('page=abc').page).toBe(1);
    expect(read('page=0').page).toBe(1);
  });

  it('reads open and single-value ranges, clamped to the bounds, and the plain form fields', () => {
    expect(read('year=2015,').year).toEqual([2015, 2027]);
    expect(read('year=,2000').year).toEqual([1890, 2000]);
    expect(read('year=2020').year).toEqual([2020, 2020]);
    expect(read('year=1700,3000').year).toEqual([1890, 2027]);
    expect(read('ep_from=5&ep_to=').ep).toEqual([5, 100]);
    expect(read('rt_from=&rt_to=8').rt).toEqual([0, 8]);
  });

  it('cleans the search text', () => {
    expect(cleanQuery('  a\u0000b   c ')).toBe('a b c');
    expect(cleanQuery('x'.repeat(300))).toHaveLength(200);
  });

  it('uses the screen defaults while the address does not say otherwise', () => {
    expect(read('', { sort: 'rating', status: 'airing' })).toMatchObject({ sortBy: 'rating', statuses: ['airing'] });
    expect(read('status=any&sort_by=title', { sort: 'rating', status: 'airing' })).toMatchObject({ sortBy: 'title', statuses: [] });
  });
});

describe('searchQuery', () => {
  it('writes the canonical query string, leaving defaults out', () => {
    const state = read('page=1&sort_by=popularity&year=1890,2027&ep=0,100&rt=0,10');
    expect(searchQuery(state, options.bounds)).toBe('');
    const full = read('q=love&genre=romance&genre=2&country=China&type=movie&year=2010,&ep=,16&sort_by=popularity&page=2');
    expect(searchQuery(full, options.bounds)).toBe(
      'q=love&genre=1&genre=2&country=China&type=movie&year=2010,2027&ep=0,16&sort_by=popularity&page=2',
    );
  });

  it('round-trips', () => {
    const query = 'q=a&genre=1&tag=7&country=South+Korea&type=drama&status=completed&year=2000,2010&ep=1,16&rt=5,9&sort_by=year_desc&page=4';
    expect(searchQuery(read(query), options.bounds)).toBe(query);
  });

  it("keeps a cleared preset status as 'any' and a non-default sort on embedded screens", () => {
    const defaults = { sort: 'rating' as const, status: 'airing' };
    const state = { ...read('', defaults), statuses: [], sortBy: 'popularity' as const };
    expect(searchQuery(state, options.bounds, defaults)).toBe('status=any&sort_by=popularity');
    expect(searchQuery(read('', defaults), options.bounds, defaults)).toBe('');
    expect(searchQuery(read('status=completed', defaults), options.bounds, defaults)).toBe('status=completed');
  });
});

describe('countActiveFilters', () => {
  it('counts each chosen value, the search text and each narrowed range, not the sort', () => {
    expect(countActiveFilters(read('sort_by=rating&page=2'), options.bounds)).toBe(0);
    expect(countActiveFilters(read('q=a&genre=1&genre=2&country=China&year=2000,2010&rt=5,10'), options.bounds)).toBe(6);
  });
});

describe('toServiceFilters', () => {
  it('leaves sides at their bounds open', () => {
    const filters = toServiceFilters(read('genre=1&year=2010,2027&ep=0,16'), options.bounds);
    expect(filters).toMatchObject({ genreIds: [1], year: { from: 2010, to: undefined }, episodes: { from: undefined, to: 16 } });
    expect(filters.rating).toBeUndefined();
  });
});

describe('legacySearchParams', () => {
  it('keeps the search keys, reads title-like keys as q and drops the rest', () => {
    const out = legacySearchParams(new URLSearchParams('genre=Romance&country=South%20Korea&Title=Love&foo=bar&tag=3'));
    expect(out.toString()).toBe('genre=Romance&country=South+Korea&q=Love&tag=3');
  });
});

describe('needsRedirect', () => {
  const at = (path: string) => new URL(`http://x${path}`);
  it('redirects when the parameters differ, never for another spelling of the same ones', () => {
    expect(needsRedirect(at('/search/drama?q=a%20b'), '/search/drama?q=a+b')).toBe(false);
    expect(needsRedirect(at('/search/drama?year=2010%2C2020'), '/search/drama?year=2010,2020')).toBe(false);
    expect(needsRedirect(at('/search/drama?genre=Romance'), '/search/drama?genre=1')).toBe(true);
    expect(needsRedirect(at('/search/drama?page=1'), '/search/drama')).toBe(true);
    expect(needsRedirect(at('/search/drama/'), '/search/drama')).toBe(true);
  });
});
