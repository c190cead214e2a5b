import { describe, expect, it } from 'vitest';
import { INLINE_SCRIPTS, THEME_SCRIPT } from '../../../src/lib/ui/inline-code.ts';
import { flipTheme, THEME_STORAGE_KEY } from '../../../src/lib/ui/theme.ts';

describe('flipTheme', () => {
  it('stores the other theme when it differs from the system', () => {
    expect(flipTheme('light', 'light')).toBe('dark');
    expect(flipTheme('dark', 'dark')).toBe('light');
  });

  it("stores nothing when the other theme is the system's own: the page follows the system again", () => {
    expect(flipTheme('dark', 'light')).toBeNull();
    expect(flipTheme('light', 'dark')).toBeNull();
  });
});

describe('the head script', () => {
  /** Runs THEME_SCRIPT against a stored value and answers the <html data-theme> it leaves. */
  function run(storage: { getItem(key: string): string | null }): string | undefined {
    const documentElement = { dataset: {} as Record<string, string> };
    new Function('localStorage', 'document', THEME_SCRIPT)(storage, { documentElement });
    return documentElement.dataset.theme;
  }

  it('applies a stored light or dark choice', () => {
    expect(run({ getItem: (key) => (key === THEME_STORAGE_KEY ? 'dark' : null) })).toBe('dark');
    expect(run({ getItem: (key) => (key === THEME_STORAGE_KEY ? 'light' : null) })).toBe('light');
  });

  it('leaves the page to the system when nothing valid is stored or storage is refused', () => {
    expect(run({ getItem: () => null })).toBeUndefined();
    expect(run({ getItem: () => 'sepia' })).toBeUndefined();
    expect(
      run({
        getItem: () => {
          throw new Error('SecurityError');
        },
      }),
    ).toBeUndefined();
  });

  it('is tiny and allowed by the CSP (hashed with the other inline scripts)', () => {
    expect(THEME_SCRIPT.length).toBeLessThan(200);
    expect(INLINE_SCRIPTS).toContain(THEME_SCRIPT);
  });
});
