import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CLIENT_DIR } from './support/ports.ts';

// The ranked list pages (spec 1 §2.10): each list under /drama/{list} and /{list}, 24 cards a page
// in the API's order, ?page=N, the count, pagination, bad page values. Expected values come from the
// API, which reads the same database.

const LISTS = [
  { key: 'popular', heading: 'Most Popular Dramas' },
  { key: 'top-rated', heading: 'Top Rated Dramas' },
  { key: 'airing', heading: 'Top Airing Shows' },
  { key: 'upcoming', heading: 'Upcoming Dramas' },
] as const;

interface ApiPage {
  items: { id: number; title: string }[];
  total: number;
  pages: number;
}

async function apiList(request: APIRequestContext, key: string, page = 1): Promise<ApiPage> {
  const res = await request.get(`/api/v1/dramas/${key}?size=24&page=${page}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: ApiPage }).data;
}

/**
 * Runs `check` (read the API, open the page, compare) again until it passes: other workers' tests
 * add and remove dramas, and a list's total is memoised for up to 30 s on the server
 * (services/drama-search/drama-lists.ts) and a page 1 is the build's, so the API and the page can
 * disagree for a while after such a change. They must agree once the catalogue is still.
 */
const settled = (check: () => Promise<void>) => expect(check).toPass({ timeout: 75_000, intervals: [1_000, 2_000, 5_000] });

const grid = (page: Page) => page.locator('[data-list-results] li a');

async function cardIds(page: Page): Promise<number[]> {
  const hrefs = await grid(page).evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  return hrefs.map((h) => Number(/^\/drama\/(\d+)$/.exec(h ?? '')?.[1]));
}

const fmt = (n: number) => n.toLocaleString('en-US');
const showing = (page: number, total: number) => {
  const first = (page - 1) * 24 + 1;
  const last = Math.min(page * 24, total);
  return `Showing ${first === last ? fmt(first) : `${fmt(first)}–${fmt(last)}`} of ${fmt(total)} ${total === 1 ? 'drama' : 'dramas'}`;
};

for (const list of LISTS) {
  for (const base of [`/drama/${list.key}`, `/${list.key}`]) {
    test(`${base} shows the API's first page in order with its count and canonical link`, async ({ page, request }) => {
      test.setTimeout(90_000);
      let expected: ApiPage | undefined;
      await settled(async () => {
        expected = await apiList(request, list.key);
        expect(expected.total).toBeGreaterThan(24); // the demo catalogue fills more than a page of each list
        const res = await page.goto(base);
        expect(res?.status()).toBe(200);
        expect(await cardIds(page)).toEqual(expected.items.map((d) => d.id));
        await expect(page.getByTestId('list-count')).toHaveText(showing(1, expected.total), { timeout: 2_000 });
      });
      if (!expected) throw new Error('no answer');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(list.heading);
      await expect(page).toHaveTitle(`${list.heading} | DramaList`);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/drama/${list.key}$`));
      const nav = page.getByRole('navigation', { name: 'Pagination' });
      await expect(nav.locator('[aria-current="page"]')).toHaveText('1');
      await expect(nav.getByRole('link', { name: '2', exact: true })).toHaveAttribute('href', `${base}?page=2`);
      await expect(nav.getByRole('link', { name: String(expected.pages), exact: true })).toHaveAttribute('href', `${base}?page=${expected.pages}`);
      await expect(nav.getByRole('link', { name: 'Next' })).toHaveAttribute('href', `${base}?page=2`);
    });

    test(`${base}?page=2 shows the API's second page, none of the first`, async ({ page, request }) => {
      test.setTimeout(90_000);
      await settled(async () => {
        const [first, second] = await Promise.all([apiList(request, list.key, 1), apiList(request, list.key, 2)]);
        const res = await page.goto(`${base}?page=2`);
        expect(res?.status()).toBe(200);
        const ids = await cardIds(page);
        expect(ids).toEqual(second.items.map((d) => d.id));
        expect(ids.filter((id) => first.items.some((d) => d.id === id))).toEqual([]);
        await expect(page.getByTestId('list-count')).toHaveText(showing(2, second.total), { timeout: 2_000 });
      });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(list.heading);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/drama/${list.key}\\?page=2$`));
      const nav = page.getByRole('navigation', { name: 'Pagination' });
      await expect(nav.locator('[aria-current="page"]')).toHaveText('2');
      await expect(nav.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', base);
    });
  }
}

test('the last page holds the rest of the list and has no Next link', async ({ page, request }) => {
  test.setTimeout(90_000);
  let pages = 0;
  await settled(async () => {
    const first = await apiList(request, 'popular');
    pages = first.pages;
    const last = await apiList(request, 'popular', pages);
    await page.goto(`/drama/popular?page=${pages}`);
    expect(await cardIds(page)).toEqual(last.items.map((d) => d.id));
    await expect(page.getByTestId('list-count')).toHaveText(showing(pages, first.total), { timeout: 2_000 });
  });
  const nav = page.getByRole('navigation', { name: 'Pagination' });
  await expect(nav.getByRole('link', { name: 'Next' })).toHaveCount(0);
  await expect(nav.locator('[aria-current="page"]')).toHaveText(String(pages));
});

test('following the pagination shows skeleton cards while the next page loads, then its cards', async ({ page, request }) => {
  const second = await apiList(request, 'top-rated', 2);
  await page.goto('/top-rated');
  await expect(page.locator('[data-list-skeleton]')).toBeHidden();
  // Hold the page on the loading state: the page's own handler (on the list) runs first, then this
  // one (on the window) stops the navigation.
  await page.evaluate(() => window.addEventListener('click', (e) => e.preventDefault(), { once: true }));
  const next = page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' });
  await next.click();
  await expect(page.locator('[data-list-skeleton] li')).toHaveCount(24);
  await expect(page.locator('[data-list-skeleton]')).toBeVisible();
  await expect(page.locator('[data-list-results]')).toBeHidden();
  await expect(page.locator('[data-ranked-list]')).toHaveAttribute('aria-busy', 'true');
  await next.click();
  await expect(page).toHaveURL(/\/top-rated\?page=2$/);
  await expect(page.getByTestId('list-count')).toHaveText(showing(2, second.total));
  expect(await cardIds(page)).toEqual(second.items.map((d) => d.id));
  await expect(page.locator('[data-list-skeleton]')).toBeHidden();
});

test('page 1 of every list under both paths is a pre-rendered file of the build', async ({ request }) => {
  const client = CLIENT_DIR;
  for (const list of LISTS) {
    const expected = await apiList(request, list.key);
    for (const dir of [`drama/${list.key}`, list.key]) {
      const file = [path.join(client, dir, 'index.html'), path.join(client, `${dir}.html`)].find((f) => fs.existsSync(f));
      expect(file, `a file for /${dir}`).toBeTruthy();
      const html = fs.readFileSync(file!, 'utf8');
      expect(html).toContain(`<h1`);
      expect(html).toContain(`href="/drama/${expected.items[0]!.id}"`);
    }
  }
});

test('a page value that is not a whole number from 1 shows page 1', async ({ page, request }) => {
  const first = await apiList(request, 'airing');
  for (const value of ['abc', '0', '-3', '2.5', '', '1']) {
    const res = await page.goto(`/airing?page=${value}`);
    expect(res?.status(), `?page=${value}`).toBe(200);
    expect(await cardIds(page), `?page=${value}`).toEqual(first.items.map((d) => d.id));
    await expect(page.getByTestId('list-count')).toHaveText(showing(1, first.total));
  }
});

test('a page past the end says so and links to the last page and to page 1', async ({ page, request }) => {
  const { pages } = await apiList(request, 'upcoming');
  for (const value of [String(pages + 1), '99999999999999999999']) {
    const res = await page.goto(`/drama/upcoming?page=${value}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Upcoming Dramas');
    await expect(page.getByTestId('list-empty')).toContainText('There are no upcoming dramas on page');
    await expect(page.getByTestId('list-count')).toHaveCount(0);
    await expect(grid(page)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Go to the last page' })).toHaveAttribute('href', `/drama/upcoming?page=${pages}`);
    await expect(page.getByRole('link', { name: 'Back to page 1' })).toHaveAttribute('href', '/drama/upcoming');
  }
  await page.getByRole('link', { name: 'Go to the last page' }).click();
  await expect(page.getByRole('navigation', { name: 'Pagination' }).locator('[aria-current="page"]')).toHaveText(String(pages));
});

test('cards link to their drama and show the card rules', async ({ page, request }) => {
  const first = await apiList(request, 'popular');
  await page.goto('/drama/popular');
  const card = grid(page).first();
  await expect(card).toHaveAttribute('href', `/drama/${first.items[0]!.id}`);
  await expect(card.getByRole('img')).toHaveAttribute('alt', first.items[0]!.title);
  // the first row loads at once, cards further down lazily; every image has its size
  await expect(grid(page).nth(0).locator('img')).toHaveAttribute('loading', 'eager');
  await expect(grid(page).nth(23).locator('img')).toHaveAttribute('loading', 'lazy');
  await expect(grid(page).nth(23).locator('img')).toHaveAttribute('width', '300');
});

test('the twin route answers only for the ranked lists', async ({ page, request }) => {
  expect((await request.get('/ranked/drama/not-a-list?page=2')).status()).toBe(404);

  // for a ranked list it answers the same page as the list's own address
  const expected = await apiList(request, 'popular', 2);
  const firstCard = `/drama/${expected.items[0]!.id}`;
  for (const url of ['/ranked/drama/popular?page=2', '/drama/popular?page=2']) {
    const res = await page.goto(url);
    expect(res?.status(), url).toBe(200);
    await expect(grid(page).first(), url).toHaveAttribute('href', firstCard);
  }
});
