// Light and dark themes (issue 11, docs/decisions/018): the system setting decides until the visitor
// picks a theme with the navbar's toggle; the choice is kept in localStorage and applied by the
// inline head script before first paint.
import { expect, test, type Page } from '@playwright/test';

/** The mean of the red, green and blue channels (0-255) of the page's background, as painted. */
function pageBrightness(page: Page): Promise<number> {
  return page.evaluate(() => {
    const context = document.createElement('canvas').getContext('2d')!;
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
    return (r! + g! + b!) / 3;
  });
}

const expectDark = async (page: Page) => expect.poll(() => pageBrightness(page)).toBeLessThan(40);
const expectLight = async (page: Page) => expect.poll(() => pageBrightness(page)).toBeGreaterThan(230);
const toggle = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Dark theme' });
const stored = (page: Page) => page.evaluate(() => localStorage.getItem('theme'));

test.describe('themes', () => {
  test('with nothing chosen the page follows the system setting, and the toggle says which theme shows', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/about');
    await expectDark(page);
    await expect(page.locator('html')).not.toHaveAttribute('data-theme');
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');

    // the system changes its mind while the page is open: page and toggle follow
    await page.emulateMedia({ colorScheme: 'light' });
    await expectLight(page);
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'false');
  });

  test('the toggle switches the theme, the choice survives a reload, and choosing the system theme forgets it', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await expectLight(page);
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'false');

    await toggle(page).click();
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expectDark(page);
    expect(await stored(page)).toBe('dark');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expectDark(page);
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');

    // back to light, the system's own theme: nothing is kept, the system decides again
    await toggle(page).click();
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'false');
    await expectLight(page);
    expect(await stored(page)).toBeNull();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectDark(page);
  });

  test('a phone has the toggle in the bar, beside the menu button', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/drama/popular');
    await toggle(page).click();
    await expectDark(page);
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
  });

  test('a stored choice is applied before first paint, by the inline head script', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.addInitScript(() => {
      localStorage.setItem('theme', 'dark');
      // what the document says about the theme at the moment <body> is created: before anything in
      // it can be painted, and before any module script (they run once the document is parsed)
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        const seen = window as unknown as { themeAtBody?: string; modulesRunAtBody?: boolean };
        seen.themeAtBody = document.documentElement.dataset.theme ?? 'none';
        seen.modulesRunAtBody = customElements.get('theme-toggle') !== undefined;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const seen = () =>
      page.evaluate(() => {
        const w = window as unknown as { themeAtBody?: string; modulesRunAtBody?: boolean };
        return { themeAtBody: w.themeAtBody, modulesRunAtBody: w.modulesRunAtBody };
      });
    await page.goto('/drama/popular');
    expect(await seen()).toMatchObject({ themeAtBody: 'dark', modulesRunAtBody: false });
    await expectDark(page);
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');

    // and the other way: light chosen on a dark system
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.addInitScript(() => localStorage.setItem('theme', 'light'));
    await page.goto('/login');
    expect(await seen()).toMatchObject({ themeAtBody: 'light', modulesRunAtBody: false });
    await expectLight(page);
  });

  test('without JavaScript the system decides and the toggle, which could not work, is hidden', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('theme-toggle')).toBeHidden();
    await context.close();
  });
});
