import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_SETTING_VARIABLES, buildDifferences, buildSettings, type BuildInfo } from '../../../src/lib/server/build/build-info.ts';
import { readEnv } from '../../../src/lib/server/env.ts';

const settingsOf = (vars: Record<string, string>) => buildSettings(readEnv({ ...vars }));
const built = (vars: Record<string, string>): BuildInfo => ({
  id: 'b',
  builtAt: '2026-11-25T00:00:00.000Z',
  catalogueVersion: 'c1',
  sourceHash: 's1',
  settings: settingsOf(vars),
  pages: 1,
  seconds: 1,
});

describe('reusing a build', () => {
  const base = { PUBLIC_URL: 'http://localhost:4321', PRERENDER_DRAMAS: '500', PRERENDER_PEOPLE: '500' };

  it('reuses a build made from the same sources, settings and catalogue', () => {
    expect(buildDifferences(built(base), { sourceHash: 's1', settings: settingsOf(base), catalogueVersion: 'c1' })).toEqual([]);
  });

  it('rebuilds when any setting that shapes the pages changed, and says which', () => {
    const changed = {
      PUBLIC_URL: 'http://127.0.0.1:4510',
      PRERENDER_DRAMAS: '20',
      PRERENDER_PEOPLE: '30',
      MEDIA_PUBLIC_URL: 'https://media.example.org',
    };
    for (const [name, value] of Object.entries(changed)) {
      const reasons = buildDifferences(built(base), { sourceHash: 's1', settings: settingsOf({ ...base, [name]: value }) });
      expect(reasons, name).toEqual([expect.stringMatching(new RegExp(`^${name} changed \\(.* → ${value.replace(/[.]/g, '\\.')}\\)$`))]);
    }
    expect(Object.values(BUILD_SETTING_VARIABLES).sort()).toEqual(Object.keys(changed).sort());
  });

  it('rebuilds for other sources, a changed catalogue (when compared) or no build at all', () => {
    const settings = settingsOf(base);
    expect(buildDifferences(built(base), { sourceHash: 's2', settings })).toEqual(['the sources changed']);
    expect(buildDifferences(built(base), { sourceHash: 's1', settings, catalogueVersion: 'c2' })).toEqual(['the catalogue changed']);
    expect(buildDifferences(built(base), { sourceHash: 's1', settings })).toEqual([]); // production: catalogue not compared
    expect(buildDifferences(undefined, { sourceHash: 's1', settings })).toEqual(['no build yet']);
  });

  it('treats a build from before the settings were recorded as made with other settings', () => {
    const old = { ...built(base), settings: undefined } as unknown as BuildInfo;
    expect(buildDifferences(old, { sourceHash: 's1', settings: settingsOf(base) })).toContain(
      'PUBLIC_URL changed (unset → http://localhost:4321)',
    );
  });
});

// Every value of the configuration a page, layout, component or the Astro config reads can end up
// in a pre-rendered page, so it must be one of the build settings (or the reuse check misses it).
describe('the build settings cover what the pages read', () => {
  const BUILD_CONFIG_KEYS = ['publicUrl', 'prerenderDramas', 'prerenderPeople', 'storage'];
  // read only by the API, the database, mail and jobs at run time, never by a page
  const RUNTIME_CONFIG_KEYS = [
    'nodeEnv', 'port', 'host', 'dataDir', 'databaseUrl', 'jwtSecret', 'smtpUrl', 'mailFrom', 'google', 'redisUrl',
    'trustProxy', 'logLevel', 'bodyLimit', 'statsIntervalSeconds', 'production', 'seedDemo', 'distDir', 'publicCacheMb', 'listCacheMb',
    'noCacheIntervalMs',
  ];
  const files = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      return e.isDirectory() ? files(full) : /\.(astro|tsx?|mjs)$/.test(e.name) ? [full] : [];
    });
  const reads = (file: string) => {
    const text = fs.readFileSync(file, 'utf8');
    return {
      config: [...text.matchAll(/\benv\(\)\.(\w+)/g)].map((m) => m[1]!),
      variables: [...text.matchAll(/(?:process|import\.meta)\.env\.(\w+)|process\.env\[['"](\w+)['"]\]/g)].map((m) => (m[1] ?? m[2])!),
    };
  };

  it('knows every configuration value the code reads as either shaping the build or not', () => {
    const config = readEnv({});
    expect([...BUILD_CONFIG_KEYS, ...RUNTIME_CONFIG_KEYS].sort()).toEqual(Object.keys(config).sort());
    for (const file of files('src').filter((f) => !f.endsWith('env.ts'))) {
      for (const key of reads(file).config) expect([...BUILD_CONFIG_KEYS, ...RUNTIME_CONFIG_KEYS], `${file}: env().${key}`).toContain(key);
    }
  });

  it('finds pages, layouts and components reading only build settings', () => {
    const pageFiles = ['src/pages', 'src/layouts', 'src/components', 'src/islands'].flatMap(files);
    const found = new Set<string>();
    for (const file of pageFiles) {
      const { config, variables } = reads(file);
      for (const key of config) {
        expect(BUILD_CONFIG_KEYS, `${file}: env().${key}`).toContain(key);
        found.add(key);
      }
      // the environment straight from a page would escape the check: read it through env()
      expect(variables, file).toEqual([]);
    }
    expect([...found].sort()).toEqual(['prerenderDramas', 'prerenderPeople', 'publicUrl']);
  });

  it('finds the Astro config reading only what the development server needs, or build settings', () => {
    const DEV_SERVER_ONLY = ['PORT', 'HOST', 'DATA_DIR']; // astro dev's address and media folder
    const allowed = [...DEV_SERVER_ONLY, ...Object.values(BUILD_SETTING_VARIABLES)];
    for (const name of reads('astro.config.mjs').variables) expect(allowed, `astro.config.mjs: process.env.${name}`).toContain(name);
  });
});
