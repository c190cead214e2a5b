// The embedded database (a newcomer's `npm install && npm start`) end to end in a browser. In CI the
// browser tests' site runs on PostgreSQL (support/ports.ts); this spec then seeds an embedded
// database of its own with the demo, as `npm run seed` does, and starts a production instance on it
// from the browser tests' build (no second build: the demo seed is the same catalogue). Without
// TEST_DATABASE_URL the browser tests' site is already on the embedded database, and this spec runs
// against it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { BASE_URL, E2E_DIST_DIR, E2E_PORT, E2E_PRERENDER, SITE_DATABASE_URL } from './support/ports.ts';
import { DEMO_MEMBER } from './support/session.ts';

const DATA_DIR = path.resolve('.tmp/e2e-pglite-data');
let site: { url: string; child?: ChildProcess } = { url: BASE_URL };
/** the islands that hydrate on load or idle (one hydrating when visible may stay as rendered) */
const hydrated = (page: import('@playwright/test').Page) => expect(page.locator('astro-island[ssr]:not([client="visible"])')).toHaveCount(0);

function run(script: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--experimental-strip-types', script, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, output: () => output, exited };
}

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  if (!SITE_DATABASE_URL) return; // the browser tests' site is on the embedded database already
  test.setTimeout(300_000); // seeding the demo catalogue on a busy 2-core machine
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const port = E2E_PORT + 2;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR,
    DATABASE_URL: '',
    DIST_DIR: E2E_DIST_DIR,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PRERENDER_DRAMAS: String(E2E_PRERENDER),
    PRERENDER_PEOPLE: String(E2E_PRERENDER),
    JWT_SECRET: '',
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
    STATS_INTERVAL_SECONDS: '0',
  };
  delete env.NODE_ENV;
  const seed = run('scripts/seed-database.ts', [], env);
  expect(await seed.exited, seed.output()).toBe(0);
  const started = run('scripts/start-site.ts', [], { ...env, NODE_ENV: 'production' });
  site = {
    child: started.child,
    url: await new Promise<string>((resolve, reject) => {
      started.child.stdout!.on('data', () => {
        const ready = started.output().match(/ready in [\d.]+ s: (http:\/\/127\.0\.0\.1:\d+)\//);
        if (ready) resolve(ready[1]!);
      });
      void started.exited.then((code) => reject(new Error(`npm start exited (${code}):\n${started.output()}`)));
    }),
  };
  expect(started.output()).toContain(`embedded PGlite in ${DATA_DIR}`);
});

test.afterAll(async () => {
  if (!site.child) return;
  const exited = new Promise((resolve) => site.child!.on('exit', resolve));
  site.child.kill('SIGTERM');
  await exited;
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
});

test('on the embedded database: the catalogue, a page rendered on demand, signing in and a watch-list save', async ({ page, request }) => {
  const api = (p: string) => `${site.url}/api/v1${p}`;
  const health = await (await request.get(api('/health'))).json();
  expect(health.status).toBe('ok');

  // a drama far from the pre-rendered ones: its page is rendered from the embedded database
  const far = (await (await request.get(api('/dramas/popular?size=1&page=900'))).json()).data.items[0] as { id: number; title: string };
  await page.goto(`${site.url}/drama/${far.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(far.title);

  // the demo member signs in with the form and saves a status: a write through the embedded database
  await page.goto(`${site.url}/login`);
  await hydrated(page);
  await page.getByLabel('Email').fill(DEMO_MEMBER.email);
  await page.getByLabel('Password').fill(DEMO_MEMBER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${site.url}/`);
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  expect(token).toBeTruthy();
  await page.goto(`${site.url}/drama/${far.id}`);
  await hydrated(page);
  const control = page.getByTestId('watch-status-control');
  await control.click();
  await page.getByRole('menuitemradio', { name: 'Plan to Watch' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(control).toHaveText('Plan to Watch');
  // kept: read back after a reload, and through the API
  await page.reload();
  await hydrated(page);
  await expect(control).toHaveText('Plan to Watch');
  const entry = await request.get(api(`/lists/drama/${far.id}/status`), { headers: { Authorization: `Bearer ${token}` } });
  expect(entry.status()).toBe(200);
  expect((await entry.json()).status).toBe('plan_to_watch');
});
