// WCAG AA contrast of the theme tokens, in both themes, read from the stylesheet itself
// (src/styles/global.css: each token is one light-dark() pair over Tailwind's palette). The browser
// tests run axe in the light theme only; this is what stands for the dark theme there, and for every
// pair an axe pass might not meet on a page (a hover, a notice, a focus ring). Changing a token to a
// value that fails a pair below fails this test.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Color from 'colorjs.io';
import { describe, expect, it } from 'vitest';

/** WCAG 2.x AA: normal text (1.4.3); large text, and the parts of controls and focus indicators (1.4.11). */
const TEXT = 4.5;
const NON_TEXT = 3;

type Pair = { where: string; fg: string; bg: string; min: number };

/**
 * Every foreground/background pair of tokens the UI uses, named for where (found by the classes on
 * one element, e.g. `bg-accent text-accent-fg`, or text on the surface it sits on). A new pair in the
 * UI belongs here. Left out on purpose: fg-faint (disabled pagination links and decorative icons,
 * exempt), the *-muted rings and borders beside a stronger indicator, the backdrop (translucent).
 */
const PAIRS: Pair[] = [
  // text on cards and panels (surface), the page (surface-muted), chips and hovered rows (subtle, strong)
  { where: 'headings and values on cards', fg: 'fg', bg: 'surface', min: TEXT },
  { where: 'headings and values on the page', fg: 'fg', bg: 'surface-muted', min: TEXT },
  { where: 'text of a chip, a hovered row', fg: 'fg', bg: 'surface-subtle', min: TEXT },
  { where: 'text of a hovered chip', fg: 'fg', bg: 'surface-strong', min: TEXT },
  { where: 'body copy on cards', fg: 'fg-soft', bg: 'surface', min: TEXT },
  { where: 'body copy on the page (static pages)', fg: 'fg-soft', bg: 'surface-muted', min: TEXT },
  { where: 'navbar links, hovered; genre chips', fg: 'fg-soft', bg: 'surface-subtle', min: TEXT },
  { where: 'secondary text on cards', fg: 'fg-muted', bg: 'surface', min: TEXT },
  { where: 'secondary text on the page', fg: 'fg-muted', bg: 'surface-muted', min: TEXT },
  { where: 'unselected search tabs', fg: 'fg-muted', bg: 'surface-subtle', min: TEXT },
  { where: 'a missing poster’s title (filmography, search box)', fg: 'fg-muted', bg: 'surface-strong', min: TEXT },
  { where: 'placeholder of a search field', fg: 'fg-muted', bg: 'surface', min: TEXT },
  // links and the accent
  { where: 'links on cards', fg: 'accent', bg: 'surface', min: TEXT },
  { where: 'links on the page, a hovered row’s link', fg: 'accent', bg: 'surface-muted', min: TEXT },
  { where: 'the selected search tab, strong links', fg: 'accent-strong', bg: 'surface', min: TEXT },
  { where: 'the current navbar link', fg: 'accent-strong', bg: 'surface-muted', min: TEXT },
  { where: 'a hovered outlined accent button (an entry’s Edit)', fg: 'accent', bg: 'accent-soft', min: TEXT },
  { where: 'a hovered mobile-menu item', fg: 'fg', bg: 'accent-soft', min: TEXT },
  { where: 'genre and alias chips, info notices, the selected search result', fg: 'accent-strong', bg: 'accent-soft', min: TEXT },
  { where: 'a hovered genre chip', fg: 'accent-strong', bg: 'accent-muted', min: TEXT },
  { where: 'primary buttons, the current page, the filters badge', fg: 'accent-fg', bg: 'accent', min: TEXT },
  { where: 'a hovered primary button', fg: 'accent-fg', bg: 'accent-strong', min: TEXT },
  // highlight
  { where: 'a load error’s message, eyebrows on cards', fg: 'highlight-strong', bg: 'surface', min: TEXT },
  { where: 'eyebrows on the page (static pages)', fg: 'highlight-strong', bg: 'surface-muted', min: TEXT },
  { where: 'a load error’s hovered Back button', fg: 'highlight-strong', bg: 'highlight-soft', min: TEXT },
  { where: 'a load error’s Retry button', fg: 'highlight-fg', bg: 'highlight', min: TEXT },
  { where: 'a hovered Retry button', fg: 'highlight-fg', bg: 'highlight-strong', min: TEXT },
  // status
  { where: 'an error message on a card', fg: 'danger', bg: 'surface', min: TEXT },
  { where: 'an error message on the page', fg: 'danger', bg: 'surface-muted', min: TEXT },
  { where: 'error notices, the red role badge', fg: 'danger', bg: 'danger-soft', min: TEXT },
  { where: 'the confirming Remove from List button', fg: 'surface', bg: 'danger', min: TEXT },
  { where: 'the cross of a favourite’s hovered Remove button', fg: 'surface', bg: 'danger', min: NON_TEXT },
  { where: 'a password rule met', fg: 'success', bg: 'surface', min: TEXT },
  { where: 'success notices', fg: 'success', bg: 'success-soft', min: TEXT },
  { where: 'the blue role badge', fg: 'info', bg: 'info-soft', min: TEXT },
  // controls and focus (non-text)
  { where: 'the border of a form field or outlined button, on a card', fg: 'line-strong', bg: 'surface', min: NON_TEXT },
  { where: 'the border of a form field or outlined button, on the page', fg: 'line-strong', bg: 'surface-muted', min: NON_TEXT },
  { where: 'a focused field’s border', fg: 'accent', bg: 'surface', min: NON_TEXT },
  { where: 'the selected drama tab’s underline', fg: 'accent', bg: 'surface', min: NON_TEXT },
  { where: 'the focus outline on a card', fg: 'accent', bg: 'surface', min: NON_TEXT },
  { where: 'the focus outline on the page', fg: 'accent', bg: 'surface-muted', min: NON_TEXT },
  { where: 'the focus outline on a chip or hovered row', fg: 'accent', bg: 'surface-subtle', min: NON_TEXT },
];

const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

const require = createRequire(import.meta.url);
const stylesheet = readFileSync(new URL('../../../src/styles/global.css', import.meta.url), 'utf8');
const palette = readFileSync(require.resolve('tailwindcss/theme.css'), 'utf8');

/** The top-level comma-separated arguments of the call that starts at `text[open]` ('('). */
function callArguments(text: string, open: number): { args: string[]; end: number } {
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) {
      args.push(text.slice(start, i).trim());
      return { args, end: i };
    } else if (ch === ',' && depth === 1) {
      args.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  throw new Error(`unbalanced parentheses after ${text.slice(open, open + 40)}`);
}

/** Tailwind's palette: --color-slate-600 → 'oklch(…)'. */
const PALETTE = new Map([...palette.matchAll(/--color-([a-z0-9-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));

/** The site's tokens: fg-muted → { light: 'var(--color-slate-600)', dark: 'var(--color-slate-400)' }. */
const TOKENS = new Map<string, Record<Theme, string>>();
for (const m of stylesheet.matchAll(/--color-([a-z-]+):\s*light-dark\(/g)) {
  const { args } = callArguments(stylesheet, m.index + m[0].length - 1);
  if (args.length !== 2) throw new Error(`--color-${m[1]}: light-dark() takes two colours`);
  TOKENS.set(m[1], { light: args[0], dark: args[1] });
}

/** A CSS colour expression of the stylesheet as an opaque sRGB colour, as the browser paints it. */
function resolve(expression: string, theme: Theme): Color {
  const value = expression.trim();
  const variable = /^var\(--color-([a-z0-9-]+)\)$/.exec(value);
  if (variable) {
    const token = TOKENS.get(variable[1]);
    const raw = token ? token[theme] : PALETTE.get(variable[1]);
    if (raw === undefined) throw new Error(`unknown colour ${value}`);
    return resolve(raw, theme);
  }
  if (value.startsWith('color-mix(')) {
    const [space, first, second] = callArguments(value, value.indexOf('(')).args;
    if (space !== 'in srgb') throw new Error(`color-mix ${space}: only 'in srgb' is implemented here`);
    const part = (arg: string) => {
      const m = /^(.*?)\s+([\d.]+)%$/.exec(arg);
      return m ? { color: resolve(m[1], theme), share: Number(m[2]) / 100 } : { color: resolve(arg, theme), share: undefined };
    };
    const a = part(first);
    const b = part(second);
    const shareOfB = b.share ?? 1 - (a.share ?? 0.5);
    return Color.mix(a.color, b.color, shareOfB, { space: 'srgb', outputSpace: 'srgb' }) as Color;
  }
  const color = new Color(value).to('srgb');
  // Chromium paints an sRGB-out-of-gamut colour clipped on an sRGB screen (and axe clips likewise)
  return color.inGamut() ? color : color.toGamut({ method: 'clip' });
}

function token(name: string, theme: Theme): Color {
  const values = TOKENS.get(name);
  if (!values) throw new Error(`no token --color-${name} in src/styles/global.css`);
  const color = resolve(values[theme], theme);
  if (color.alpha < 1) throw new Error(`--color-${name} is translucent in the ${theme} theme: its contrast depends on what is behind it`);
  return color;
}

const contrast = (pair: Pair, theme: Theme) => Color.contrast(token(pair.fg, theme), token(pair.bg, theme), 'WCAG21');

describe('the theme tokens', () => {
  it('are read from the stylesheet: every token of a pair is a light-dark() pair there', () => {
    expect(TOKENS.size).toBeGreaterThan(20);
    for (const pair of PAIRS) for (const name of [pair.fg, pair.bg]) expect(TOKENS.has(name), `--color-${name}`).toBe(true);
  });

  for (const theme of THEMES) {
    it(`meet WCAG AA contrast in every pair the UI uses, in the ${theme} theme`, () => {
      const failures = PAIRS.filter((pair) => contrast(pair, theme) < pair.min).map(
        (pair) => `${pair.fg} on ${pair.bg} (${pair.where}): ${contrast(pair, theme).toFixed(2)}:1, needs ${pair.min}:1`,
      );
      expect(failures).toEqual([]);
    });
  }
});

describe('the contrast computation', () => {
  it('gives the known WCAG ratios', () => {
    expect(Color.contrast(new Color('#000'), new Color('#fff'), 'WCAG21')).toBeCloseTo(21, 5);
    expect(Color.contrast(new Color('#767676'), new Color('#fff'), 'WCAG21')).toBeCloseTo(4.54, 2);
  });

  it('resolves palette variables, color-mix() and both sides of light-dark()', () => {
    expect(resolve('var(--color-white)', 'dark').toString({ format: 'hex' })).toBe('#fff');
    const mixed = resolve('color-mix(in srgb, #000 60%, #fff)', 'light');
    expect(mixed.coords.map((c) => Number((c ?? NaN).toFixed(3)))).toEqual([0.4, 0.4, 0.4]);
    expect(token('surface', 'light').toString({ format: 'hex' })).toBe('#fff');
    expect(token('surface', 'dark').toString({ format: 'hex' })).not.toBe('#fff');
  });
});
