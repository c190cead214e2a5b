import { expect, type Page } from '@playwright/test';

/** Waits until the page's React islands have hydrated (Astro drops their `ssr` mark). */
export async function waitForIslands(page: Page) {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/** Opens a page and waits until its React islands have hydrated (Astro drops their `ssr` mark). */
export async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  await waitForIslands(page);
}
