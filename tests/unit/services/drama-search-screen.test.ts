import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pageData } from '../../../src/lib/server/services/pages/page-result.ts';

// The screen's loader without a database: the options and the search service are stand-ins.
const getFilterOptions = vi.fn();
const searchDramas = vi.fn();
vi.mock('../../../src/lib/server/services/drama-search/drama-lists.ts', () => ({ getFilterOptions: () => getFilterOptions() }));
vi.mock('../../../src/lib/server/services/drama-search/drama-search.ts', () => ({
  searchDramas: (...args: unknown[]) => searchDramas(...args),
}));

vi.mock('../../../src/lib/server/db/client.ts', () => ({ getDb: async () => ({}) }));

const { loadDramaSearchScreen, loadLegacySearchTarget } = await import('../../../src/lib/server/services/drama-search/drama-search-screen.ts');

const now = new Date('2026-06-15T12:00:00Z');
const options = {
  countries: ['Japan', 'South Korea'],
  genres: [{ id: 1, name: 'Romance' }],
  tags: [{ id: 4, name: 'Revenge' }],
  types: ['drama', 'movie'],
  statuses: ['airing', 'completed'],
  years: [2020],
  yearRange: { min: 2000, max: 2026 },
};
const card = (id: number) => ({
  id, title: `Drama ${id}`, originalTitle: null, year: 2020, episodes: 16, rating: 8, votes: 10, type: 'drama', country: 'Japan',
  status: 'completed', popularity: id, ranked: null, watchers: 1, airedStart: null, bannerImage: null, posterImage: null,
  mainPhoto: null, thumbnail: null, photos: ['/p.jpg'], genres: [],
});
const url = (query: string) => new URL(`http://x/search/drama${query}`);

beforeEach(() => {
  getFilterOptions.mockReset().mockResolvedValue(options);
  searchDramas.mockReset();
});

describe('loadDramaSearchScreen', () => {
  it('asks the service for the filters of the address, 24 a page, and reads pages from the total', async () => {
    searchDramas.mockResolvedValue({ items: [card(3)], total: 49 });
    const result = await loadDramaSearchScreen(url('?genre=1&year=2010,2027&sort_by=rating&page=2'), '/search/drama', {}, now);
    expect(searchDramas).toHaveBeenCalledWith(
      {},
      expect.objectContaining({ genreIds: [1], year: { from: 2010, to: undefined } }),
      'rating',
      2,
      24,
    );
    expect(result).toMatchObject({ kind: 'ok', data: { href: '/search/drama?genre=1&year=2010,2027&sort_by=rating&page=2' } });
    expect(pageData(result)!.results).toMatchObject({ total: 49, pages: 3, items: [{ id: 3, firstPhoto: '/p.jpg' }] });
  });

  it('redirects an address that is not canonical (names for ids) to its canonical form', async () => {
    searchDramas.mockResolvedValue({ items: [card(3)], total: 49 });
    const result = await loadDramaSearchScreen(url('?genre=Romance&sort_by=rating'), '/search/drama', {}, now);
    expect(result).toEqual({ kind: 'redirect', location: '/search/drama?genre=1&sort_by=rating', status: 302 });
  });

  it('gives no results (the error with Try Again) when the search fails', async () => {
    searchDramas.mockRejectedValue(new Error('database down'));
    const result = await loadDramaSearchScreen(url('?country=Japan'), '/search/drama', {}, now);
    expect(result).toMatchObject({ kind: 'error', reason: 'failed', status: 500, failure: { status: 500 } });
    expect(pageData(result)).toMatchObject({ results: null, href: '/search/drama?country=Japan' });
  });

  it('still answers when the options cannot be read (no redirect, the error shown)', async () => {
    getFilterOptions.mockRejectedValue(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }));
    const result = await loadDramaSearchScreen(url('?genre=1'), '/search/drama', {}, now);
    expect(result).toMatchObject({ kind: 'error', reason: 'failed', status: 503, failure: { noResponse: true } });
    expect(pageData(result)).toMatchObject({ results: null, href: '/search/drama?genre=1' });
  });

  it('sends a page past the last to the last page', async () => {
    searchDramas.mockResolvedValue({ items: [], total: 30 });
    const result = await loadDramaSearchScreen(url('?page=9'), '/search/drama', {}, now);
    expect(result).toEqual({ kind: 'redirect', location: '/search/drama?page=2', status: 302 });
  });

  it('applies the embedding page’s initial sort and status', async () => {
    searchDramas.mockResolvedValue({ items: [], total: 0 });
    const result = await loadDramaSearchScreen(new URL('http://x/drama/airing'), '/drama/airing', { sort: 'rating', status: 'airing' }, now);
    expect(searchDramas).toHaveBeenCalledWith({}, expect.objectContaining({ statuses: ['airing'] }), 'rating', 1, 24);
    expect(result).toMatchObject({ kind: 'ok', data: { href: '/drama/airing' } });
  });
});

describe('loadLegacySearchTarget', () => {
  it('maps names to ids on /search/drama', async () => {
    expect(await loadLegacySearchTarget(new URLSearchParams('genre=romance&tag=Revenge&country=Japan'))).toEqual({
      kind: 'redirect',
      location: '/search/drama?genre=1&tag=4&country=Japan',
      status: 302,
    });
    expect(await loadLegacySearchTarget(new URLSearchParams(''))).toMatchObject({ location: '/search/drama' });
  });
});
