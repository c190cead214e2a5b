import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/lib/server/api/errors.ts';
import { credits, dramaPhotos, dramas, people } from '../../src/lib/server/db/schema/index.ts';
import { classifyDramaLoadError, listPrerenderedDramaIds, loadDramaPage } from '../../src/lib/server/services/dramas/drama-page.ts';
import { listMostPopularPersonIds } from '../../src/lib/server/services/people/person-page.ts';
import { createTestDatabase } from '../helpers/database.ts';

// What the drama page reads (spec 1 §2.6) and how its failures read (§8), on a real database.
let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(dramas).values([
    { id: 1, title: 'Third', status: 'completed', country: 'South Korea', popularity: 3 },
    { id: 2, title: 'First', status: 'airing', country: 'Japan', popularity: 1 },
    { id: 3, title: 'Second', status: 'completed', country: 'China', popularity: 2 },
    { id: 4, title: 'Unranked', status: 'upcoming', country: 'Thailand', popularity: null },
  ]);
  await database.db.insert(people).values([
    { id: 10, name: 'Lead Actor', popularity: 2 },
    { id: 11, name: 'Guest Actor', popularity: 1 },
    { id: 12, name: 'Unranked Actor', popularity: null },
  ]);
  await database.db.insert(credits).values([
    { dramaId: 2, personId: 11, roleType: 'guest', roleName: 'Waiter', position: 0 },
    { dramaId: 2, personId: 10, roleType: 'main', roleName: 'Hero', position: 0 },
  ]);
  await database.db.insert(dramaPhotos).values([{ dramaId: 2, url: '/media/a.svg', position: 0 }]);
});
afterAll(async () => {
  await database?.drop();
});

describe('drama page data', () => {
  it('lists the most popular ids first, as many as asked', async () => {
    expect(await listPrerenderedDramaIds(3)).toEqual([2, 3, 1]);
    expect(await listPrerenderedDramaIds(10)).toEqual([2, 3, 1, 4]);
    expect(await listPrerenderedDramaIds(0)).toEqual([]);
  });

  it('lists the most popular people first for the person pages, as many as asked', async () => {
    expect(await listMostPopularPersonIds(2)).toEqual([11, 10]);
    expect(await listMostPopularPersonIds(10)).toEqual([11, 10, 12]);
    expect(await listMostPopularPersonIds(0)).toEqual([]);
  });

  it('loads a drama with its photos and cast', async () => {
    const result = await loadDramaPage(2);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.drama.title).toBe('First');
    expect(result.drama.photos).toEqual(['/media/a.svg']);
    expect(result.cast.map((c) => c.personName)).toEqual(['Lead Actor', 'Guest Actor']);
  });

  it('answers a 404 failure for an unknown or too large id', async () => {
    expect(await loadDramaPage(999)).toEqual({ ok: false, failure: { status: 404 } });
    expect(await loadDramaPage(99_999_999_999)).toEqual({ ok: false, failure: { status: 404 } });
  });

  it('reads errors as a status, no answer, or a server error', () => {
    expect(classifyDramaLoadError(new ApiError(404, 'Drama not found'))).toEqual({ status: 404 });
    expect(classifyDramaLoadError(new ApiError(400, 'Invalid drama ID'))).toEqual({ status: 400 });
    expect(classifyDramaLoadError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toEqual({ noResponse: true });
    expect(classifyDramaLoadError(new Error('Connection terminated unexpectedly'))).toEqual({ noResponse: true });
    expect(classifyDramaLoadError(new TypeError('x is undefined'))).toEqual({ status: 500 });
  });
});
