import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { paginationWindow } from '../../src/lib/ui/pagination.ts';
import { waitForIslands } from './support/islands.ts';
import {accountToken, DEMO_MEMBER, useToken } from './support/session.ts';

// Several tests walk years and seasons, each a fetch and a render: more than the default 30 s when
// the two cores are busy with the other worker's browser and the site (seen at 31–46 s).
test.describe.configure({ timeout: 90_000 });

// The drama calendar (spec 1 §2.11), signed-in only. Expected items and totals come from
// GET /api/v1/dramas/seasons, which the page itself calls.

const SEASONS = ['Q1 Winter/Spring (Jan-Mar)', 'Q2 Spring/Summer (Apr-Jun)', 'Q3 Summer/Fall (Jul-Sep)', 'Q4 Fall/Winter (Oct-Dec)'];
const THIS_YEAR = new Date().getFullYear();

interface SeasonPage {
  items: { id: number; title: string }[];
  total: number;
  pages: number;
}

/** The demo member, signed in once per worker. */
async function signedIn(page: Page) {
  await useToken(page, await accountToken());
}

async function season(request: APIRequestContext, year: number, quarter?: number, page = 1): Promise<SeasonPage> {
  const q = quarter ? `&quarter=${quarter}` : '';
  const res = await request.get(`/api/v1/dramas/seasons?year=${year}${q}&page=${page}&size=24`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as SeasonPage;
}

const found = (n: number) => `${n.toLocaleString('en-US')} drama(s) found`;
const results = (page: Page) => page.getByTestId('calendar-results');

async function shownIds(page: Page): Promise<number[]> {
  const hrefs = await results(page).locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  return hrefs.map((h) => Number(/^\/drama\/(\d+)$/.exec(h ?? '')?.[1]));
}

async function expectSeason(page: Page, expected: SeasonPage) {
  await expect(page.getByTestId('calendar-count')).toHaveText(found(expected.total));
  await expect.poll(() => shownIds(page)).toEqual(expected.items.map((d) => d.id));
}

/** a year of the demo catalogue with more than one page of dramas */
async function busyYear(request: APIRequestContext): Promise<number> {
  for (const year of [THIS_YEAR, THIS_YEAR - 1, THIS_YEAR - 2, THIS_YEAR - 3]) if ((await season(request, year)).pages > 1) return year;
  throw new Error('no year with more than 24 dramas');
}

test('a signed-out visitor is sent to sign in and comes back to the same calendar view', async ({ page, request }) => {
  const year = THIS_YEAR - 1;
  await page.goto(`/calendar?year=${year}&quarter=2`);
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(`/calendar?year=${year}&quarter=2`)}`);
  // typed before the form hydrates, the e-mail would be reset by React
  await waitForIslands(page);
  await page.getByLabel('Email').fill(DEMO_MEMBER.email);
  await page.getByLabel('Password').fill(DEMO_MEMBER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`/calendar?year=${year}&quarter=2`);
  await expect(page.getByRole('heading', { name: 'Drama Calendar', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: SEASONS[1] })).toHaveAttribute('aria-pressed', 'true');
  await expectSeason(page, await season(request, year, 2));
});

test('the calendar opens on the current year with no season chosen and links each card to its drama', async ({ page, request }) => {
  await signedIn(page);
  await page.goto('/calendar');
  await expect(page.getByTestId('calendar-year')).toHaveText(String(THIS_YEAR));
  for (const name of SEASONS) await expect(page.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('button', { name: 'Clear filter' })).toHaveCount(0);
  const expected = await season(request, THIS_YEAR);
  await expectSeason(page, expected);
  await expect(results(page).locator('a').first()).toHaveAttribute('href', `/drama/${expected.items[0]!.id}`);
  await results(page).locator('a').first().click();
  await expect(page).toHaveURL(`/drama/${expected.items[0]!.id}`);
});

test('previous and next year buttons move a year at a time, in the address too', async ({ page, request }) => {
  await signedIn(page);
  await page.goto('/calendar');
  await page.getByRole('button', { name: `Previous year ${THIS_YEAR - 1}`, exact: true }).click();
  await expect(page.getByTestId('calendar-year')).toHaveText(String(THIS_YEAR - 1));
  await expect(page).toHaveURL(`/calendar?year=${THIS_YEAR - 1}`);
  await expectSeason(page, await season(request, THIS_YEAR - 1));
  await page.getByRole('button', { name: `Previous year ${THIS_YEAR - 2}`, exact: true }).click();
  await expect(page.getByTestId('calendar-year')).toHaveText(String(THIS_YEAR - 2));
  await expectSeason(page, await season(request, THIS_YEAR - 2));
  await page.getByRole('button', { name: `Next year ${THIS_YEAR - 1}`, exact: true }).click();
  await expect(page.getByTestId('calendar-year')).toHaveText(String(THIS_YEAR - 1));
  await expectSeason(page, await season(request, THIS_YEAR - 1));
  // Back returns to the year before
  await page.goBack();
  await expect(page.getByTestId('calendar-year')).toHaveText(String(THIS_YEAR - 2));
  await expectSeason(page, await season(request, THIS_YEAR - 2));
});

test('each season button shows the dramas of that quarter; Clear filter goes back to the whole year', async ({ page, request }) => {
  const year = THIS_YEAR - 1;
  await signedIn(page);
  await page.goto(`/calendar?year=${year}`);
  for (const [i, name] of SEASONS.entries()) {
    await page.getByRole('button', { name }).click();
    await expect(page.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(`/calendar?year=${year}&quarter=${i + 1}`);
    await expectSeason(page, await season(request, year, i + 1));
  }
  // the year's total is the sum of its seasons
  const totals = await Promise.all([1, 2, 3, 4].map(async (q) => (await season(request, year, q)).total));
  const whole = await season(request, year);
  expect(totals.reduce((a, b) => a + b, 0)).toBe(whole.total);

  await page.getByRole('button', { name: 'Clear filter' }).click();
  await expect(page).toHaveURL(`/calendar?year=${year}`);
  for (const name of SEASONS) await expect(page.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('button', { name: 'Clear filter' })).toHaveCount(0);
  await expectSeason(page, whole);
});

test('the grid/list toggle changes the layout and survives a reload', async ({ page, request }) => {
  const year = THIS_YEAR - 1;
  const expected = await season(request, year);
  await signedIn(page);
  await page.goto(`/calendar?year=${year}`);
  await expect(results(page)).toHaveAttribute('data-view', 'grid');
  await expect(page.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'List' }).click();
  await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  await expect(results(page)).toHaveAttribute('data-view', 'list');
  await expect(page).toHaveURL(`/calendar?year=${year}&view=list`);
  await expect(results(page).locator('a').first()).toContainText('First aired');
  await expectSeason(page, expected);
  await page.reload();
  await expect(results(page)).toHaveAttribute('data-view', 'list');
  await expectSeason(page, expected);
  await page.getByRole('button', { name: 'Grid' }).click();
  await expect(results(page)).toHaveAttribute('data-view', 'grid');
  await expect(page).toHaveURL(`/calendar?year=${year}`);
});

test('pagination shows the current page ± 2 with ellipses and pages through the API', async ({ page, request }) => {
  const year = await busyYear(request);
  const first = await season(request, year);
  await signedIn(page);
  await page.goto(`/calendar?year=${year}`);
  await expectSeason(page, first);
  const nav = page.getByRole('navigation', { name: 'Pagination' });
  await expect(nav.locator('[aria-current="page"]')).toHaveText('1');
  await nav.getByRole('link', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(`/calendar?year=${year}&page=2`);
  const second = await season(request, year, undefined, 2);
  await expectSeason(page, second);
  expect((await shownIds(page)).filter((id) => first.items.some((d) => d.id === id))).toEqual([]);
  await expect(nav.locator('[aria-current="page"]')).toHaveText('2');

  // first, last, current ± 2, ellipses for the gaps (the rule of src/lib/ui/pagination.ts)
  const labelsAt = async (p: number) => {
    await page.goto(`/calendar?year=${year}&page=${p}`);
    await expect(nav.locator('[aria-current="page"]')).toHaveText(String(p));
    return (await nav.locator('a, span').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  };
  const window = (p: number) => paginationWindow(p, first.pages, 2).map((i) => (i === 'ellipsis' ? '…' : String(i)));
  expect(first.pages).toBeGreaterThanOrEqual(5);
  expect(await labelsAt(1)).toEqual(['Previous', ...window(1), 'Next']);
  expect(window(1)).toContain('…');
  expect(await labelsAt(first.pages)).toEqual(['Previous', ...window(first.pages), 'Next']);
  const mid = Math.ceil(first.pages / 2);
  expect(await labelsAt(mid)).toEqual(['Previous', ...window(mid), 'Next']);
  expect(window(mid)).toEqual(expect.arrayContaining([mid - 2, mid - 1, mid, mid + 1, mid + 2].map(String)));
  await page.goto(`/calendar?year=${year}&page=2`);
  await nav.getByRole('link', { name: 'Previous' }).click();
  await expect(page).toHaveURL(`/calendar?year=${year}`);
  await expectSeason(page, first);
  await page.goBack();
  await expectSeason(page, second);
});

test('a year and a season with no dramas say so, with a zero count', async ({ page, request }) => {
  const empty = 1950;
  expect((await season(request, empty)).total).toBe(0);
  await signedIn(page);
  await page.goto(`/calendar?year=${empty}`);
  await expect(page.getByTestId('calendar-empty')).toHaveText(`No dramas found for ${empty}.`);
  await expect(page.getByTestId('calendar-count')).toHaveText('0 drama(s) found');
  await page.getByRole('button', { name: SEASONS[0] }).click();
  await expect(page.getByTestId('calendar-empty')).toHaveText(`No dramas found for ${SEASONS[0]} ${empty}.`);
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
});

test('bad values in the address fall back to the defaults', async ({ page, request }) => {
  await signedIn(page);
  await page.goto('/calendar?year=abc&quarter=9&page=-4&view=table');
  await expect(page.getByTestId('calendar-year')).toHaveText(String(THIS_YEAR));
  await expect(results(page)).toHaveAttribute('data-view', 'grid');
  await expectSeason(page, await season(request, THIS_YEAR));
});

test('a page past the end of the season says so and leads back to page 1', async ({ page, request }) => {
  const year = THIS_YEAR - 1;
  const first = await season(request, year);
  await signedIn(page);
  await page.goto(`/calendar?year=${year}&page=${first.pages + 5}`);
  await expect(page.getByTestId('calendar-empty')).toHaveText(`There are no dramas on page ${first.pages + 5}.Back to page 1`);
  await expect(page.getByTestId('calendar-count')).toHaveText(found(first.total));
  await page.getByRole('button', { name: 'Back to page 1' }).click();
  await expect(page).toHaveURL(`/calendar?year=${year}`);
  await expectSeason(page, first);
});

test('a failed load shows the error with Try Again, which reloads the page', async ({ page, request }) => {
  await signedIn(page);
  await page.route('**/api/v1/dramas/seasons**', (route) => route.fulfill({ status: 500, json: { detail: 'boom' } }));
  await page.goto('/calendar');
  await expect(page.getByRole('alert')).toContainText('Failed to load dramas. Please try again.');
  await page.unroute('**/api/v1/dramas/seasons**');
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expectSeason(page, await season(request, THIS_YEAR));
});

test('skeleton cards show while a season loads', async ({ page, request }) => {
  await signedIn(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/dramas/seasons**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/calendar?year=${THIS_YEAR}`);
  await expect(page.getByTestId('calendar-skeleton').locator('li')).toHaveCount(24);
  await expect(page.getByTestId('calendar-count')).toHaveCount(0);
  release();
  await expectSeason(page, await season(request, THIS_YEAR));
  await expect(page.getByTestId('calendar-skeleton')).toHaveCount(0);
});
