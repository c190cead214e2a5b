import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApi } from '../../src/lib/server/api/index.ts';
import { dramas } from '../../src/lib/server/db/schema/index.ts';
import { closeGracefully, createSiteServer, freshPageUrl } from '../../src/lib/server/http/site-server.ts';
import { precompress } from '../../src/lib/server/build/precompress.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { after, applyDramaEdit, applyPersonEdit, instantAfterChanges } from '../helpers/catalogue-edits.ts';
import { createCredit, createDrama, createPerson } from '../helpers/factories.ts';
import { rawRequest } from '../helpers/http.ts';

// The site server's routing, with a stand-in for Astro's handler that says what it rendered.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let site: Awaited<ReturnType<typeof createSiteServer>>;
let base: string;
let siteBuiltAt: Date;
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
    builtAt: (siteBuiltAt = await instantAfterChanges()), // records updated from this instant on are stale
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
    await database.db.update(dramas).set({ title: 'Edited', updatedAt: after(siteBuiltAt) }).where(eq(dramas.id, 2));
    await site.refreshFreshness(); // no announcement: the timer's re-read, called at once
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

describe('site server after an applied edit, and a newer build switched in (issue 22 "Live at once")', () => {
  // A real edit's effect (row and updated_at in one transaction, then catalogueChanged()) on a
  // server whose build started before it: every page that shows the record is rendered on demand
  // from the next refresh on, which the announcement starts (not the 60 s timer set here).
  const buildRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'site-live-'));
  const pagesOf = (build: string) => ['', 'drama/popular', 'popular', 'drama/10', 'drama/11', 'drama/12', 'people/20', 'people/21'].map((p) => [p, `${build} ${p || 'home'}`]);
  const writeBuild = (build: string) => {
    for (const [page, body] of pagesOf(build)) {
      fs.mkdirSync(path.join(buildRoot, build, page!), { recursive: true });
      fs.writeFileSync(path.join(buildRoot, build, page!, 'index.html'), body!);
    }
    return path.join(buildRoot, build);
  };
  let live: Awaited<ReturnType<typeof createSiteServer>>;
  let builtA: Date;
  let url: string;
  let releaseRender: () => void = () => {};
  const render = (build: string) => (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.url === '/slow') {
      releaseRender();
      setTimeout(() => res.end(`${build} slow`), 300);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(`${build} rendered ${req.url}`);
  };
  const page = async (pathname: string) => {
    const res = await fetch(`${url}${pathname}`);
    return `${res.headers.get('x-build-id')}: ${await res.text()}`;
  };
  /** the instant search's corrections the site server answers for a language */
  const searchChanges = async (lang: string) => {
    const res = await fetch(`${url}/search-changes.json?lang=${lang}`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5');
    return ((await res.json()) as { records: { group: string; url: string; content: string; meta: Record<string, string> }[] }).records;
  };

  beforeAll(async () => {
    const listed = await createDrama({ id: 10, title: 'Listed' });
    const other = await createDrama({ id: 11, title: 'Other' });
    await createDrama({ id: 12, title: 'Untouched' });
    await createCredit({ drama: listed, person: await createPerson({ id: 20, name: 'In Listed' }) });
    await createCredit({ drama: other, person: await createPerson({ id: 21, name: 'In Other' }) });
    live = await createSiteServer({
      clientDir: writeBuild('a'),
      mediaDir,
      api: createApi(),
      buildId: 'a',
      astroHandler: render('a'),
      // the build started after those records were made: none is stale yet
      builtAt: (builtA = await instantAfterChanges()),
      freshnessIntervalMs: 60_000,
    });
    await new Promise<void>((resolve) => live.server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(live.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (live?.server.listening) await new Promise((r) => live.server.close(r));
    fs.rmSync(buildRoot, { recursive: true, force: true });
  });

  it('sends a stale home and page 1 of a ranked list to their on-demand twins, in every language', () => {
    expect(freshPageUrl('/')).toBe('/ranked/home');
    expect(freshPageUrl('/index.html')).toBe('/ranked/home');
    expect(freshPageUrl('/pt-br/')).toBe('/pt-br/ranked/home');
    expect(freshPageUrl('/drama/popular?page=1')).toBe('/ranked/drama/popular?page=1');
    expect(freshPageUrl('/pt-br/top-rated/')).toBe('/pt-br/ranked/top-rated');
    expect(freshPageUrl('/drama/10')).toBe('/drama/10');
    expect(freshPageUrl('/pt-br/people/20')).toBe('/pt-br/people/20');
  });

  it('serves the build’s files before any edit', async () => {
    expect(await page('/')).toBe('a: a home');
    expect(await page('/drama/10')).toBe('a: a drama/10');
    expect(await searchChanges('en')).toEqual([]);
  });

  it('shows an applied drama edit at once: its page, home, the ranked lists, its cast’s pages and the API', async () => {
    const api = async () => ((await (await fetch(`${url}/api/v1/dramas/10`)).json()) as { title: string }).title;
    expect(await api()).toBe('Listed');
    expect(await api()).toBe('Listed'); // now a cached answer
    const started = performance.now();
    await applyDramaEdit(10, { title: 'Listed, edited' }, { at: after(builtA) });
    expect(await api()).toBe('Listed, edited'); // the cache forgot it with the announcement
    await vi.waitFor(async () => expect(await page('/drama/10')).toBe('a: a rendered /drama/10'), { timeout: 2000, interval: 5 });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await page('/pt-br/drama/10')).toBe('a: a rendered /pt-br/drama/10');
    expect(await page('/')).toBe('a: a rendered /ranked/home');
    expect(await page('/pt-br/')).toBe('a: a rendered /pt-br/ranked/home');
    expect(await page('/drama/popular')).toBe('a: a rendered /ranked/drama/popular');
    expect(await page('/popular')).toBe('a: a rendered /ranked/popular');
    expect(await page('/people/20')).toBe('a: a rendered /people/20'); // the filmography names it
    // what does not show it stays the build's file
    expect(await page('/drama/11')).toBe('a: a drama/11');
    expect(await page('/drama/12')).toBe('a: a drama/12');
    expect(await page('/people/21')).toBe('a: a people/21');
    // the instant search corrects its static index with the record as it is now, in each language
    const [changed] = await searchChanges('en');
    expect(changed).toMatchObject({ group: 'drama', url: '/drama/10', meta: { title: 'Listed, edited' } });
    expect(changed!.content.split('\n')).toContain('Listed, edited');
    expect((await searchChanges('pt-br'))[0]).toMatchObject({ url: '/pt-br/drama/10', meta: { title: 'Listed, edited' } });
  });

  it('shows an applied person edit at once: their pages and the pages of the dramas crediting them', async () => {
    await applyPersonEdit(21, { name: 'In Other, edited' }, { at: after(builtA, 2) });
    await vi.waitFor(async () => expect(await page('/people/21')).toBe('a: a rendered /people/21'), { timeout: 2000, interval: 5 });
    expect(await page('/drama/11')).toBe('a: a rendered /drama/11'); // its cast shows the name
    expect(await page('/drama/12')).toBe('a: a drama/12');
    expect((await searchChanges('en')).map((c) => c.url)).toEqual(expect.arrayContaining(['/drama/10', '/people/21']));
  });

  it('switches to a newer build between requests: its files, its id, a stale set counted from its start; a request under way finishes on its own build', async () => {
    const slowStarted = new Promise<void>((resolve) => (releaseRender = resolve));
    const slow = fetch(`${url}/slow`).then(async (res) => `${res.headers.get('x-build-id')}: ${await res.text()}`);
    await slowStarted;
    const builtB = await instantAfterChanges();
    await live.switchBuild({ clientDir: writeBuild('b'), astroHandler: render('b'), buildId: 'b', builtAt: builtB });
    expect(live.servedBuildId()).toBe('b');
    expect(await slow).toBe('a: a slow');
    // the edits happened before build b started: b's files show them, nothing is stale
    for (const p of ['/', '/drama/popular', '/drama/10', '/drama/11', '/people/20', '/people/21']) {
      expect(await page(p)).toBe(`b: b ${p.slice(1) || 'home'}`);
    }
    // and an edit after it is shown at once, by b's renderer
    await applyDramaEdit(12, { title: 'Untouched no more' }, { at: after(builtB) });
    await vi.waitFor(async () => expect(await page('/drama/12')).toBe('b: b rendered /drama/12'), { timeout: 2000, interval: 5 });
    expect(await page('/')).toBe('b: b rendered /ranked/home');
  });
});
