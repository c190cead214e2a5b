import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/lib/server/api/index.ts';
import { createSiteServer } from '../../src/lib/server/http/site-server.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { createDrama } from '../helpers/factories.ts';

// Every kind of answer the site server gives carries the security headers (docs/decisions/011):
// static pages and files, pages Astro renders on demand (whose own policy is kept beside the
// server's), the not-found page, API answers (computed, cached and errors), the API docs, media.
// Astro's part of the page policy (script and style hashes) is checked in a browser: tests/e2e/csp.spec.ts.

const PAGE_POLICY = "frame-ancestors 'none'; object-src 'none'; base-uri 'none'; form-action 'self'";
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";
/** what Astro sends with a page rendered on demand (its hashes stand for the real ones) */
const ASTRO_POLICY = "default-src 'self'; script-src 'self' 'sha256-abc'; style-src 'self'";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'headers-'));
const clientDir = path.join(root, 'client');
const mediaDir = path.join(root, 'media');
const servers: http.Server[] = [];
let https: string; // PUBLIC_URL https://…
let plain: string; // PUBLIC_URL http://…

async function start(publicUrl: string) {
  const site = await createSiteServer({
    clientDir,
    mediaDir,
    api: createApi(),
    publicUrl,
    astroHandler: (req, res) => {
      if (req.url === '/drama/99') {
        res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Security-Policy': ASTRO_POLICY });
        res.end('<h1>rendered on demand</h1>');
        return;
      }
      res.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Page not found</h1>');
    },
  });
  servers.push(site.server);
  await new Promise<void>((resolve) => site.server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await createDrama({ id: 1, title: 'Built', status: 'completed', country: 'South Korea' });
  fs.mkdirSync(path.join(clientDir, 'drama/1'), { recursive: true });
  fs.mkdirSync(path.join(clientDir, '_astro'), { recursive: true });
  fs.writeFileSync(path.join(clientDir, 'drama/1/index.html'), '<h1>static 1</h1>');
  fs.writeFileSync(path.join(clientDir, '_astro/app.abc123.js'), 'console.log(1)');
  fs.mkdirSync(path.join(mediaDir, 'art'), { recursive: true });
  fs.writeFileSync(path.join(mediaDir, 'art/p.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  https = await start('https://dramalist.example');
  plain = await start('http://localhost:4321');
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  await database?.drop();
  fs.rmSync(root, { recursive: true, force: true });
});

/** The headers every answer carries, whatever its kind. */
function expectCommonHeaders(res: Response, what: string) {
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('permissions-policy'), what).toMatch(/(^|, )camera=\(\)/);
  expect(res.headers.get('permissions-policy'), what).toMatch(/(^|, )geolocation=\(\)/);
  expect(res.headers.get('cross-origin-opener-policy'), what).toBe('same-origin');
}

describe('security headers of the site server', () => {
  it('a pre-rendered page: the page policy, not framable', async () => {
    const res = await fetch(`${https}/drama/1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(PAGE_POLICY);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expectCommonHeaders(res, 'page');
  });

  it('a script of the build: no sniffing, same origin only, and none of the headers only documents read', async () => {
    const res = await fetch(`${https}/_astro/app.abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(res.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    for (const name of ['content-security-policy', 'permissions-policy', 'cross-origin-opener-policy', 'referrer-policy'])
      expect(res.headers.get(name), name).toBeNull();
  });

  it("a page rendered on demand keeps Astro's policy beside the server's (the browser enforces both)", async () => {
    const res = await fetch(`${https}/drama/99`);
    expect(await res.text()).toBe('<h1>rendered on demand</h1>');
    // two Content-Security-Policy header lines, which fetch joins with ', '
    expect(res.headers.get('content-security-policy')).toBe(`${PAGE_POLICY}, ${ASTRO_POLICY}`);
    expectCommonHeaders(res, 'on demand');
  });

  it('the not-found page and a malformed address', async () => {
    for (const [url, status] of [['/no-such-page', 404], ['/drama/%E0%A4%A', 400]] as const) {
      const res = await fetch(`${https}${url}`);
      expect(res.status).toBe(status);
      expect(res.headers.get('content-security-policy'), url).toBe(PAGE_POLICY);
      expectCommonHeaders(res, url);
    }
  });

  it('API answers, computed, cached and errors: a policy for JSON', async () => {
    const first = await fetch(`${https}/api/v1/dramas/1`);
    const cached = await fetch(`${https}/api/v1/dramas/1`);
    expect(cached.headers.get('x-cache')).toBe('HIT'); // written from memory, not by the API
    const answers: [string, Response, number][] = [
      ['computed', first, 200],
      ['cached', cached, 200],
      ['unknown drama', await fetch(`${https}/api/v1/dramas/424242`), 404],
      ['bad id', await fetch(`${https}/api/v1/dramas/abc`), 400],
      ['unknown route', await fetch(`${https}/api/v1/nothing`), 404],
      ['no token', await fetch(`${https}/api/v1/users/me`), 401],
    ];
    for (const [what, res, status] of answers) {
      expect(res.status, what).toBe(status);
      expect(res.headers.get('content-type'), what).toMatch(/application\/json/);
      expect(res.headers.get('content-security-policy'), what).toBe(API_POLICY);
      expect(res.headers.get('cross-origin-resource-policy'), what).toBe('same-origin');
      expectCommonHeaders(res, what);
    }
  });

  it('the API docs: a policy of their own, with no inline script', async () => {
    const res = await fetch(`${https}/api/docs`);
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe');
    expectCommonHeaders(res, 'docs');
    const page = await res.text();
    const scripts = [...page.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map(([, attributes]) => attributes.trim())).toEqual(['src="/api/docs/swagger-ui-bundle.js"', 'src="/api/docs/init.js"']);
    expect(scripts.every(([, , body]) => body === '')).toBe(true);
    const init = await fetch(`${https}/api/docs/init.js`);
    expect(init.headers.get('content-type')).toMatch(/javascript/);
    expect(await init.text()).toContain("SwaggerUIBundle({ url: '/api/v1/openapi.json'");
  });

  it('media: nothing in a file may run, and other origins may show it', async () => {
    const res = await fetch(`${https}/media/art/p.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'");
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expectCommonHeaders(res, 'media');
  });

  it('HSTS on every answer when PUBLIC_URL is https, never otherwise', async () => {
    for (const url of ['/drama/1', '/_astro/app.abc123.js', '/drama/99', '/no-such-page', '/api/v1/health', '/api/v1/nothing', '/api/docs', '/media/art/p.svg']) {
      expect((await fetch(`${https}${url}`)).headers.get('strict-transport-security'), url).toBe('max-age=63072000; includeSubDomains');
      expect((await fetch(`${plain}${url}`)).headers.get('strict-transport-security'), url).toBeNull();
    }
  });
});

describe('security headers of the API alone (as `astro dev` serves it)', () => {
  it('API answers and the docs carry their policies', async () => {
    const api = createApi();
    const json = await api.fetch(new Request('http://dramalist.test/api/v1/health'));
    expect(json.headers.get('content-security-policy')).toBe(API_POLICY);
    expect(json.headers.get('x-content-type-options')).toBe('nosniff');
    const missing = await api.fetch(new Request('http://dramalist.test/api/v1/nothing'));
    expect(missing.headers.get('content-security-policy')).toBe(API_POLICY);
    const docs = await api.fetch(new Request('http://dramalist.test/api/docs'));
    expect(docs.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(docs.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});
