import { expect, test } from '@playwright/test';
import { waitForIslands } from './support/islands.ts';
import {accountToken } from './support/session.ts';

const SUPPORT_EMAIL = 'support@dramalist.example';

/** Islands hydrate on idle; the search box only follows its rules once hydrated. */
test.describe('home and layout', () => {
  test('the home page shows the heading, navbar, footer and rows of drama cards', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Track, discover and share your favorite Asian dramas').first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    const rowTitles = ['Upcoming Dramas', 'Top Airing Shows', 'Top Rated', 'Most Popular'];
    const shown = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
    const rows = shown.map((t) => t.trim()).filter((t) => rowTitles.includes(t));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(rowTitles.filter((t) => rows.includes(t)));

    const firstRow = page.getByRole('region', { name: rows[0] });
    await expect(firstRow.locator('a[href^="/drama/"]').first()).toBeVisible();
    await expect(firstRow.getByRole('link', { name: /View all/ })).toHaveAttribute('href', /^\/drama\/(upcoming|airing|top-rated|popular)$/);

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText(`© ${new Date().getFullYear()} DramaList. All rights reserved.`)).toBeVisible();
    await expect(footer.getByText('All systems operational')).toBeVisible();
  });

  test('a home row shows 3 cards on a phone and 8 on a wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const row = page.getByRole('main').getByRole('region').first();
    const cards = row.locator('li a[href^="/drama/"]');
    const total = await cards.count();
    await expect(row.locator('li a[href^="/drama/"]:visible')).toHaveCount(Math.min(3, total));
    await page.setViewportSize({ width: 1400, height: 900 });
    await expect(row.locator('li a[href^="/drama/"]:visible')).toHaveCount(Math.min(8, total));
  });

  test('the footer groups link to their pages, and Join Community shows only to signed-out visitors', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const [name, href] of [
      ['People', '/search/people'],
      ['Contact Us', '/contact'],
      ['About Us', '/about'],
      ['Privacy', '/privacy'],
      ['Terms', '/terms'],
      ['Cookie Policy', '/cookies'],
    ]) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href!);
    }
    await expect(footer.getByRole('link', { name: 'Join Community' })).toHaveAttribute('href', '/register');

    const token = await accountToken();
    await page.evaluate((t) => localStorage.setItem('access_token', t), token);
    await page.reload();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Join Community' })).toBeHidden();
  });

  test('following a link from the bottom of a page opens the next page at the top', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL(/\/about$/);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('navbar', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  const explore: Record<string, [string, string][]> = {
    Browse: [
      ['All Dramas', '/search/drama'],
      ['Most Popular', '/drama/popular'],
      ['Top Rated', '/drama/top-rated'],
      ['Currently Airing', '/drama/airing'],
      ['Upcoming', '/drama/upcoming'],
      ['Calendar', '/calendar'],
    ],
    People: [
      ['Browse Actors', '/search/people'],
      ['Popular Actors', '/search/people?sort_by=popularity'],
    ],
    Genres: [
      ...['Romance', 'Comedy', 'Drama', 'Action', 'Thriller', 'Fantasy'].map(
        (g): [string, string] => [g, `/search/drama?genre=${g}`],
      ),
      ['All Genres', '/search/drama'],
    ],
    Countries: [
      ...['South Korea', 'China', 'Japan', 'Thailand', 'Taiwan'].map(
        (c): [string, string] => [c, `/search/drama?country=${encodeURIComponent(c)}`],
      ),
      ['All Countries', '/search/drama'],
    ],
  };

  test('each Explore link points where the spec says', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByText('Explore', { exact: true }).click();
    for (const [group, links] of Object.entries(explore)) {
      const list = nav.getByRole('list', { name: group });
      await expect(list.getByRole('link')).toHaveCount(links.length);
      for (const [name, href] of links) {
        await expect(list.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
      }
    }
    await expect(nav.getByRole('link', { name: 'Social', exact: true })).toHaveAttribute('href', '/social');
  });

  test('the Explore menu opens from the keyboard and closes with Escape', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const summary = nav.getByText('Explore', { exact: true });
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(nav.getByRole('link', { name: 'Top Rated', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Top Rated', exact: true })).toBeHidden();
    await expect(summary).toBeFocused();
  });

  test('searching goes to the drama search with the text, and blank text does nothing', async ({ page }) => {
    await page.goto('/');
    await waitForIslands(page);
    const box = page.getByRole('combobox', { name: 'Search dramas and people' });
    // every page the tab asks for from here on (a navigation starts with its request)
    const navigations: string[] = [];
    page.on('request', (r) => {
      if (r.isNavigationRequest() && r.frame() === page.mainFrame()) navigations.push(new URL(r.url()).pathname + new URL(r.url()).search);
    });

    await box.fill('   ');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/$/);
    await expect(box).toHaveValue('   ');

    // the positive event: the next Enter, handled after the blank one, goes to the search; only then
    // is it known that the blank one asked for no page (not merely not yet)
    await box.fill('Crash Landing & Love');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\/drama\?q=Crash%20Landing%20%26%20Love$/);
    await expect(page.getByRole('combobox', { name: 'Search dramas and people' })).toHaveValue('');
    expect(navigations).toEqual(['/search/drama?q=Crash%20Landing%20%26%20Love']);
  });

  test('the navbar reserves the account menu its place, then shows Login and Sign Up to a visitor', async ({ page }) => {
    const html = await (await page.request.get('/')).text();
    expect(html).toMatch(/data-testid="auth-placeholder"[^>]*class="[^"]*w-44/);
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', '/login');
    await expect(banner.getByRole('link', { name: 'Sign Up', exact: true })).toHaveAttribute('href', '/register');
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the mobile menu opens with everything, locks page scroll and closes with Escape', async ({ page }) => {
    await page.goto('/');
    await page.waitForFunction(() => customElements.get('mobile-menu') !== undefined);
    const button = page.getByRole('button', { name: 'Menu' });
    const panel = page.locator(`#${await button.getAttribute('aria-controls')}`);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toBeVisible();
    for (const name of ['Social', 'All Dramas', 'Popular Actors', 'Romance', 'Taiwan', 'All Countries']) {
      await expect(panel.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(panel.getByRole('combobox', { name: 'Search dramas and people' })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Login', exact: true })).toBeVisible();

    const overflow = () =>
      page.evaluate(() => [getComputedStyle(document.documentElement).overflow, getComputedStyle(document.body).overflow]);
    expect(await overflow()).toEqual(['hidden', 'hidden']);
    // the page notes each wheel it gets and each scroll, in order, with where it was scrolled to; the
    // wheel listener is not passive, so a wheel's scroll waits for it (a passive one may run after)
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      addEventListener('wheel', () => seen.push(`wheel at ${window.scrollY}`), { passive: false });
      addEventListener('scroll', () => seen.push('scroll'));
    });
    const seen = () => page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    // over the navbar, above the panel (the panel keeps its own wheels: overscroll-behavior contain)
    await page.mouse.move(120, 32);
    await page.mouse.wheel(0, 800);
    await expect.poll(seen).toEqual(['wheel at 0']); // the wheel reached the page

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
    expect(await overflow()).not.toContain('hidden');

    // the positive event: the same wheel now scrolls the page; only then is it known that the first
    // one scrolled nothing (not merely not yet): the page was still at the top when this one came,
    // and the first scroll came after it
    await page.mouse.wheel(0, 800);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect((await seen()).slice(0, 3)).toEqual(['wheel at 0', 'wheel at 0', 'scroll']);
  });
});

test.describe('not-found and static pages', () => {
  test('an unknown path shows Page Not Found with links home and to the dramas', async ({ page }) => {
    const response = await page.goto('/this-page-does-not-exist-42');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
    await expect(main.getByRole('link', { name: 'Browse Dramas' })).toHaveAttribute('href', '/dramas');
  });

  const pages: { path: string; title: string; facts: (string | RegExp)[] }[] = [
    { path: '/privacy', title: 'Privacy Policy', facts: [SUPPORT_EMAIL, /at least 13 years old/, /under 18/] },
    {
      path: '/terms',
      title: 'Terms of Service',
      facts: [SUPPORT_EMAIL, /fees you paid us in the past 12 months/, /at least 13 years old/, /drama fans/],
    },
    { path: '/cookies', title: 'Cookie Policy', facts: ['access_token'] },
    { path: '/about', title: 'About Us', facts: [/drama fans/, /at least 13 years old/, /under 18/] },
    { path: '/contact', title: 'Contact Us', facts: [SUPPORT_EMAIL, '1-2 business days', 'about 24 hours'] },
  ];

  for (const { path, title, facts } of pages) {
    test(`${path} shows its title, a Last updated date and its key facts`, async ({ page }) => {
      await page.goto(path);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(main.locator('header')).toContainText(/Last updated: [A-Z][a-z]+ \d{1,2}, \d{4}/);
      for (const fact of facts) await expect(main.getByText(fact).first()).toBeVisible();
    });
  }
});
