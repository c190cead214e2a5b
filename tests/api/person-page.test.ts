// What the person page (spec 1 §2.7) loads, on a real database: the person with the age, the
// filmography grouped and ordered, and the page's states (§5, §8) for an address that names nobody,
// no person or no id, and for the database out of reach. (A bug's 500 state: tests/unit/services.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPersonPage } from '../../src/lib/server/services/people/person-page.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { createCredit, createDrama, createPerson } from '../helpers/factories.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let star: Awaited<ReturnType<typeof createPerson>>;
let newcomer: Awaited<ReturnType<typeof createPerson>>;
const dramas: Record<string, Awaited<ReturnType<typeof createDrama>>> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  star = await createPerson({ name: 'Han Ji Min', dateOfBirth: '1982-11-05', nationality: ['South Korean'], gender: 'Female' });
  newcomer = await createPerson({ name: 'New Face' });
  dramas.recent = await createDrama({ title: 'Our Blooming Youth', year: 2021, type: 'drama', photos: ['/media/a.jpg', '/media/b.jpg'] });
  dramas.older = await createDrama({ title: 'The Light in Your Eyes', year: 2019, type: 'drama' });
  dramas.movie = await createDrama({ title: 'Miss Baek', year: 2018, type: 'movie' });
  dramas.special = await createDrama({ title: 'Year-End Special', year: 2020, type: 'special' });
  dramas.show = await createDrama({ title: 'Running Friends', year: 2017, type: 'tv_show' });
  dramas.unrelated = await createDrama({ title: 'Someone Else', year: 2022 });
  await createCredit({ drama: dramas.older, person: star, roleType: 'director', roleName: null });
  await createCredit({ drama: dramas.older, person: star, roleType: 'main', roleName: 'Hye-ja' });
  await createCredit({ drama: dramas.recent, person: star, roleType: 'support', roleName: 'Friend' });
  await createCredit({ drama: dramas.movie, person: star, roleType: 'main', roleName: 'Baek Sang-ah' });
  await createCredit({ drama: dramas.special, person: star, roleType: 'guest', roleName: 'Herself' });
  await createCredit({ drama: dramas.show, person: star, roleType: 'guest', roleName: null });
  await createCredit({ drama: dramas.unrelated, person: newcomer, roleType: 'main' });
}, 60_000);

afterAll(async () => {
  await database?.outage.end();
  await database?.drop();
});

describe('loadPersonPage', () => {
  it('loads the person with the age on the day, and every credit grouped by type, newest first', async () => {
    const result = await loadPersonPage(String(star.id), '2026-11-04');
    expect(result.kind).toBe('ok');
    if (result.kind !== 'ok') return;
    expect(result.data.person).toMatchObject({ id: star.id, name: 'Han Ji Min', dateOfBirth: '1982-11-05', nationality: ['South Korean'], age: 43 });
    const { filmography } = result.data;
    const ids = (group: keyof typeof filmography) => filmography[group].map((c) => [c.id, c.roleType, c.roleName]);
    // one entry per credit: twice in one drama (cast, then crew) is two entries
    expect(ids('drama')).toEqual([
      [dramas.recent!.id, 'support', 'Friend'],
      [dramas.older!.id, 'main', 'Hye-ja'],
      [dramas.older!.id, 'director', null],
    ]);
    expect(ids('movie')).toEqual([[dramas.movie!.id, 'main', 'Baek Sang-ah']]);
    expect(ids('special')).toEqual([[dramas.special!.id, 'guest', 'Herself']]);
    expect(ids('tv_show')).toEqual([[dramas.show!.id, 'guest', null]]);
    expect(filmography.other).toEqual([]);
    expect(filmography.drama[0]).toMatchObject({ title: 'Our Blooming Youth', year: 2021, type: 'drama', photos: ['/media/a.jpg', '/media/b.jpg'] });
  });

  it('counts the birthday itself: a year older on the day', async () => {
    const result = await loadPersonPage(String(star.id), '2026-11-05');
    expect(result).toMatchObject({ kind: 'ok', data: { person: { age: 44 } } });
  });

  it('loads a person with no birth date and no credits but others’ (no age, an empty filmography)', async () => {
    const nobody = await createPerson({ name: 'Unknown Extra' });
    const result = await loadPersonPage(String(nobody.id));
    expect(result).toEqual({
      kind: 'ok',
      data: { person: expect.objectContaining({ id: nobody.id, name: 'Unknown Extra', age: null }), filmography: { drama: [], movie: [], tv_show: [], special: [], other: [] } },
    });
    // the other person's credit stays theirs
    const theirs = await loadPersonPage(String(newcomer.id));
    expect(theirs.kind === 'ok' && theirs.data.filmography.drama.map((c) => c.id)).toEqual([dramas.unrelated!.id]);
  });

  it('reads an id with leading zeros as the same person', async () => {
    expect(await loadPersonPage(`000${star.id}`)).toMatchObject({ kind: 'ok', data: { person: { id: star.id } } });
  });

  it('answers the not-found state for an id nobody has, even one too large to store', async () => {
    const notFound = { kind: 'error', reason: 'not-found', status: 404 };
    expect(await loadPersonPage('987654')).toEqual(notFound);
    expect(await loadPersonPage('99999999999')).toEqual(notFound);
  });

  it('answers 400 for an id that is not all digits, and the site’s 404 for an address that names no person', async () => {
    for (const slug of ['abc', `${star.id}-han-ji-min`, '-1']) expect(await loadPersonPage(slug)).toEqual({ kind: 'error', reason: 'invalid-id', status: 400 });
    expect(await loadPersonPage(`${star.id}/2`)).toEqual({ kind: 'error', reason: 'no-page', status: 404 });
    expect(await loadPersonPage(undefined)).toEqual({ kind: 'error', reason: 'no-page', status: 404 });
  });

  it('answers the no-connection state (503) while the database is out of reach, and the page again after', async () => {
    await database.outage.start();
    try {
      expect(await loadPersonPage(String(star.id))).toEqual({ kind: 'error', reason: 'failed', status: 503, failure: { noResponse: true } });
    } finally {
      await database.outage.end();
    }
    await expect.poll(async () => (await loadPersonPage(String(star.id))).kind, { timeout: 10_000 }).toBe('ok');
  });
});
