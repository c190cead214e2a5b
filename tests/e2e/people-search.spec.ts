import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { waitForIslands } from './support/islands.ts';

// The people search (spec 1 §2.9, §5, §9) at /search/people and /search/person, rendered on demand
// from the query string; what it shows is compared with the API's answer for the same search.

interface PersonSummary {
  id: number;
  name: string;
  nationality: string[];
}
interface PeoplePage {
  items: PersonSummary[];
  total: number;
  pages: number;
}

const LABELS: Record<string, string> = { 'South Korean': 'Korean', 'Hong Konger': 'Hong Kong' };
const label = (nationalities: string[]) => nationalities.map((n) => LABELS[n] ?? n).join(', ');

async function api(request: APIRequestContext, query: string): Promise<PeoplePage> {
  const res = await request.get(`/api/v1/people/?size=24&${query}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as PeoplePage;
}

const cards = (page: Page) => page.getByTestId('person-card');

/** The cards show exactly the API's people, in its order, with name, nationality and link. */
async function expectCards(page: Page, expected: PersonSummary[]) {
  await expect(page.getByTestId('person-name')).toHaveText(expected.map((p) => p.name));
  const links = await cards(page).evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(links).toEqual(expected.map((p) => `/people/${p.id}`));
  const nationalities = await cards(page).evaluateAll((as) => as.map((a) => a.querySelector('[data-testid="person-nationality"]')?.textContent ?? ''));
  expect(nationalities).toEqual(expected.map((p) => label(p.nationality)));
}

test.describe('people search', () => {
  test('lists the most popular people first, 24 a page, at both addresses', async ({ page, request }) => {
    const expected = await api(request, 'sort_by=popularity');
    for (const url of ['/search/people', '/search/person']) {
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search People');
      await expect(cards(page)).toHaveCount(24);
      await expectCards(page, expected.items);
      await expect(page.getByTestId('people-count')).toHaveText(`${expected.total.toLocaleString('en-US')} people found`);
      const tabs = page.getByRole('navigation', { name: 'Search type' });
      await expect(tabs.getByRole('link', { name: 'People' })).toHaveAttribute('aria-current', 'page');
      await expect(tabs.getByRole('link', { name: 'Dramas' })).toHaveAttribute('href', '/search/drama');
    }
  });

  test('offers the featured nationalities, the genders and the sorts with readable labels', async ({ page }) => {
    await page.goto('/search/people');
    const nationality = page.getByRole('group', { name: 'Nationality' });
    await expect(nationality.getByRole('checkbox')).toHaveCount(7);
    await expect(nationality.locator('label')).toHaveText(['Korean', 'Chinese', 'Japanese', 'Taiwanese', 'Hong Kong', 'Thai', 'Filipino']);
    const gender = page.getByRole('group', { name: 'Gender' });
    await expect(gender.locator('label')).toHaveText(['Any', 'Male', 'Female', 'Other']);
    await expect(gender.getByRole('radio', { name: 'Any' })).toBeChecked();
    const sort = page.getByLabel('Sort by');
    await expect(sort.locator('option')).toHaveText(['Popularity', 'Name (A-Z)', 'Name (Z-A)']);
    await expect(sort).toHaveValue('popularity');
  });

  test('nationality and gender filters really filter, and applying them resets the page', async ({ page, request }) => {
    await page.goto('/search/people?page=3');
    await waitForIslands(page);
    await page.getByRole('checkbox', { name: 'Korean' }).check();
    await expect(page).toHaveURL(/\/search\/people\?nationality=Korean$/);
    await page.getByRole('checkbox', { name: 'Hong Kong' }).check();
    await expect(page).toHaveURL(/\?nationality=Korean&nationality=Hong\+Kong$/);
    await page.getByRole('radio', { name: 'Female' }).check();
    await expect(page).toHaveURL(/\?nationality=Korean&nationality=Hong\+Kong&gender=Female$/);

    const expected = await api(request, 'nationality=South%20Korean&nationality=Hong%20Konger&gender=Female&sort_by=popularity');
    expect(expected.items.length).toBeGreaterThan(0);
    await expectCards(page, expected.items);
    await expect(page.getByTestId('people-count')).toHaveText(`${expected.total.toLocaleString('en-US')} people found`);
    const all = await api(request, 'sort_by=popularity');
    expect(expected.total).toBeLessThan(all.total);
    for (const person of expected.items) expect(person.nationality.some((n) => n === 'South Korean' || n === 'Hong Konger')).toBe(true);
    await expect(page.getByRole('checkbox', { name: 'Korean' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Female' })).toBeChecked();

    await page.getByRole('link', { name: 'Clear Filters' }).first().click();
    await expect(page).toHaveURL(/\/search\/people$/);
    await expect(page.getByRole('radio', { name: 'Any' })).toBeChecked();
  });

  test('search text and sort go to the query string and order the results as the API does', async ({ page, request }) => {
    const someone = (await api(request, 'sort_by=popularity&page=3')).items[5]!;
    await page.goto('/search/people?page=2');
    await waitForIslands(page);
    await page.getByLabel('Search by name').fill(`  ${someone.name} `);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(`/search/people?q=${encodeURIComponent(someone.name).replace(/%20/g, '+')}`);
    const byName = await api(request, `name=${encodeURIComponent(someone.name)}&sort_by=popularity`);
    await expectCards(page, byName.items);
    await expect(page.getByTestId('person-name')).toContainText([someone.name]);

    await page.getByLabel('Sort by').selectOption('name_asc');
    await expect(page).toHaveURL(/[?&]sort_by=name_asc$/);
    await expectCards(page, (await api(request, `name=${encodeURIComponent(someone.name)}&sort_by=name_asc`)).items);

    await page.goto('/search/people?sort_by=name_desc');
    await expectCards(page, (await api(request, 'sort_by=name_desc')).items);
    await expect(page.getByLabel('Sort by')).toHaveValue('name_desc');
  });

  test('pages through the results with the pagination control', async ({ page, request }) => {
    const first = await api(request, 'sort_by=popularity&nationality=Japanese');
    expect(first.pages).toBeGreaterThan(2);
    await page.goto('/search/people?nationality=Japanese');
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.getByText('1', { exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(pagination.getByRole('link', { name: String(first.pages), exact: true })).toBeVisible();
    await pagination.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\?nationality=Japanese&page=2$/);
    await expectCards(page, (await api(request, 'sort_by=popularity&nationality=Japanese&page=2')).items);
    await pagination.getByRole('link', { name: String(first.pages), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`page=${first.pages}$`));
    await expectCards(page, (await api(request, `sort_by=popularity&nationality=Japanese&page=${first.pages}`)).items);
    await expect(pagination.locator('[aria-disabled="true"]', { hasText: 'Next' })).toBeVisible();
  });

  test('shows the empty state when nobody matches', async ({ page }) => {
    const response = await page.goto('/search/people?q=zzqxvbnw');
    expect(response?.status()).toBe(200);
    await expect(page.getByText('No people found with the current criteria.')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });

  test('a page past the last one leads to the last page, not an empty state', async ({ page, request }) => {
    const { pages, items } = await api(request, `sort_by=popularity&nationality=Korean&page=1`);
    expect(pages).toBeGreaterThan(1);
    await page.goto('/search/people?nationality=Korean&page=9999');
    await expect(page).toHaveURL(new RegExp(`page=${pages}$`));
    await expectCards(page, (await api(request, `sort_by=popularity&nationality=Korean&page=${pages}`)).items);
    await expect(page.getByText('No people found with the current criteria.')).toHaveCount(0);
    expect(items.length).toBeGreaterThan(0);
  });

  test('bad query values never fail the page: they read as the defaults', async ({ page, request }) => {
    const response = await page.goto('/search/people?page=abc&sort_by=rating&gender=robot&age=old&q=%00');
    expect(response?.status()).toBe(200);
    await expectCards(page, (await api(request, 'sort_by=popularity')).items);
    await expect(page.getByLabel('Sort by')).toHaveValue('popularity');
  });

  test('skeleton cards show at once while the next search or page loads', async ({ page }) => {
    await page.goto('/search/people');
    await waitForIslands(page);
    const skeleton = page.getByTestId('people-skeleton');
    await expect(skeleton).toBeHidden();
    // read the page in the same task as the submit: before the browser has left it
    const shown = (trigger: 'submit' | 'page') =>
      page.evaluate((how) => {
        if (how === 'submit') {
          (document.getElementById('people-q') as HTMLInputElement).value = 'Kim';
          (document.getElementById('people-search') as HTMLFormElement).requestSubmit();
        } else {
          document.querySelector<HTMLAnchorElement>('nav[aria-label="Pagination"] a[rel="next"]')!.click();
        }
        const grid = document.querySelector('[data-testid="people-skeleton"]')!;
        return {
          skeletonCards: (grid.parentElement as HTMLElement).hidden ? 0 : grid.querySelectorAll('li').length,
          resultsHidden: document.querySelector<HTMLElement>('#people-results [data-results]')!.hidden,
        };
      }, trigger);
    expect(await shown('submit')).toEqual({ skeletonCards: 24, resultsHidden: true });
    await expect(page).toHaveURL(/\/search\/people\?q=Kim$/);
    await expect(skeleton).toBeHidden();
    await expect(cards(page).first()).toBeVisible();

    expect(await shown('page')).toEqual({ skeletonCards: 24, resultsHidden: true });
    await expect(page).toHaveURL(/\?q=Kim&page=2$/);
    await expect(skeleton).toBeHidden();
  });

  test('on a phone the filters fold behind a Filters toggle whose badge counts the active filters', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/search/people?nationality=Korean&nationality=Thai&gender=Male&q=a');
    await waitForIslands(page);
    const toggle = page.getByRole('button', { name: /^Filters/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('filters-badge')).toHaveText('active:3');
    await expect(page.getByRole('group', { name: 'Nationality' })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('group', { name: 'Nationality' })).toBeVisible();
    // on a phone a choice waits for Apply Filters
    await page.getByRole('checkbox', { name: 'Thai' }).uncheck();
    await expect(page).toHaveURL(/nationality=Thai/);
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL('/search/people?q=a&nationality=Korean&gender=Male');
    await expect(page.getByTestId('filters-badge')).toHaveText('active:2');

    await page.goto('/search/people');
    await expect(page.getByTestId('filters-badge')).toHaveCount(0);
  });

  test('without JavaScript the form still searches and filters', async ({ browser, request }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/search/people');
    await page.getByRole('checkbox', { name: 'Japanese' }).check();
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/nationality=Japanese/);
    await expectCards(page, (await api(request, 'sort_by=popularity&nationality=Japanese')).items);
    await context.close();
  });
});
