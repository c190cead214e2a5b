import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPrerenderedDramaIds, loadDramaPage } from '../../src/lib/server/services/dramas/drama-page.ts';
import { listMostPopularPersonIds } from '../../src/lib/server/services/people/person-page.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { createCredit, createDrama, createPerson } from '../helpers/factories.ts';

// What the drama page reads (spec 1 §2.6) and how its failures read (§8), on a real database.
let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
  await createDrama({ id: 1, title: 'Third', status: 'completed', country: 'South Korea', popularity: 3 });
  await createDrama({ id: 2, title: 'First', status: 'airing', country: 'Japan', popularity: 1, photos: ['/media/a.svg'] });
  await createDrama({ id: 3, title: 'Second', status: 'completed', country: 'China', popularity: 2 });
  await createDrama({ id: 4, title: 'Unranked', status: 'upcoming', country: 'Thailand', popularity: null });
  await createPerson({ id: 10, name: 'Lead Actor', popularity: 2 });
  await createPerson({ id: 11, name: 'Guest Actor', popularity: 1 });
  await createPerson({ id: 12, name: 'Unranked Actor', popularity: null });
  await createCredit({ drama: 2, person: 11, roleType: 'guest', roleName: 'Waiter' });
  await createCredit({ drama: 2, person: 10, roleType: 'main', roleName: 'Hero' });
});
afterAll(async () => {
  await database?.drop();
});

describe('drama page data', () => {
  it('lists the most popular ids first, as many as asked', async () => {
    expect(await listPrerenderedDramaIds(database.db, 3)).toEqual([2, 3, 1]);
    expect(await listPrerenderedDramaIds(database.db, 10)).toEqual([2, 3, 1, 4]);
    expect(await listPrerenderedDramaIds(database.db, 0)).toEqual([]);
  });

  it('lists the most popular people first for the person pages, as many as asked', async () => {
    expect(await listMostPopularPersonIds(database.db, 2)).toEqual([11, 10]);
    expect(await listMostPopularPersonIds(database.db, 10)).toEqual([11, 10, 12]);
    expect(await listMostPopularPersonIds(database.db, 0)).toEqual([]);
  });

  it('loads a drama with its photos and cast', async () => {
    const result = await loadDramaPage('2');
    expect(result.kind).toBe('ok');
    if (result.kind !== 'ok') return;
    expect(result.data.drama.title).toBe('First');
    expect(result.data.drama.photos).toEqual(['/media/a.svg']);
    expect(result.data.cast.map((c) => c.personName)).toEqual(['Lead Actor', 'Guest Actor']);
  });

  it('answers the not-found state for an unknown or too large id', async () => {
    const notFound = { kind: 'error', reason: 'not-found', status: 404 };
    expect(await loadDramaPage('999')).toEqual(notFound);
    expect(await loadDramaPage('99999999999')).toEqual(notFound);
  });

  it('reads the address: an invalid id, no drama page, a canonical redirect', async () => {
    expect(await loadDramaPage('abc')).toEqual({ kind: 'error', reason: 'invalid-id', status: 400 });
    expect(await loadDramaPage('4/5')).toEqual({ kind: 'error', reason: 'no-page', status: 404 });
    expect(await loadDramaPage('002')).toEqual({ kind: 'redirect', location: '/drama/2', status: 301 });
  });
});
