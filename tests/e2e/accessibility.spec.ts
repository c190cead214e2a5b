// axe-core on the catalogue's public pages, each at a phone's width and a desktop's: no serious or
// critical violation (issue 5's quality bar). Light theme and English only (tests/e2e/support/axe.ts
// says why; both themes' contrast is tests/unit/ui/theme-contrast.test.ts). Pages are opened after
// their islands hydrate.
import { expect, test } from '@playwright/test';
import { axeAtBothWidths, NARROW } from './support/axe.ts';

async function firstId(request: import('@playwright/test').APIRequestContext, path: string): Promise<number> {
  const body = await (await request.get(`/api/v1${path}`)).json();
  return (body.items ?? body.data.items)[0].id;
}

const pages: [string, (request: import('@playwright/test').APIRequestContext) => Promise<string>][] = [
  ['the home page', async () => '/'],
  ['a drama', async (request) => `/drama/${await firstId(request, '/dramas/popular?size=1')}`],
  ['a person', async (request) => `/people/${await firstId(request, '/people/?sort_by=popularity&size=1')}`],
  ['a ranked list', async () => '/drama/popular'],
  ['the drama search', async () => '/search/drama?sort_by=rating'],
  ['the people search', async () => '/search/people'],
  ['sign-in', async () => '/login'],
  ['not found', async () => '/no-such-page'],
];

for (const [name, path] of pages) {
  test(`${name} has no serious or critical axe violations at 375 and 1280 px`, async ({ page, request }) => {
    const at = await path(request);
    await page.setViewportSize(NARROW);
    await page.goto(at);
    // islands that hydrate on load or idle (those hydrating when visible may stay as rendered)
    await expect(page.locator('astro-island[ssr]:not([client="visible"])')).toHaveCount(0);
    await axeAtBothWidths(page, at);
  });
}
