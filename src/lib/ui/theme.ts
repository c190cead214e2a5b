/**
 * The visitor's theme (docs/decisions/018): light or dark, or nothing stored, which follows the
 * system setting. The choice lives in localStorage under THEME_STORAGE_KEY and shows as
 * <html data-theme="light|dark">; without it the page's color-scheme is the system's.
 */
export const THEME_STORAGE_KEY = 'theme';
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const isTheme = (value: unknown): value is Theme => value === 'light' || value === 'dark';

/**
 * What to store when the visitor flips the theme shown (`current`) while the system prefers
 * `system`: the other theme, or nothing when that is the system's own (the page then follows the
 * system again, so the two-way toggle also leads back to "system").
 */
export function flipTheme(current: Theme, system: Theme): Theme | null {
  const next: Theme = current === 'dark' ? 'light' : 'dark';
  return next === system ? null : next;
}
