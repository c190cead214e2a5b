import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { CATALOGUES } from '../../src/i18n/catalogue.ts';
import { isPlural, type MessageTree } from '../../src/i18n/translate.ts';
import { pageGraph } from '../../scripts/page-js.ts';
import { CLIENT_DIR } from './support/ports.ts';

// What the build sends to browsers. The API's zod schemas stay on the server: islands read the
// types inferred from them (docs/decisions/017), so no bundle carries zod (~17 kB compressed).

test('no script of the build carries zod', () => {
  const dir = path.join(CLIENT_DIR, '_astro');
  const scripts = fs.readdirSync(dir).filter((name) => name.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(10);
  // zod 4's schemas keep their internals under `_zod` (minifiers keep property names)
  const withZod = scripts.filter((name) => /\b_zod\b|\$ZodType/.test(fs.readFileSync(path.join(dir, name), 'utf8')));
  expect(withZod).toEqual([]);
});

// Islands get their words as props (docs/decisions/019): no script carries the catalogue. Its
// Portuguese words are the telltale (the English ones are also the spec's, which rules in src/lib
// may keep).
test('no script of the build carries the message catalogue', () => {
  const dir = path.join(CLIENT_DIR, '_astro');
  const scripts = fs.readdirSync(dir).filter((name) => name.endsWith('.js'));
  const words = (tree: MessageTree): string[] =>
    Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : isPlural(value) ? Object.values(value).filter((v): v is string => !!v) : words(value)));
  const english = new Set(words(CATALOGUES.en as unknown as MessageTree));
  const portuguese = words(CATALOGUES['pt-br'] as unknown as MessageTree).filter((text) => text.length > 8 && !english.has(text));
  expect(portuguese.length).toBeGreaterThan(100);
  const found = scripts.flatMap((name) => {
    const source = fs.readFileSync(path.join(dir, name), 'utf8');
    return portuguese.filter((text) => source.includes(text)).map((text) => `${name}: ${text}`);
  });
  expect(found).toEqual([]);
});

// A signed-out visitor's JavaScript does not grow with members' features (issues 11 and 12): the
// scripts a pre-rendered page makes the browser load at once (every script it names and their
// static imports; lazily imported member parts are not loaded for a visitor, nor the components of
// client:visible islands before they scroll into view), brotli as served.
// The budgets are what the home and drama pages loaded before the members' half began (issue 11's
// "before"); a member-only part of a public page is loaded lazily when a token is stored
// (docs/decisions/017). Raising a budget is a decision to write down, not a number to bump.
const VISITOR_JS_BUDGET = { home: 68_564, drama: 70_547 };

test("a visitor's home and drama pages stay within their JavaScript budget", () => {
  const drama = fs.readdirSync(path.join(CLIENT_DIR, 'drama')).find((name) => /^\d+$/.test(name));
  expect(drama).toBeTruthy();
  const home = pageGraph(CLIENT_DIR, '/');
  const dramaPage = pageGraph(CLIENT_DIR, `/drama/${drama}`);
  // the members' parts are chunks of their own, not loaded with the page; nor the edit controls and
  // dialogs (issue 22: they ride in the members' chunks, the dialogs loaded on a press)
  for (const graph of [home, dramaPage]) {
    expect(graph.files.map((f) => f.file).filter((file) => /Member|RoleBadge|NameAndEmail|Edit/.test(file))).toEqual([]);
  }
  // the comments block's code is loaded when it scrolls into view (client:visible), not with the page (docs/decisions/036)
  expect(dramaPage.files.map((f) => f.file).filter((file) => /Comments/.test(file))).toEqual([]);
  expect(dramaPage.onView.files.map((f) => f.file).filter((file) => /Comments/.test(file))).toHaveLength(1);
  expect(home.total.br, 'home page, brotli bytes').toBeLessThanOrEqual(VISITOR_JS_BUDGET.home);
  expect(dramaPage.total.br, 'drama page, brotli bytes').toBeLessThanOrEqual(VISITOR_JS_BUDGET.drama);
});
