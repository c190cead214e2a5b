import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { CLIENT_DIR } from './support/ports.ts';
import { waitForIslands } from './support/islands.ts';

// English at the spec's paths, Brazilian Portuguese at the same paths under /pt-br/ (issue 11,
// docs/decisions/019): the pages in Portuguese, <html lang>, hreflang alternates, the footer's
// language switcher and the Portuguese search index.

interface Paged<T> {
  items: T[];
}

/** The most popular drama (pre-rendered) and one far down the list (rendered on demand). */
async function dramas(request: APIRequestContext) {
  const list = async (page: number) => ((await (await request.get(`/api/v1/dramas/?sort_by=popularity&size=24&page=${page}`)).json()) as Paged<{ id: number; title: string }>).items;
  const [top] = await list(1);
  const [far] = await list(40);
  expect(top && far).toBeTruthy();
  return { top: top!, far: far! };
}

test.describe('Portuguese pages', () => {
  test('the home page is in Portuguese with its language, alternates and canonical', async ({ page }) => {
    await page.goto('/pt-br/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Boas-vindas ao DramaList');
    await expect(page.getByRole('navigation', { name: 'Principal' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ver doramas' }).first()).toHaveAttribute('href', '/pt-br/search/drama');
    const origin = new URL(page.url()).origin;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/pt-br/`);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', `${origin}/`);
    await expect(page.locator('link[rel="alternate"][hreflang="pt-BR"]')).toHaveAttribute('href', `${origin}/pt-br/`);
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', `${origin}/`);
    await expect(page.getByRole('contentinfo').getByText('Todos os sistemas operando normalmente')).toBeVisible();
  });

  test('the English page says its language and links to its Portuguese twin', async ({ page }) => {
    await page.goto('/drama/top-rated');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const origin = new URL(page.url()).origin;
    await expect(page.locator('link[rel="alternate"][hreflang="pt-BR"]')).toHaveAttribute('href', `${origin}/pt-br/drama/top-rated`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Top Rated Dramas');
  });

  test('drama pages, pre-rendered and on demand, are in Portuguese with Portuguese links', async ({ page, request }) => {
    const { top, far } = await dramas(request);
    for (const drama of [top, far]) {
      const response = await page.goto(`/pt-br/drama/${drama.id}`);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(drama.title);
      await expect(page.getByRole('tab', { name: 'Detalhes' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Sinopse' })).toBeVisible();
      const castLink = page.locator('[data-cast-preview] a').first();
      if (await castLink.count()) await expect(castLink).toHaveAttribute('href', /^\/pt-br\/people\/\d+$/);
    }
  });

  test('a ranked list counts and pages in Portuguese', async ({ page }) => {
    await page.goto('/pt-br/drama/popular?page=2');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Doramas mais populares');
    await expect(page.getByTestId('list-count')).toHaveText(/^Mostrando 25–48 de [\d.]+ doramas$/);
    await expect(page.locator('nav[data-pagination] a[rel="prev"]')).toHaveAttribute('href', '/pt-br/drama/popular');
  });

  test('the footer switcher goes to the same page (path and query) in the other language and back', async ({ page }) => {
    await page.goto('/drama/popular?page=2');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Português (Brasil)' }).click();
    await expect(page).toHaveURL(/\/pt-br\/drama\/popular\?page=2$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Doramas mais populares');
    await expect(page.getByRole('contentinfo').getByText('Português (Brasil)')).toHaveAttribute('aria-current', 'true');
    await page.getByRole('contentinfo').getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/drama\/popular\?page=2$/);
    expect(new URL(page.url()).pathname).toBe('/drama/popular');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Most Popular Dramas');
  });

  test('static pages and the not-found page are in Portuguese', async ({ page }) => {
    await page.goto('/pt-br/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quem somos');
    await expect(page.getByRole('main').getByRole('link', { name: 'Termos de Serviço' })).toHaveAttribute('href', '/pt-br/terms');
    const missing = await page.goto('/pt-br/nothing-here');
    expect(missing?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página não encontrada');
  });

  test('the navbar search on a Portuguese page finds Portuguese pages', async ({ page, request }) => {
    const { far } = await dramas(request);
    await page.goto('/pt-br/');
    await waitForIslands(page);
    await page.getByRole('banner').getByRole('combobox').fill(far.title);
    await expect(page.locator(`[role="option"][href="/pt-br/drama/${far.id}"]`)).toBeVisible();
  });
});

test.describe('Portuguese addresses over HTTP', () => {
  test('statuses, languages and alternates of on-demand pages and redirects', async ({ request }) => {
    const { far } = await dramas(request);
    const html = async (path: string) => {
      const response = await request.get(path, { maxRedirects: 0 });
      return { status: response.status(), text: await response.text(), location: response.headers()['location'] };
    };

    const drama = await html(`/pt-br/drama/${far.id}`);
    expect(drama.status).toBe(200);
    expect(drama.text).toContain('<html lang="pt-BR"');
    expect(drama.text).toMatch(new RegExp(`<link rel="alternate" hreflang="en" href="[^"]*/drama/${far.id}"`));
    expect(drama.text).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/pt-br/drama/${far.id}"`));

    const invalid = await html('/pt-br/drama/abc');
    expect(invalid.status).toBe(400);
    expect(invalid.text).toContain('ID de dorama inválido. Confira o endereço e tente novamente.');

    const unknown = await html('/pt-br/drama/987654321');
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('Dorama não encontrado');

    const moved = await html(`/pt-br/dramas/${far.id}`);
    expect(moved.status).toBe(301);
    expect(moved.location).toMatch(new RegExp(`/pt-br/drama/${far.id}$`));

    const search = await html('/pt-br/search/drama?q=love');
    expect(search.status).toBe(200);
    expect(search.text).toContain('<html lang="pt-BR"');

    const people = await html('/pt-br/search/people');
    expect(people.status).toBe(200);
    expect(people.text).toContain('Buscar pessoas');

    const english = await html(`/drama/${far.id}`);
    expect(english.status).toBe(200);
    expect(english.text).toContain('<html lang="en"');
  });
});

test('no script of the build carries the message catalogue (islands get their words as props)', () => {
  const dir = path.join(CLIENT_DIR, '_astro');
  const scripts = fs.readdirSync(dir).filter((name) => name.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(10);
  // words of the Portuguese catalogue that no island needs
  const words = ['Doramas mais populares', 'Ler esta página em', 'Boas-vindas ao', 'Política de Privacidade'];
  const carrying = scripts.filter((name) => {
    const source = fs.readFileSync(path.join(dir, name), 'utf8');
    return words.some((word) => source.includes(word));
  });
  expect(carrying).toEqual([]);
});
