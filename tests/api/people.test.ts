import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../src/lib/server/seed/index.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { startApiServer } from '../helpers/api-server.ts';
import { createCredit, createDrama, createPerson } from '../helpers/factories.ts';
import { catalogueChanged } from '../../src/lib/server/services/catalogue/catalogue-events.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Awaited<ReturnType<typeof startApiServer>>;
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'people-media-'));

/** ids of the fixture rows written on top of the seeded catalogue */
const fixture = { zelda: 0, nobody: 0, leap: 0, busy: 0 };

type Summary = {
  id: number;
  name: string;
  native_name: string | null;
  nationality: string[];
  gender: string | null;
  image: string | null;
  hearts: number;
  popularity: number | null;
  age: number | null;
  date_of_birth: string | null;
};
type Page = { items: Summary[]; total: number; page: number; size: number; pages: number };

async function get<T = unknown>(pathname: string) {
  const res = await server.request(`/api/v1${pathname}`);
  return { status: res.status, headers: res.headers, body: (await res.json()) as T };
}

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await database.pool.query(text, values)).rows as T[];
}

/** every page of a search, in order */
async function walk(query: string, size = 50): Promise<Summary[]> {
  const all: Summary[] = [];
  for (let page = 1; ; page++) {
    const { status, body } = await get<Page>(`/people/?${query}&size=${size}&page=${page}`);
    expect(status).toBe(200);
    all.push(...body.items);
    if (page >= body.pages) return all;
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database.db, { scale: 60, mediaDir, today: '2026-11-22' });
  server = await startApiServer();
  const rows = [
    await createPerson({
      name: 'Zelda Quixotework',
      nativeName: 'ゼルダ・キホーテ',
      alsoKnownAs: ['Quixote Zee'],
      gender: 'Female',
      nationality: ['Hong Konger', 'Thai'],
      dateOfBirth: '1990-03-15',
    }),
    await createPerson({ name: 'Nobody Unknown', gender: null, nationality: [] }),
    await createPerson({ name: 'Leap Day Child', gender: 'Other', nationality: ['Filipino'], dateOfBirth: '2004-02-29', biography: 'Born on a leap day.' }),
  ];
  [fixture.zelda, fixture.nobody, fixture.leap] = rows.map((r) => r.id);
  const [busy] = await sql<{ id: number }>('SELECT person_id AS id FROM credits GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1');
  fixture.busy = busy!.id;
}, 120_000);

afterAll(async () => {
  await server?.close();
  await database?.drop();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe('GET /people/', () => {
  it('answers a page of 24 by popularity, with every field of a person card', async () => {
    const [{ n }] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM people');
    const { status, body } = await get<Page>('/people/');
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: n, page: 1, size: 24, pages: Math.ceil(n / 24) });
    expect(body.items).toHaveLength(24);
    const first = body.items[0]!;
    expect(Object.keys(first).sort()).toEqual(
      ['age', 'date_of_birth', 'gender', 'hearts', 'id', 'image', 'name', 'native_name', 'nationality', 'popularity'].sort(),
    );
    const expected = await sql<{ id: number }>('SELECT id FROM people ORDER BY popularity NULLS LAST, id LIMIT 24');
    expect(body.items.map((p) => p.id)).toEqual(expected.map((r) => r.id));
    expect(first.popularity).toBe(1);
  });

  it('answers the same without the trailing slash', async () => {
    const a = await get<Page>('/people/?size=5');
    const b = await get<Page>('/people?size=5');
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
  });

  it('pages through everyone without overlap or gaps, in each sort order', async () => {
    const orders = {
      popularity: 'popularity NULLS LAST, id',
      name_asc: 'name, id',
      name_desc: 'name DESC, id DESC',
    } as const;
    for (const [sort, order] of Object.entries(orders)) {
      const walked = await walk(`sort_by=${sort}`, 37);
      const expected = await sql<{ id: number }>(`SELECT id FROM people ORDER BY ${order}`);
      expect(walked.map((p) => p.id), sort).toEqual(expected.map((r) => r.id));
      expect(new Set(walked.map((p) => p.id)).size).toBe(walked.length);
    }
    const names = (await walk('sort_by=name_asc', 100)).map((p) => p.name);
    for (let i = 1; i < names.length; i++) expect(names[i - 1]! <= names[i]!).toBe(true);
  });

  it('answers an empty page past the last one, with the total', async () => {
    const { body } = await get<Page>('/people/?page=500&size=100');
    expect(body.items).toEqual([]);
    expect(body.total).toBeGreaterThan(0);
  });

  it('filters by nationality, accepting the featured labels in any case', async () => {
    const count = async (values: string[]) =>
      (await sql<{ n: number }>('SELECT count(*)::int AS n FROM people WHERE nationality && $1::text[]', [values]))[0]!.n;
    const korean = await walk('nationality=Korean');
    expect(korean.length).toBe(await count(['South Korean']));
    expect(korean.length).toBeGreaterThan(0);
    expect(korean.every((p) => p.nationality.includes('South Korean'))).toBe(true);

    const hk = await get<Page>('/people/?nationality=hong%20kong&size=100');
    expect(hk.body.total).toBe(await count(['Hong Konger']));
    expect(hk.body.items.map((p) => p.id)).toContain(fixture.zelda);
    expect(hk.body.items.every((p) => p.nationality.includes('Hong Konger'))).toBe(true);
    const stored = await get<Page>('/people/?nationality=HONG%20KONGER&size=100');
    expect(stored.body).toEqual(hk.body);

    // repeated or comma-separated: anyone with one of them
    const either = await walk('nationality=Thai&nationality=Filipino');
    expect(either.length).toBe(await count(['Thai', 'Filipino']));
    expect(either.every((p) => p.nationality.includes('Thai') || p.nationality.includes('Filipino'))).toBe(true);
    const commas = await get<Page>('/people/?nationality=Thai,Filipino');
    expect(commas.body.total).toBe(either.length);

    const none = await get<Page>('/people/?nationality=Atlantean');
    expect(none.body).toEqual({ items: [], total: 0, page: 1, size: 24, pages: 0 });
  });

  it('filters by gender in any case, alone and with a nationality', async () => {
    for (const [value, stored] of [['female', 'Female'], ['MALE', 'Male'], ['Other', 'Other']] as const) {
      const found = await walk(`gender=${value}`, 100);
      const [{ n }] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM people WHERE gender = $1', [stored]);
      expect(found.length, value).toBe(n);
      expect(found.every((p) => p.gender === stored)).toBe(true);
    }
    const both = await walk('gender=Female&nationality=Chinese&sort_by=name_desc');
    const expected = await sql<{ id: number }>(
      `SELECT id FROM people WHERE gender = 'Female' AND nationality && '{Chinese}' ORDER BY name DESC, id DESC`,
    );
    expect(both.map((p) => p.id)).toEqual(expected.map((r) => r.id));
    expect(both.length).toBeGreaterThan(0);
  });

  it('finds a person by name despite a typo, best match first', async () => {
    const [target] = await sql<{ id: number; name: string }>(
      `SELECT id, name FROM people WHERE name LIKE '% % %' AND length(name) > 10 ORDER BY popularity LIMIT 1`,
    );
    const typo = target!.name.slice(0, 5) + target!.name.slice(6); // one letter dropped
    const { status, body } = await get<Page>(`/people/?name=${encodeURIComponent(typo)}&size=100`);
    expect(status).toBe(200);
    expect(body.items.slice(0, 3).map((p) => p.id)).toContain(target!.id);
    // every result truly matches (word similarity of 0.6 or more), best first, and the total counts every match
    const scores = await sql<{ id: number; similar: number; relevance: number }>(
      `SELECT id, word_similarity($1, search_text) AS similar,
         word_similarity($1, search_text) + similarity($2, replace(name, ' ', '')) AS relevance
       FROM people WHERE id = ANY($3)`,
      [typo, typo.replace(/\s+/g, ''), body.items.map((p) => p.id)],
    );
    const score = new Map(scores.map((s) => [s.id, s]));
    const ordered = body.items.map((p) => score.get(p.id)!);
    expect(ordered.every((s) => s.similar >= 0.6)).toBe(true);
    for (let i = 1; i < ordered.length; i++) expect(ordered[i - 1]!.relevance).toBeGreaterThanOrEqual(ordered[i]!.relevance - 1e-6);
    const [{ n }] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM people WHERE word_similarity($1, search_text) >= 0.6', [typo]);
    expect(body.total).toBe(n);
  });

  it('finds people by native name, alias and word order; q is a synonym of name', async () => {
    for (const query of ['Zelda Quixotework', 'zelda quixotwork', 'Quixotework Zelda', 'ゼルダ・キホーテ', 'Quixote Zee']) {
      const { body } = await get<Page>(`/people/?name=${encodeURIComponent(query)}`);
      expect(body.items[0]?.id, query).toBe(fixture.zelda);
    }
    const byName = await get<Page>('/people/?name=Zelda');
    const byQ = await get<Page>('/people/?q=Zelda');
    expect(byQ.body).toEqual(byName.body);
    expect(byQ.body.total).toBeGreaterThanOrEqual(1);
  });

  it('puts the name in the order it was typed before the same words in another order', async () => {
    await createPerson({ name: 'Quorra Tamsin Vell', nationality: ['Thai'] });
    await createPerson({ name: 'Quorra Vell Tamsin', nationality: ['Thai'] });
    for (const [query, first] of [
      ['quorra vel tamsin', 'Quorra Vell Tamsin'],
      ['Quorra Tamsin Vel', 'Quorra Tamsin Vell'],
    ]) {
      const { body } = await get<Page>(`/people/?name=${encodeURIComponent(query!)}`);
      expect(body.items.slice(0, 2).map((p) => p.name), query).toEqual([first, expect.stringMatching(/^Quorra /)]);
    }
  });

  it('combines a name with filters and an explicit sort', async () => {
    const [someone] = await sql<{ name: string }>(`SELECT name FROM people WHERE nationality && '{South Korean}' ORDER BY id LIMIT 1`);
    const surname = someone!.name.split(' ')[0]!;
    const sorted = await walk(`name=${encodeURIComponent(surname)}&nationality=Korean&sort_by=name_asc`, 10);
    const expected = await sql<{ id: number }>(
      `SELECT id FROM people WHERE $1 <% search_text AND nationality && '{South Korean}' ORDER BY name, id`,
      [surname],
    );
    expect(sorted.map((p) => p.id)).toEqual(expected.map((r) => r.id));
    expect(sorted.length).toBeGreaterThan(0);
    const past = await get<Page>(`/people/?name=${encodeURIComponent(surname)}&nationality=Korean&page=99`);
    expect(past.body).toMatchObject({ items: [], total: expected.length });
  });

  it('answers an empty page for names that cannot match, and never fails on odd text', async () => {
    for (const odd of ['%', '_', "'", '\\', '%%25', '--', "'; DROP TABLE people; --", '😀', 'a', 'ü', '(((', '[a-z]*', '   x   ']) {
      const { status, body } = await get<Page>(`/people/?name=${encodeURIComponent(odd)}`);
      expect(status, odd).toBe(200);
      expect(Array.isArray(body.items)).toBe(true);
    }
    const { body } = await get<Page>('/people/?name=%25%25%25');
    expect(body).toMatchObject({ items: [], total: 0 });
    const [{ n }] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM people');
    expect((await get<Page>('/people/?name=&gender=&sort_by=')).body.total).toBe(n);
  });

  it.each([
    ['gender=robot', 'gender'],
    ['gender=Male&gender=Female', 'gender'],
    ['sort_by=rating', 'sort_by'],
    ['size=0', 'size'],
    ['size=1000', 'size'],
    ['size=abc', 'size'],
    ['page=0', 'page'],
    ['page=-3', 'page'],
    ['page=1.5', 'page'],
    ['page=1&page=2', 'page'],
    [`name=${'x'.repeat(101)}`, 'name'],
    ['name=a%00b', 'name'],
    ['q=a%0Ab', 'q'],
    ['nationality=Thai%00', 'nationality'],
  ])('rejects %s with a 400 naming the field', async (query, field) => {
    const { status, body } = await get<{ detail: string; field: string }>(`/people/?${query}`);
    expect(status).toBe(400);
    expect(body.field).toBe(field);
    expect(body.detail).toEqual(expect.any(String));
  });
});

describe('GET /people/{id}', () => {
  it('answers every field, with the age computed from the birth date', async () => {
    const [row] = await sql<Record<string, unknown>>(
      `SELECT id, name, native_name, biography, gender, nationality, date_of_birth::text AS date_of_birth,
         date_part('year', age(current_date, date_of_birth))::int AS age, image, also_known_as, hearts, popularity
       FROM people WHERE popularity = 1`,
    );
    const { status, body } = await get(`/people/${row!.id}`);
    expect(status).toBe(200);
    expect(body).toEqual(row);
    expect((body as { age: number }).age).toBeGreaterThan(0);
  });

  it('counts a 29 February birthday from 1 March, and answers null without a birth date', async () => {
    const { body: leap } = await get<{ age: number; biography: string; date_of_birth: string }>(`/people/${fixture.leap}`);
    const [{ age }] = await sql<{ age: number }>(`SELECT date_part('year', age(current_date, '2004-02-29'::date))::int AS age`);
    expect(leap).toMatchObject({ age, date_of_birth: '2004-02-29', biography: 'Born on a leap day.' });
    const { body: nobody } = await get(`/people/${fixture.nobody}`);
    expect(nobody).toMatchObject({ age: null, date_of_birth: null, biography: '', gender: null, nationality: [], also_known_as: [], hearts: 0 });
  });

  it.each(['abc', '1.5', '-1', '1e3', '0x1f', '%201', '12abc'])('rejects the id %s', async (id) => {
    const { status, body } = await get(`/people/${id}`);
    expect(status).toBe(400);
    expect(body).toEqual({ detail: 'Invalid person ID', field: 'id' });
  });

  it.each(['999999', '0', '2147483648', '123456789012345678901234567890'])('answers 404 for the unknown id %s', async (id) => {
    for (const suffix of ['', '/filmography']) {
      const { status, body } = await get(`/people/${id}${suffix}`);
      expect(status).toBe(404);
      expect(body).toEqual({ detail: 'Person not found' });
    }
  });
});

describe('GET /people/{id}/filmography', () => {
  type Entry = { id: number; title: string; year: number | null; type: string; role_type: string; photos: string[]; image: null };
  type Groups = Record<'drama' | 'movie' | 'tv_show' | 'special' | 'other', Entry[]>;

  it("groups a busy person's credits by the drama's type, newest first, without caching", async () => {
    const { status, headers, body } = await get<Groups>(`/people/${fixture.busy}/filmography`);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-cache');
    expect(Object.keys(body).sort()).toEqual(['drama', 'movie', 'other', 'special', 'tv_show']);
    const expected = await sql<{ id: number; title: string; role_name: string | null; role_type: string; year: number | null; type: string }>(
      `SELECT d.id, d.title, c.role_name, c.role_type, d.year, d.type::text AS type, d.banner_image, d.poster_image, d.main_photo
       FROM credits c JOIN dramas d ON d.id = c.drama_id WHERE c.person_id = $1
       ORDER BY d.year DESC NULLS LAST, d.aired_start DESC NULLS LAST, d.id DESC, c.role_type, c.id`,
      [fixture.busy],
    );
    expect(expected.length).toBeGreaterThan(3);
    const all = [...body.drama, ...body.movie, ...body.tv_show, ...body.special, ...body.other];
    expect(all).toHaveLength(expected.length);
    for (const type of ['drama', 'movie', 'tv_show', 'special'] as const) {
      expect(body[type].map(({ photos: _, image: __, ...e }) => e)).toEqual(expected.filter((e) => e.type === type));
    }
    expect(body.other).toEqual([]);
    const withPhotos = all.find((e) => e.photos.length);
    if (withPhotos) {
      const photos = await sql<{ url: string }>('SELECT url FROM drama_photos WHERE drama_id = $1 ORDER BY position, id', [withPhotos.id]);
      expect(withPhotos.photos).toEqual(photos.map((p) => p.url));
    }
    expect(all.every((e) => e.image === null && Array.isArray(e.photos))).toBe(true);
  });

  it('orders dramas of the same year by air date, and unknown years last', async () => {
    const base = { status: 'completed' as const, country: 'South Korea' };
    const made = [];
    for (const drama of [
      { ...base, title: 'Undated Story', year: null, airedStart: null },
      { ...base, title: 'Spring Story', year: 2020, airedStart: '2020-03-01' },
      { ...base, title: 'Autumn Story', year: 2020, airedStart: '2020-10-01', type: 'movie' as const },
      { ...base, title: 'Winter Story', year: 2020, airedStart: '2020-12-01' },
      { ...base, title: 'Older Story', year: 2015, airedStart: '2015-05-05' },
    ]) {
      made.push(await createDrama(drama));
    }
    for (const [i, drama] of made.entries()) await createCredit({ drama, person: fixture.zelda, roleType: 'main', roleName: `Role ${i}` });
    const { body } = await get<Groups>(`/people/${fixture.zelda}/filmography`);
    expect(body.drama.map((e) => e.title)).toEqual(['Winter Story', 'Spring Story', 'Older Story', 'Undated Story']);
    expect(body.movie.map((e) => e.title)).toEqual(['Autumn Story']);
    expect(body.movie[0]).toMatchObject({ role_name: 'Role 2', role_type: 'main', year: 2020, type: 'movie', photos: [], image: null });
  });

  it('answers empty lists for a person without credits', async () => {
    const { status, body } = await get(`/people/${fixture.nobody}/filmography`);
    expect(status).toBe(200);
    expect(body).toEqual({ drama: [], movie: [], tv_show: [], special: [], other: [] });
  });

  it('rejects a bad id', async () => {
    const { status, body } = await get('/people/first/filmography');
    expect(status).toBe(400);
    expect(body).toEqual({ detail: 'Invalid person ID', field: 'id' });
  });
});

describe('GET /people/filter-options', () => {
  it('lists the nationalities in the data, sorted, and the genders', async () => {
    const expected = await sql<{ n: string }>('SELECT DISTINCT unnest(nationality) AS n FROM people ORDER BY 1');
    const { status, body } = await get<{ nationalities: string[]; genders: string[] }>('/people/filter-options');
    expect(status).toBe(200);
    expect(body.nationalities).toEqual(expected.map((r) => r.n));
    expect(body.nationalities).toContain('Hong Konger');
    expect(body.genders).toEqual(['Male', 'Female', 'Other']);
  });

  it('follows people as they are added, changed and removed', async () => {
    const facetsMatchPeople = async () => {
      const facets = await sql(`SELECT nationality, gender, people FROM people_facet_counts WHERE people > 0 ORDER BY 1, 2`);
      const counted = await sql(
        `SELECT nationality, coalesce(gender::text, '') AS gender, count(*)::int AS people FROM people GROUP BY 1, 2 ORDER BY 1, 2`,
      );
      expect(facets).toEqual(counted);
    };
    await facetsMatchPeople();
    const added = await createPerson({ name: 'Mira Voss', nationality: ['Atlantean'], gender: 'Female' });
    // These writes bypass the services, as another instance's would: this process's cache of public
    // answers would show them within its time limit (api/public-cache.ts); tell it at once instead.
    const options = async () => {
      catalogueChanged();
      return (await get<{ nationalities: string[] }>('/people/filter-options')).body.nationalities;
    };
    expect(await options()).toContain('Atlantean');
    expect((await get<Page>('/people/?nationality=atlantean')).body.total).toBe(1);
    await facetsMatchPeople();

    await database.pool.query(`UPDATE people SET nationality = '{Lemurian}', gender = 'Other' WHERE id = $1`, [added.id]);
    expect(await options()).not.toContain('Atlantean');
    catalogueChanged();
    expect((await get<Page>('/people/?nationality=Lemurian&gender=other')).body.total).toBe(1);
    await facetsMatchPeople();

    await database.pool.query('DELETE FROM people WHERE id = $1', [added.id]);
    expect(await options()).not.toContain('Lemurian');
    await facetsMatchPeople();
  });
});

describe('OpenAPI document', () => {
  it('declares every people call', async () => {
    const { body } = await get<{ paths: Record<string, Record<string, unknown>> }>('/openapi.json');
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/people',
        '/people/filter-options',
        '/people/{id}',
        '/people/{id}/filmography',
        '/people/{id}/heart',
        '/people/{id}/heart-status',
      ]),
    );
    expect(Object.keys(body.paths['/people/{id}/heart']!).sort()).toEqual(['delete', 'post']);
  });
});
