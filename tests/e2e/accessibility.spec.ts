// axe-core on the catalogue's public pages, at a phone's width and a desktop's, in the light and the
// dark theme: no serious or critical violation (issue 5's quality bar; both themes meet WCAG AA
// contrast, issue 11). Pages are opened after their islands hydrate. The theme is the system's
// (emulated), as a visitor who never touched the toggle sees it; a chosen theme is the same tokens.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

async function firstId(request: import('@playwright/test').APIRequestContext, path: string): Promise<number> {
  const body = await (await request.get(`/api/v1${path}`)).json();
  return (body.items ?? body.data.items)[0].id;
}

const pages = async (request: import('@playwright/test').APIRequestContext): Promise<string[]> => [
  '/',
  `/drama/${await firstId(request, '/dramas/popular?size=1')}`,
  `/people/${await firstId(request, '/people/?sort_by=popularity&size=1')}`,
  '/drama/popular',
  '/search/drama?sort_by=rating',
  '/search/people',
  '/login',
  '/no-such-page',
];

for (const theme of ['light', 'dark'] as const) {
  for (const width of [375, 1280]) {
    test(`public pages have no serious or critical axe violations at ${width} px in the ${theme} theme`, async ({ page, request }) => {
      test.setTimeout(120_000);
      await page.emulateMedia({ colorScheme: theme });
      await page.setViewportSize({ width, height: 900 });
      for (const path of await pages(request)) {
        await page.goto(path);
        // islands that hydrate on load or idle (those hydrating when visible may stay as rendered)
        await expect(page.locator('astro-island[ssr]:not([client="visible"])')).toHaveCount(0);
        const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        const serious = violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
        expect(serious, `${path} at ${width} px, ${theme}`).toEqual([]);
      }
    });
  }
}
