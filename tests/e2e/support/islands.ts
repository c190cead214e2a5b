import { expect, type Page } from '@playwright/test';

/**
 * Waits until the page's React islands have hydrated (Astro drops their `ssr` mark), but for the
 * client:visible ones, which hydrate when they scroll into view (the comments block at the bottom of
 * a drama page or a profile, a gallery in a tab not shown): see `hydrateOnView`.
 */
export async function waitForIslands(page: Page) {
  await expect(page.locator('astro-island[ssr]:not([client="visible"])')).toHaveCount(0);
}

/** Scrolls a client:visible island (found by what it holds) into view and waits until it has hydrated. */
export async function hydrateOnView(page: Page, inside: string) {
  const island = page.locator('astro-island[client="visible"]').filter({ has: page.locator(inside) });
  await island.scrollIntoViewIfNeeded();
  await expect(island).not.toHaveAttribute('ssr');
}

/** Opens a page and waits until its React islands have hydrated (Astro drops their `ssr` mark). */
export async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  await waitForIslands(page);
}

/**
 * Watches the page, from inside it, for a text shown only for a moment — the sign-in's 'Redirecting...'
 * lasts 500 ms before the page leaves (spec 1 §9). Playwright's polling looks up to a second apart and
 * can miss it on a busy machine; a MutationObserver sees every change. Start it before the action that
 * shows the text and await it after: it settles once the text is visible on the page.
 */
export function watchForFleetingText(page: Page, text: string): Promise<unknown> {
  return page.evaluate(
    (wanted) =>
      new Promise<void>((resolve) => {
        const look = () => {
          if (!document.body.innerText.includes(wanted)) return;
          observer.disconnect();
          resolve();
        };
        const observer = new MutationObserver(look);
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
        look();
      }),
    text,
  );
}
