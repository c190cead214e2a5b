import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pageData } from '../../../src/lib/server/services/pages/page-result.ts';

// The screen's state for a bug in the search (spec 1 §8), which a real database cannot be made to
// give: the options and the search service stand in. Everything else the screen loads, on a real
// database: tests/api/drama-search-screen.test.ts.
const getFilterOptions = vi.fn();
const searchDramas = vi.fn();
vi.mock('../../../src/lib/server/services/drama-search/drama-lists.ts', () => ({ getFilterOptions: () => getFilterOptions() }));
vi.mock('../../../src/lib/server/services/drama-search/drama-search.ts', () => ({
  searchDramas: (...args: unknown[]) => searchDramas(...args),
}));

vi.mock('../../../src/lib/server/db/client.ts', () => ({ getDb: async () => ({}) }));

const { loadDramaSearchScreen } = await import('../../../src/lib/server/services/drama-search/drama-search-screen.ts');

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
const url = (query: string) => new URL(`http://x/search/drama${query}`);

beforeEach(() => {
  getFilterOptions.mockReset().mockResolvedValue(options);
  searchDramas.mockReset();
});

describe('loadDramaSearchScreen', () => {
  it('keeps the panel around the error state (500) when the search has a bug', async () => {
    searchDramas.mockRejectedValue(new Error('column "x" does not exist'));
    const result = await loadDramaSearchScreen(url('?country=Japan'), '/search/drama', {}, now);
    expect(result).toMatchObject({ kind: 'error', reason: 'failed', status: 500, failure: { status: 500 } });
    expect(pageData(result)).toMatchObject({ results: null, href: '/search/drama?country=Japan', state: { countries: ['Japan'] } });
    expect(pageData(result)!.options.countries.map((c) => c.value)).toEqual(['Japan', 'South Korea']);
  });
});
