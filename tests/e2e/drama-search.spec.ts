import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { openHydrated, waitForIslands } from './support/islands.ts';

// The drama search page (spec 1 §2.8, §5, §9). Expected values are read from the API for the same
// query: the page and GET /api/v1/dramas/ must show the same dramas in the same order.

interface Options {
  countries: string[];
  genres: { id: number; name: string }[];
  tags: { id: number; name: string }[];
  types: string[];
  statuses: string[];
}
interface DramaPage {
  items: { id: number; title: string }[];
  total: number;
  pages: number;
}

async function filterOptions(request: APIRequestContext): Promise<Options> {
  return (await request.get('/api/v1/dramas/filter-options')).json();
}

async function apiSearch(request: APIRequestContext, query: string): Promise<DramaPage> {
  const response = await request.get(`/api/v1/dramas/?size=24&${query}`);
  expect(response.ok()).toBe(true);
  return response.json();
}

const results = (page: Page) => page.locator('#drama-results');

/** The ids of the cards shown, in order. */
async function cardIds(page: Page): Promise<number[]> {
  const hrefs = await results(page).locator('li a[href^="/drama/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  return hrefs.map((h) => Number(h.split('/').pop()));
}

// several page loads per test on a busy machine
test.describe.configure({ timeout: 120_000 });

test.describe('drama search', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('shows 24 cards of the whole catalogue, the result count and the tabs', async ({ page, request }) => {
    const expected = await apiSearch(request, '');
    await page.goto('/search/drama');
    expect(await cardIds(page)).toEqual(expected.items.map((d) => d.id));
    expect(expected.items).toHaveLength(24);
    await expect(results(page).getByRole('status')).toHaveText(`${expected.total.toLocaleString('en-US')} dramas found`);

    const tabs = page.getByRole('navigation', { name: 'Search type' });
    await expect(tabs.getByRole('link', { name: 'Dramas' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByRole('link', { name: 'People' })).toHaveAttribute('href', '/search/people');
    await tabs.getByRole('link', { name: 'People' }).click();
    await expect(page).toHaveURL(/\/search\/people$/);
  });

  test('each filter narrows the results to what the API answers for the same query', async ({ page, request }) => {
    const options = await filterOptions(request);
    const genre = options.genres.find((g) => g.name === 'Romance')!;
    const other = options.genres.find((g) => g.name === 'Comedy')!;
    const tag = options.tags[0]!;
    const queries = [
      `genre=${genre.id}`,
      `genre=${genre.id}&genre=${other.id}`,
      `tag=${tag.id}`,
      'country=Japan',
      'country=Japan&country=Thailand',
      'type=movie',
      'status=airing',
      'year=2015,2018',
      'ep=1,8',
      'rt=8,10',
      `genre=${genre.id}&country=South+Korea&year=2010,2020&sort_by=rating`,
    ];
    const { total: all } = await apiSearch(request, '');
    for (const query of queries) {
      const expected = await apiSearch(request, query);
      expect(expected.total, query).toBeGreaterThan(0);
      expect(expected.total, query).toBeLessThan(all);
      await page.goto(`/search/drama?${query}`);
      expect(new URL(page.url()).search, query).toBe(`?${query}`);
      expect(await cardIds(page), query).toEqual(expected.items.map((d) => d.id));
      await expect(results(page).getByRole('status'), query).toHaveText(
        `${expected.total.toLocaleString('en-US')} ${expected.total === 1 ? 'drama' : 'dramas'} found`,
      );
    }
  });

  test('the panel shows the applied filters and applying goes to the canonical address on page 1', async ({ page, request }) => {
    const options = await filterOptions(request);
    const romance = options.genres.find((g) => g.name === 'Romance')!;
    await openHydrated(page, '/search/drama?page=2');
    await expect(results(page).locator('[aria-current="page"]')).toHaveText('2');

    const panel = page.getByRole('search', { name: 'Filter dramas' });
    await panel.getByRole('checkbox', { name: 'Romance' }).check();
    await panel.getByRole('checkbox', { name: 'Movie' }).check();
    await panel.getByRole('checkbox', { name: 'South Korea' }).check();
    await panel.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(`/search/drama?genre=${romance.id}&country=South+Korea&type=movie`);
    const expected = await apiSearch(request, `genre=${romance.id}&country=South+Korea&type=movie`);
    // the URL changes before the new page's cards are in: poll until they are
    await expect.poll(() => cardIds(page)).toEqual(expected.items.map((d) => d.id));
    await expect(panel.getByRole('checkbox', { name: 'Romance' })).toBeChecked();
    await expect(panel.getByRole('checkbox', { name: 'Movie' })).toBeChecked();

    // a tag is added from its list and shows as a chosen (checked) tag
    await waitForIslands(page);
    const tag = options.tags[1]!;
    await panel.getByLabel('Add a tag').selectOption(String(tag.id));
    await expect(panel.getByRole('checkbox', { name: tag.name })).toBeChecked();
    await panel.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(`/search/drama?genre=${romance.id}&tag=${tag.id}&country=South+Korea&type=movie`);
  });

  test('the sort options carry the spec labels and each order matches the API', async ({ page, request }) => {
    await openHydrated(page, '/search/drama');
    const sort = results(page).getByLabel('Sort by');
    await expect(sort.locator('option')).toHaveText([
      'Popularity',
      'Rating',
      'Title (A-Z)',
      'Title (Z-A)',
      'Year (Newest)',
      'Year (Oldest)',
    ]);
    await expect(sort).toHaveValue('popularity');
    for (const value of ['rating', 'title', 'title_desc', 'year', 'year_desc', 'popularity']) {
      await sort.selectOption(value);
      await expect(page).toHaveURL(value === 'popularity' ? '/search/drama' : `/search/drama?sort_by=${value}`);
      const expected = await apiSearch(request, `sort_by=${value}`);
      await expect.poll(() => cardIds(page), { message: value }).toEqual(expected.items.map((d) => d.id));
      await waitForIslands(page);
    }
  });

  test('pages follow each other without overlap; applying filters starts again at page 1', async ({ page, request }) => {
    const first = await apiSearch(request, 'country=South+Korea');
    expect(first.pages).toBeGreaterThan(2);
    await page.goto('/search/drama?country=South+Korea');
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.locator('[aria-current="page"]')).toHaveText('1');
    const page1 = await cardIds(page);
    await pagination.getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL('/search/drama?country=South+Korea&page=2');
    const expected2 = (await apiSearch(request, 'country=South+Korea&page=2')).items.map((d) => d.id);
    await expect.poll(() => cardIds(page)).toEqual(expected2);
    const page2 = await cardIds(page);
    expect(page2).toEqual(expected2);
    expect(page2.filter((id) => page1.includes(id))).toEqual([]);
    await expect(pagination.locator('[aria-current="page"]')).toHaveText('2');
    // the last page is linked and a page past it goes to the last page
    await expect(pagination.getByRole('link', { name: String(first.pages), exact: true })).toBeVisible();
    await page.goto(`/search/drama?country=South+Korea&page=${first.pages + 50}`);
    await expect(page).toHaveURL(`/search/drama?country=South+Korea&page=${first.pages}`);

    await page.goto('/search/drama?country=South+Korea&page=2');
    await waitForIslands(page);
    await page.getByRole('search', { name: 'Filter dramas' }).getByRole('checkbox', { name: 'Movie' }).check();
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL('/search/drama?country=South+Korea&type=movie');
  });

  test('skeletons replace the results as soon as filters are applied, until the next page arrives', async ({ page }) => {
    await openHydrated(page, '/search/drama');
    const skeleton = page.locator('[data-results-skeleton]');
    await expect(skeleton).toBeHidden();
    // What the visitor sees while the next page loads, recorded as the old page goes away (a held
    // navigation would also hold Playwright's own look at the page).
    await page.evaluate(() =>
      window.addEventListener('pagehide', () => {
        const visible = (el: Element | null) => !!el && getComputedStyle(el).display !== 'none' && el.getClientRects().length > 0;
        const seen = {
          skeleton: visible(document.querySelector('[data-results-skeleton]')),
          skeletonCards: document.querySelectorAll('[data-results-skeleton] li').length,
          cardsVisible: [...document.querySelectorAll('#drama-results li a[href^="/drama/"]')].some(visible),
        };
        sessionStorage.setItem('seen-while-loading', JSON.stringify(seen));
      }),
    );
    await page.getByRole('search', { name: 'Filter dramas' }).getByRole('checkbox', { name: 'Movie' }).check();
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL('/search/drama?type=movie');
    const seen = JSON.parse((await page.evaluate(() => sessionStorage.getItem('seen-while-loading')))!);
    expect(seen).toEqual({ skeleton: true, skeletonCards: 24, cardsVisible: false });
    // the new page shows its cards, not skeletons
    await expect(skeleton).toBeHidden();
    await expect(results(page).locator('li a[href^="/drama/"]').first()).toBeVisible();

    // likewise when following a page link
    await page.evaluate(() => sessionStorage.removeItem('seen-while-loading'));
    await page.evaluate(() =>
      window.addEventListener('pagehide', () =>
        sessionStorage.setItem('seen-while-loading', document.getElementById('drama-results')!.getAttribute('aria-busy')!),
      ),
    );
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL('/search/drama?type=movie&page=2');
    expect(await page.evaluate(() => sessionStorage.getItem('seen-while-loading'))).toBe('true');
  });

  test('a title search with a typo finds the title, best match first', async ({ page, request }) => {
    const popular = (await (await request.get('/api/v1/dramas/popular?size=10')).json()).data.items as { id: number; title: string }[];
    // a title with a word of 5+ letters; that word misspelt (its last two letters swapped)
    const drama = popular.find((d) => d.title.split(' ').some((w) => /^[A-Za-z]{5,}$/.test(w)))!;
    const word = drama.title.split(' ').find((w) => /^[A-Za-z]{5,}$/.test(w))!;
    const typo = drama.title.replace(word, word.slice(0, -2) + word.at(-1) + word.at(-2));
    expect(typo).not.toBe(drama.title);
    await page.goto(`/search/drama?q=${encodeURIComponent(typo)}`);
    const ids = await cardIds(page);
    expect(ids).toContain(drama.id);
    expect(ids).toEqual((await apiSearch(request, `q=${encodeURIComponent(typo)}`)).items.map((d) => d.id));
    await expect(results(page).getByLabel('Sort by')).toHaveValue('');
    await expect(results(page).getByLabel('Sort by').locator('option:checked')).toHaveText('Best match');
  });

  test('a title typed in the panel is searched best match first', async ({ page, request }) => {
    await openHydrated(page, '/search/drama?country=South+Korea');
    await page.getByRole('search', { name: 'Filter dramas' }).getByRole('searchbox', { name: 'Title' }).fill('Perfect Verdict');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL('/search/drama?q=Perfect+Verdict&country=South+Korea');
    await expect(results(page).getByLabel('Sort by')).toHaveValue('');
    const expected = (await apiSearch(request, 'q=Perfect+Verdict&country=South+Korea')).items.map((d) => d.id);
    await expect.poll(() => cardIds(page)).toEqual(expected);
  });

  test('nothing found: the spec message and Clear Filters back to the whole catalogue', async ({ page, request }) => {
    const query = 'year=1890,1891';
    expect((await apiSearch(request, query)).total).toBe(0);
    await page.goto(`/search/drama?${query}`);
    await expect(results(page).getByText('No dramas found matching your criteria.')).toBeVisible();
    await expect(results(page).getByRole('status')).toHaveText('0 dramas found');
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
    await results(page).getByRole('link', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL('/search/drama');
    await expect(results(page).locator('li a[href^="/drama/"]')).toHaveCount(24);
  });

  test('the panel offers the post-processed options (spec 1 §5)', async ({ page }) => {
    await page.goto('/search/drama');
    const panel = page.getByRole('search', { name: 'Filter dramas' });
    const group = (name: string) => panel.getByRole('group', { name, exact: true });
    await expect(group('Type').getByRole('checkbox')).toHaveCount(4);
    for (const label of ['Drama', 'Movie', 'TV Show', 'Special']) await expect(group('Type').getByRole('checkbox', { name: label })).toBeVisible();
    for (const label of ['Airing', 'Completed', 'Upcoming']) await expect(group('Status').getByRole('checkbox', { name: label })).toBeVisible();
    await expect(group('Country').getByRole('checkbox', { name: 'South Korea' })).toBeVisible();
    await expect(group('Country').getByRole('checkbox', { name: 'Singapore' })).toHaveCount(0);
    await expect(group('Genres').getByRole('checkbox', { name: 'Unknown' })).toHaveCount(0);
    const next = new Date().getUTCFullYear() + 1;
    await expect(group('Year').getByLabel('Year from', { exact: true })).toHaveValue('1890');
    await expect(group('Year').getByLabel('Year to', { exact: true })).toHaveValue(String(next));
    await expect(group('Year').getByText(`${next}+`, { exact: true })).toBeVisible();
    const years = await page.locator('datalist option').evaluateAll((o) => o.map((e) => [e.getAttribute('value'), e.getAttribute('label')]));
    expect(years[0]).toEqual([String(next), `${next}+ (Upcoming)`]);
    expect(years.at(-1)).toEqual(['1890', '1890']);
    expect(years).toHaveLength(next - 1890 + 1);
    await expect(group('Episodes').getByLabel('Episodes from', { exact: true })).toHaveValue('0');
    await expect(group('Episodes').getByLabel('Episodes to', { exact: true })).toHaveValue('100');
    await expect(group('Rating').getByLabel('Rating from', { exact: true })).toHaveValue('0');
    await expect(group('Rating').getByLabel('Rating to', { exact: true })).toHaveValue('10');
  });

  test('range inputs take only whole numbers within the bounds without crossing; sliders keep from <= to', async ({ page }) => {
    await openHydrated(page, '/search/drama?ep=10,20');
    const from = page.getByLabel('Episodes from', { exact: true });
    const to = page.getByLabel('Episodes to', { exact: true });
    await expect(from).toHaveValue('10');
    for (const bad of ['5.5', '-3', 'abc', '101', '30']) {
      await from.fill(bad);
      await from.blur();
      await expect(from, bad).toHaveValue('10');
    }
    await to.fill('5');
    await to.blur();
    await expect(to).toHaveValue('20');
    await to.fill('');
    await to.blur();
    await expect(to).toHaveValue('100');
    await from.fill('12');
    await from.blur();
    await expect(from).toHaveValue('12');

    await page.getByLabel('Maximum rating').fill('3');
    await page.getByLabel('Minimum rating').fill('7');
    await expect(page.getByLabel('Minimum rating')).toHaveValue('3');
    await expect(page.getByLabel('Rating from', { exact: true })).toHaveValue('3');
    await expect(page.getByLabel('Rating to', { exact: true })).toHaveValue('3');

    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL('/search/drama?ep=12,100&rt=3,3');
  });

  test('bad values in the address give a sensible page, and the plain form is made canonical', async ({ page }) => {
    const response = await page.goto('/search/drama?page=abc&year=zzz&ep=9,2&rt=1,2,3&sort_by=bogus&genre=999999&type=other');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL('/search/drama');
    await expect(results(page).locator('li a[href^="/drama/"]')).toHaveCount(24);

    // what the form sends before it is interactive
    await page.goto('/search/drama?q=&genre=&tag=&year_from=1890&year_to=2000&ep_from=&ep_to=16&rt_from=0&rt_to=10&sort_by=popularity');
    await expect(page).toHaveURL('/search/drama?year=1890,2000&ep=0,16');
  });

  test('legacy /search?{type}=value goes to the drama search with the same filter', async ({ page, request }) => {
    const options = await filterOptions(request);
    const romance = options.genres.find((g) => g.name === 'Romance')!;
    const tag = options.tags[2]!;

    await page.goto('/search?genre=Romance');
    await expect(page).toHaveURL(`/search/drama?genre=${romance.id}`);
    await expect(page.getByRole('search', { name: 'Filter dramas' }).getByRole('checkbox', { name: 'Romance' })).toBeChecked();
    expect(await cardIds(page)).toEqual((await apiSearch(request, `genre=${romance.id}`)).items.map((d) => d.id));

    await page.goto('/search?country=South%20Korea');
    await expect(page).toHaveURL('/search/drama?country=South+Korea');
    await page.goto(`/search?tag=${encodeURIComponent(tag.name)}`);
    await expect(page).toHaveURL(`/search/drama?tag=${tag.id}`);
    await page.goto('/search?title=Love&foo=bar');
    await expect(page).toHaveURL('/search/drama?q=Love');
    await page.goto('/search');
    await expect(page).toHaveURL('/search/drama');
  });
});

test.describe('drama search before its script runs', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });

  test('the filter form works as a plain GET form and lands on the canonical address', async ({ page, request }) => {
    const options = await filterOptions(request);
    const romance = options.genres.find((g) => g.name === 'Romance')!;
    await page.goto('/search/drama?page=3');
    const panel = page.getByRole('search', { name: 'Filter dramas' });
    await panel.getByRole('checkbox', { name: 'Romance' }).check();
    await panel.getByLabel('Episodes to', { exact: true }).fill('16');
    await panel.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(`/search/drama?genre=${romance.id}&ep=0,16`);
    const expected = (await apiSearch(request, `genre=${romance.id}&ep=0,16`)).items.map((d) => d.id);
    await expect.poll(() => cardIds(page)).toEqual(expected);
  });
});

test.describe('drama search on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the panel opens from a 'Filters' button whose badge counts the active filters", async ({ page, request }) => {
    const options = await filterOptions(request);
    const [a, b] = options.genres;
    await openHydrated(page, `/search/drama?q=love&genre=${a!.id}&genre=${b!.id}&country=Japan&year=2000,2020&sort_by=rating`);
    const panel = page.getByRole('search', { name: 'Filter dramas' });
    await expect(panel).toBeHidden();
    const toggle = page.getByRole('button', { name: /^Filters/ });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAccessibleName(/^Filters\s*\(5 active\)$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle.locator('[data-filter-count]')).toHaveText('5');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toBeVisible();
    // the badge follows the panel
    await panel.getByRole('checkbox', { name: 'Movie' }).check();
    await expect(toggle.locator('[data-filter-count]')).toHaveText('6');
    await expect(toggle).toHaveAccessibleName(/^Filters\s*\(6 active\)$/);
    await toggle.click();
    await expect(panel).toBeHidden();
  });

  test('without active filters the button carries no badge; the grid still shows 24 cards', async ({ page }) => {
    await page.goto('/search/drama');
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
    await expect(results(page).locator('li a[href^="/drama/"]')).toHaveCount(24);
  });
});
