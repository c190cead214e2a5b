import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
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
