import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/lib/server/api/index.ts';
import { dramas } from '../../src/lib/server/db/schema/index.ts';
import { createSiteServer } from '../../src/lib/server/http/site-server.ts';
import { createTestDatabase } from '../helpers/database.ts';

// The site server with /pt-br/ addresses (docs/decisions/019): pre-rendered Portuguese files, stale
// records in both languages, page N of a ranked list and the not-found page in the address's
// language. A stand-in for Astro's handler says what it rendered, as Astro does: an unknown address
// gets the English /404 page with a 404.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let site: Awaited<ReturnType<typeof createSiteServer>>;
let base: string;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-locales-'));
const clientDir = path.join(root, 'client');
const ENGLISH_404 = '<!doctype html><html lang="en"><title>Page Not Found</title></html>';
const PORTUGUESE_404 = '<!doctype html><html lang="pt-BR"><title>Página não encontrada</title></html>';

const page = (file: string, html: string) => {
  fs.mkdirSync(path.dirname(path.join(clientDir, file)), { recursive: true });
  fs.writeFileSync(path.join(clientDir, file), html);
};

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(dramas).values([
    { id: 1, title: 'Built', status: 'completed', country: 'South Korea' },
    { id: 2, title: 'Edited later', status: 'completed', country: 'Japan' },
  ]);
  page('drama/1/index.html', '<html lang="en">static 1</html>');
  page('pt-br/drama/1/index.html', '<html lang="pt-BR">estático 1</html>');
  page('drama/2/index.html', '<html lang="en">static 2</html>');
  page('pt-br/drama/2/index.html', '<html lang="pt-BR">estático 2</html>');
  page('pt-br/drama/popular/index.html', '<html lang="pt-BR">página 1</html>');
  page('404.html', ENGLISH_404);
  page('pt-br/404/index.html', PORTUGUESE_404);
  site = await createSiteServer({
    clientDir,
    mediaDir: path.join(root, 'media'),
    api: createApi(),
    builtAt: new Date(Date.now() + 1000),
    freshnessIntervalMs: 60_000,
    astroHandler: (req, res) => {
      if (req.url?.includes('nowhere')) {
        res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(Buffer.byteLength(ENGLISH_404)) });
        res.end(ENGLISH_404);
        return;
      }
      if (req.url === '/pt-br/drama/404404') {
        // a page of its own with a 404 status: already in Portuguese
        res.writeHead(404, { 'Content-Type': 'text/html' });
        res.write('<!doctype html><html lang="pt-BR"><h1>Dorama não encontrado</h1>');
        res.end('</html>');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(`rendered ${req.url}`);
    },
  });
  await new Promise<void>((resolve) => site.server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  if (site.server.listening) await new Promise((r) => site.server.close(r));
  await database?.drop();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('site server in Portuguese', () => {
  it('serves the pre-rendered Portuguese page at /pt-br/ and the English one at the spec path', async () => {
    expect(await (await fetch(`${base}/pt-br/drama/1`)).text()).toBe('<html lang="pt-BR">estático 1</html>');
    expect(await (await fetch(`${base}/drama/1`)).text()).toBe('<html lang="en">static 1</html>');
  });

  it('hands a Portuguese page that was not pre-rendered to Astro', async () => {
    expect(await (await fetch(`${base}/pt-br/drama/77`)).text()).toBe('rendered /pt-br/drama/77');
    expect(await (await fetch(`${base}/pt-br/search/drama?q=amor`)).text()).toBe('rendered /pt-br/search/drama?q=amor');
  });

  it('sends page N of a Portuguese ranked list to its on-demand twin in Portuguese; page 1 is the file', async () => {
    expect(await (await fetch(`${base}/pt-br/drama/popular?page=2`)).text()).toBe('rendered /pt-br/ranked/drama/popular?page=2');
    expect(await (await fetch(`${base}/pt-br/drama/popular`)).text()).toBe('<html lang="pt-BR">página 1</html>');
  });

  it('renders a record edited after the build on demand in both languages', async () => {
    await database.db.update(dramas).set({ updatedAt: new Date(Date.now() + 5000) }).where(eq(dramas.id, 2));
    await site.refreshFreshness();
    expect(await (await fetch(`${base}/drama/2`)).text()).toBe('rendered /drama/2');
    expect(await (await fetch(`${base}/pt-br/drama/2`)).text()).toBe('rendered /pt-br/drama/2');
    expect(await (await fetch(`${base}/pt-br/drama/1`)).text()).toBe('<html lang="pt-BR">estático 1</html>');
    // a drama changed: the lists' page 1 may show it, so its twin renders it (docs/decisions/038)
    expect(await (await fetch(`${base}/pt-br/drama/popular`)).text()).toBe('rendered /pt-br/ranked/drama/popular');
  });

  it('answers an unknown Portuguese address with the Portuguese not-found page (404), in any encoding', async () => {
    for (const encoding of ['identity', 'br', 'gzip']) {
      const res = await fetch(`${base}/pt-br/nowhere`, { headers: { 'Accept-Encoding': encoding } });
      expect(res.status).toBe(404);
      expect(await res.text()).toBe(PORTUGUESE_404);
    }
  });

  it('leaves the English not-found page and a Portuguese page with its own 404 as they are', async () => {
    const english = await fetch(`${base}/nowhere`);
    expect(english.status).toBe(404);
    expect(await english.text()).toBe(ENGLISH_404);
    const own = await fetch(`${base}/pt-br/drama/404404`);
    expect(own.status).toBe(404);
    expect(await own.text()).toBe('<!doctype html><html lang="pt-BR"><h1>Dorama não encontrado</h1></html>');
  });
});
