import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { CATALOGUES } from '../../src/i18n/catalogue.ts';
import { isPlural, type MessageTree } from '../../src/i18n/translate.ts';
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
