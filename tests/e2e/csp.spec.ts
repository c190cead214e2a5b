import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { BASE_URL } from './support/ports.ts';
import { waitForIslands } from './support/islands.ts';
import {accountToken, useToken } from './support/session.ts';

// Every kind of page with the Content-Security-Policy on (docs/decisions/011): each document must
// carry the policy, and nothing any page does, on load or when used, may break it. A violation is
// caught twice: the page's `securitypolicyviolation` events, and Chromium's console messages about
// the Content-Security-Policy and the Permissions-Policy (which also name ignored directives).

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  source: string;
  page: string;
}

declare global {
  interface Window {
    reportViolation(violation: Violation): void;
  }
}

/** Problems seen by the page of a test: violations and console complaints about the policies. */
const test = base.extend<{ problems: string[] }>({
  problems: async ({ page }, use) => {
    const problems: string[] = [];
    await page.exposeBinding('reportViolation', (_source, v: Violation) =>
      problems.push(`${v.page}: ${v.directive} refused ${v.blocked || 'inline'} (${v.sample}) at ${v.source}`),
    );
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        window.reportViolation({
          directive: e.effectiveDirective,
          blocked: e.blockedURI,
          sample: e.sample,
          source: `${e.sourceFile}:${e.lineNumber}`,
          page: location.href,
        });
      });
    });
    page.on('console', (message) => {
      if (/Content.Security.Policy|Permissions.Policy|Refused to/i.test(message.text())) problems.push(`console ${message.type()}: ${message.text()}`);
    });
    await use(problems);
  },
});

/**
 * Waits until the page has delivered every violation it caused so far: it provokes one more, a known
 * one (an image from an origin no policy allows: refused before any request is made), and waits for
 * its event and its console message. Events and messages arrive in the order they happened, so every
 * earlier one is in `problems` by then. The sentinel's own two entries are then taken out.
 */
async function settle(page: Page, problems: string[]) {
  const marker = `csp-sentinel-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  await page.evaluate((m) => {
    new Image().src = `https://sentinel.invalid/${m}.png`;
  }, marker);
  const mine = () => problems.filter((p) => p.includes(marker));
  await expect.poll(() => ({ event: mine().some((p) => !p.startsWith('console')), console: mine().some((p) => p.startsWith('console')) })).toEqual({
    event: true,
    console: true,
  });
  for (let i = problems.length - 1; i >= 0; i--) if (problems[i]!.includes(marker)) problems.splice(i, 1);
}

async function expectNoViolations(page: Page, problems: string[]) {
  await settle(page, problems);
  expect(problems).toEqual([]);
}

/** Opens `path`, checks the document is under both policies, and waits for its islands (unless told not to). */
async function visit(page: Page, path: string, status = 200, { hydrated = true } = {}) {
  const response = await page.goto(path);
  expect(response, path).not.toBeNull();
  expect(response!.status(), path).toBe(status);
  const header = response!.headers()['content-security-policy'] ?? '';
  expect(header, `${path}: the server's policy`).toContain("frame-ancestors 'none'");
  // Astro's policy with the script hashes: a <meta> in a pre-rendered page, a header otherwise
  const meta = await page.evaluate(() => document.querySelector('meta[http-equiv="content-security-policy"]')?.getAttribute('content') ?? '');
  expect(`${meta}\n${header}`, `${path}: Astro's policy`).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'sha256-/);
  expect(`${meta}\n${header}`).not.toContain("'unsafe-inline'");
  if (hydrated) await waitForIslands(page);
}

async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  expect(res.ok(), `${url} answered ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}
const popularDrama = async (request: APIRequestContext, page: number) =>
  (await getJson<{ data: { items: { id: number; title: string }[] } }>(request, `/api/v1/dramas/popular?size=1&page=${page}`)).data.items[0]!;
const popularPerson = async (request: APIRequestContext, page: number) =>
  (await getJson<{ items: { id: number; name: string }[] }>(request, `/api/v1/people/?sort_by=popularity&size=1&page=${page}`)).items[0]!;

test.describe('Content-Security-Policy', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the watcher sees what the policy refuses: an injected script does not run, an outside image does not load', async ({ page, problems }) => {
    await visit(page, '/');
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
      const image = document.createElement('img');
      image.src = 'http://198.51.100.7/tracker.png'; // refused before any request is made
      document.body.append(image);
      return (window as unknown as { injected?: boolean }).injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => problems.join('\n')).toContain('script-src-elem refused inline');
    await expect.poll(() => problems.join('\n')).toContain('img-src refused http://198.51.100.7/tracker.png');
  });

  test('no page may be framed by another site', async ({ page }) => {
    await page.route('http://attacker.invalid/', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<iframe src="http://frameable.invalid/" title="control"></iframe><iframe src="${BASE_URL}/about" title="ours"></iframe>`,
      }),
    );
    await page.route('http://frameable.invalid/', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Framed</h1>' }));
    await page.goto('http://attacker.invalid/');
    const [control, ours] = [page.frameLocator('iframe[title="control"]'), page.frameLocator('iframe[title="ours"]')];
    await expect(control.getByRole('heading', { name: 'Framed' })).toBeVisible(); // framing works in this page
    // Chromium replaces the refused frame with its error page
    await expect.poll(() => page.frames().map((f) => f.url())).toContain('chrome-error://chromewebdata/');
    await expect(ours.getByRole('link', { name: 'DramaList' })).toHaveCount(0);
  });

  test('home, static pages, the sign-in screens and the not-found page', async ({ page, problems }) => {
    for (const path of ['/', '/about', '/terms', '/privacy', '/cookies', '/contact', '/login', '/register', '/forgot-password']) {
      await visit(page, path);
    }
    await visit(page, '/no-such-page', 404);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolations(page, problems);
  });

  test('the navbar instant search loads Pagefind and shows results', async ({ page, request, problems }) => {
    const drama = await popularDrama(request, 1);
    await visit(page, '/');
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search dramas and people' });
    await box.fill(drama.title);
    const results = page.getByRole('listbox', { name: 'Dramas and people' });
    await expect(results.locator(`[href="/drama/${drama.id}"]`).first()).toBeVisible();
    await expectNoViolations(page, problems);
  });

  test('a pre-rendered drama: tabs and the photo viewer; an on-demand drama; Try Again on a bad id reloads', async ({ page, request, problems }) => {
    const top = await popularDrama(request, 1);
    await visit(page, `/drama/${top.id}#photos`);
    await page.locator('#panel-photos').getByRole('list', { name: 'Photos' }).getByRole('button').first().click();
    const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
    await expect(viewer).toBeVisible();
    await viewer.getByRole('button', { name: 'Next photo' }).click();
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await page.getByRole('tab', { name: /^Cast/ }).click();
    await expect(page.locator('#panel-cast')).toBeVisible();

    const far = await popularDrama(request, 900); // beyond the pre-rendered 500
    await visit(page, `/drama/${far.id}`, 200, { hydrated: false }); // the photos' island waits to be seen
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(far.title);

    // the Try Again button (an inline onclick= before the policy) reloads the page
    await visit(page, '/drama/abc', 400);
    await page.evaluate(() => ((window as unknown as { before?: boolean }).before = true));
    const reloaded = page.waitForEvent('load');
    await page.getByRole('alert').getByRole('button', { name: 'Try Again' }).click();
    await reloaded;
    expect(await page.evaluate(() => (window as unknown as { before?: boolean }).before)).toBeUndefined();
    await expectNoViolations(page, problems);
  });

  test('people pages, a heart given and taken back, and the people search', async ({ page, request, problems }) => {
    const token = await accountToken();
    await useToken(page, token);
    const person = await popularPerson(request, 9);
    const auth = { Authorization: `Bearer ${token}` };
    const status = await (await request.get(`/api/v1/people/${person.id}/heart-status`, { headers: auth })).json();
    if (status.has_hearted) expect((await request.delete(`/api/v1/people/${person.id}/heart`, { headers: auth })).ok()).toBe(true);
    await visit(page, `/people/${person.id}`);
    const heart = page.getByRole('button', { name: `Give ${person.name} a heart` });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await visit(page, `/person/${(await popularPerson(request, 3000)).id}`);
    await visit(page, `/search/people?q=${encodeURIComponent(person.name.split(' ')[0]!)}`);
    await expectNoViolations(page, problems);
  });

  test('the drama search and its filter panel, and ranked lists on page 1 and 2', async ({ page, problems }) => {
    await visit(page, '/search/drama?genre=1');
    const from = page.getByRole('combobox', { name: 'Year from' });
    const before = await from.inputValue();
    await page.getByRole('slider', { name: 'Minimum year' }).press('ArrowRight');
    await expect(from).not.toHaveValue(before);
    await visit(page, '/drama/popular');
    await visit(page, '/drama/popular?page=2');
    await visit(page, '/top-rated?page=2');
    await expectNoViolations(page, problems);
  });

  test('signed in: the calendar and the profile', async ({ page, request, problems }) => {
    await useToken(page, await accountToken());
    await visit(page, '/calendar');
    await expect(page.getByTestId('calendar-count')).toBeVisible();
    // /profile goes on to the member's own page (issue 13), which is then checked as any page
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/user\/demo$/);
    await visit(page, '/user/demo');
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await expectNoViolations(page, problems);
  });

  test('the social sign-in landing', async ({ page, problems }) => {
    await visit(page, '/oauth/callback?error=Access%20denied');
    await expect(page.getByRole('heading', { name: 'Authentication Failed' })).toBeVisible();
    await visit(page, '/oauth-callback');
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoViolations(page, problems);
  });

  test('the API docs run Swagger UI under their own policy', async ({ page, problems }) => {
    const response = await page.goto('/api/docs');
    expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(response!.headers()['content-security-policy']).not.toContain('unsafe');
    await expect(page.getByRole('heading', { name: /DramaList API/ })).toBeVisible();
    // an operation opens, with its parameters read from the OpenAPI document
    await page.locator('.opblock-summary').first().click();
    await expect(page.locator('.opblock-body').first()).toBeVisible();
    await expectNoViolations(page, problems);
  });
});
