import { expect, test, type Page } from '@playwright/test';
import { axeAtBothWidths, NARROW } from './support/axe.ts';
import { addToList, createDrama, createMember, removeDrama, type Member } from './support/factories.ts';
import { waitForIslands } from './support/islands.ts';
import { accountToken, useToken, signInAs } from './support/session.ts';

// The watch-list page /user/{username}/lists (spec 2 "Watch list page"; issue 12): a signed-in
// route; the owner's and a visitor's headings; tabs with counts kept in ?tab= (rewritten in place);
// the All tab's sections; search with 'No dramas found' and Clear Search; the four sorts; grid and
// list; the empty states word for word; editing an entry in place through the watch-status dialog;
// Add Drama; the privacy switch and a visitor's message. Each test makes its own members and dramas
// (titles carrying a tag of their own) and removes the dramas, with their entries, at the end.

const tag = () => `Wl${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface Shelf {
  owner: Member;
  titles: { alpha: string; bravo: string; charlie: string; delta: string; echo: string };
  dramas: number[];
}

/** A member with five entries: three Watching, one Completed, one Plan to Watch, none Dropped. */
async function shelf(): Promise<Shelf> {
  const t = tag();
  const owner = await createMember();
  const titles = { alpha: `${t} Alpha Moon`, bravo: `${t} Bravo Sun`, charlie: `${t} Charlie Star`, delta: `${t} Delta River`, echo: `${t} Echo Lake` };
  const make = (title: string) => createDrama({ title, episodes: 16 });
  const [alpha, bravo, charlie, delta, echo] = await Promise.all([make(titles.alpha), make(titles.bravo), make(titles.charlie), make(titles.delta), make(titles.echo)]);
  const day = (d: string) => new Date(`${d}T12:00:00Z`);
  await addToList({ member: owner, drama: alpha!, status: 'watching', score: 7, progress: 3, notes: 'Great chemistry', createdAt: day('2026-03-01') });
  await addToList({ member: owner, drama: bravo!, status: 'watching', score: null, progress: 10, createdAt: day('2026-05-01') });
  await addToList({ member: owner, drama: echo!, status: 'watching', score: 9, progress: null, createdAt: day('2026-01-01') });
  await addToList({ member: owner, drama: charlie!, status: 'completed', score: 9, progress: 16, createdAt: day('2026-02-01') });
  await addToList({ member: owner, drama: delta!, status: 'plan_to_watch', createdAt: day('2026-04-01') });
  return { owner, titles, dramas: [alpha!.id, bravo!.id, charlie!.id, delta!.id, echo!.id] };
}

// The sign-in limit counts every attempt from this machine (README): the member who only visits
// (and never has entries) and the axe tests' shelf are made and signed in once per worker.
let visitorMember: Promise<Member> | undefined;
const theVisitor = () => (visitorMember ??= createMember());
let axeShelf: Promise<Shelf> | undefined;
const theAxeShelf = () => (axeShelf ??= shelf());
test.afterAll(async () => {
  if (axeShelf) for (const id of (await axeShelf).dramas) await removeDrama(id);
});

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForIslands(page);
  await expect(page.getByTestId('watch-list')).toBeVisible();
}

/** What the page's Content-Security-Policy refused (docs/decisions/011: nothing may be), as csp.spec.ts watches it. */
async function watchPolicy(page: Page): Promise<string[]> {
  const refused: string[] = [];
  await page.exposeBinding('reportRefused', (_source, text: string) => refused.push(text));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { reportRefused(t: string): void }).reportRefused(`${e.effectiveDirective} ${e.blockedURI} ${e.sample}`)),
  );
  page.on('console', (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  return refused;
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name} `) });
const entryTitles = (page: Page) => page.getByTestId('list-entry').locator('h3');
const sectionHeadings = (page: Page) => page.getByRole('tabpanel').getByRole('heading', { level: 2 });

test.describe('watch-list page', () => {
  // each test makes members (a password hash each) and dramas, and signs in
  test.describe.configure({ timeout: 90_000 });

  test('a signed-out visitor is sent to /login, which remembers the page', async ({ page }) => {
    await page.goto('/user/someone/lists?tab=completed');
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent('/user/someone/lists?tab=completed')}`);
    await page.goto('/pt-br/user/someone/lists');
    await expect(page).toHaveURL(`/pt-br/login?next=${encodeURIComponent('/pt-br/user/someone/lists')}`);
  });

  test('the owner: heading, tabs with counts kept in ?tab= in place, sections, search, sorts, grid and list', async ({ page, request }) => {
    const { owner, titles, dramas } = await shelf();
    const refused = await watchPolicy(page);
    try {
      await signInAs(page, owner);
      await open(page, `/user/${owner.username}/lists`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Viewing Your Drama List');
      await expect(page.getByRole('link', { name: 'Back to Profile' })).toHaveAttribute('href', `/user/${owner.username}`);
      await expect(page.getByRole('button', { name: 'Add Drama' })).toBeVisible();

      // tabs and counts
      await expect(page.getByRole('tab')).toHaveText(['All 5', 'Watching 3', 'Completed 1', 'Dropped 0', 'Plan to Watch 1']);
      await expect(tab(page, 'All')).toHaveAttribute('aria-selected', 'true');
      // All: the sections in order, with counts, the empty one hidden
      await expect(sectionHeadings(page)).toHaveText(['Currently Watching 3', 'Completed 1', 'Plan to Watch 1']);
      await expect(page.getByTestId('list-entry')).toHaveCount(5);
      const alpha = page.getByTestId('list-entry').filter({ hasText: titles.alpha });
      await expect(alpha.getByRole('link', { name: titles.alpha })).toHaveAttribute('href', `/drama/${dramas[0]}`);
      await expect(alpha.getByTestId('entry-status')).toHaveText('Watching');
      await expect(alpha.getByTestId('entry-score')).toHaveText('Score 7');
      await expect(alpha.getByTestId('entry-progress')).toHaveText('Episodes watched: 3/16 episodes');
      await expect(alpha.getByTestId('entry-notes')).toHaveText('Notes: Great chemistry');

      // a tab is kept in ?tab= without a new history entry
      const before = await page.evaluate(() => history.length);
      await tab(page, 'Completed').click();
      await expect(page).toHaveURL(`/user/${owner.username}/lists?tab=completed`);
      expect(await page.evaluate(() => history.length)).toBe(before);
      await expect(entryTitles(page)).toHaveText([titles.charlie]);
      await tab(page, 'Plan to Watch').click();
      await expect(page).toHaveURL(/\?tab=plan-to-watch$/);
      await expect(entryTitles(page)).toHaveText([titles.delta]);
      // the keyboard moves along the tabs
      await tab(page, 'Plan to Watch').press('ArrowLeft');
      await expect(tab(page, 'Dropped')).toBeFocused();
      await expect(page).toHaveURL(/\?tab=dropped$/);
      await expect(page.getByTestId('empty-state')).toContainText('No dramas in this list');
      await expect(page.getByTestId('empty-state')).toContainText("You haven't added any dramas to your Dropped list yet.");
      await expect(page.getByTestId('empty-state').getByRole('button', { name: 'Add Drama' })).toBeVisible();
      // a reload keeps the tab; All removes it
      await open(page, `/user/${owner.username}/lists?tab=watching`);
      await expect(tab(page, 'Watching')).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('list-entry')).toHaveCount(3);

      // the four sorts (in Watching: three entries whose orders all differ)
      const sort = page.getByLabel('Sort by');
      await expect(sort.locator('option')).toHaveText(['Title', 'Score', 'Progress', 'Date Added']);
      await sort.selectOption({ label: 'Title' });
      await expect(entryTitles(page)).toHaveText([titles.alpha, titles.bravo, titles.echo]);
      await sort.selectOption({ label: 'Score' });
      await expect(entryTitles(page)).toHaveText([titles.echo, titles.alpha, titles.bravo]);
      await sort.selectOption({ label: 'Progress' });
      await expect(entryTitles(page)).toHaveText([titles.bravo, titles.alpha, titles.echo]);
      await sort.selectOption({ label: 'Date Added' });
      await expect(entryTitles(page)).toHaveText([titles.bravo, titles.alpha, titles.echo]);

      // search: trimmed, any case, on the title
      await tab(page, 'All').click();
      await expect(page).toHaveURL(`/user/${owner.username}/lists`);
      const search = page.getByPlaceholder('Search dramas...');
      await search.fill(`  ${titles.bravo.split(' ')[0]!.toUpperCase()} bravo `);
      await expect(entryTitles(page)).toHaveText([titles.bravo]);
      await expect(sectionHeadings(page)).toHaveText(['Currently Watching 1']);
      await search.fill('no such drama at all');
      await expect(page.getByTestId('empty-state')).toContainText('No dramas found');
      await page.getByRole('button', { name: 'Clear Search' }).click();
      await expect(search).toHaveValue('');
      await expect(search).toBeFocused();
      await expect(page.getByTestId('list-entry')).toHaveCount(5);

      // grid (6 columns at 1280 px, 2 on a phone) and list
      const grid = page.locator('ul[data-view]').first();
      const columns = () => grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
      await page.setViewportSize({ width: 1280, height: 900 });
      expect(await columns()).toBe(6);
      await page.setViewportSize({ width: 375, height: 800 });
      expect(await columns()).toBe(2);
      await page.setViewportSize({ width: 1280, height: 900 });
      await expect(page.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');
      await page.getByRole('button', { name: 'List view' }).click();
      await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.locator('ul[data-view="list"]')).toHaveCount(3);
      await expect(page.locator('ul[data-view="grid"]')).toHaveCount(0);
      await page.getByRole('button', { name: 'Grid view' }).click();
      await expect(page.locator('ul[data-view="grid"]')).toHaveCount(3);

      // in Portuguese
      await open(page, `/pt-br/user/${owner.username}/lists?tab=completed`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sua lista de doramas');
      await expect(page.getByRole('tab')).toHaveText(['Todas 5', 'Assistindo 3', 'Concluídos 1', 'Abandonados 0', 'Quero assistir 1']);
      await expect(page.getByPlaceholder('Buscar doramas...')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Voltar ao perfil' })).toHaveAttribute('href', `/pt-br/user/${owner.username}`);
      // the progress bars' widths and everything else within the policy
      expect(refused).toEqual([]);
    } finally {
      for (const id of dramas) await removeDrama(id);
    }
  });

  test("a visitor reads another member's list without edits; the empty states for a visitor and for the owner", async ({ page, request }) => {
    const { owner, titles, dramas } = await shelf();
    const visitor = await theVisitor();
    const empty = await createMember();
    try {
      await signInAs(page, visitor);
      await open(page, `/user/${owner.username}/lists`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Viewing ${owner.username} Drama List`);
      await expect(page.getByTestId('list-entry')).toHaveCount(5);
      await expect(page.getByText(titles.alpha)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Add Drama' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
      await expect(page.getByRole('switch')).toHaveCount(0);

      await open(page, `/user/${empty.username}/lists`);
      await expect(page.getByTestId('empty-state')).toContainText('No dramas in any list');
      await expect(page.getByTestId('empty-state')).toContainText(`${empty.username} has no dramas in their list.`);
      await tab(page, 'Completed').click();
      await expect(page.getByTestId('empty-state')).toContainText('No dramas in this list');
      await expect(page.getByTestId('empty-state')).toContainText(`${empty.username} has no dramas in their Completed list.`);
      await expect(page.getByRole('button', { name: 'Add Drama' })).toHaveCount(0);

      // a member who does not exist
      await open(page, '/user/nobody-by-this-name/lists');
      await expect(page.getByRole('alert')).toContainText('User not found');
      await expect(page.getByRole('alert').getByRole('link', { name: 'Back to Profile' })).toHaveAttribute('href', '/user/nobody-by-this-name');

      // the owner of the empty list
      await signInAs(page, empty);
      await open(page, `/user/${empty.username}/lists`);
      await expect(page.getByTestId('empty-state')).toContainText('No dramas in any list');
      await expect(page.getByTestId('empty-state')).toContainText("You haven't added any dramas to your list yet.");
      await expect(page.getByTestId('empty-state').getByRole('button', { name: 'Add Drama' })).toBeVisible();
    } finally {
      for (const id of dramas) await removeDrama(id);
    }
  });

  test('a failed load says so with Try Again and Back to Profile', async ({ page, request }) => {
    const member = await theVisitor();
    await signInAs(page, member);
    await page.route('**/api/v1/lists/me', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' }));
    await open(page, `/user/${member.username}/lists`);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Failed to load drama lists');
    await expect(alert.getByRole('link', { name: 'Back to Profile' })).toHaveAttribute('href', `/user/${member.username}`);
    await page.unroute('**/api/v1/lists/me');
    await alert.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByTestId('empty-state')).toContainText('No dramas in any list');
  });

  test('the owner edits an entry in place with the watch-status dialog: the card moves and the counts follow', async ({ page, request }) => {
    const { owner, titles, dramas } = await shelf();
    try {
      const token = await signInAs(page, owner);
      await open(page, `/user/${owner.username}/lists`);
      const edit = page.getByRole('button', { name: `Edit ${titles.alpha}` });
      await edit.click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: 'Edit List Entry' })).toBeVisible();
      await expect(dialog.getByLabel('Status')).toHaveValue('watching');
      await expect(dialog.getByLabel('Score')).toHaveValue('7');
      await expect(dialog.getByLabel('Episodes watched')).toHaveValue('3');
      await expect(dialog.getByLabel('Notes')).toHaveValue('Great chemistry');
      await dialog.getByLabel('Status').selectOption({ label: 'Completed' });
      await expect(dialog.getByLabel('Episodes watched')).toHaveValue('16');
      await dialog.getByLabel('Score').selectOption({ label: '10 - Masterpiece' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('tab')).toHaveText(['All 5', 'Watching 2', 'Completed 2', 'Dropped 0', 'Plan to Watch 1']);
      const completed = page.getByTestId('section-completed');
      await expect(completed.getByText(titles.alpha)).toBeVisible();
      await expect(completed.getByTestId('list-entry').filter({ hasText: titles.alpha }).getByTestId('entry-score')).toHaveText('Score 10');
      // the focus goes back to the card's Edit
      await expect(page.getByRole('button', { name: `Edit ${titles.alpha}` })).toBeFocused();
      const saved = await request.get(`/api/v1/lists/drama/${dramas[0]}/status`, { headers: { Authorization: `Bearer ${token}` } });
      expect(await saved.json()).toMatchObject({ status: 'completed', score: 10, progress: 16, notes: 'Great chemistry' });

      // removal from the dialog takes the card off
      await page.getByRole('button', { name: `Edit ${titles.delta}` }).click();
      await dialog.getByRole('button', { name: 'Remove from List' }).click();
      await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(titles.delta)).toHaveCount(0);
      await expect(page.getByRole('tab')).toHaveText(['All 4', 'Watching 2', 'Completed 2', 'Dropped 0', 'Plan to Watch 0']);
      // after a reload, the same
      await open(page, `/user/${owner.username}/lists`);
      await expect(page.getByRole('tab')).toHaveText(['All 4', 'Watching 2', 'Completed 2', 'Dropped 0', 'Plan to Watch 0']);
    } finally {
      for (const id of dramas) await removeDrama(id);
    }
  });

  test('Add Drama: search the catalogue, pick a drama and a status, and it is on the list', async ({ page, request }) => {
    const t = tag();
    const member = await createMember();
    const wanted = await createDrama({ title: `${t} Moonlit Garden`, episodes: 12, year: 2024 });
    const already = await createDrama({ title: `${t} Moonlit Harbour`, episodes: 8 });
    try {
      await addToList({ member, drama: already, status: 'dropped' });
      const token = await signInAs(page, member);
      await open(page, `/user/${member.username}/lists?tab=watching`);
      await expect(page.getByTestId('empty-state')).toContainText("You haven't added any dramas to your Watching list yet.");
      await page.getByRole('button', { name: 'Add Drama' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add Drama' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('Search the catalogue')).toBeFocused();
      // nothing picked: said before anything is sent
      await dialog.getByRole('button', { name: 'Add to List' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Choose a drama first.');
      await dialog.getByLabel('Search the catalogue').fill(`${t} Moonlit`);
      const results = dialog.getByTestId('add-drama-results');
      await expect(results.getByRole('radio')).toHaveCount(2);
      // the drama already on a list says so and cannot be picked again
      await expect(results.getByText('On your list: Dropped')).toBeVisible();
      await expect(results.getByRole('radio', { name: new RegExp(`${t} Moonlit Harbour`) })).toBeDisabled();
      await results.getByRole('radio', { name: new RegExp(`${t} Moonlit Garden`) }).check();
      // the status starts as the tab's
      await expect(dialog.getByLabel('Add to')).toHaveValue('watching');
      await dialog.getByLabel('Add to').selectOption({ label: 'Completed' });
      await dialog.getByRole('button', { name: 'Add to List' }).click();
      await expect(dialog).toBeHidden();
      // it shows at once, in its tab
      await expect(page).toHaveURL(/\?tab=completed$/);
      await expect(entryTitles(page)).toHaveText([`${t} Moonlit Garden`]);
      await expect(page.getByTestId('entry-progress')).toHaveText('Episodes watched: 12/12 episodes');
      await expect(page.getByRole('tab')).toHaveText(['All 2', 'Watching 0', 'Completed 1', 'Dropped 1', 'Plan to Watch 0']);
      await expect(page.getByRole('button', { name: 'Add Drama' })).toBeFocused();
      const saved = await request.get(`/api/v1/lists/drama/${wanted.id}/status`, { headers: { Authorization: `Bearer ${token}` } });
      expect(saved.status()).toBe(200);
      expect(await saved.json()).toMatchObject({ status: 'completed', progress: 12, score: null });
      await open(page, `/user/${member.username}/lists`);
      await expect(sectionHeadings(page)).toHaveText(['Completed 1', 'Dropped 1']);
    } finally {
      await removeDrama(wanted.id);
      await removeDrama(already.id);
    }
  });

  test('privacy: the owner makes the lists private, and a visitor is told so instead of seeing them', async ({ page, request }) => {
    const { owner, titles, dramas } = await shelf();
    const visitor = await theVisitor();
    try {
      const visitorToken = await accountToken(visitor);
      const token = await signInAs(page, owner);
      await open(page, `/user/${owner.username}/lists`);
      const privacy = page.getByRole('switch', { name: 'Private list' });
      await expect(privacy).toHaveAttribute('aria-checked', 'false');
      await privacy.click();
      await expect(privacy).toHaveAttribute('aria-checked', 'true');
      await expect(page.getByText('Only you can see your lists, statistics and activity.')).toBeVisible();
      await expect(page.getByTestId('private-badge')).toHaveText('Private');
      const me = await request.get('/api/v1/users/me', { headers: { Authorization: `Bearer ${token}` } });
      expect((await me.json()).lists_private).toBe(true);
      // the owner still sees everything, after a reload too
      await open(page, `/user/${owner.username}/lists`);
      await expect(page.getByRole('switch', { name: 'Private list' })).toHaveAttribute('aria-checked', 'true');
      await expect(page.getByTestId('list-entry')).toHaveCount(5);

      // another member (the page's later init script stores their token)
      await useToken(page, visitorToken);
      await open(page, `/user/${owner.username}/lists`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Viewing ${owner.username} Drama List`);
      await expect(page.getByTestId('private-lists')).toContainText(`${owner.username}'s lists are private`);
      await expect(page.getByTestId('private-lists').getByRole('link', { name: 'Back to Profile' })).toHaveAttribute('href', `/user/${owner.username}`);
      await expect(page.getByText(titles.alpha)).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(0);

      // public again
      const res = await request.put('/api/v1/users/me', { data: { lists_private: false }, headers: { Authorization: `Bearer ${token}` } });
      expect(res.status()).toBe(200);
      await open(page, `/user/${owner.username}/lists`);
      await expect(page.getByTestId('list-entry')).toHaveCount(5);
    } finally {
      for (const id of dramas) await removeDrama(id);
    }
  });

  test('no serious or critical axe violations at 375 and 1280 px (owner, both dialogs, an empty list)', async ({ page }) => {
    const { owner, titles } = await theAxeShelf();
    const empty = await theVisitor();
    await page.setViewportSize(NARROW);
    await signInAs(page, owner);
    await open(page, `/user/${owner.username}/lists`);
    await expect(page.getByTestId('list-entry')).toHaveCount(5);
    await axeAtBothWidths(page, 'the owner');
    await page.getByRole('button', { name: 'Add Drama' }).click();
    await page.getByRole('dialog').getByLabel('Search the catalogue').fill(titles.alpha);
    await expect(page.getByRole('dialog').getByRole('radio')).not.toHaveCount(0);
    await axeAtBothWidths(page, 'Add Drama');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'List view' }).click();
    await page.getByRole('button', { name: `Edit ${titles.alpha}` }).click();
    await expect(page.getByRole('dialog').getByLabel('Score')).toHaveValue('7');
    await axeAtBothWidths(page, 'the edit dialog over the list view');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await open(page, `/user/${empty.username}/lists`);
    await expect(page.getByTestId('empty-state')).toBeVisible();
    await axeAtBothWidths(page, "a visitor on another member's empty list");
  });
});
