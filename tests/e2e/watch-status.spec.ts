import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeAtBothWidths, NARROW } from './support/axe.ts';
import { createDrama, createMember, removeDrama } from './support/factories.ts';
import { waitForIslands } from './support/islands.ts';
import {accountToken, useToken } from './support/session.ts';
import { withSiteDatabase } from './support/site-database.ts';

// The watch-status control and dialog on the drama page (spec 2 "Watch-status dialog", §5, §8;
// issue 12): hidden for visitors, 'Add to List' or the member's status, a menu of the four statuses,
// the dialog prefilled from the entry (score, episodes watched, notes, dates, history), Save,
// Remove from List, Rewatch; keyboard only; the server's messages. Each test makes its own drama
// (16 episodes, rendered on demand) and member, and removes the drama (and so the entries) at the end.

interface Entry {
  status: string;
  score: number | null;
  progress: number | null;
  notes: string | null;
  started_at: string | null;
  finished_at: string | null;
  rewatch_count: number;
}

const control = (page: Page) => page.getByTestId('watch-status-control');
const dialog = (page: Page) => page.getByRole('dialog');

async function setUp(request: APIRequestContext, page: Page | null, episodes = 16) {
  const drama = await createDrama({ episodes, title: `Watch Status ${Date.now()}-${Math.random().toString(36).slice(2, 6)}` });
  const member = await createMember();
  const token = await accountToken(member);
  if (page) await useToken(page, token);
  /** the member's entry as the API has it (null: none) */
  const entry = async (): Promise<Entry | null> => {
    const res = await request.get(`/api/v1/lists/drama/${drama.id}/status`, { headers: { Authorization: `Bearer ${token}` } });
    if (res.status() === 404) return null;
    expect(res.status()).toBe(200);
    return (await res.json()) as Entry;
  };
  return { drama, token, entry };
}

async function openDrama(page: Page, path: string) {
  await page.goto(path);
  await waitForIslands(page);
}

/** Opens the status menu and picks a status: the dialog opens with it. */
async function choose(page: Page, status: string) {
  await control(page).click();
  await page.getByRole('menuitemradio', { name: status }).click();
  await expect(dialog(page)).toBeVisible();
}

test.describe('watch-status control', () => {
  // each test signs a member in and opens the page two or three times: on a busy machine (2 shared
  // cores) that takes longer than the default 30 s
  test.describe.configure({ timeout: 120_000 });

  test('a visitor sees no control, and loads neither its member part nor any list call', async ({ page, request }) => {
    const { drama } = await setUp(request, null);
    try {
      const asked: string[] = [];
      page.on('request', (r) => asked.push(r.url()));
      await openDrama(page, `/drama/${drama.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(drama.title);
      await expect(page.getByText('Add to List')).toHaveCount(0);
      await expect(control(page)).toHaveCount(0);
      // the member's placeholder is in the HTML, hidden unless the page is marked signed in
      await expect(page.locator('[data-signed-in-only]')).toBeHidden();
      // The islands have hydrated (openDrama): the control has decided, and a member part it wanted
      // would already be asked for. A request the page makes after that is the positive event: once
      // it is seen, every request made before it has been seen too.
      const marker = page.waitForRequest((r) => r.url().includes('visitor-check'));
      await page.evaluate(() => void fetch('/api/v1/health?visitor-check'));
      await marker;
      expect(asked.filter((url) => /MemberWatchStatus|\/api\/v1\/lists\//.test(url))).toEqual([]);
      expect(asked.some((url) => url.includes('visitor-check'))).toBe(true);
    } finally {
      await removeDrama(drama.id);
    }
  });

  test('a member adds a drama with status, score, episodes and notes, sees it after a reload, edits it, rewatches it and removes it', async ({ page, request }) => {
    test.setTimeout(180_000); // a long walk: three page loads and six writes
    const { drama, entry } = await setUp(request, page);
    try {
      await openDrama(page, `/drama/${drama.id}`);
      await expect(control(page)).toHaveText('Add to List');

      // add: Watching, 8 - Very Good, 3 episodes (+ three times), notes
      await choose(page, 'Watching');
      await expect(dialog(page).getByRole('heading', { name: 'Add to List' })).toBeVisible();
      await expect(dialog(page).getByLabel('Status')).toHaveValue('watching');
      await dialog(page).getByLabel('Score').selectOption({ label: '8 - Very Good' });
      const more = dialog(page).getByRole('button', { name: 'One episode more' });
      for (let i = 0; i < 3; i++) await more.click();
      await expect(dialog(page).getByLabel('Episodes watched')).toHaveValue('3');
      await expect(dialog(page).getByText('of 16 episodes')).toBeVisible();
      await dialog(page).getByLabel('Notes').fill('Hooked from episode one');
      await expect(dialog(page).getByText('23/2,000 characters')).toBeVisible();
      await dialog(page).getByRole('button', { name: 'Save' }).click();
      await expect(dialog(page)).toBeHidden();
      await expect(control(page)).toHaveText('Watching');
      await expect(page.getByTestId('watch-status-summary')).toHaveText('3/16 episodes · Score 8');
      expect(await entry()).toMatchObject({ status: 'watching', score: 8, progress: 3, notes: 'Hooked from episode one', finished_at: null });
      expect((await entry())!.started_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);

      // after a reload: the same, and the dialog prefilled from it
      await openDrama(page, `/drama/${drama.id}`);
      await expect(control(page)).toHaveText('Watching');
      await choose(page, 'Completed');
      await expect(dialog(page).getByRole('heading', { name: 'Edit List Entry' })).toBeVisible();
      await expect(dialog(page).getByLabel('Status')).toHaveValue('completed');
      await expect(dialog(page).getByLabel('Score')).toHaveValue('8');
      await expect(dialog(page).getByLabel('Notes')).toHaveValue('Hooked from episode one');
      // 'Completed' fills in every episode
      await expect(dialog(page).getByLabel('Episodes watched')).toHaveValue('16');
      await expect(dialog(page).getByTestId('watch-status-history')).toContainText('Added as Watching · Score: — → 8 · Episodes watched: — → 3');
      await dialog(page).getByLabel('Score').selectOption({ label: '10 - Masterpiece' });
      await dialog(page).getByRole('button', { name: 'Save' }).click();
      await expect(dialog(page)).toBeHidden();
      await expect(control(page)).toHaveText('Completed');
      await expect(page.getByTestId('watch-status-summary')).toHaveText('16/16 episodes · Score 10');
      const completed = (await entry())!;
      expect(completed).toMatchObject({ status: 'completed', score: 10, progress: 16 });
      expect(completed.finished_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);

      // the history says each change; a rewatch starts a new viewing and keeps the first one's dates
      await choose(page, 'Completed');
      const history = dialog(page).getByTestId('watch-status-history');
      await expect(history).toContainText('Status: Watching → Completed · Score: 8 → 10 · Episodes watched: 3 → 16');
      await dialog(page).getByRole('button', { name: 'Rewatch' }).click();
      await expect(history).toContainText('Started rewatching (viewing 2)');
      await expect(history).toContainText('Viewings · Rewatched once');
      await expect(dialog(page).getByTestId('watch-status-viewings')).toContainText('Viewing 1');
      await expect(dialog(page).getByLabel('Status')).toHaveValue('watching');
      await expect(dialog(page).getByLabel('Episodes watched')).toHaveValue('0');
      await expect(control(page)).toHaveText('Watching');
      expect(await entry()).toMatchObject({ status: 'watching', progress: 0, rewatch_count: 1 });

      // remove, after a confirmation that can be declined
      await dialog(page).getByRole('button', { name: 'Remove from List' }).click();
      await expect(dialog(page).getByText(`Remove ${drama.title} from your list? Its history goes with it.`)).toBeVisible();
      await dialog(page).getByRole('button', { name: 'Keep It' }).click();
      await expect(dialog(page).getByRole('button', { name: 'Remove from List' })).toBeFocused();
      await dialog(page).getByRole('button', { name: 'Remove from List' }).click();
      await dialog(page).getByRole('button', { name: 'Remove', exact: true }).click();
      await expect(dialog(page)).toBeHidden();
      await expect(control(page)).toHaveText('Add to List');
      await expect(page.getByTestId('watch-status-summary')).toHaveCount(0);
      expect(await entry()).toBeNull();
      await openDrama(page, `/drama/${drama.id}`);
      await expect(control(page)).toHaveText('Add to List');
    } finally {
      await removeDrama(drama.id);
    }
  });

  test('keyboard only: Enter opens the menu and the dialog, Tab stays inside it, Escape returns focus to the control', async ({ page, request }) => {
    const { drama, entry } = await setUp(request, page);
    try {
      await openDrama(page, `/drama/${drama.id}`);
      await control(page).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('menuitemradio', { name: 'Watching' })).toBeFocused();
      // Escape closes the menu back to the control
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toHaveCount(0);
      await expect(control(page)).toBeFocused();

      await page.keyboard.press('Enter');
      await expect(page.getByRole('menuitemradio', { name: 'Watching' })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('menuitemradio', { name: 'Plan to Watch' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(dialog(page)).toBeVisible();
      await expect(dialog(page).getByLabel('Status')).toBeFocused();
      await expect(dialog(page).getByLabel('Status')).toHaveValue('plan_to_watch');

      // Tab and Shift+Tab go round inside the dialog
      const inDialog = () => page.evaluate(() => document.activeElement?.closest('dialog') != null);
      const seen = new Set<string>();
      for (let i = 0; i < 16; i++) {
        await page.keyboard.press('Tab');
        expect(await inDialog(), `Tab ${i + 1}`).toBe(true);
        seen.add(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 60) ?? ''));
      }
      expect(seen.size).toBeGreaterThan(8);
      await dialog(page).getByLabel('Status').focus();
      await page.keyboard.press('Shift+Tab');
      expect(await inDialog()).toBe(true);
      await expect(dialog(page).getByRole('button', { name: 'Close' })).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      await expect(dialog(page).getByRole('button', { name: 'Save' })).toBeFocused();

      // Escape closes it without saving; focus is back on the control
      await page.keyboard.press('Escape');
      await expect(dialog(page)).toBeHidden();
      await expect(control(page)).toBeFocused();
      expect(await entry()).toBeNull();

      // and a whole save by keyboard
      await page.keyboard.press('Enter');
      await expect(page.getByRole('menuitemradio', { name: 'Watching' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(dialog(page).getByLabel('Status')).toBeFocused();
      await page.keyboard.press('Tab'); // Score
      await page.keyboard.press('Tab'); // −
      await page.keyboard.press('Tab'); // episodes watched
      await page.keyboard.type('5');
      await page.keyboard.press('Enter'); // submits the form
      await expect(dialog(page)).toBeHidden();
      await expect(control(page)).toBeFocused();
      await expect(control(page)).toHaveText('Watching');
      expect(await entry()).toMatchObject({ status: 'watching', progress: 5 });
    } finally {
      await removeDrama(drama.id);
    }
  });

  test("says the server's detail when a save breaks a rule, and the spec's messages when a call fails", async ({ page, request }) => {
    const { drama, entry } = await setUp(request, page);
    try {
      // a read that fails: 'Failed to fetch watch status', then Try Again
      let failRead = true;
      await page.route(`**/api/v1/lists/drama/${drama.id}/status`, (route) =>
        failRead && route.request().method() === 'GET' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }) : route.fallback(),
      );
      await openDrama(page, `/drama/${drama.id}`);
      await expect(page.getByRole('alert')).toContainText('Failed to fetch watch status');
      failRead = false;
      await page.getByRole('button', { name: 'Try Again' }).click();
      await expect(control(page)).toHaveText('Add to List');

      // the page says 16 episodes; the drama now has 8: the client lets 12 through, the server refuses it
      await withSiteDatabase((db) => db.query('UPDATE dramas SET episodes = 8 WHERE id = $1', [drama.id]));
      await choose(page, 'Watching');
      await dialog(page).getByLabel('Episodes watched').fill('12');
      await dialog(page).getByRole('button', { name: 'Save' }).click();
      await expect(dialog(page).getByRole('alert')).toHaveText("Episodes watched cannot be more than the drama's 8 episodes");
      await expect(dialog(page).getByLabel('Episodes watched')).toHaveAttribute('aria-invalid', 'true');
      await expect(dialog(page)).toBeVisible();
      expect(await entry()).toBeNull();

      // what the page knows is checked before sending: more than its 16 episodes
      await dialog(page).getByLabel('Episodes watched').fill('17');
      await expect(dialog(page).getByRole('alert')).toHaveCount(0);
      await dialog(page).getByRole('button', { name: 'Save' }).click();
      await expect(dialog(page).getByRole('alert')).toHaveText("Episodes watched cannot be more than the drama's 16 episodes");
      await expect(dialog(page).getByLabel('Episodes watched')).toBeFocused();

      // a write that gets no answer: 'Failed to update watch status'
      await page.route(`**/api/v1/lists/drama/${drama.id}/status`, (route) => (route.request().method() === 'POST' ? route.abort() : route.fallback()));
      await dialog(page).getByLabel('Episodes watched').fill('4');
      await dialog(page).getByRole('button', { name: 'Save' }).click();
      await expect(dialog(page).getByRole('alert')).toHaveText('Failed to update watch status');
      await page.unrouteAll({ behavior: 'wait' });
      await dialog(page).getByRole('button', { name: 'Save' }).click();
      await expect(dialog(page)).toBeHidden();
      await expect(control(page)).toHaveText('Watching');
      expect(await entry()).toMatchObject({ status: 'watching', progress: 4 });
    } finally {
      await removeDrama(drama.id);
    }
  });

  test('the control, its menu and the open dialog have no serious axe violation, at 375 and 1280 px', async ({ page, request }) => {
    const { drama, token } = await setUp(request, page);
    try {
      const save = await request.post(`/api/v1/lists/drama/${drama.id}/status`, {
        headers: { Authorization: `Bearer ${token}` },
        data: { status: 'completed', score: 9, progress: 16, notes: 'A second look soon' },
      });
      expect(save.status()).toBe(200);
      await page.setViewportSize(NARROW);
      await openDrama(page, `/drama/${drama.id}`);
      await expect(control(page)).toHaveText('Completed');
      await control(page).click();
      await expect(page.getByRole('menuitemradio', { name: 'Completed' })).toBeVisible();
      await axeAtBothWidths(page, 'the menu');
      await expect(page.getByRole('menuitemradio', { name: 'Completed' })).toBeVisible();
      await page.getByRole('menuitemradio', { name: 'Completed' }).click();
      await expect(dialog(page).getByTestId('watch-status-history')).toBeVisible();
      await axeAtBothWidths(page, 'the dialog');
      await page.keyboard.press('Escape');
      await expect(dialog(page)).toBeHidden();
    } finally {
      await removeDrama(drama.id);
    }
  });

  test('speaks Portuguese on /pt-br/', async ({ page, request }) => {
    const { drama, entry } = await setUp(request, page);
    try {
      await openDrama(page, `/pt-br/drama/${drama.id}`);
      await expect(control(page)).toHaveText('Adicionar à lista');
      await control(page).click();
      await expect(page.getByRole('menuitemradio')).toHaveText(['Assistindo', 'Concluído', 'Quero assistir', 'Abandonado']);
      await page.getByRole('menuitemradio', { name: 'Quero assistir' }).click();
      await expect(dialog(page).getByRole('heading', { name: 'Adicionar à lista' })).toBeVisible();
      await dialog(page).getByLabel('Nota', { exact: true }).selectOption({ label: '10 - Obra-prima' });
      await dialog(page).getByLabel('Anotações').fill('Depois das provas');
      await expect(dialog(page).getByText('17/2.000 caracteres')).toBeVisible();
      await dialog(page).getByRole('button', { name: 'Salvar' }).click();
      await expect(dialog(page)).toBeHidden();
      await expect(control(page)).toHaveText('Quero assistir');
      await expect(page.getByTestId('watch-status-summary')).toHaveText('Nota 10');
      expect(await entry()).toMatchObject({ status: 'plan_to_watch', score: 10, notes: 'Depois das provas' });
    } finally {
      await removeDrama(drama.id);
    }
  });
});
