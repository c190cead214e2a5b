import { beforeEach, describe, expect, it, vi } from 'vitest';

// The screen's loader without a database: the options and the search service are stand-ins.
const getFilterOptions = vi.fn();
const searchDramas = vi.fn();
vi.mock('../../../src/lib/server/services/drama-search/drama-lists.ts', () => ({ getFilterOptions: () => getFilterOptions() }));
vi.mock('../../../src/lib/server/services/drama-search/drama-search.ts', () => ({
  searchDramas: (...args: unknown[]) => searchDramas(...args),
}));

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
    const data = await loadDramaSearchScreen(url('?genre=Romance&year=2010,2027&sort_by=rating&page=2'), '/search/drama', {}, now);
    expect(searchDramas).toHaveBeenCalledWith(
      expect.objectContaining({ genreIds: [1], year: { from: 2010, to: undefined } }),
      'rating',
      2,
      24,
    );
    expect(data.results).toMatchObject({ total: 49, pages: 3, items: [{ id: 3, firstPhoto: '/p.jpg' }] });
    expect(data.href).toBe('/search/drama?genre=1&year=2010,2027&sort_by=rating&page=2');
  });

  it('gives no results (the error with Try Again) when the search fails', async () => {
    searchDramas.mockRejectedValue(new Error('database down'));
    const data = await loadDramaSearchScreen(url('?country=Japan'), '/search/drama', {}, now);
    expect(data.results).toBeNull();
    expect(data.href).toBe('/search/drama?country=Japan');
  });

  it('still answers when the options cannot be read (no redirect, the error shown)', async () => {
    getFilterOptions.mockRejectedValue(new Error('database down'));
    const data = await loadDramaSearchScreen(url('?genre=1'), '/search/drama', {}, now);
    expect(data.results).toBeNull();
    expect(data.href).toBe('/search/drama?genre=1');
  });

  it('sends a page past the last to the last page', async () => {
    searchDramas.mockResolvedValue({ items: [], total: 30 });
    const data = await loadDramaSearchScreen(url('?page=9'), '/search/drama', {}, now);
    expect(data.href).toBe('/search/drama?page=2');
  });

  it('applies the embedding page’s initial sort and status', async () => {
    searchDramas.mockResolvedValue({ items: [], total: 0 });
    const data = await loadDramaSearchScreen(url(''), '/drama/airing', { sort: 'rating', status: 'airing' }, now);
    expect(searchDramas).toHaveBeenCalledWith(expect.objectContaining({ statuses: ['airing'] }), 'rating', 1, 24);
    expect(data.href).toBe('/drama/airing');
  });
});

describe('loadLegacySearchTarget', () => {
  it('maps names to ids on /search/drama', async () => {
    expect(await loadLegacySearchTarget(new URLSearchParams('genre=romance&tag=Revenge&country=Japan'))).toBe(
      '/search/drama?genre=1&tag=4&country=Japan',
    );
    expect(await loadLegacySearchTarget(new URLSearchParams(''))).toBe('/search/drama');
  });
});
