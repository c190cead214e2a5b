import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { waitForIslands } from './support/islands.ts';
import { CLIENT_DIR, E2E_PRERENDER } from './support/ports.ts';
import { withSiteDatabase } from './support/site-database.ts';
import { createDrama, removeDrama } from './support/factories.ts';

// The drama page (spec 1 §2.6, §5, §8): what a visitor sees on a pre-rendered and an on-demand
// drama, the tabs in the hash, the cast order, the photo viewer, the error states and the /dramas
// redirects. Expected values come from the API, never from the seed's numbers.

interface Named {
  id: number;
  name: string;
}
interface Drama {
  id: number;
  title: string;
  synopsis: string;
  status: string;
  type: string;
  country: string;
  episodes: number | null;
  aired_date: string | null;
  original_network: string | null;
  broadcast: string | null;
  content_rating: string | null;
  rating: number;
  votes: number;
  ranked: number | null;
  popularity: number | null;
  watchers: number;
  photos: string[];
  genres: Named[];
  tags: Named[];
  also_known_as: string[];
  native_title: string[];
}
interface Card {
  id: number;
  title: string;
  votes: number;
  ranked: number | null;
}
interface CastEntry {
  id: number;
  role_type: string;
  role_name: string | null;
  person: { id: number; name: string };
}

const clientDir = CLIENT_DIR;
const builtFile = (id: number) => path.join(clientDir, 'drama', String(id), 'index.html');

async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  expect(res.ok(), `${url} answered ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}
const ranked = async (request: APIRequestContext, list: string, page: number, size = 24) =>
  (await getJson<{ data: { items: Card[] } }>(request, `/api/v1/dramas/${list}?size=${size}&page=${page}`)).data.items;
const getDrama = (request: APIRequestContext, id: number) => getJson<Drama>(request, `/api/v1/dramas/${id}`);

/** The most popular drama: pre-rendered whatever PRERENDER_DRAMAS is (unless 0). */
async function topDrama(request: APIRequestContext): Promise<Drama> {
  const [first] = await ranked(request, 'popular', 1, 1);
  return getDrama(request, first!.id);
}

/** A drama ranked 697th or lower by popularity: outside the pre-rendered pages. */
async function farDrama(request: APIRequestContext): Promise<Card> {
  const items = await ranked(request, 'popular', 30);
  const card = items.find((d) => !fs.existsSync(builtFile(d.id)));
  expect(card, 'a drama that was not pre-rendered').toBeDefined();
  return card!;
}

const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });
const panel = (page: Page, key: 'details' | 'cast' | 'photos') => page.locator(`#panel-${key}`);
const statusWord = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();

test.describe('pre-rendered and on-demand drama pages', () => {
  test('the most popular drama is a static file of the build, served at /drama/{id}', async ({ page, request }) => {
    const drama = await topDrama(request);
    expect(fs.existsSync(builtFile(drama.id))).toBe(true);
    expect(fs.readFileSync(builtFile(drama.id), 'utf8')).toContain(`id="drama-title"`);

    const res = await page.goto(`/drama/${drama.id}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(drama.title);
    await expect(page).toHaveTitle(`${drama.title} | DramaList`);
  });

  test('a drama outside the pre-rendered ones renders on demand at the same address, with its data', async ({ page, request }) => {
    const card = await farDrama(request);
    const drama = await getDrama(request, card.id);
    const res = await page.goto(`/drama/${drama.id}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(drama.title);
    await expect(page.locator('[data-figure=rating]')).toContainText(drama.rating.toFixed(3));
    await expect(page.locator('[data-figure=watchers] dd')).toHaveText(drama.watchers.toLocaleString('en-US'));
  });

  test('a pre-rendered drama edited after the build is rendered fresh through the on-demand route', async ({ request }) => {
    // one of the last pre-rendered dramas by popularity, and in none of the home rows
    const home = await (await request.get('/')).text();
    const candidates = await ranked(request, 'popular', 1, E2E_PRERENDER);
    const card = candidates.reverse().find((c) => !home.includes(`/drama/${c.id}"`));
    const id = card!.id;
    expect(fs.existsSync(builtFile(id)), `drama ${id} is pre-rendered (the build's top ${E2E_PRERENDER})`).toBe(true);
    const marker = `Edited after the build ${Date.now()}.`;
    const original = await withSiteDatabase(async (db) => (await db.query('SELECT synopsis FROM dramas WHERE id = $1', [id])).rows[0].synopsis as string);
    try {
      await withSiteDatabase((db) => db.query('UPDATE dramas SET synopsis = $1, updated_at = now() WHERE id = $2', [marker, id]));
      // the server re-reads the changed records every 5 s
      await expect
        .poll(async () => (await (await request.get(`/drama/${id}`)).text()).includes(marker), { timeout: 15_000, intervals: [500] })
        .toBe(true);
      expect(fs.readFileSync(builtFile(id), 'utf8')).not.toContain(marker);
    } finally {
      await withSiteDatabase((db) => db.query('UPDATE dramas SET synopsis = $1, updated_at = now() WHERE id = $2', [original, id]));
    }
    await expect
      .poll(async () => (await (await request.get(`/drama/${id}`)).text()).includes(marker), { timeout: 15_000, intervals: [500] })
      .toBe(false);
  });
});

test.describe('drama page errors', () => {
  test("an id that is not all digits shows 'Invalid drama ID' with Try Again (400)", async ({ page }) => {
    const res = await page.goto('/drama/abc');
    expect(res?.status()).toBe(400);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Invalid drama ID. Please check the URL and try again.');
    await expect(alert.getByRole('button', { name: 'Try Again' })).toBeVisible();
  });

  test("an unknown id shows 'Drama not found' with the 404 message and a Back to Home link", async ({ page }) => {
    const res = await page.goto('/drama/987654321');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Drama not found');
    await expect(page.getByText('Drama not found. It may have been removed or the ID is incorrect.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('deeper paths under /drama are the not-found page, and leading zeros lead to the plain id', async ({ page, request }) => {
    for (const p of ['/drama/4/5', '/drama/']) {
      const res = await page.goto(p);
      expect(res?.status(), p).toBe(404);
      await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    }
    const drama = await topDrama(request);
    const res = await request.get(`/drama/00${drama.id}`, { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(res.headers().location).toBe(`/drama/${drama.id}`);
  });
});

test.describe('drama details', () => {
  test('title, genre chips, figures, facts, names and tag chips', async ({ page, request }) => {
    const drama = await topDrama(request);
    await page.goto(`/drama/${drama.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(drama.title);

    const genres = page.getByRole('list', { name: 'Genres' }).getByRole('link');
    await expect(genres).toHaveCount(drama.genres.length);
    for (const g of drama.genres) {
      await expect(genres.filter({ hasText: g.name })).toHaveAttribute('href', `/search/drama?sort_by=popularity&genre=${g.id}`);
    }

    await expect(page.locator('[data-figure=rating]')).toHaveText(`Rating ${drama.rating.toFixed(3)}`);
    await expect(page.locator('[data-figure=votes]')).toHaveText(`${drama.votes.toLocaleString('en-US')} votes`);
    await expect(page.locator('[data-figure=popularity] dd')).toHaveText(`#${drama.popularity}`);
    await expect(page.locator('[data-figure=watchers] dd')).toHaveText(drama.watchers.toLocaleString('en-US'));

    const fact = (label: string) => page.locator(`[data-fact="${label}"]`);
    await expect(fact('Country')).toHaveText(drama.country);
    await expect(fact('Status')).toHaveText(statusWord(drama.status));
    if (drama.episodes != null) await expect(fact('Episodes')).toHaveText(String(drama.episodes));
    if (drama.aired_date) await expect(fact('Aired Date')).toHaveText(drama.aired_date);
    const network = drama.original_network ?? drama.broadcast;
    if (network) await expect(fact('Network')).toHaveText(network);
    if (drama.content_rating) await expect(fact('Content Rating')).toHaveText(drama.content_rating);
    if (drama.also_known_as.length) await expect(fact('Also Known As').getByRole('listitem')).toHaveCount(drama.also_known_as.length);
    if (drama.native_title.length) await expect(fact('Native Title').getByRole('listitem')).toHaveCount(drama.native_title.length);
    if (drama.synopsis) await expect(page.getByRole('region', { name: 'Synopsis' })).toContainText(drama.synopsis.slice(0, 40));

    const tags = page.getByRole('region', { name: 'Tags' }).getByRole('link');
    await expect(tags).toHaveCount(drama.tags.length);
    for (const t of drama.tags) {
      await expect(tags.and(page.getByRole('link', { name: t.name, exact: true }))).toHaveAttribute('href', `/search/drama?sort_by=popularity&tag=${t.id}`);
    }

    // a visitor gets no watch-status control (tests/e2e/watch-status.spec.ts)
    await expect(page.getByTestId('watch-status-control')).toHaveCount(0);
    // nor edit controls (tests/e2e/catalogue-editing.spec.ts)
    await expect(page.getByTestId('drama-edit-tools')).toHaveCount(0);
    // the comments block at the bottom (tests/e2e/comments.spec.ts)
    await expect(page.getByRole('region', { name: 'Comments' })).toBeAttached();
  });

  test("Rank shows '#N' for a ranked drama, and 'Not Ranked Yet (100+ votes required)' under 100 votes", async ({ page, request }) => {
    const [top] = await ranked(request, 'top-rated', 1, 1);
    const rankedDrama = await getDrama(request, top!.id);
    await page.goto(`/drama/${rankedDrama.id}`);
    await expect(page.locator('[data-figure=rank] dd')).toHaveText(`#${rankedDrama.ranked}`);

    const unranked = (await ranked(request, 'popular', 30)).find((d) => d.ranked === null && d.votes < 100);
    expect(unranked, 'an unranked drama with under 100 votes').toBeDefined();
    await page.goto(`/drama/${unranked!.id}`);
    await expect(page.locator('[data-figure=rank] dd')).toHaveText(/^\s*Not Ranked Yet\s*\(100\+ votes required\)\s*$/);
    await expect(page.locator('[data-figure=rank]').getByText('(100+ votes required)')).toBeVisible();
  });

  test('the cast preview shows 3 people on a phone and 8 on a wide screen, linking to their pages', async ({ page, request }) => {
    // the most popular drama with more than 8 credits, so that both limits show
    let drama: Card | undefined;
    let cast: CastEntry[] = [];
    for (const card of await ranked(request, 'popular', 1)) {
      cast = await getJson<CastEntry[]>(request, `/api/v1/cast/${card.id}`);
      if (cast.length > 8) {
        drama = card;
        break;
      }
    }
    expect(drama, 'a popular drama with more than 8 credits').toBeDefined();
    expect(cast.length).toBeGreaterThan(8);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/drama/${drama!.id}`);
    const preview = page.locator('[data-cast-preview] > li');
    await expect(page.locator('[data-cast-preview] > li:visible')).toHaveCount(3);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.locator('[data-cast-preview] > li:visible')).toHaveCount(8);
    const first = cast.find((c) => /main|lead|primary/i.test(c.role_type)) ?? cast[0]!;
    await expect(preview.first().getByRole('link')).toHaveAttribute('href', `/people/${first.person.id}`);
    await expect(page.getByRole('link', { name: `View all cast (${cast.length})` })).toBeVisible();
  });
});

test.describe('tabs', () => {
  test('the tab is kept in the URL hash and read back from it', async ({ page, request }) => {
    const drama = await topDrama(request);
    const cast = await getJson<CastEntry[]>(request, `/api/v1/cast/${drama.id}`);
    await page.goto(`/drama/${drama.id}`);
    await expect(tab(page, /^Details$/)).toHaveAttribute('aria-selected', 'true');
    await expect(tab(page, /^Cast/)).toHaveText(`Cast (${cast.length})`);
    await expect(tab(page, /^Photos/)).toHaveText(`Photos (${drama.photos.length})`);
    await expect(panel(page, 'details')).toBeVisible();
    await expect(panel(page, 'cast')).toBeHidden();

    await tab(page, /^Cast/).click();
    await expect(page).toHaveURL(new RegExp(`/drama/${drama.id}#cast$`));
    await expect(tab(page, /^Cast/)).toHaveAttribute('aria-selected', 'true');
    await expect(panel(page, 'cast')).toBeVisible();
    await expect(panel(page, 'details')).toBeHidden();

    await page.reload();
    await expect(tab(page, /^Cast/)).toHaveAttribute('aria-selected', 'true');
    await expect(panel(page, 'cast')).toBeVisible();

    await page.goto(`/drama/${drama.id}#photos`);
    await expect(panel(page, 'photos')).toBeVisible();
    await expect(tab(page, /^Photos/)).toHaveAttribute('aria-selected', 'true');

    // keyboard: arrows move between tabs and wrap
    await tab(page, /^Photos/).focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, /^Details$/)).toBeFocused();
    await expect(panel(page, 'details')).toBeVisible();
    await expect(page).toHaveURL(/#details$/);
    await page.keyboard.press('ArrowLeft');
    await expect(panel(page, 'photos')).toBeVisible();

    // back returns to the previous tab
    await page.goBack();
    await expect(panel(page, 'details')).toBeVisible();

    // 'View all cast' under the details opens the Cast tab
    await page.getByRole('link', { name: /^View all cast/ }).click();
    await expect(panel(page, 'cast')).toBeVisible();
    await expect(page).toHaveURL(/#cast$/);
  });

  test('the Cast tab lists main roles first, then support, then the rest, with names and role types', async ({ page, request }) => {
    const drama = await topDrama(request);
    const cast = await getJson<CastEntry[]>(request, `/api/v1/cast/${drama.id}`);
    const group = (t: string) => (/main|lead|primary/i.test(t) ? 0 : /support|second/i.test(t) ? 1 : 2);
    const expected = cast.map((c, i) => ({ c, i })).sort((a, b) => group(a.c.role_type) - group(b.c.role_type) || a.i - b.i);

    await page.goto(`/drama/${drama.id}#cast`);
    const cards = page.locator('[data-cast-grid] > li');
    await expect(cards).toHaveCount(cast.length);
    expect(await cards.locator('[data-cast=name]').allTextContents()).toEqual(expected.map((e) => e.c.person.name));
    expect(await cards.locator('[data-cast=role-name]').allTextContents()).toEqual(expected.map((e) => e.c.role_name || 'Cast'));
    const labels = await cards.locator('[data-cast=role-type]').allTextContents();
    expect(labels[0]).toBe('Main Role');
    expect(labels.indexOf('Support Role')).toBeGreaterThan(labels.lastIndexOf('Main Role'));
    await expect(cards.first().getByRole('link')).toHaveAttribute('href', `/people/${expected[0]!.c.person.id}`);
  });
});

test.describe('photos', () => {
  test('the viewer opens full screen, wraps both ways, follows thumbnails and arrow keys, and Escape closes it', async ({ page, request }) => {
    const drama = await topDrama(request);
    const total = drama.photos.length;
    expect(total).toBeGreaterThan(1);
    await page.goto(`/drama/${drama.id}#photos`);
    await waitForIslands(page);
    const grid = panel(page, 'photos').getByRole('list', { name: 'Photos' }).getByRole('button');
    await expect(grid).toHaveCount(total);
    await grid.first().click();

    const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
    const counter = viewer.locator('[data-viewer=counter]');
    await expect(viewer).toBeVisible();
    await expect(counter).toHaveText(`1 of ${total}`);
    await expect(viewer.locator('[data-viewer=image]')).toHaveAttribute('src', drama.photos[0]!);
    const box = await viewer.boundingBox();
    expect(box?.width).toBe(page.viewportSize()!.width);

    await viewer.getByRole('button', { name: 'Previous photo' }).click();
    await expect(counter).toHaveText(`${total} of ${total}`);
    await expect(viewer.locator('[data-viewer=image]')).toHaveAttribute('src', drama.photos[total - 1]!);
    await viewer.getByRole('button', { name: 'Next photo' }).click();
    await expect(counter).toHaveText(`1 of ${total}`);
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText(`2 of ${total}`);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(counter).toHaveText(`${total} of ${total}`);

    const thumbs = viewer.getByRole('list', { name: 'Thumbnails' }).getByRole('button');
    await expect(thumbs).toHaveCount(total);
    await thumbs.nth(1).click();
    await expect(counter).toHaveText(`2 of ${total}`);
    await expect(thumbs.nth(1)).toHaveAttribute('aria-current', 'true');

    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
  });

  test("a drama without photos says 'No photos available'", async ({ page }) => {
    const id = await withSiteDatabase(
      async (db) =>
        (await db.query('SELECT id FROM dramas d WHERE NOT EXISTS (SELECT 1 FROM drama_photos p WHERE p.drama_id = d.id) ORDER BY id LIMIT 1'))
          .rows[0]?.id as number | undefined,
    );
    expect(id, 'the demo catalogue has dramas without photos').toBeDefined();
    await page.goto(`/drama/${id}#photos`);
    await expect(tab(page, /^Photos/)).toHaveText('Photos (0)');
    await expect(panel(page, 'photos').getByText('No photos available')).toBeVisible();
  });

  test("a drama without cast says 'No cast information available'", async ({ page }) => {
    const id = 2_000_000_000 + Math.floor(Math.random() * 100_000_000);
    await createDrama({ id, title: 'E2E drama without cast', status: 'upcoming', country: 'South Korea' });
    try {
      await page.goto(`/drama/${id}#cast`);
      await expect(tab(page, /^Cast/)).toHaveText('Cast (0)');
      await expect(panel(page, 'cast').getByText('No cast information available')).toBeVisible();
      await tab(page, /^Details$/).click();
      await expect(page.locator('[data-figure=rank] dd')).toHaveText(/^\s*Not Ranked Yet\s*\(100\+ votes required\)\s*$/);
      await expect(page.locator('[data-figure=rating]')).toHaveText('Rating 0.000');
      await expect(page.locator('[data-fact=Status]')).toHaveText('Upcoming');
    } finally {
      await removeDrama(id);
    }
  });
});

test.describe('JavaScript', () => {
  test('a signed-out visitor on the Details tab loads no photo viewer code until the Photos tab opens', async ({ page, request }, info) => {
    const drama = await topDrama(request);
    const asked: string[] = [];
    page.on('request', (r) => asked.push(r.url()));
    const scripts = new Map<string, number>();
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      const body = await res.body().catch(() => Buffer.alloc(0));
      scripts.set(res.url(), body.length);
    });
    await page.goto(`/drama/${drama.id}`);
    await expect(page.locator('header astro-island[ssr]')).toHaveCount(0); // the navbar's islands
    // every island but the photo viewer's and the comments block's (at the bottom, hydrated when scrolled
    // to: tests/e2e/comments.spec.ts) has hydrated, and they have not: what they load has been asked for
    const unhydrated = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('astro-island[ssr]')].map((island) =>
          island.closest('[data-panel=photos]') ? 'photos' : island.querySelector('[data-comments]') ? 'comments' : 'other',
        ),
      );
    await expect.poll(unhydrated).toEqual(['photos', 'comments']);
    // a request made after that is the positive event: once it is seen, every request before it has
    // been seen too; and the scripts asked for have all been read
    const marker = page.waitForRequest((r) => r.url().includes('details-check'));
    await page.evaluate(() => void fetch('/api/v1/health?details-check'));
    await marker;
    expect(asked.filter((u) => /PhotoGallery|Comments/.test(u))).toEqual([]);
    const scriptsAsked = () => [...new Set(asked)].filter((u) => /\.m?js(\?|$)/.test(u));
    await expect.poll(() => scriptsAsked().filter((u) => !scripts.has(u))).toEqual([]);
    const before = [...scripts.values()].reduce((a, b) => a + b, 0);
    expect([...scripts.keys()].some((u) => /PhotoGallery/.test(u))).toBe(false);
    info.annotations.push({ type: 'js-bytes', description: `details tab: ${before} bytes in ${scripts.size} scripts` });

    const gallery = page.waitForResponse(/PhotoGallery/);
    await tab(page, /^Photos/).click();
    await expect(page.locator('[data-panel=photos] astro-island:not([ssr])')).toHaveCount(1);
    expect((await gallery).request().resourceType()).toBe('script');
    // the listener records a script once its body is read
    await expect.poll(() => [...scripts.keys()].some((u) => /PhotoGallery/.test(u))).toBe(true);
    const after = [...scripts.values()].reduce((a, b) => a + b, 0);
    info.annotations.push({ type: 'js-bytes', description: `after opening Photos: ${after} bytes in ${scripts.size} scripts` });
    console.log(`drama page JS: details ${before} B (${scripts.size} scripts at the end), with the photo viewer ${after} B`);
  });
});

test.describe('/dramas redirects', () => {
  test('/dramas paths move permanently to /search/drama and /drama', async ({ request }) => {
    const cases: [string, string][] = [
      ['/dramas', '/search/drama'],
      ['/dramas/', '/search/drama'],
      ['/dramas?genre=3&sort_by=rating', '/search/drama?genre=3&sort_by=rating'],
      ['/dramas/?q=love', '/search/drama?q=love'],
      ['/dramas/42', '/drama/42'],
      ['/dramas/42/edit', '/drama/42/edit'],
    ];
    for (const [from, to] of cases) {
      const res = await request.get(from, { maxRedirects: 0 });
      expect(res.status(), from).toBe(301);
      expect(res.headers().location, from).toBe(to);
    }
  });
});
