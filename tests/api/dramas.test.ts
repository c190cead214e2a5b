import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../src/lib/server/seed/index.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { startApiServer } from '../helpers/api-server.ts';
import { createDrama } from '../helpers/factories.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Awaited<ReturnType<typeof startApiServer>>;
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dramas-media-'));

/** ids of the fixture rows written on top of the seeded catalogue */
const fixture = { cloy: 0, airing: 0, romance: 0, comedy: 0, tag: 0, tagName: '' };

type Card = {
  id: number;
  title: string;
  year: number | null;
  episodes: number | null;
  rating: number;
  votes: number;
  type: string;
  country: string;
  status: string;
  popularity: number | null;
  ranked: number | null;
  aired_start: string | null;
  genres: { id: number; name: string }[];
};
type Page = { items: Card[]; total: number; page: number; size: number; pages: number };

async function get<T = unknown>(pathname: string) {
  const res = await server.request(`/api/v1${pathname}`);
  return { status: res.status, headers: res.headers, body: (await res.json()) as T };
}

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await database.pool.query(text, values)).rows as T[];
}

async function count(where: string, values: unknown[] = []): Promise<number> {
  const [row] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM dramas d WHERE ${where}`, values);
  return row.n;
}

/** every page of a search, in order */
async function walk(query: string, size = 25): Promise<{ items: Card[]; total: number }> {
  const items: Card[] = [];
  for (let page = 1; ; page++) {
    const { status, body } = await get<Page>(`/dramas/?${query}&size=${size}&page=${page}`);
    expect(status).toBe(200);
    items.push(...body.items);
    if (page >= body.pages) return { items, total: body.total };
  }
}

/** 'a before b' rules: negative when a comes first */
const nullsLast = (a: number | string | null, b: number | string | null, desc = false) => {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return (a < b ? -1 : 1) * (desc ? -1 : 1);
};
const ORDERS: Record<string, (a: Card, b: Card) => number> = {
  popularity: (a, b) => nullsLast(a.popularity, b.popularity) || a.id - b.id,
  rating: (a, b) => b.rating - a.rating || b.votes - a.votes || a.id - b.id,
  title: (a, b) => nullsLast(a.title, b.title) || a.id - b.id,
  title_desc: (a, b) => nullsLast(a.title, b.title, true) || b.id - a.id,
  year: (a, b) => nullsLast(a.year, b.year, true) || nullsLast(a.aired_start, b.aired_start, true) || b.id - a.id,
  year_desc: (a, b) => nullsLast(a.year, b.year) || nullsLast(a.aired_start, b.aired_start) || a.id - b.id,
};

function expectSorted(items: Card[], compare: (a: Card, b: Card) => number) {
  for (let i = 1; i < items.length; i++) expect(compare(items[i - 1], items[i]), `${items[i - 1].id} before ${items[i].id}`).toBeLessThan(0);
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database.db, { scale: 60, mediaDir, today: '2026-11-22' });
  server = await startApiServer();
  const [romance] = await sql<{ id: number }>("SELECT id FROM genres WHERE name = 'Romance'");
  const [comedy] = await sql<{ id: number }>("SELECT id FROM genres WHERE name = 'Comedy'");
  const [tag] = await sql<{ id: number; name: string }>(
    'SELECT t.id, t.name FROM tags t JOIN drama_tags dt ON dt.tag_id = t.id GROUP BY t.id ORDER BY count(*) DESC, t.id LIMIT 1',
  );
  Object.assign(fixture, { romance: romance.id, comedy: comedy.id, tag: tag.id, tagName: tag.name });
  const cloy = await createDrama({
    title: 'Crash Landing on You',
    originalTitle: 'Sarangui Bulsichak',
    nativeTitles: ['사랑의 불시착'],
    alsoKnownAs: ['CLOY'],
    type: 'drama',
    status: 'completed',
    country: 'South Korea',
    year: 2019,
    episodes: 16,
    duration: 70,
    airedStart: '2019-12-14',
    airedEnd: '2020-02-16',
    broadcast: 'Saturday, Sunday',
    network: 'tvN',
    contentRating: '15+',
    genres: ['Romance', 'Comedy'],
    tags: [tag.name],
    photos: [
      { url: '/media/cloy-2.jpg', position: 2 },
      { url: '/media/cloy-1.jpg', position: 1 },
    ],
  });
  // figures not derived yet (popularity null): lists put it last
  const airing = await createDrama({ title: 'Quietly Airing Story', type: 'drama', status: 'airing', country: 'Japan', year: 2026, airedStart: '2026-11-01' });
  Object.assign(fixture, { cloy: cloy.id, airing: airing.id });
  // A catalogue of 60 has no drama with 100 votes: give five of them the figures of ranked ones.
  await sql(`UPDATE dramas SET votes = 100 + id, ranked = r FROM (
    SELECT id AS rid, row_number() OVER (ORDER BY id)::int AS r FROM dramas WHERE id <= 5) x WHERE id = rid`);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await database?.drop();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe('GET /dramas/', () => {
  it('answers a page of cards with the counts, with or without the trailing slash', async () => {
    const { status, body } = await get<Page>('/dramas/');
    expect(status).toBe(200);
    const total = await count('true');
    expect(body).toMatchObject({ total, page: 1, size: 24, pages: Math.ceil(total / 24) });
    expect(body.items).toHaveLength(24);
    expect(Object.keys(body.items[0]).sort()).toEqual(
      [
        'id', 'title', 'original_title', 'year', 'episodes', 'type', 'country', 'status', 'aired_start', 'rating',
        'votes', 'ranked', 'popularity', 'watchers', 'banner_image', 'poster_image', 'main_photo', 'thumbnail',
        'image', 'photos', 'genres',
      ].sort(),
    );
    const bare = await get<Page>('/dramas');
    expect(bare.status).toBe(200);
    expect(bare.body.items.map((d) => d.id)).toEqual(body.items.map((d) => d.id));
  });

  it.each([
    ['country=Japan', "d.country = 'Japan'", (d: Card) => d.country === 'Japan'],
    ['country=Japan&country=China', "d.country IN ('Japan', 'China')", (d: Card) => ['Japan', 'China'].includes(d.country)],
    ['type=TV%20Show', "d.type = 'tv_show'", (d: Card) => d.type === 'tv_show'],
    ['type=MOVIE&type=special', "d.type IN ('movie', 'special')", (d: Card) => d.type === 'movie' || d.type === 'special'],
    ['status=completed', "d.status = 'completed'", (d: Card) => d.status === 'completed'],
    ['status=Ongoing', "d.status = 'airing'", (d: Card) => d.status === 'airing'],
    ['year=2020', 'd.year = 2020', (d: Card) => d.year === 2020],
    ['year=2015,2020', 'd.year BETWEEN 2015 AND 2020', (d: Card) => d.year! >= 2015 && d.year! <= 2020],
    ['year=2024,', 'd.year >= 2024', (d: Card) => d.year! >= 2024],
    ['ep=10,20', 'd.episodes BETWEEN 10 AND 20', (d: Card) => d.episodes! >= 10 && d.episodes! <= 20],
    ['ep=0,100', 'true', () => true],
    ['rt=7,9.5', 'd.rating BETWEEN 7 AND 9.5', (d: Card) => d.rating >= 7 && d.rating <= 9.5],
    ['rt=0,10', 'true', () => true],
  ])('%s: every match, and only matches', async (query, where, holds) => {
    const { items, total } = await walk(query);
    expect(total).toBe(await count(where));
    expect(total).toBeGreaterThan(0);
    expect(total < (await count('true')) || where === 'true').toBe(true);
    expect(items).toHaveLength(total);
    expect(items.every(holds)).toBe(true);
  });

  it('genre_id: a drama must have every genre given', async () => {
    const one = await walk(`genre_id=${fixture.romance}`);
    expect(one.total).toBe(await count('EXISTS (SELECT 1 FROM drama_genres g WHERE g.drama_id = d.id AND g.genre_id = $1)', [fixture.romance]));
    expect(one.items.every((d) => d.genres.some((g) => g.id === fixture.romance))).toBe(true);

    const both = await walk(`genre_id=${fixture.romance}&genre_id=${fixture.comedy}`);
    const expected = await count(
      '(SELECT count(*) FROM drama_genres g WHERE g.drama_id = d.id AND g.genre_id IN ($1, $2)) = 2',
      [fixture.romance, fixture.comedy],
    );
    expect(both.total).toBe(expected);
    expect(both.total).toBeGreaterThan(0); // the fixture at least
    expect(both.total).toBeLessThan(one.total);
    const ids = [fixture.romance, fixture.comedy];
    expect(both.items.every((d) => ids.every((id) => d.genres.some((g) => g.id === id)))).toBe(true);
    expect(both.items.map((d) => d.id)).toContain(fixture.cloy);
  });

  it('genre_name and genre match names in any case, like the genre ids', async () => {
    const byId = await walk(`genre_id=${fixture.romance}`);
    for (const query of ['genre_name=romance', 'genre=ROMANCE', `genre=${fixture.romance}`]) {
      const byName = await walk(query);
      expect(byName.items.map((d) => d.id)).toEqual(byId.items.map((d) => d.id));
    }
    expect((await get<Page>('/dramas/?genre_name=NoSuchGenre')).body).toMatchObject({ total: 0, items: [] });
  });

  it('tag: by id or by name', async () => {
    const expected = await count('EXISTS (SELECT 1 FROM drama_tags t WHERE t.drama_id = d.id AND t.tag_id = $1)', [fixture.tag]);
    const byId = await walk(`tag=${fixture.tag}`);
    const byName = await walk(`tag=${encodeURIComponent(fixture.tagName.toUpperCase())}`);
    expect(byId.total).toBe(expected);
    expect(byName.items.map((d) => d.id)).toEqual(byId.items.map((d) => d.id));
    expect(byId.items.map((d) => d.id)).toContain(fixture.cloy);
  });

  it('combines filters: genre + country + years, by rating', async () => {
    const { items, total } = await walk(`genre_id=${fixture.romance}&country=South%20Korea&year=2010,2024&sort_by=rating`, 5);
    expect(total).toBe(
      await count(
        "d.country = 'South Korea' AND d.year BETWEEN 2010 AND 2024 AND EXISTS (SELECT 1 FROM drama_genres g WHERE g.drama_id = d.id AND g.genre_id = $1)",
        [fixture.romance],
      ),
    );
    expect(total).toBeGreaterThan(0);
    expect(items.every((d) => d.country === 'South Korea' && d.year! >= 2010 && d.year! <= 2024)).toBe(true);
    expectSorted(items, ORDERS.rating);
  });

  it.each(Object.keys(ORDERS))('sort_by=%s orders every drama', async (sort) => {
    const { items, total } = await walk(`sort_by=${sort}`);
    expect(items).toHaveLength(total);
    expectSorted(items, ORDERS[sort]);
  });

  it('sorts by popularity when no sort is given, and reads sort_by in any case', async () => {
    const plain = await walk('');
    expectSorted(plain.items, ORDERS.popularity);
    expect(plain.items.at(-1)?.id).toBe(fixture.airing); // no popularity yet: last
    const upper = await walk('sort_by=RATING');
    expectSorted(upper.items, ORDERS.rating);
  });

  it.each(['popularity', 'rating', 'title', 'year', 'year_desc'])('pages by %s without overlap', async (sort) => {
    const page = async (n: number, size: number) =>
      (await get<Page>(`/dramas/?sort_by=${sort}&size=${size}&page=${n}`)).body.items.map((d) => d.id);
    const [first, second, both] = [await page(1, 10), await page(2, 10), await page(1, 20)];
    expect(first).toHaveLength(10);
    expect(first.filter((id) => second.includes(id))).toEqual([]);
    expect([...first, ...second]).toEqual(both);
  });

  it('answers an empty page past the end, with the total', async () => {
    const total = await count('true');
    const { body } = await get<Page>('/dramas/?size=50&page=40');
    expect(body).toEqual({ items: [], total, page: 40, size: 50, pages: Math.ceil(total / 50) });
  });
});

describe('GET /dramas/?title=', () => {
  const firstTitle = async (query: string) => (await get<Page>(`/dramas/?${query}`)).body.items[0]?.title;

  it('finds a title despite a typo, in any word order, by any of its names', async () => {
    for (const title of ['Crash Landng', 'crash landing on you', 'Landing Crash', 'crash land', 'CLOY', 'Sarangui Bulsichak', '사랑의 불시착', '불시']) {
      expect(await firstTitle(`title=${encodeURIComponent(title)}`), title).toBe('Crash Landing on You');
    }
    expect(await firstTitle('q=Crash%20Landng')).toBe('Crash Landing on You');
  });

  it('puts a seeded title first when typed with a letter missing', async () => {
    const seeded = await sql<{ title: string }>('SELECT title FROM dramas WHERE id IN (7, 23, 41) ORDER BY id');
    for (const { title } of seeded) {
      const i = Math.min(title.length - 1, 3 + (title.length % 5));
      const typo = title.slice(0, i) + title.slice(i + 1);
      expect(await firstTitle(`title=${encodeURIComponent(typo)}`), typo).toBe(title);
    }
  });

  it('keeps the other filters and an explicit sort', async () => {
    const { items, total } = await walk('title=the&sort_by=title&country=South%20Korea');
    expect(total).toBeGreaterThan(1);
    expect(items.every((d) => d.country === 'South Korea')).toBe(true);
    expectSorted(items, ORDERS.title);
    const bare = await walk('title=the&country=South%20Korea');
    expect(bare.total).toBe(total);
    expect(bare.items.map((d) => d.id).sort()).toEqual(items.map((d) => d.id).sort());
  });

  it('answers nothing when nothing is close, and ignores a blank title', async () => {
    expect((await get<Page>('/dramas/?title=zzqxvvq')).body).toMatchObject({ total: 0, items: [] });
    expect((await get<Page>('/dramas/?title=%20%20')).body.total).toBe(await count('true'));
  });
});

describe('GET /dramas/ rejects invalid values with a 400 naming the field', () => {
  it.each([
    ['ep=5,2', 'ep'],
    ['ep=a,b', 'ep'],
    ['rt=abc', 'rt'],
    ['rt=0,11', 'rt'],
    ['year=20x', 'year'],
    ['year=2020,2010', 'year'],
    ['year=,', 'year'],
    ['size=0', 'size'],
    ['size=1000', 'size'],
    ['page=0', 'page'],
    ['sort_by=best', 'sort_by'],
    ['genre_id=abc', 'genre_id'],
    ['type=anime', 'type'],
    ['status=paused', 'status'],
    ['title=' + 'x'.repeat(201), 'title'],
    ['title=a%00b', 'title'],
    ['title=a&title=b', 'title'],
  ])('%s', async (query, field) => {
    const { status, body } = await get<{ detail: string; field: string }>(`/dramas/?${query}`);
    expect(status).toBe(400);
    expect(body.field).toBe(field);
    expect(body.detail).toEqual(expect.any(String));
  });

  it('never answers a 500 to a nasty query string', async () => {
    const nasty = [
      'title=%25', 'title=_', 'title=%5C', "title='%3B%20drop%20table%20dramas%3B--", 'title=%F0%9F%98%80', 'title=%ED%A0%80',
      'title=%FF%FE', 'q=%E2%80%AE', 'country=%00', "genre_name=a'b", 'genre_id=99999999999999999999', 'genre_id=-1',
      'tag=%25', 'tag=0', 'year=99999999999999999999', 'ep=1e5', 'rt=NaN', 'rt=-1', 'rt=10.5', 'page=1e309', 'size=-0',
      'size=1.5', 'page=%20', 'sort_by=%00', 'type=tv%0Ashow', 'year=2020,2021,2022', 'ep=,5', 'rt=.5', 'a=b&&&=',
      'genre_id=1&genre_id=x', 'country=' + 'c,'.repeat(30), 'title=' + encodeURIComponent('the '.repeat(40)),
    ];
    for (const query of nasty) {
      const res = await server.request(`/api/v1/dramas/?${query}`);
      expect(res.status, query).toBeLessThan(500);
      expect(res.headers.get('content-type'), query).toMatch(/application\/json/);
    }
  });
});

describe('GET /dramas/filter-options', () => {
  it('lists what the catalogue holds', async () => {
    const { status, body } = await get<Record<string, unknown>>('/dramas/filter-options');
    expect(status).toBe(200);
    const countries = (await sql<{ country: string }>('SELECT DISTINCT country FROM dramas ORDER BY 1')).map((r) => r.country);
    const years = (await sql<{ year: number }>('SELECT DISTINCT year FROM dramas WHERE year IS NOT NULL ORDER BY 1 DESC')).map((r) => r.year);
    const genres = await sql('SELECT id, name FROM genres ORDER BY name');
    const [ranges] = await sql<Record<string, number>>(
      'SELECT min(year) AS ymin, max(year) AS ymax, min(episodes) AS emin, max(episodes) AS emax, min(rating) AS rmin, max(rating) AS rmax FROM dramas',
    );
    expect(body).toMatchObject({
      countries,
      genres,
      years,
      year_range: { min: ranges.ymin, max: ranges.ymax },
      episode_range: { min: ranges.emin, max: ranges.emax },
      rating_range: { min: ranges.rmin, max: ranges.rmax },
    });
    expect(body.types).toEqual(expect.arrayContaining(['drama']));
    expect(body.statuses).toEqual(expect.arrayContaining(['completed', 'airing']));
    expect((body.tags as unknown[]).length).toBe((await sql('SELECT id FROM tags')).length);
  });
});

describe('ranked lists', () => {
  type Ranked = { data: Page };

  it('popular: by watchers, 10 a page by default', async () => {
    const { status, body } = await get<Ranked>('/dramas/popular');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ total: await count('true'), page: 1, size: 10 });
    expect(body.data.items).toHaveLength(10);
    expectSorted(body.data.items, ORDERS.popularity);
    expect(body.data.items[0].popularity).toBe(1);
    const second = (await get<Ranked>('/dramas/popular?page=2')).body.data.items.map((d) => d.id);
    expect(second.filter((id) => body.data.items.some((d) => d.id === id))).toEqual([]);
  });

  it('top-rated: ranked dramas (100+ votes) in rank order', async () => {
    const { body } = await get<Ranked>('/dramas/top-rated?size=24');
    expect(body.data.total).toBe(await count('d.ranked IS NOT NULL AND d.votes >= 100'));
    expect(body.data.items.map((d) => d.ranked)).toEqual([1, 2, 3, 4, 5]);
    expect(body.data.items.every((d) => d.votes >= 100)).toBe(true);
  });

  it('airing: airing dramas by popularity', async () => {
    const { body } = await get<Ranked>('/dramas/airing?size=100');
    expect(body.data.total).toBe(await count("d.status = 'airing'"));
    expect(body.data.items.every((d) => d.status === 'airing')).toBe(true);
    expectSorted(body.data.items, ORDERS.popularity);
  });

  it('upcoming: not aired yet, the soonest first', async () => {
    const { body } = await get<Ranked>('/dramas/upcoming?size=100');
    expect(body.data.total).toBe(await count("d.status = 'upcoming'"));
    expect(body.data.total).toBeGreaterThan(0);
    expect(body.data.items.every((d) => d.status === 'upcoming')).toBe(true);
    expectSorted(body.data.items, (a, b) => nullsLast(a.aired_start, b.aired_start) || a.id - b.id);
  });

  it.each(['size=0', 'size=101', 'page=0', 'page=x'])('rejects %s', async (query) => {
    expect((await get(`/dramas/popular?${query}`)).status).toBe(400);
  });
});

describe('GET /dramas/seasons', () => {
  it('lists the dramas first aired in a year, or in one quarter, in airing order', async () => {
    const year = await walkSeason('year=2025');
    expect(year.total).toBe(await count("d.aired_start >= '2025-01-01' AND d.aired_start < '2026-01-01'"));
    expect(year.items.every((d) => d.aired_start!.startsWith('2025-'))).toBe(true);
    expectSorted(year.items, (a, b) => nullsLast(a.aired_start, b.aired_start) || a.id - b.id);
    // Q1 starts on the year's first day: its total is its own, not the whole year's
    const q1 = await walkSeason('year=2025&quarter=1');
    expect(q1.total).toBe(await count("d.aired_start >= '2025-01-01' AND d.aired_start < '2025-04-01'"));
    expect(q1.total).toBe(q1.items.length);
    const q2 = await walkSeason('year=2025&quarter=2');
    expect(q2.total).toBe(await count("d.aired_start >= '2025-04-01' AND d.aired_start < '2025-07-01'"));
    expect(q2.items.every((d) => ['04', '05', '06'].includes(d.aired_start!.slice(5, 7)))).toBe(true);
    const q4 = await walkSeason('year=2025&quarter=4');
    expect(q4.total).toBe(await count("d.aired_start >= '2025-10-01' AND d.aired_start < '2026-01-01'"));
  });

  async function walkSeason(query: string) {
    const items: Card[] = [];
    for (let page = 1; ; page++) {
      const { status, body } = await get<Page>(`/dramas/seasons?${query}&size=5&page=${page}`);
      expect(status).toBe(200);
      items.push(...body.items);
      if (page >= body.pages) return { items, total: body.total };
    }
  }

  it.each(['', 'year=abc', 'year=2025&quarter=5', 'year=2025&quarter=0', 'year=99999'])('rejects %j', async (query) => {
    expect((await get(`/dramas/seasons?${query}`)).status).toBe(400);
  });
});

describe('GET /dramas/{id}', () => {
  it('answers every field of the drama', async () => {
    const { status, body } = await get<Record<string, unknown>>(`/dramas/${fixture.cloy}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      id: fixture.cloy,
      title: 'Crash Landing on You',
      original_title: 'Sarangui Bulsichak',
      native_title: ['사랑의 불시착'],
      also_known_as: ['CLOY'],
      synopsis: '',
      status: 'completed',
      type: 'drama',
      country: 'South Korea',
      year: 2019,
      episodes: 16,
      duration: 70,
      aired_date: 'Dec 14, 2019 - Feb 16, 2020',
      aired_start: '2019-12-14',
      aired_end: '2020-02-16',
      broadcast: 'Saturday, Sunday',
      original_network: 'tvN',
      network: 'tvN',
      content_rating: '15+',
      rating: 0,
      votes: 0,
      ranked: null,
      popularity: null,
      watchers: 0,
      banner_image: null,
      main_photo: null,
      poster_image: null,
      thumbnail: null,
      image: null,
      photos: ['/media/cloy-1.jpg', '/media/cloy-2.jpg'],
      genres: [
        { id: fixture.comedy, name: 'Comedy' },
        { id: fixture.romance, name: 'Romance' },
      ],
      tags: [{ id: fixture.tag, name: fixture.tagName }],
    });
  });

  it("shows a series still airing as 'start - ?'", async () => {
    const { body } = await get<{ aired_date: string }>(`/dramas/${fixture.airing}`);
    expect(body.aired_date).toBe('Nov 1, 2026 - ?');
  });

  it.each([
    ['abc', 400, { detail: 'Invalid drama ID', field: 'id' }],
    ['-1', 400, { detail: 'Invalid drama ID', field: 'id' }],
    ['1.5', 400, { detail: 'Invalid drama ID', field: 'id' }],
    ['99999999', 404, { detail: 'Drama not found' }],
    ['999999999999999999999', 404, { detail: 'Drama not found' }],
  ])('%s → %i', async (id, status, body) => {
    for (const suffix of ['', '/episodes']) {
      const res = await get(`/dramas/${id}${suffix}`);
      expect(res.status).toBe(status);
      expect(res.body).toEqual(body);
    }
    const cast = await get(`/cast/${id}`);
    expect(cast.status).toBe(status);
    expect(cast.body).toEqual(body);
  });
});

describe('GET /dramas/{id}/episodes and /cast/{id}', () => {
  it('lists the episodes in order, not to be cached', async () => {
    const [{ id }] = await sql<{ id: number }>('SELECT drama_id AS id FROM episodes GROUP BY 1 ORDER BY count(*) DESC LIMIT 1');
    const { status, headers, body } = await get<{ id: number; number: number }[]>(`/dramas/${id}/episodes`);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-cache');
    const rows = await sql('SELECT id, number, title, air_date::text, runtime FROM episodes WHERE drama_id = $1 ORDER BY number', [id]);
    expect(body).toEqual(rows);
    expect((await get(`/dramas/${fixture.cloy}/episodes`)).body).toEqual([]);
  });

  it('lists the cast main first, then support, guests, directors and screenwriters', async () => {
    const [{ id }] = await sql<{ id: number }>(
      'SELECT drama_id AS id FROM credits GROUP BY 1 ORDER BY count(DISTINCT role_type) DESC, count(*) DESC LIMIT 1',
    );
    const { status, body } = await get<{ id: number; role_type: string; person: { id: number } }[]>(`/cast/${id}`);
    expect(status).toBe(200);
    const rank = ['main', 'support', 'guest', 'director', 'screenwriter'];
    const rows = await sql<{ id: number; role_type: string; position: number; person_id: number; name: string; image: string | null; role_name: string | null }>(
      'SELECT c.id, c.role_type, c.role_name, c.position, p.id AS person_id, p.name, p.image FROM credits c JOIN people p ON p.id = c.person_id WHERE c.drama_id = $1',
      [id],
    );
    rows.sort((a, b) => rank.indexOf(a.role_type) - rank.indexOf(b.role_type) || a.position - b.position || a.id - b.id);
    expect(body).toEqual(
      rows.map((r) => ({ id: r.id, role_type: r.role_type, role_name: r.role_name, person: { id: r.person_id, name: r.name, image: r.image } })),
    );
    expect(new Set(body.map((c) => c.role_type)).size).toBeGreaterThan(1);
    expect((await get(`/cast/${fixture.cloy}`)).body).toEqual([]);
  });
});

describe('OpenAPI document', () => {
  it('declares every dramas call', async () => {
    const { body } = await get<{ paths: Record<string, unknown> }>('/openapi.json');
    for (const p of ['/dramas', '/dramas/filter-options', '/dramas/popular', '/dramas/top-rated', '/dramas/airing',
      '/dramas/upcoming', '/dramas/seasons', '/dramas/{id}', '/dramas/{id}/episodes', '/cast/{id}']) {
      expect(body.paths, p).toHaveProperty([p]);
    }
  });
});
