import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { openHydrated, waitForIslands } from './support/islands.ts';
import { BASE_URL, CLIENT_DIR } from './support/ports.ts';
import {accountToken, useToken } from './support/session.ts';
import { withSiteDatabase } from './support/site-database.ts';
import { createMember, createPerson, removePerson } from './support/factories.ts';

// The person page (spec 1 §2.7, §5, §6, §8) at /people/{id} and /person/{id}: the most popular
// people are pre-rendered files, every other id is rendered on demand at the same address, and so
// is a pre-rendered person changed since the build.

interface Person {
  id: number;
  name: string;
  native_name: string | null;
  biography: string;
  gender: string | null;
  nationality: string[];
  date_of_birth: string | null;
  age: number | null;
  also_known_as: string[];
  hearts: number;
}
interface Entry {
  id: number;
  title: string;
  role_name: string | null;
  role_type: string;
  year: number | null;
}
type Filmography = Record<'drama' | 'movie' | 'tv_show' | 'special' | 'other', Entry[]>;

const GROUPS = [
  ['drama', 'Dramas'],
  ['movie', 'Movies'],
  ['tv_show', 'TV Shows'],
  ['special', 'Specials'],
  ['other', 'Other Content'],
] as const;
const ROLE_TYPES: Record<string, string> = { main: 'Main Role', support: 'Support Role', guest: 'Guest Role', director: 'Director', screenwriter: 'Screenwriter' };

async function json<T>(request: APIRequestContext, url: string, headers?: Record<string, string>): Promise<T> {
  const res = await request.get(url, { headers });
  expect(res.ok(), `${url}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/** The person of the given popularity rank (1 = most popular), as the API has them. */
async function personRanked(request: APIRequestContext, rank: number): Promise<Person> {
  const page = await json<{ items: { id: number }[] }>(request, `/api/v1/people/?sort_by=popularity&size=1&page=${rank}`);
  return json<Person>(request, `/api/v1/people/${page.items[0]!.id}`);
}

/**
 * The least popular person who has a popularity: rows another test adds for a while have none (and
 * are listed last), so they are passed over.
 */
async function leastPopularPerson(request: APIRequestContext): Promise<Person> {
  type Listed = { items: { id: number; popularity: number | null }[]; pages: number };
  const list = (page: number) => json<Listed>(request, `/api/v1/people/?sort_by=popularity&size=24&page=${page}`);
  const { pages } = await list(1);
  for (let page = pages; page >= 1; page--) {
    const ranked = (await list(page)).items.filter((p) => p.popularity !== null);
    if (ranked.length > 0) return json<Person>(request, `/api/v1/people/${ranked.at(-1)!.id}`);
  }
  throw new Error('no person has a popularity');
}

const builtFile = (id: number) => path.join(CLIENT_DIR, 'people', String(id), 'index.html');
const count = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'heart' : 'hearts'}`;
const heartButton = (page: Page, person: Person) => page.getByRole('button', { name: `Give ${person.name} a heart` });

test.describe('person page content', () => {
  test('shows the photo, facts, names, biography, aliases and the filmography by group', async ({ page, request }) => {
    const person = await personRanked(request, 1);
    const filmography = await json<Filmography>(request, `/api/v1/people/${person.id}/filmography`);
    const response = await page.goto(`/people/${person.id}`);
    expect(response?.status()).toBe(200);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(person.name);
    await expect(page).toHaveTitle(`${person.name} | DramaList`);
    if (person.native_name) await expect(page.getByTestId('native-name')).toHaveText(person.native_name);
    await expect(page.getByRole('img', { name: person.name, exact: true })).toHaveAttribute('width', '300');

    const facts = page.getByTestId('person-facts');
    await expect(facts.locator('dt')).toHaveText(['Nationality', 'Gender', 'Born', 'Age']);
    const [y, m, d] = person.date_of_birth!.split('-').map(Number);
    const born = new Date(y!, m! - 1, d!).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    await expect(facts.locator('dd')).toHaveText([person.nationality.join(', '), person.gender!, born, `${person.age} years`]);

    await expect(page.getByRole('heading', { name: 'Biography' })).toBeVisible();
    await expect(page.getByText(person.biography.slice(0, 60))).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Also Known As' })).toBeVisible();
    await expect(page.getByTestId('also-known-as').getByRole('listitem')).toHaveText(person.also_known_as);

    const shown = GROUPS.filter(([key]) => filmography[key].length > 0);
    expect(shown.length).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { level: 3 })).toHaveText(shown.map(([key, title]) => new RegExp(`^\\s*${title}\\s*\\(${filmography[key].length}\\)\\s*$`)));
    for (const [key] of shown) {
      const entries = page.getByTestId(`filmography-${key}`).getByTestId('filmography-entry');
      await expect(entries).toHaveCount(filmography[key].length);
      const first = filmography[key][0]!;
      const item = entries.first();
      await expect(item.getByRole('link', { name: first.title })).toHaveAttribute('href', `/drama/${first.id}`);
      await expect(item.getByTestId('role-type')).toHaveText(`(${ROLE_TYPES[first.role_type]})`);
      if (first.role_name) await expect(item.getByTestId('role-name')).toHaveText(first.role_name);
      await expect(item.getByTestId('year')).toHaveText(String(first.year ?? 'Unknown'));
      await expect(item.locator('img')).toHaveAttribute('loading', 'lazy');
    }
    await expect(page.getByText('No drama appearances found for this person.')).toHaveCount(0);
  });

  test('a person without credits or photo shows the placeholder and the empty filmography message', async ({ page }) => {
    // a row of its own, removed at the end: the e2e database is shared by every test
    const { id } = await createPerson({ name: 'Nobody Filmless' });
    try {
      const response = await page.goto(`/people/${id}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nobody Filmless');
      await expect(page.getByRole('img', { name: 'No photo of Nobody Filmless' })).toBeVisible();
      await expect(page.getByText('No drama appearances found for this person.')).toBeVisible();
      await expect(page.getByTestId('person-facts')).toHaveCount(0);
    } finally {
      await removePerson(id);
    }
  });
});

test.describe('person page addresses and states', () => {
  test('the most popular people are pre-rendered files; any other id renders on demand at the same address', async ({ page, request }) => {
    const top = await personRanked(request, 1);
    const rare = await leastPopularPerson(request);
    expect(fs.existsSync(builtFile(top.id))).toBe(true);
    expect(fs.existsSync(builtFile(rare.id))).toBe(false);

    for (const person of [top, rare]) {
      const response = await page.goto(`/people/${person.id}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(person.name);
    }
  });

  test('/person/{id} is the same page, with /people/{id} as canonical address', async ({ page, request }) => {
    const person = await personRanked(request, 1);
    for (const prefix of ['/people', '/person']) {
      const response = await page.goto(`${prefix}/${person.id}`);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(`${prefix}/${person.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(person.name);
      await expect(page.getByTestId('person-facts')).toBeVisible();
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${BASE_URL}/people/${person.id}`);
    }
  });

  test('an id that is not all digits is an invalid person ID (400)', async ({ page }) => {
    for (const url of ['/people/abc', '/person/abc', '/people/12x']) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(400);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invalid person ID');
      await expect(page.getByRole('link', { name: 'Back to People Search' })).toHaveAttribute('href', '/search/people');
    }
  });

  test('an unknown person is not found (404) with a link back to the people search', async ({ page }) => {
    for (const url of ['/people/99999999', '/person/99999999', '/people/99999999999999']) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(404);
      await expect(page.getByText('Person not found. They may have been removed from our database.')).toBeVisible();
      const back = page.getByRole('link', { name: 'Back to People Search' });
      await expect(back).toHaveAttribute('href', '/search/people');
    }
    await page.getByRole('link', { name: 'Back to People Search' }).click();
    await expect(page).toHaveURL(/\/search\/people$/);
  });

  test('a path that names no person is the site not-found page', async ({ page }) => {
    for (const url of ['/people/', '/people/1/2']) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    }
  });

  test('a pre-rendered person changed after the build is rendered fresh at both addresses', async ({ page, request }) => {
    const person = await personRanked(request, 2);
    expect(fs.existsSync(builtFile(person.id))).toBe(true);
    const marker = `Fresh note ${Date.now()}.`;
    const before = await withSiteDatabase(
      async (db) => (await db.query<{ biography: string | null }>('SELECT biography FROM people WHERE id = $1', [person.id])).rows[0]!.biography,
    );
    await withSiteDatabase((db) =>
      db.query(`UPDATE people SET biography = coalesce(biography, '') || ' ' || $1, updated_at = now() WHERE id = $2`, [marker, person.id]),
    );
    try {
      // the site re-reads the changed records every 5 s
      await expect.poll(async () => (await request.get(`/people/${person.id}`)).text(), { timeout: 20_000 }).toContain(marker);
      expect(fs.readFileSync(builtFile(person.id), 'utf8')).not.toContain(marker);
      await page.goto(`/people/${person.id}`);
      await expect(page.getByText(marker)).toBeVisible();
      await page.goto(`/person/${person.id}`);
      await expect(page.getByText(marker)).toBeVisible();
    } finally {
      // the old biography back (with a new updated_at, so that the site re-reads it)
      await withSiteDatabase((db) => db.query('UPDATE people SET biography = $1, updated_at = now() WHERE id = $2', [before, person.id]));
    }
  });
});

test.describe('hearts', () => {
  let token: string;
  test.beforeAll(async ({ request }) => {
    token = await accountToken(await createMember()); // a member of this worker's own
  });
  const auth = () => ({ Authorization: `Bearer ${token}` });

  /** The member's heart for `person` set to `given`; answers the count. */
  async function setHeart(request: APIRequestContext, person: Person, given: boolean): Promise<number> {
    const status = await json<{ hearts: number; has_hearted: boolean }>(request, `/api/v1/people/${person.id}/heart-status`, auth());
    if (status.has_hearted === given) return status.hearts;
    const res = await (given ? request.post : request.delete).call(request, `/api/v1/people/${person.id}/heart`, { headers: auth() });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { hearts: number }).hearts;
  }

  test('signed out: the live count replaces the pre-rendered one, and a heart asks to log in', async ({ page, request }) => {
    const person = await personRanked(request, 3);
    const html = await (await request.get(`/people/${person.id}`)).text();
    const rendered = Number(/<strong[^>]*>([\d,]+)<\/strong>\s*hearts?/.exec(html)![1]!.replace(/,/g, ''));
    // make the count differ from the pre-rendered page's
    const status = await json<{ hearts: number; has_hearted: boolean }>(request, `/api/v1/people/${person.id}/heart-status`, auth());
    const live = status.hearts === rendered ? await setHeart(request, person, !status.has_hearted) : status.hearts;
    expect(live).not.toBe(rendered);

    await openHydrated(page, `/people/${person.id}`);
    await expect(page.getByTestId('heart-count')).toHaveText(count(live));
    await expect(page.getByTestId('person-edit-open')).toHaveCount(0);
    await heartButton(page, person).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Please log in to give hearts to people');
    await expect(alert.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?next=${encodeURIComponent(`/people/${person.id}`)}`);
    await expect(page.getByTestId('heart-count')).toHaveText(count(live));
  });

  test('signed in: a heart is given and taken back, the count follows and survives a reload', async ({ page, request }) => {
    const person = await personRanked(request, 4);
    const before = await setHeart(request, person, false);
    await useToken(page, token);
    await openHydrated(page, `/people/${person.id}`);
    const button = heartButton(page, person);
    const shown = page.getByTestId('heart-count');
    await expect(shown).toHaveText(count(before));
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('person-edit-open')).toHaveCount(1);

    // the count moves at once (optimistically); the server's answer comes after
    const answered = page.waitForResponse((r) => r.url().endsWith(`/api/v1/people/${person.id}/heart`) && r.request().method() === 'POST');
    await button.click();
    await expect(shown).toHaveText(count(before + 1));
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    expect((await answered).status()).toBe(200);
    expect((await json<Person>(request, `/api/v1/people/${person.id}`)).hearts).toBe(before + 1);

    await page.reload();
    await waitForIslands(page);
    await expect(shown).toHaveText(count(before + 1));
    await expect(button).toHaveAttribute('aria-pressed', 'true');

    await button.click();
    await expect(shown).toHaveText(count(before));
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a heart changed elsewhere (400) resynchronises the button from the heart status', async ({ page, request }) => {
    const person = await personRanked(request, 5);
    const before = await setHeart(request, person, false);
    await useToken(page, token);
    // the page has read the member's heart status (its answer is what goes stale below)
    const loaded = page.waitForResponse((r) => r.url().endsWith(`/people/${person.id}/heart-status`));
    await openHydrated(page, `/people/${person.id}`);
    await loaded;
    const button = heartButton(page, person);
    await expect(button).toHaveAttribute('aria-pressed', 'false');

    // another tab gives the heart: this page's POST now answers 400
    expect(await setHeart(request, person, true)).toBe(before + 1);
    const answers: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith(`/people/${person.id}/heart`)) answers.push(r.status());
    });
    // the button shows the switch at once; the 400 then makes it read the status again
    const reread = page.waitForResponse((r) => r.url().endsWith(`/people/${person.id}/heart-status`));
    await button.click();
    await reread;
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('heart-count')).toHaveText(count(before + 1));
    expect(answers).toEqual([400]);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a double click sends the heart and its taking back in order, and ends where it started', async ({ page, request }) => {
    const person = await personRanked(request, 7);
    const before = await setHeart(request, person, false);
    await useToken(page, token);
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith(`/people/${person.id}/heart`)) writes.push(r.method());
    });
    await openHydrated(page, `/people/${person.id}`);
    const button = heartButton(page, person);
    await expect(button).toBeEnabled(); // the status has been read
    await button.dblclick();
    await expect.poll(() => writes).toEqual(['POST', 'DELETE']);
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('heart-count')).toHaveText(count(before));
    await expect
      .poll(async () => json<{ hearts: number; has_hearted: boolean }>(request, `/api/v1/people/${person.id}/heart-status`, auth()))
      .toEqual({ hearts: before, has_hearted: false });
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a token the server refuses signs the page out, and the heart asks to log in', async ({ page, request }) => {
    const person = await personRanked(request, 8);
    await useToken(page, `${token}x`); // a bad signature: every member call answers 401
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 401) refused.push(new URL(r.url()).pathname);
    });
    await openHydrated(page, `/people/${person.id}`);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBe('');
    // each member read was refused once, and not sent again after the sign-out
    expect(refused.filter((p) => p === '/api/v1/users/me')).toHaveLength(1);
    expect(refused.filter((p) => p === `/api/v1/people/${person.id}/heart-status`).length).toBeLessThanOrEqual(1);
    await heartButton(page, person).click();
    await expect(page.getByRole('alert')).toContainText('Please log in to give hearts to people');
    await expect(page.getByTestId('heart-count')).toHaveText(/^[\d,]+ hearts?$/);
  });

  test('any other failure says so and keeps the count', async ({ page, request }) => {
    const person = await personRanked(request, 6);
    const before = await setHeart(request, person, false);
    await useToken(page, token);
    await page.route(`**/api/v1/people/${person.id}/heart`, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' }),
    );
    await openHydrated(page, `/people/${person.id}`);
    await expect(page.getByTestId('heart-count')).toHaveText(count(before));
    await heartButton(page, person).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to update heart. Please try again.');
    await expect(page.getByTestId('heart-count')).toHaveText(count(before));
  });
});
