// The layering of docs/decisions/015: code that reaches the browser never imports server code, and
// services never import the HTTP layer. (The build enforces the first rule too: astro.config.mjs.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importBoundaries, importViolation, listImports } from '../../../src/lib/server/build/import-boundaries.ts';

const root = process.cwd();

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|astro|mjs)$/.test(entry.name) ? [path.relative(root, full)] : [];
  });
}

describe('import boundaries', () => {
  it('hold for every file of src/', () => {
    const violations = sourceFiles('src').flatMap((file) =>
      listImports(fs.readFileSync(file, 'utf8'))
        .map((spec) => importViolation(file, spec))
        .filter((v): v is string => Boolean(v)),
    );
    expect(violations).toEqual([]);
  });

  it('refuse what they are meant to refuse', () => {
    expect(importViolation('src/islands/accounts/LoginForm.tsx', '../../lib/server/env.ts')).toMatch(/browser code/);
    expect(importViolation('src/lib/dramas/drama-card.ts', '../server/db/client.ts')).toMatch(/browser code/);
    expect(importViolation('src/scripts/navbar/mobile-menu.ts', '../../lib/server/logger.ts')).toMatch(/browser code/);
    expect(importViolation('src/lib/server/services/people/people.ts', '../../api/errors.ts')).toMatch(/services/);
    expect(importViolation('src/lib/server/api/people/people-routes.ts', '../../services/people/people.ts')).toBeUndefined();
    expect(importViolation('src/islands/accounts/LoginForm.tsx', '../../lib/accounts/account-rules.ts')).toBeUndefined();
    expect(importViolation('src/islands/accounts/LoginForm.tsx', 'react')).toBeUndefined();
  });

  it('find static, dynamic and type-only imports', () => {
    const code = `import a from './a.ts';\nimport type { B } from "../b.ts";\nexport { c } from './c.ts';\nconst d = await import('./d.ts');\nimport './e.css';`;
    expect(listImports(code)).toEqual(['./a.ts', '../b.ts', './c.ts', './d.ts', './e.css']);
  });
});

describe('the data layer (docs/decisions/017)', () => {
  it('is the only browser code that talks to the network: islands, scripts and shared rules call its operations', () => {
    const browserFiles = ['src/islands', 'src/scripts', 'src/lib']
      .flatMap(sourceFiles)
      .filter((file) => !file.startsWith('src/lib/server/') && !file.startsWith('src/lib/api/'));
    expect(browserFiles.length).toBeGreaterThan(50);
    const direct = browserFiles.filter((file) => /\bfetch\s*\(|\bXMLHttpRequest\b|\bnew\s+EventSource\b/.test(fs.readFileSync(file, 'utf8')));
    expect(direct).toEqual([]);
  });
});

describe('the build', () => {
  // The Vite plugin of astro.config.mjs, its hook run as Vite runs it on each import it resolves.
  const plugin = importBoundaries({ root: '/project' });
  const resolve = (source: string, importer: string) => plugin.resolveId(source, importer);

  it('is refused an import of server code from an island, a script or a shared rule', () => {
    expect(() => resolve('../../lib/server/env.ts', '/project/src/islands/accounts/LoginForm.tsx')).toThrow(
      'Import boundary (docs/decisions/015): src/islands/accounts/LoginForm.tsx imports src/lib/server/env.ts: browser code must not import server code',
    );
    expect(() => resolve('../../lib/server/logger.ts', '/project/src/scripts/navbar/mobile-menu.ts')).toThrow(/browser code/);
    expect(() => resolve('../server/db/client.ts', '/project/src/lib/dramas/drama-card.ts')).toThrow(/browser code/);
  });

  it("is refused one from a component's <script>, which the browser runs", () => {
    expect(() => resolve('../../lib/server/env.ts', '/project/src/components/ranked-lists/RankedListPage.astro?astro&type=script&index=0&lang.ts')).toThrow(
      /RankedListPage.astro imports src\/lib\/server\/env.ts: browser code/,
    );
  });

  it('is refused a service importing the API layer', () => {
    expect(() => resolve('../../api/errors.ts', '/project/src/lib/server/services/people/people.ts')).toThrow(/services must not import the API layer/);
  });

  it('lets everything else through to the other resolvers', () => {
    expect(resolve('../../lib/server/services/dramas/drama-page.ts', '/project/src/components/dramas/DramaPage.astro')).toBeNull();
    expect(resolve('../../lib/dramas/drama-card.ts', '/project/src/islands/shared/DramaCard.tsx')).toBeNull();
    expect(resolve('react', '/project/src/islands/accounts/LoginForm.tsx')).toBeNull();
    expect(resolve('./chunk.js', '/elsewhere/node_modules/x/index.js')).toBeNull();
    expect(resolve('../lib/server/env.ts', undefined as unknown as string)).toBeNull();
  });

  it('is the first plugin of the site build', async () => {
    const config = (await import('../../../astro.config.mjs')).default;
    const plugins = (config.vite?.plugins ?? []).flat() as { name?: string }[];
    expect(plugins[0]?.name).toBe('dramalist:import-boundaries');
  });
});

describe('a real Vite build with the plugin', () => {
  // A tiny project: an island that reaches server code, and one that does not.
  const fixture = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
  const write = (file: string, code: string) => {
    fs.mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
    fs.writeFileSync(path.join(fixture, file), code);
  };
  write('src/lib/server/secret.ts', 'export const secret = "server only";\n');
  write('src/lib/shared/rule.ts', 'export const rule = 42;\n');
  write('src/islands/bad/Bad.ts', "import { secret } from '../../lib/server/secret.ts';\nconsole.log(secret);\n");
  write('src/islands/good/Good.ts', "import { rule } from '../../lib/shared/rule.ts';\nconsole.log(rule);\n");
  afterAll(() => fs.rmSync(fixture, { recursive: true, force: true }));

  const build = async (entry: string) => {
    const { build: viteBuild } = await import('vite');
    return viteBuild({
      root: fixture,
      logLevel: 'silent',
      configFile: false,
      plugins: [importBoundaries()],
      build: { write: false, lib: { entry: path.join(fixture, entry), formats: ['es'], fileName: 'out' } },
    });
  };

  it('fails on an island importing server code', async () => {
    await expect(build('src/islands/bad/Bad.ts')).rejects.toThrow(
      /src\/islands\/bad\/Bad.ts imports src\/lib\/server\/secret.ts: browser code must not import server code/,
    );
  });

  it('builds an island that stays on its side', async () => {
    await expect(build('src/islands/good/Good.ts')).resolves.toBeDefined();
  });
});
