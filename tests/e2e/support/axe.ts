// axe-core on a screen (a page, or a page with a dialog or menu open): WCAG 2.1 A/AA, no serious or
// critical violation (issue 5's quality bar). One pass per screen, in the light theme and in English,
// at a phone's width and a desktop's (issue 18): the dark theme is the same markup with other token
// values, and its contrast is checked pair by pair in tests/unit/ui/theme-contrast.test.ts; a
// Portuguese page is the same markup in other words (its <html lang> is checked in locales.spec.ts).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** A phone's width and a desktop's. Open the screen at the first (NARROW), then call axeAtBothWidths. */
export const NARROW = { width: 375, height: 900 };
export const WIDE = { width: 1280, height: 900 };

/** axe on the page as it is now: no serious or critical violation, named for `what` when there is one. */
export async function expectNoSeriousAxeViolations(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, what).toEqual([]);
}

/**
 * axe on the screen as it is at 375 px, then at 1280 px, in the light theme, in one page load: the
 * site's layout between the two widths is CSS (media queries); no markup depends on the width at load
 * (the two matchMedia listeners, the mobile menu's and the people filters', act on events only).
 */
export async function axeAtBothWidths(page: Page, what: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' });
  for (const size of [NARROW, WIDE]) {
    await page.setViewportSize(size);
    await expectNoSeriousAxeViolations(page, `${what} at ${size.width} px`);
  }
  await page.setViewportSize(NARROW);
}
