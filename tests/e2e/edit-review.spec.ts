// The review side of catalogue editing (issue 22 "Moderation area", "What makes editing trustworthy";
// contract "Catalogue editing and review"; docs/decisions/038 "Review screens"): a mod approves a
// suggestion seeing its diff and the drama page shows it; a mod rejects with a note and the member
// reads it in their suggestions; a conflict and an already reviewed suggestion say so (in Portuguese
// with the fields' Portuguese labels, never the server's English detail); a change is reverted from
// the history (and a 409 names the fields); axe. Each test
// makes its own records and members, and the queue is opened filtered to the test's record.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { axeAtBothWidths } from './support/axe.ts';
import { createDrama, createMember, createPerson, removeDrama, removePerson, type Member } from './support/factories.ts';
import { waitForIslands } from './support/islands.ts';
import { makePng } from './support/png.ts';
import { signInAs, siteToken } from './support/session.ts';

const auth = async (member: Member) => ({ Authorization: `Bearer ${await siteToken(member)}` });

/** A suggestion made by `member` over the API (201): its id. */
async function suggest(page: Page, member: Member, path: string, body: Record<string, unknown>): Promise<number> {
  const answer = await page.request.post(`/api/v1/${path}/edit-suggestions`, { headers: await auth(member), data: body });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { id: number }).id;
}

/** A page of its own, signed in as `member` (another person at another browser). */
async function pageOf(browser: Browser, member: Member): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, member);
  return page;
}

const card = (page: Page, id: number) => page.locator(`[data-suggestion="${id}"]`);

/** An image `member` uploaded for `purpose` over the API (ticket, then the PUT): its public_url, to name in an edit. */
async function uploadImage(page: Page, member: Member, purpose: 'drama_banner' | 'person_image'): Promise<string> {
  const bytes = makePng(320, 180);
  const ticket = await page.request.post('/api/v1/uploads', { headers: await auth(member), data: { purpose, content_type: 'image/png', size: bytes.byteLength } });
  expect(ticket.status(), await ticket.text()).toBe(200);
  const { upload_url, headers, public_url } = (await ticket.json()) as { upload_url: string; headers: Record<string, string>; public_url: string };
  const sent = await page.request.put(upload_url, { headers, data: bytes });
  expect(sent.status(), await sent.text()).toBe(204);
  return public_url;
}

test.describe('edit review', () => {
  test('a mod approves a suggestion seeing its diff, and the drama page shows the change', async ({ page }) => {
    const drama = await createDrama({
      title: 'Review Approve Drama',
      synopsis: 'A quiet chef opens a small restaurant in Seoul and learns to cook for strangers.',
      genres: ['Romance', 'Comedy'],
    });
    const member = await createMember({ fullName: 'Suggesting Sun' });
    const mod = await createMember({ role: 'mod' });
    try {
      const id = await suggest(page, member, `dramas/${drama.id}`, {
        title: 'Review Approved Drama',
        synopsis: 'A quiet chef opens a busy restaurant in Busan and learns to cook for strangers.',
        genres: ['Romance'],
        source_note: 'The broadcaster’s official page',
      });
      await signInAs(page, mod);

      // the drama page tells a signed-in member that an edit waits (the edit controls' notice)
      await page.goto(`/drama/${drama.id}`);
      await waitForIslands(page);
      await expect(page.getByTestId('drama-pending-edits')).toHaveText('1 edit pending review');
      // the queue, filtered to this drama
      await page.goto(`/moderation?drama=${drama.id}#suggestions`);
      await expect(page.locator('[data-record-filter]')).toContainText(`Only the suggestions on Drama #${drama.id}.`);

      const item = card(page, id);
      await expect(item.getByRole('link', { name: 'Review Approve Drama' })).toHaveAttribute('href', `/drama/${drama.id}`);
      await expect(item).toContainText(`by ${member.fullName}`);
      await expect(item.locator('[data-source-note]')).toContainText('The broadcaster’s official page');
      // before → after
      const title = item.locator('[data-field="title"]');
      await expect(title.locator('[data-before]')).toHaveText('Review Approve Drama');
      await expect(title.locator('[data-after]')).toHaveText('Review Approved Drama');
      // a long text by word
      const synopsis = item.locator('[data-field="synopsis"]');
      await expect(synopsis.locator('del')).toHaveText(['small', 'Seoul']);
      await expect(synopsis.locator('ins')).toHaveText(['busy', 'Busan']);
      // a list as items removed
      await expect(item.locator('[data-field="genres"] [data-items="removed"] li')).toHaveText(['Comedy']);
      await expect(item.locator('[data-field="genres"] [data-items="added"]')).toHaveCount(0);
      await axeAtBothWidths(page, 'the suggestions queue');

      await item.getByLabel('Note to the member (optional)').fill('Thanks, matches the official page.');
      await item.getByRole('button', { name: 'Approve' }).click();
      await expect(page.locator('[data-review-said]')).toHaveText('Approved: the change is live.');
      await expect(page.getByText('No suggestions are waiting for review.')).toBeVisible();

      // past decisions
      await page.getByText('Approved', { exact: true }).click();
      await expect(card(page, id).locator('[data-decision="approved"]')).toContainText('Thanks, matches the official page.');

      await page.goto(`/drama/${drama.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Review Approved Drama');
      await waitForIslands(page);
      await expect(page.getByTestId('drama-pending-edits')).toHaveCount(0);
    } finally {
      await removeDrama(drama.id);
    }
  });

  test('a mod rejects a suggestion with a note, and the member reads it in their suggestions', async ({ page, browser }) => {
    const person = await createPerson({ name: 'Review Reject Person', biography: 'An actor.' });
    const member = await createMember();
    const mod = await createMember({ role: 'mod' });
    try {
      const id = await suggest(page, member, `people/${person.id}`, { name: 'Review Rejected Person' });
      await signInAs(page, mod);
      await page.goto(`/moderation?person=${person.id}#suggestions`);
      const item = card(page, id);
      await expect(item.locator('[data-source-note]')).toContainText('No source given.');
      await item.getByLabel('Note to the member (optional)').fill('Please cite a source for the new name.');
      await item.getByRole('button', { name: 'Reject' }).click();
      await expect(page.locator('[data-review-said]')).toHaveText('Rejected.');
      await expect(card(page, id)).toHaveCount(0);

      const mine = await pageOf(browser, member);
      await mine.goto('/');
      await waitForIslands(mine);
      // the avatar menu leads there
      await mine.getByRole('banner').getByRole('button', { name: /Account menu for/ }).click();
      await mine.getByRole('link', { name: 'My suggestions' }).click();
      await expect(mine).toHaveURL(/\/profile\/suggestions$/);
      const own = mine.locator(`[data-my-suggestion="${id}"]`);
      await expect(own).toHaveAttribute('data-status', 'rejected');
      await expect(own.locator('[data-state]')).toHaveText('Rejected');
      await expect(own.locator('[data-review-note]')).toContainText('Please cite a source for the new name.');
      await expect(own.locator('[data-field="name"] [data-after]')).toHaveText('Review Rejected Person');
      await axeAtBothWidths(mine, 'my suggestions');

      await mine.goto('/pt-br/profile/suggestions');
      await expect(mine.getByRole('heading', { level: 1 })).toHaveText('Minhas sugestões');
      await expect(mine.locator(`[data-my-suggestion="${id}"] [data-state]`)).toHaveText('Rejeitada');
      await mine.context().close();
    } finally {
      await removePerson(person.id);
    }
  });

  test('a suggested banner is shown to the mod as an image; once rejected it is gone, and the member reads so', async ({ page, browser }) => {
    const drama = await createDrama({ title: 'Review Image Drama' });
    const member = await createMember();
    const mod = await createMember({ role: 'mod' });
    try {
      const id = await suggest(page, member, `dramas/${drama.id}`, { banner_image: await uploadImage(page, member, 'drama_banner') });
      await signInAs(page, mod);
      await page.goto(`/moderation?drama=${drama.id}#suggestions`);
      const after = card(page, id).locator('[data-field="banner_image"] [data-after]');
      const image = after.getByRole('img', { name: 'The image this change sets' });
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      const address = (await image.getAttribute('src'))!;
      await expect(after.getByRole('link', { name: 'Open full size' })).toHaveAttribute('href', address);
      await axeAtBothWidths(page, 'a suggested image in the queue');

      await card(page, id).getByRole('button', { name: 'Reject' }).click();
      await expect(page.locator('[data-review-said]')).toHaveText('Rejected.');
      expect((await page.request.get(address)).status()).toBe(404);

      const mine = await pageOf(browser, member);
      await mine.goto('/profile/suggestions');
      const own = mine.locator(`[data-my-suggestion="${id}"]`);
      await expect(own).toHaveAttribute('data-status', 'rejected');
      await expect(own.locator('[data-field="banner_image"] [data-after] [data-image-gone]')).toHaveText('This image is no longer stored.');
      await mine.goto('/pt-br/profile/suggestions');
      await expect(mine.locator(`[data-my-suggestion="${id}"] [data-field="banner_image"] [data-after]`)).toHaveText('Esta imagem não está mais guardada.');
      await mine.context().close();
    } finally {
      await removeDrama(drama.id);
    }
  });

  test('a conflict shows as a conflict, and a suggestion reviewed meanwhile says so', async ({ page }) => {
    const drama = await createDrama({ title: 'Review Conflict Drama', network: 'tvN', episodes: 16 });
    const member = await createMember();
    const mod = await createMember({ role: 'mod' });
    const other = await createMember({ role: 'admin' });
    try {
      const network = await suggest(page, member, `dramas/${drama.id}`, { network: 'JTBC' });
      const episodes = await suggest(page, member, `dramas/${drama.id}`, { episodes: 20 });
      await signInAs(page, mod);
      await page.goto(`/moderation?drama=${drama.id}#suggestions`);
      await expect(card(page, network)).toBeVisible();
      await expect(card(page, network).locator('[data-conflicts]')).toHaveCount(0);

      // meanwhile another admin rejects the other suggestion: reviewing it says so
      const reviewed = await page.request.post(`/api/v1/edit-suggestions/${episodes}/review`, { headers: await auth(other), data: { approved: false } });
      expect(reviewed.status(), await reviewed.text()).toBe(200);
      await card(page, episodes).getByRole('button', { name: 'Reject' }).click();
      await expect(page.locator('[data-review-said="danger"]')).toHaveText('This suggestion has already been reviewed.');
      await expect(card(page, episodes)).toHaveCount(0);

      // and changes the network on the record: approving is a conflict naming the field
      const edited = await page.request.put(`/api/v1/dramas/${drama.id}`, { headers: await auth(other), data: { network: 'MBC' } });
      expect(edited.status(), await edited.text()).toBe(200);
      await card(page, network).getByRole('button', { name: 'Approve' }).click();
      await expect(card(page, network).locator('[data-review-problem]')).toHaveText(
        "Couldn't approve: changed on the record since this suggestion was made: Network.",
      );
      // read again: the conflict is explained on the suggestion, and Approve is off
      const conflict = card(page, network).locator('[data-conflicts="network"]');
      await expect(conflict).toContainText('Changed on the record since this suggestion was made: Network.');
      await expect(card(page, network).getByRole('button', { name: 'Approve' })).toBeDisabled();
      await axeAtBothWidths(page, 'a suggestion in conflict');
      const record = await page.request.get(`/api/v1/dramas/${drama.id}`, { headers: await auth(mod) });
      expect(((await record.json()) as { network: string }).network).toBe('MBC');
    } finally {
      await removeDrama(drama.id);
    }
  });

  test('a conflict in Portuguese names the fields by their Portuguese labels, never the English detail', async ({ page }) => {
    const drama = await createDrama({ title: 'Review Conflito Drama', network: 'tvN', episodes: 16 });
    const member = await createMember();
    const mod = await createMember({ role: 'mod' });
    const other = await createMember({ role: 'admin' });
    const edit = async (data: Record<string, unknown>) => {
      const edited = await page.request.put(`/api/v1/dramas/${drama.id}`, { headers: await auth(other), data });
      expect(edited.status(), await edited.text()).toBe(200);
    };
    try {
      const id = await suggest(page, member, `dramas/${drama.id}`, { network: 'JTBC', episodes: 20 });
      await signInAs(page, mod);
      await page.goto(`/pt-br/moderation?drama=${drama.id}#suggestions`);
      await expect(card(page, id)).toBeVisible();
      // both fields change on the record meanwhile: approving names both, in Portuguese
      await edit({ network: 'MBC', episodes: 18 });
      await card(page, id).getByRole('button', { name: 'Aprovar' }).click();
      const problem = card(page, id).locator('[data-review-problem]');
      await expect(problem).toHaveText(
        /^Não foi possível aprovar: alterado no registro desde que esta sugestão foi feita: (Emissora, Episódios|Episódios, Emissora)\.$/,
      );
      await expect(card(page, id).locator('[data-conflicts]')).toContainText('Alterado no registro desde que esta sugestão foi feita:');
      await expect(page.getByTestId('suggestions-queue')).not.toContainText(/These fields|changed on the record|network|episodes/);

      // a revert over a later change: the field by its label, no English
      await edit({ episodes: 17 });
      await page.goto(`/pt-br/drama/${drama.id}/history`);
      const entries = page.locator('[data-history-entry]');
      await expect(entries).toHaveCount(2);
      const older = await entries.nth(1).getAttribute('data-history-entry');
      await page.getByRole('button', { name: `Reverter a mudança nº ${older}`, exact: true }).click();
      const said = page.locator('[data-revert-said="danger"]');
      await expect(said).toHaveText('Não foi possível reverter: alterado no registro desde que esta mudança foi aplicada: Episódios.');
      await expect(page.getByTestId('edit-history')).not.toContainText(/These fields|changed on the record|episodes/);
      await expect(entries).toHaveCount(2);
    } finally {
      await removeDrama(drama.id);
    }
  });

  test('history: anyone reads it from the drama page, a mod reverts a change, and a revert over a later change is refused', async ({ page, browser }) => {
    const drama = await createDrama({ title: 'History Drama One' });
    const mod = await createMember({ role: 'mod', fullName: 'Moderating Mina' });
    try {
      for (const title of ['History Drama Two', 'History Drama Three']) {
        const edited = await page.request.put(`/api/v1/dramas/${drama.id}`, { headers: await auth(mod), data: { title } });
        expect(edited.status(), await edited.text()).toBe(200);
      }
      // a visitor: the drama page's History link, the entries, no Revert
      await page.goto(`/drama/${drama.id}`);
      await page.getByTestId('history-link').click();
      await expect(page).toHaveURL(new RegExp(`/drama/${drama.id}/history$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit history: History Drama Three');
      const entries = page.locator('[data-history-entry]');
      await expect(entries).toHaveCount(2);
      await expect(entries.first().locator('[data-before]')).toHaveText('History Drama Two');
      await expect(entries.first().locator('[data-after]')).toHaveText('History Drama Three');
      await expect(entries.first()).toContainText('Written by Moderating Mina');
      await expect(entries.first()).toContainText('Direct edit');
      await expect(page.getByRole('button', { name: /Revert/ })).toHaveCount(0);

      const staff = await pageOf(browser, mod);
      await staff.goto(`/drama/${drama.id}/history`);
      const [latest, older] = [staff.locator('[data-history-entry]').first(), staff.locator('[data-history-entry]').nth(1)];
      await expect(latest).toBeVisible();
      const olderId = await older.getAttribute('data-history-entry');
      const latestId = await latest.getAttribute('data-history-entry');
      await axeAtBothWidths(staff, 'a drama’s history');

      // the older change's field changed since: 409 naming it, nothing changes
      await staff.getByRole('button', { name: `Revert change #${olderId}`, exact: true }).click();
      await expect(staff.locator('[data-revert-said="danger"]')).toHaveText("Couldn't revert: changed on the record since this change was applied: Title.");
      await expect(staff.locator('[data-history-entry]')).toHaveCount(2);

      await staff.getByRole('button', { name: `Revert change #${latestId}`, exact: true }).click();
      await expect(staff.locator('[data-revert-said]')).toHaveText('Reverted: the change was undone as a new entry.');
      await expect(staff.locator('[data-history-entry]')).toHaveCount(3);
      const revert = staff.locator('[data-history-entry]').first();
      await expect(revert).toHaveAttribute('data-source', 'revert');
      await expect(revert).toContainText(`Revert of change #${latestId}`);
      await expect(revert.locator('[data-after]')).toHaveText('History Drama Two');

      await staff.goto(`/drama/${drama.id}`);
      await expect(staff.getByRole('heading', { level: 1 })).toHaveText('History Drama Two');

      // the moderation area finds a record's history by its id
      await staff.goto('/moderation#history');
      await staff.getByLabel('ID').fill(String(drama.id));
      await staff.getByRole('button', { name: 'Show history' }).click();
      await expect(staff.locator('[data-history-entry]')).toHaveCount(3);
      await staff.context().close();
    } finally {
      await removeDrama(drama.id);
    }
  });

  test('a person’s history page in Portuguese, and an unknown record is a 404', async ({ page }) => {
    const person = await createPerson({ name: 'History Person' });
    const admin = await createMember({ role: 'admin' });
    try {
      const edited = await page.request.put(`/api/v1/people/${person.id}`, { headers: await auth(admin), data: { nationality: ['South Korean'] } });
      expect(edited.status(), await edited.text()).toBe(200);
      await page.goto(`/pt-br/person/${person.id}`);
      await expect(page.getByTestId('history-link')).toHaveText('Histórico');
      await page.getByTestId('history-link').click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Histórico de edições: History Person');
      await expect(page.locator('[data-field="nationality"] [data-items="added"] li')).toHaveText(['South Korean']);
      await expect(page.locator('[data-history-entry]')).toContainText('Edição direta');
      const missing = await page.goto('/person/987654321/history');
      expect(missing?.status()).toBe(404);
    } finally {
      await removePerson(person.id);
    }
  });
});
