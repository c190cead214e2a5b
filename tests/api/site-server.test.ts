import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/lib/server/api/index.ts';
import { dramas } from '../../src/lib/server/db/schema/index.ts';
import { closeGracefully, createSiteServer } from '../../src/lib/server/http/site-server.ts';
import { precompress } from '../../src/lib/server/build/precompress.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { createDrama } from '../helpers/factories.ts';
import { rawRequest } from '../helpers/http.ts';

// The site server's routing, with a stand-in for Astro's handler that says what it rendered.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let site: Awaited<ReturnType<typeof createSiteServer>>;
let base: string;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-'));
const clientDir = path.join(root, 'client');
const mediaDir = path.join(root, 'media');
let releaseSlowRender: () => void = () => {};
let compressed: Awaited<ReturnType<typeof precompress>>;

beforeAll(async () => {
  database = await createTestDatabase();
  await createDrama({ id: 1, title: 'Built', status: 'completed', country: 'South Korea' });
  await createDrama({ id: 2, title: 'Also built', status: 'completed', country: 'Japan' });
  fs.mkdirSync(path.join(clientDir, 'drama/1'), { recursive: true });
  fs.mkdirSync(path.join(clientDir, 'drama/2'), { recursive: true });
  fs.mkdirSync(path.join(clientDir, '_astro'), { recursive: true });
  fs.writeFileSync(path.join(clientDir, 'drama/1/index.html'), '<h1>static 1</h1>');
  fs.writeFileSync(path.join(clientDir, 'drama/2/index.html'), '<h1>static 2</h1>');
  fs.writeFileSync(path.join(clientDir, '_astro/app.abc123.js'), 'console.log(1)');
  fs.mkdirSync(path.join(clientDir, 'about'), { recursive: true });
  fs.writeFileSync(path.join(clientDir, 'about/index.html'), `<main>${'<p>About the catalogue.</p>'.repeat(200)}</main>`);
  compressed = await precompress(clientDir);
  fs.mkdirSync(path.join(mediaDir, 'art'), { recursive: true });
  fs.writeFileSync(path.join(mediaDir, 'art/p.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  site = await createSiteServer({
    clientDir,
    mediaDir,
    api: createApi(),
    builtAt: new Date(Date.now() + 1000), // records updated after this are stale
    freshnessIntervalMs: 60_000,
    astroHandler: (req, res) => {
      if (req.url === '/slow') {
        setTimeout(() => res.end('slow page'), 300);
        releaseSlowRender();
        return;
      }
      res.writeHead(req.url === '/missing' ? 404 : 200, { 'Content-Type': 'text/html' });
      res.end(req.url === '/long' ? `rendered ${'on demand '.repeat(300)}` : `rendered ${req.url}`);
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

describe('site server', () => {
  it('serves a pre-rendered page from the build', async () => {
    const res = await fetch(`${base}/drama/1`);
    expect(await res.text()).toBe('<h1>static 1</h1>');
    expect(res.headers.get('cache-control')).toContain('s-maxage=60');
  });

  it('sends the build’s brotli or gzip twin to a browser that accepts it, the plain file otherwise', async () => {
    expect(compressed.files).toBe(1); // only the page over 1 kB
    const page = `${'<p>About the catalogue.</p>'.repeat(200)}`;
    for (const [accept, encoding] of [['br, gzip', 'br'], ['gzip', 'gzip'], ['identity', null]] as const) {
      const res = await fetch(`${base}/about`, { headers: { 'Accept-Encoding': accept } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding'), accept).toBe(encoding);
      expect(await res.text()).toBe(`<main>${page}</main>`); // fetch decodes it
    }
    expect(fs.existsSync(path.join(clientDir, '_astro/app.abc123.js.br'))).toBe(false);
  });

  it('compresses a long page rendered on demand for a browser that accepts it', async () => {
    const res = await fetch(`${base}/long`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toBe(`rendered ${'on demand '.repeat(300)}`);
    const plain = await fetch(`${base}/long`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(`rendered ${'on demand '.repeat(300)}`);
  });

  it('serves hashed assets as immutable and media from the media folder', async () => {
    const asset = await fetch(`${base}/_astro/app.abc123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const media = await fetch(`${base}/media/art/p.svg`);
    expect(media.status).toBe(200);
    expect(await media.text()).toContain('<svg');
  });

  it('hands pages that were not pre-rendered to Astro', async () => {
    expect(await (await fetch(`${base}/drama/99`)).text()).toBe('rendered /drama/99');
    const missing = await fetch(`${base}/missing`);
    expect(missing.status).toBe(404);
  });

  it('hands /api to the API, not to Astro', async () => {
    const res = await fetch(`${base}/api/v1/health`);
    expect(await res.json()).toMatchObject({ status: 'ok' });
    expect((await fetch(`${base}/api/v1/nothing`)).headers.get('content-type')).toMatch(/json/);
  });

  it('renders a record edited after the build on demand instead of its stale file', async () => {
    await database.db
      .update(dramas)
      .set({ title: 'Edited', updatedAt: new Date(Date.now() + 5000) })
      .where(eq(dramas.id, 2));
    await site.refreshFreshness();
    expect(await (await fetch(`${base}/drama/2`)).text()).toBe('rendered /drama/2');
    expect(await (await fetch(`${base}/drama/2/`)).text()).toBe('rendered /drama/2/');
    expect(await (await fetch(`${base}/drama/1`)).text()).toBe('<h1>static 1</h1>');
  });

  it('rejects a malformed address with a 400', async () => {
    expect((await fetch(`${base}/drama/%E0%A4%A`)).status).toBe(400);
  });

  it.each(['%E0%A4%A', '%', '%G1', 'ab%', '%C3%28x%'])('answers an API path with a malformed percent-encoding (%s) as JSON with a detail (issue 19)', async (piece) => {
    // it answered `400 text/plain` where every API error is JSON
    for (const path of [`/api/v1/users/by-username/${piece}`, `/api/v1/${piece}`, `/api/${piece}`, `/api/v1/dramas/?title=x&q=${piece}`.replace('?', `${piece}?`)]) {
      const answer = await rawRequest(base, `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close`);
      expect(answer.status, path).toBe(400);
      expect(answer.headers['content-type'], path).toMatch(/^application\/json/);
      expect(answer.headers['cache-control'], path).toBe('no-store');
      expect(JSON.parse(answer.body), path).toEqual({ detail: expect.stringMatching(/not valid/) });
    }
  });

  it('finishes an in-flight request when asked to shut down', async () => {
    const started = new Promise<void>((resolve) => (releaseSlowRender = resolve));
    const pending = fetch(`${base}/slow`);
    await started;
    let closed = false;
    const closing = closeGracefully(site.server, 5000, async () => {
      closed = true;
    });
    const res = await pending;
    expect(await res.text()).toBe('slow page');
    await closing;
    expect(closed).toBe(true);
    await expect(fetch(`${base}/drama/1`)).rejects.toThrow();
  });
});

describe('site server whose build loses files while it serves', () => {
  // A build folder damaged or deleted under a running instance (issue 10: instances sharing a
  // folder that another one rebuilt exited with ENOENT … index.html.gz): the instance answers every
  // request and stays up.
  const buildRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'site-gone-'));
  const client = path.join(buildRoot, 'client');
  const media = path.join(buildRoot, 'media');
  let server: Awaited<ReturnType<typeof createSiteServer>>['server'];
  let url: string;

  beforeAll(async () => {
    for (const page of ['about', 'drama/1', 'drama/2']) {
      fs.mkdirSync(path.join(client, page), { recursive: true });
      fs.writeFileSync(path.join(client, page, 'index.html'), `<main>${`<p>${page}</p>`.repeat(300)}</main>`);
    }
    await precompress(client);
    fs.mkdirSync(path.join(media, 'art'), { recursive: true });
    fs.writeFileSync(path.join(media, 'art/p.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    ({ server } = await createSiteServer({
      clientDir: client,
      mediaDir: media,
      api: createApi(),
      buildId: 'build-a',
      astroHandler: (req, res) => {
        res.writeHead(req.url === '/missing' ? 404 : 200, { 'Content-Type': 'text/html' });
        res.end(`rendered ${req.url}`);
      },
    }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (server?.listening) await new Promise((r) => server.close(r));
    fs.rmSync(buildRoot, { recursive: true, force: true });
  });

  it('says which build it serves', async () => {
    const res = await fetch(`${url}/about`);
    expect(res.headers.get('x-build-id')).toBe('build-a');
    expect(await res.text()).toContain('<p>about</p>');
  });

  it('answers a page whose files were deleted after it started as if it had never been built', async () => {
    for (const suffix of ['', '.br', '.gz']) fs.rmSync(path.join(client, 'about', `index.html${suffix}`));
    for (const accept of ['br, gzip', 'gzip', 'identity']) {
      const res = await fetch(`${url}/about`, { headers: { 'Accept-Encoding': accept } });
      expect(res.status, accept).toBe(200);
      expect(await res.text(), accept).toBe('rendered /about'); // none of the missing file's headers
      expect(res.headers.get('cache-control'), accept).toBeNull();
    }
  });

  it('answers a deleted media file with a 404 and keeps serving', async () => {
    fs.rmSync(path.join(media, 'art/p.svg'));
    const res = await fetch(`${url}/media/art/p.svg`);
    expect(res.status).toBe(200); // handed on as an unknown address: the stand-in renders it
    expect(await res.text()).toBe('rendered /media/art/p.svg');
  });

  it('keeps answering when the whole build folder is removed', async () => {
    fs.rmSync(client, { recursive: true });
    const answers = await Promise.all(
      ['/drama/1', '/drama/2/', '/about'].map(async (page) => {
        const res = await fetch(`${url}${page}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
        return `${res.status} ${await res.text()}`;
      }),
    );
    expect(answers).toEqual(['200 rendered /drama/1', '200 rendered /drama/2/', '200 rendered /about']);
    expect((await fetch(`${url}/api/v1/health`)).status).toBe(200);
  });
});
