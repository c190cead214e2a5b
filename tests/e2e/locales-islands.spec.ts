import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { openHydrated, waitForIslands, watchForFleetingText } from './support/islands.ts';
import { BASE_URL } from './support/ports.ts';
import {accountToken, DEMO_MEMBER, useToken } from './support/session.ts';

// The islands speak the page's language (issue 11 item 4): on the Portuguese pages under /pt-br/
// their words are Portuguese, their numbers and dates are written the Brazilian way, and the links
// they build (sign-in, sign-up, profile, search, pagination, the return after signing in) stay under
// /pt-br/. The English pages are covered, word for word, by the other specs.

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  expect(res.ok(), `${url}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/** A count written the Brazilian way (12.345) */
const br = (n: number) => n.toLocaleString('pt-BR');

// One sign-in per worker (the login rate limit counts attempts per address).
let token: Promise<string> | undefined;
const demoToken = (request: APIRequestContext) => (token ??= accountToken());
async function signedIn(page: Page) {
  await useToken(page, await demoToken(page.request));
}

test.describe('the account islands in Portuguese', () => {
  test('the navbar offers Entrar and Cadastrar, and its search box searches the Portuguese pages', async ({ page }) => {
    await openHydrated(page, '/pt-br/');
    const nav = page.getByRole('navigation').first();
    await expect(nav.getByRole('link', { name: 'Entrar', exact: true })).toHaveAttribute('href', '/pt-br/login');
    await expect(nav.getByRole('link', { name: 'Cadastrar', exact: true })).toHaveAttribute('href', '/pt-br/register');

    const box = page.getByRole('combobox').first();
    await expect(box).toHaveAttribute('placeholder', 'Buscar doramas e pessoas');
    await box.fill('love');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/pt-br\/search\/drama\?q=love$/);
  });

  test('the sign-in form is Portuguese, and signing in returns to the Portuguese home page', async ({ page }) => {
    await openHydrated(page, '/pt-br/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Entrar');
    await expect(page.getByText('Que bom ver você de novo! Entre para continuar acompanhando seus doramas.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Esqueceu a senha?' })).toHaveAttribute('href', '/pt-br/forgot-password');
    await expect(page.getByRole('link', { name: 'Cadastre-se' })).toHaveAttribute('href', '/pt-br/register');
    await expect(page.getByRole('button', { name: 'Continuar com o Google' })).toBeVisible();

    // a check of the form itself, before anything is sent
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Informe o e-mail e a senha');

    // the server's refusal in the page's words, never its English (docs/decisions/019)
    await page.getByLabel('E-mail').fill(DEMO_MEMBER.email);
    await page.getByLabel('Senha', { exact: true }).fill(`${DEMO_MEMBER.password}-wrong`);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('E-mail ou senha incorretos');

    await page.getByLabel('Senha', { exact: true }).fill(DEMO_MEMBER.password);
    const redirecting = watchForFleetingText(page, 'Login realizado! Redirecionando...');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await redirecting;
    await expect(page).toHaveURL(`${BASE_URL}/pt-br/`);
    await waitForIslands(page);
    await expect(page.getByRole('button', { name: /^Menu da conta de / })).toBeVisible();
  });

  test('the registration form checks the password in Portuguese', async ({ page }) => {
    await openHydrated(page, '/pt-br/register');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Criar conta');
    const checklist = page.getByRole('list', { name: 'Requisitos da senha' });
    await expect(checklist).toContainText('Pelo menos 8 caracteres');
    await page.getByLabel('Senha', { exact: true }).fill('Drama2024');
    await expect(checklist.getByRole('listitem').filter({ hasText: 'Uma letra maiúscula' })).toHaveAttribute('data-ok', 'true');

    await page.getByLabel('E-mail').fill('fan@example.com');
    await page.getByLabel('Nome de usuário').fill('fan');
    await page.getByLabel('Nome completo').fill('Fã');
    await page.getByLabel('Confirmar senha').fill('Drama2025');
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await expect(page.getByRole('alert')).toHaveText('As senhas não coincidem');
  });

  test("a signed-in member's menu is Portuguese and links to the Portuguese pages", async ({ page }) => {
    await signedIn(page);
    await openHydrated(page, '/pt-br/');
    const menu = page.getByRole('button', { name: /^Menu da conta de / });
    await menu.click();
    await expect(page.getByRole('link', { name: 'Perfil', exact: true })).toHaveAttribute('href', /^\/pt-br\/user\/[^/]+$/);
    await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
  });
});

test.describe('the calendar in Portuguese', () => {
  test('a signed-out visitor is sent to the Portuguese sign-in page, which returns to the calendar', async ({ page }) => {
    await page.goto('/pt-br/calendar?year=2025');
    await expect(page).toHaveURL(`${BASE_URL}/pt-br/login?next=${encodeURIComponent('/pt-br/calendar?year=2025')}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Entrar');
  });

  test('seasons, views, the count and the pages are Portuguese', async ({ page, request }) => {
    await signedIn(page);
    const year = new Date().getFullYear();
    const season = await json<{ total: number; pages: number }>(request, `/api/v1/dramas/seasons?year=${year}&page=1&size=24`);
    await openHydrated(page, `/pt-br/calendar?year=${year}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Calendário de doramas');
    await expect(page.getByTestId('calendar-count')).toHaveText(`${br(season.total)} dorama(s) encontrado(s)`);
    const seasons = page.getByRole('group', { name: 'Temporada' }).getByRole('button');
    await expect(seasons).toHaveText(['T1 Inverno/Primavera (jan-mar)', 'T2 Primavera/Verão (abr-jun)', 'T3 Verão/Outono (jul-set)', 'T4 Outono/Inverno (out-dez)']);
    await expect(page.getByText(`Todo o ano de ${year}`)).toBeVisible();

    await page.getByRole('group', { name: 'Exibição' }).getByRole('button', { name: 'Lista' }).click();
    const first = page.getByTestId('calendar-results').locator('a').first();
    await expect(first).toContainText(/Estreou em \d{1,2} de [a-zç]{3}\. de \d{4}|Data de estreia a anunciar/);
    // the row's type in Portuguese too (Dorama, Filme, Programa de TV, Especial), never the English word
    await expect(first.locator('p').nth(1).locator('span').first()).toHaveText(/^(Dorama|Filme|Programa de TV|Especial)$/);

    if (season.pages > 1) {
      const next = page.getByRole('navigation', { name: 'Paginação' }).getByRole('link', { name: 'Próxima' });
      await expect(next).toHaveAttribute('href', `/pt-br/calendar?year=${year}&page=2&view=list`);
    }
  });
});

test.describe('the heart in Portuguese', () => {
  test('the heart button (Curtir) and its count are Portuguese, and a visitor is asked to sign in on the Portuguese page', async ({ page, request }) => {
    const listed = await json<{ items: { id: number }[] }>(request, '/api/v1/people/?sort_by=popularity&size=1&page=1');
    const person = await json<{ id: number; name: string; hearts: number }>(request, `/api/v1/people/${listed.items[0]!.id}`);
    await openHydrated(page, `/pt-br/people/${person.id}`);
    const button = page.getByRole('button', { name: `Curtir ${person.name}` });
    await expect(button).toHaveText('Curtir');
    await expect(page.getByTestId('heart-count')).toHaveText(/^[\d.]+ curtidas?$/);

    await button.click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Entre para curtir pessoas');
    await expect(alert.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', `/pt-br/login?next=${encodeURIComponent(`/pt-br/people/${person.id}`)}`);
  });
});

test.describe('the drama islands in Portuguese', () => {
  test('the photo viewer of a drama page is Portuguese', async ({ page, request }) => {
    const popular = await json<{ data: { items: { id: number }[] } }>(request, '/api/v1/dramas/popular?size=1&page=1');
    const drama = await json<{ id: number; photos: string[] }>(request, `/api/v1/dramas/${popular.data.items[0]!.id}`);
    const total = drama.photos.length;
    expect(total).toBeGreaterThan(1);
    await page.goto(`/pt-br/drama/${drama.id}#photos`);
    await waitForIslands(page);
    const grid = page.getByRole('list', { name: 'Fotos' }).getByRole('button');
    await expect(grid.first()).toHaveAccessibleName(`Abrir a foto 1 de ${total}`);
    await grid.first().click();
    const viewer = page.getByRole('dialog', { name: 'Visualizador de fotos' });
    await expect(viewer.locator('[data-viewer=counter]')).toHaveText(`1 de ${total}`);
    await expect(viewer.getByRole('button', { name: 'Próxima foto' })).toBeVisible();
    await viewer.getByRole('button', { name: 'Fechar o visualizador de fotos' }).click();
    await expect(viewer).toBeHidden();
  });

  test('the filter panel of the drama search is Portuguese and stays on the Portuguese search', async ({ page }) => {
    await openHydrated(page, '/pt-br/search/drama');
    const panel = page.getByRole('search', { name: 'Filtrar doramas' });
    await expect(panel.getByRole('group', { name: 'Gêneros' })).toBeVisible();
    // a year field with suggestions (a datalist) is a combobox, so it is found by its label
    await expect(panel.getByLabel('Ano inicial', { exact: true })).toBeVisible();
    await expect(panel.getByRole('slider', { name: 'Nota máxima' })).toBeVisible();
    await panel.getByLabel('Ano inicial', { exact: true }).fill('2020');
    await panel.getByRole('button', { name: 'Aplicar filtros' }).click();
    await expect(page).toHaveURL(/\/pt-br\/search\/drama\?(.*&)?year=2020/);
  });
});
