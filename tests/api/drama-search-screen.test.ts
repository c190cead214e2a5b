// What the drama search screen (spec 1 §2.8) loads for an address, on a real database: the panel's
// options, the results the filters and the sort select, 24 a page, the canonical address (names
// redirected to ids, a page past the last to the last), an embedding page's preset sort and status,
// and the error state around the panel while the database is out of reach.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetListTotals } from '../../src/lib/server/services/drama-search/drama-lists.ts';
import { loadDramaSearchScreen, loadLegacySearchTarget } from '../../src/lib/server/services/drama-search/drama-search-screen.ts';
import { pageData } from '../../src/lib/server/services/pages/page-result.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { createDrama } from '../helpers/factories.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
/** 26 Japanese romances, most popular first (their ratings rise as their popularity falls) */
const tokyo: number[] = [];
/** 3 airing Korean revenge dramas, then a Chinese movie */
const seoul: number[] = [];
let movie = 0;
let romance = 0;
let revenge = 0;

const now = new Date('2026-06-15T12:00:00Z');
const load = (query: string, path = '/search/drama', defaults = {}) => loadDramaSearchScreen(new URL(`http://dramalist.test${path}${query}`), path, defaults, now);
const resultIds = async (query: string, path?: string, defaults?: object) => {
  const result = await load(query, path, defaults);
  expect(result.kind, JSON.stringify(result)).toBe('ok');
  return pageData(result)!.results!.items.map((i) => i.id);
};

beforeAll(async () => {
  database = await createTestDatabase();
  for (let i = 1; i <= 26; i++) {
    const d = await createDrama({ title: `Tokyo Love ${i}`, country: 'Japan', year: 2015, episodes: 10, popularity: i, rating: i * 0.3, genres: ['Romance'], photos: [`/media/t${i}.jpg`] });
    tokyo.push(d.id);
  }
  for (let i = 1; i <= 3; i++) {
    const d = await createDrama({ title: `Seoul Revenge ${i}`, country: 'South Korea', status: 'airing', year: 2020, episodes: 16, popularity: 100 + i, rating: 9 - i, tags: ['Revenge'] });
    seoul.push(d.id);
  }
  movie = (await createDrama({ title: 'Shanghai Film', country: 'China', type: 'movie', status: 'upcoming', year: 2021, popularity: null })).id;
  const rows = (await database.pool.query("SELECT (SELECT id FROM genres WHERE name = 'Romance') AS romance, (SELECT id FROM tags WHERE name = 'Revenge') AS revenge")).rows[0];
  ({ romance, revenge } = rows);
  forgetListTotals(); // options another file's catalogue left (one process runs several files)
}, 60_000);

afterAll(async () => {
  await database?.outage.end();
  await database?.drop();
});

describe('loadDramaSearchScreen', () => {
  it('shows the whole catalogue by popularity, 24 a page, with the catalogue’s options in the panel', async () => {
    const result = await load('');
    expect(result.kind).toBe('ok');
    const data = pageData(result)!;
    expect(data).toMatchObject({ path: '/search/drama', href: '/search/drama', results: { total: 30, pages: 2 } });
    expect(data.results!.items.map((i) => i.id)).toEqual(tokyo.slice(0, 24));
    expect(data.results!.items[0]).toMatchObject({ title: 'Tokyo Love 1', country: 'Japan', year: 2015, firstPhoto: '/media/t1.jpg' });
    expect(data.options.genres).toEqual([{ value: romance, label: 'Romance' }]);
    expect(data.options.tags).toEqual([{ value: revenge, label: 'Revenge' }]);
    expect(data.options.countries.map((c) => c.value).sort()).toEqual(['China', 'Japan', 'South Korea']);
    expect(data.options.types.map((t) => t.value).sort()).toEqual(['drama', 'movie']);
    expect(data.options.statuses.map((s) => s.value).sort()).toEqual(['airing', 'completed', 'upcoming']);
  });

  it('shows the second page: the rest, unranked last', async () => {
    const result = await load('?page=2');
    expect(result).toMatchObject({ kind: 'ok', data: { href: '/search/drama?page=2', state: { page: 2 }, results: { total: 30, pages: 2 } } });
    expect(pageData(result)!.results!.items.map((i) => i.id)).toEqual([...tokyo.slice(24), ...seoul, movie]);
  });

  it('filters by genre and country, sorted by rating', async () => {
    const result = await load(`?genre=${romance}&country=Japan&sort_by=rating`);
    expect(result).toMatchObject({ kind: 'ok', data: { href: `/search/drama?genre=${romance}&country=Japan&sort_by=rating`, results: { total: 26, pages: 2 } } });
    expect(pageData(result)!.results!.items.map((i) => i.id)).toEqual([...tokyo].reverse().slice(0, 24));
  });

  it('filters by tag and status, by year range, and by type', async () => {
    expect(await resultIds(`?tag=${revenge}&status=airing`)).toEqual(seoul);
    expect(await resultIds('?year=2020,2021')).toEqual([...seoul, movie]);
    expect(await resultIds('?type=movie')).toEqual([movie]);
    expect(await resultIds('?country=Japan&year=2020,2021')).toEqual([]);
  });

  it('finds dramas by title', async () => {
    const result = await load('?q=Seoul%20Revenge%202');
    expect(pageData(result)!.results!.items[0]!.id).toBe(seoul[1]);
  });

  it('redirects names to ids, and other spellings to the canonical address', async () => {
    expect(await load('?genre=romance&tag=REVENGE')).toEqual({ kind: 'redirect', location: `/search/drama?genre=${romance}&tag=${revenge}`, status: 302 });
    expect(await load('?sort_by=popularity&page=1')).toEqual({ kind: 'redirect', location: '/search/drama', status: 302 });
  });

  it('sends a legacy /search address to /search/drama, names read as ids', async () => {
    expect(await loadLegacySearchTarget(new URLSearchParams('genre=romance&tag=Revenge&country=Japan'))).toEqual({
      kind: 'redirect',
      location: `/search/drama?genre=${romance}&tag=${revenge}&country=Japan`,
      status: 302,
    });
    expect(await loadLegacySearchTarget(new URLSearchParams(''))).toEqual({ kind: 'redirect', location: '/search/drama', status: 302 });
  });

  it('sends a page past the last to the last page, and any page of nothing to page 1', async () => {
    expect(await load('?page=9')).toEqual({ kind: 'redirect', location: '/search/drama?page=2', status: 302 });
    expect(await load('?country=Japan&year=2020,2021&page=3')).toEqual({ kind: 'redirect', location: '/search/drama?country=Japan&year=2020,2021', status: 302 });
  });

  it('applies an embedding page’s preset sort and status, which its address leaves out', async () => {
    const result = await load('', '/drama/airing', { sort: 'rating', status: 'airing' });
    expect(result).toMatchObject({ kind: 'ok', data: { path: '/drama/airing', href: '/drama/airing', state: { statuses: ['airing'], sortBy: 'rating' } } });
    expect(pageData(result)!.results!.items.map((i) => i.id)).toEqual(seoul);
  });

  it('still shows the panel with the error state while the database is out of reach, and results after', async () => {
    await load(''); // the options are kept: only the search fails
    await database.outage.start();
    try {
      const searchFailed = await load('?country=Japan');
      expect(searchFailed).toMatchObject({ kind: 'error', reason: 'failed', status: 503, failure: { noResponse: true } });
      expect(pageData(searchFailed)).toMatchObject({ results: null, href: '/search/drama?country=Japan', state: { countries: ['Japan'] } });
      expect(pageData(searchFailed)!.options.genres).toEqual([{ value: romance, label: 'Romance' }]);
      // without the options either: no redirect (the canonical address is not known), the panel empty
      forgetListTotals();
      const nothing = await load('?genre=romance');
      expect(nothing).toMatchObject({ kind: 'error', reason: 'failed', status: 503, failure: { noResponse: true } });
      expect(pageData(nothing)).toMatchObject({ results: null, href: '/search/drama?genre=romance', options: { genres: [] } });
    } finally {
      await database.outage.end();
    }
    await expect.poll(async () => (await load('')).kind, { timeout: 10_000 }).toBe('ok');
  });
});
