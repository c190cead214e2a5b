// Catalogue editing's screens (issue 22; spec 2 §2 "Drama edit page", "Person edit", §4, §5, §8; spec 1
// §2.6 Edit Drama dialog, §2.7 edit button): a mod's dialog on the drama page, the edit page for a
// member (a suggestion) and a mod (applied, and the drama page shows it), person edit for both (and a
// locked field), and axe on the edit page and the dialog. Each test makes its own drama or person
// (never a shared one).
import { expect, test, type Page, type Request } from '@playwright/test';
import { axeAtBothWidths } from './support/axe.ts';
import { createDrama, createMember, createPerson, removeDrama, removePerson } from './support/factories.ts';
import { waitForIslands } from './support/islands.ts';
import { makePng } from './support/png.ts';
import { signInAs, siteToken } from './support/session.ts';

const bodyOf = (request: Request) => request.postDataJSON() as Record<string, unknown>;

/** The request the page sends for `method` to a path ending with `suffix`, once it is sent. */
const sent = (page: Page, method: string, suffix: string) => page.waitForRequest((r) => r.method() === method && new URL(r.url()).pathname.endsWith(suffix));

/** Opens the person page (`prefix` '' or '/pt-br') and its edit dialog: the dialog. */
async function openPersonEdit(page: Page, personId: number, prefix = '') {
  await page.goto(`${prefix}/people/${personId}`);
  await waitForIslands(page);
  await page.getByTestId('person-edit-open').click();
  return page.getByTestId('person-edit-dialog');
}

test.describe('catalogue editing', () => {
  test('a visitor is sent to sign in from the edit page, and a drama page shows no edit control', async ({ page }) => {
    const drama = await createDrama({ title: 'Visitor Edit Drama', episodes: 12 });
    try {
      await page.goto(`/drama/${drama.id}/edit`);
      await expect(page).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(`/drama/${drama.id}/edit`)}`));
      await page.goto(`/drama/${drama.id}`);
      await waitForIslands(page);
      await expect(page.getByTestId('drama-edit-tools')).toHaveCount(0);
      // /dramas/{id}/edit is the same page (DESIGN improvement 2)
      const moved = await page.request.get(`/dramas/${drama.id}/edit`, { maxRedirects: 0 });
      expect(moved.status()).toBe(301);
      expect(moved.headers().location).toBe(`/drama/${drama.id}/edit`);
    } finally {
      await removeDrama(drama.id);
    }
  });

  test('a drama that cannot be loaded says why, with links to the drama and home', async ({ page }) => {
    await signInAs(page, await createMember());
    await page.goto('/drama/987654321/edit');
    const error = page.getByTestId('edit-load-error');
    await expect(error.getByRole('alert')).toHaveText('Drama not found. It may have been removed or the ID is incorrect.');
    await expect(error.getByRole('link', { name: 'Back to drama' })).toHaveAttribute('href', '/drama/987654321');
    await expect(error.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  test('an id that is not digits says so', async ({ page }) => {
    const answer = await page.goto('/drama/abc/edit');
    expect(answer?.status()).toBe(400);
    await expect(page.getByRole('alert')).toContainText('Invalid drama ID. Please check the URL and try again.');
  });

  test('a member suggests an edit on the edit page: only the changed fields are sent, the success message shows, then back to the drama', async ({ page }) => {
    const drama = await createDrama({ title: 'Member Suggest Drama', episodes: 12, genres: ['Romance'], network: 'tvN' });
    const member = await createMember();
    const mod = await createMember({ role: 'mod' });
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    try {
      // a mod locked the network against suggestions
      const locked = await page.request.put(`/api/v1/dramas/${drama.id}/locks/network`, { headers: { Authorization: `Bearer ${await siteToken(mod)}` }, data: { note: 'official' } });
      expect(locked.status(), await locked.text()).toBe(200);
      await signInAs(page, member);
      await page.goto(`/drama/${drama.id}`);
      await waitForIslands(page);
      // a member gets the Edit link, not the staff's dialog
      await expect(page.getByTestId('drama-edit-link')).toHaveAttribute('href', `/drama/${drama.id}/edit`);
      await expect(page.getByTestId('drama-edit-open')).toHaveCount(0);
      // nor its code
      expect(scripts.filter((s) => /DramaEditDialog/.test(s))).toEqual([]);
      await page.getByTestId('drama-edit-link').click();

      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Editing: Member Suggest Drama');
      await expect(page.getByTestId('edit-note')).toContainText('moderator or an admin must approve');
      await expect(page.getByRole('textbox', { name: 'Network' })).toBeDisabled();
      await expect(page.getByText('Locked by a moderator: suggestions cannot change it.')).toBeVisible();
      await expect(page.getByTestId('edit-pending')).toHaveCount(0);
      const submit = page.getByRole('button', { name: 'Submit for Review' });
      await expect(submit).toBeVisible();

      // nothing changed: nothing sent
      await submit.click();
      await expect(page.getByTestId('edit-problem')).toHaveText('No changes detected. Please modify at least one field.');
      // the title is required
      const title = page.getByLabel('Title', { exact: false }).first();
      await title.fill('  ');
      await submit.click();
      await expect(page.getByTestId('edit-problem')).toHaveText('Title is required.');

      await title.fill('Member Suggest Drama (2024)');
      // chips take commas: two genres at once, the repeat dropped
      const genres = page.locator('[data-chip-input="genres"] input');
      await genres.fill('Comedy, romance,');
      await expect(page.locator('[data-chip-input="genres"] [data-chip]')).toHaveText(['Romance', 'Comedy']);
      await page.getByLabel('Source (optional)').fill('The broadcaster’s site');

      const request = sent(page, 'POST', `/dramas/${drama.id}/edit-suggestions`);
      await submit.click();
      expect(bodyOf(await request)).toEqual({ title: 'Member Suggest Drama (2024)', genres: ['Romance', 'Comedy'], source_note: 'The broadcaster’s site' });
      await expect(page.getByTestId('edit-done')).toContainText('Edit suggestion submitted for review. A moderator will review your changes soon.');
      await expect(page).toHaveURL(new RegExp(`/drama/${drama.id}$`));
      // a suggestion changes nothing yet; the drama page and the edit page say one is waiting
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Member Suggest Drama');
      await expect(page.getByTestId('drama-pending-edits')).toHaveText('1 edit pending review');
      await page.goto(`/drama/${drama.id}/edit`);
      await expect(page.getByTestId('edit-pending')).toHaveText('1 suggested edit is waiting for review on this drama.');
    } finally {
      await removeDrama(drama.id);
    }
  });

  test('a mod applies changes on the edit page and the drama page shows them; axe finds nothing on the edit page', async ({ page }) => {
    const drama = await createDrama({ title: 'Mod Apply Drama', episodes: 10, status: 'upcoming' });
    const mod = await createMember({ role: 'mod' });
    try {
      await signInAs(page, mod);
      await page.goto(`/drama/${drama.id}/edit`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Editing: Mod Apply Drama');
      await expect(page.getByTestId('edit-note')).not.toContainText('must approve');
      await expect(page.getByLabel('Source (optional)')).toHaveCount(0);
      await axeAtBothWidths(page, 'the drama edit page');

      await page.getByLabel('Title', { exact: false }).first().fill('Mod Apply Drama Renamed');
      await page.getByLabel('Status').selectOption({ label: 'Airing' });
      await page.getByLabel('Episodes').fill('16');
      const request = sent(page, 'PUT', `/dramas/${drama.id}`);
      await page.getByRole('button', { name: 'Apply Changes' }).click();
      expect(bodyOf(await request)).toEqual({ title: 'Mod Apply Drama Renamed', status: 'airing', episodes: 16 });
      await expect(page.getByTestId('edit-done')).toContainText('Drama updated successfully! Changes are now live.');
      await expect(page).toHaveURL(new RegExp(`/drama/${drama.id}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mod Apply Drama Renamed');
    } finally {
      await removeDrama(drama.id);
    }
  });

  test('the banner goes through the upload flow, with the spec’s toasts', async ({ page }) => {
    const drama = await createDrama({ title: 'Banner Drama' });
    const member = await createMember();
    try {
      await signInAs(page, member);
      await page.goto(`/drama/${drama.id}/edit`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Editing: Banner Drama');
      await page.locator('[data-banner-input]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
      await expect(page.getByTestId('banner-message')).toHaveText('Failed to upload banner');
      await page.locator('[data-banner-input]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: makePng(60, 20) });
      await expect(page.getByTestId('banner-message')).toHaveText('Banner uploaded successfully');
      await expect(page.getByTestId('banner-preview').locator('img')).toBeVisible();
    } finally {
      await removeDrama(drama.id);
    }
  });

  test('a mod edits in the Edit Drama dialog: the rules, then the success notice that closes it; axe finds nothing in it', async ({ page }) => {
    const drama = await createDrama({ title: 'Dialog Drama', year: 2020, episodes: 8, status: 'completed', type: 'drama' });
    const mod = await createMember({ role: 'mod' });
    try {
      await signInAs(page, mod);
      await page.goto(`/drama/${drama.id}`);
      await waitForIslands(page);
      await page.getByTestId('drama-edit-open').click();
      const dialog = page.getByTestId('drama-edit-dialog');
      await expect(dialog.getByRole('heading', { name: 'Edit Drama' })).toBeVisible();
      const title = dialog.getByLabel('Title');
      await expect(title).toHaveValue('Dialog Drama');
      await axeAtBothWidths(page, 'the Edit Drama dialog');

      const save = dialog.getByRole('button', { name: 'Save Changes' });
      await save.click();
      await expect(dialog.getByTestId('dialog-problem')).toHaveText('No changes detected. Please modify at least one field.');
      await dialog.getByLabel('Year').fill('1899');
      await save.click();
      await expect(dialog.getByTestId('dialog-problem')).toHaveText('Year must be between 1900 and 2030.');
      await dialog.getByLabel('Year').fill('2021');
      await dialog.getByLabel('Episodes').fill('0');
      await save.click();
      await expect(dialog.getByTestId('dialog-problem')).toHaveText('Episodes must be at least 1.');
      await dialog.getByLabel('Episodes').fill('8');
      // the statuses and types the dialog offers
      await expect(dialog.getByLabel('Status').locator('option')).toHaveText(['AIRING', 'COMPLETED', 'UPCOMING']);
      await expect(dialog.getByLabel('Type').locator('option')).toHaveText(['DRAMA', 'MOVIE', 'TV_SHOW', 'SPECIAL']);
      await dialog.getByLabel('Status').selectOption('airing');
      await title.fill('Dialog Drama Renamed');

      const request = sent(page, 'PUT', `/dramas/${drama.id}`);
      await save.click();
      expect(bodyOf(await request)).toEqual({ title: 'Dialog Drama Renamed', year: 2021, status: 'airing' });
      await expect(dialog.getByTestId('dialog-saved')).toHaveText('Drama updated successfully!');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dialog Drama Renamed');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dialog Drama Renamed');
    } finally {
      await removeDrama(drama.id);
    }
  });

  test('person edit: a member suggests, a mod applies', async ({ page, browser }) => {
    const person = await createPerson({ name: 'Edit Person', gender: 'Female', alsoKnownAs: ['EP'] });
    const member = await createMember();
    const mod = await createMember({ role: 'mod' });
    try {
      await signInAs(page, member);
      const dialog = await openPersonEdit(page, person.id);
      await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Edit Person');
      await expect(dialog.getByLabel('Gender').locator('option')).toHaveText(['Not set', 'Male', 'Female', 'Other']);
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('');
      await dialog.getByTestId('person-edit-submit').click();
      await expect(dialog.getByTestId('person-edit-problem')).toHaveText('Name is required.');
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Edit Person');
      await dialog.locator('[data-chip-input="also_known_as"] input').fill(' Person E , ,');
      await dialog.locator('[data-person-image-input]').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: makePng(30, 40) });
      await expect(dialog.getByTestId('person-image-message')).toHaveText('Image uploaded successfully');
      const request = sent(page, 'POST', `/people/${person.id}/edit-suggestions`);
      await dialog.getByRole('button', { name: 'Submit for Review' }).click();
      const body = bodyOf(await request);
      expect(body.also_known_as).toEqual(['EP', 'Person E']);
      expect(typeof body.image).toBe('string');
      expect(Object.keys(body).sort()).toEqual(['also_known_as', 'image']);
      await expect(dialog.getByTestId('person-edit-done')).toHaveText('Edit suggestion submitted for review');
      await expect(dialog).toBeHidden();
      await page.reload();
      await expect(page.getByTestId('person-pending-edits')).toHaveText('1 edit pending review');

      const modPage = await browser.newPage();
      await signInAs(modPage, mod);
      const modDialog = await openPersonEdit(modPage, person.id);
      await modDialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Edit Person Renamed');
      await modDialog.getByLabel('Gender').selectOption('Other');
      const applied = sent(modPage, 'PUT', `/people/${person.id}`);
      await modDialog.getByRole('button', { name: 'Save Changes' }).click();
      expect(bodyOf(await applied)).toEqual({ name: 'Edit Person Renamed', gender: 'Other' });
      await expect(modDialog.getByTestId('person-edit-done')).toHaveText('Person updated successfully');
      await expect(modPage.getByRole('heading', { level: 1 })).toHaveText('Edit Person Renamed');
      await modPage.close();
    } finally {
      await removePerson(person.id);
    }
  });

  test('person edit: a field a mod locked is greyed for a member, with why (en, pt-BR); the mod still edits it', async ({ page, browser }) => {
    const person = await createPerson({ name: 'Locked Field Person', nationality: ['South Korean'] });
    const member = await createMember();
    const mod = await createMember({ role: 'mod' });
    try {
      const locked = await page.request.put(`/api/v1/people/${person.id}/locks/nationality`, { headers: { Authorization: `Bearer ${await siteToken(mod)}` }, data: { note: 'official' } });
      expect(locked.status(), await locked.text()).toBe(200);
      await signInAs(page, member);
      const dialog = await openPersonEdit(page, person.id);
      const nationality = dialog.getByRole('textbox', { name: 'Nationality' });
      await expect(nationality).toBeDisabled();
      await expect(nationality).toHaveValue('South Korean');
      // greyed as on the drama edit page, the explanation under it; the other fields stay editable
      const lockedField = dialog.locator('[data-locked]');
      await expect(lockedField).toHaveCount(1);
      await expect(lockedField.locator('fieldset')).toHaveCSS('opacity', '0.7');
      await expect(lockedField).toContainText('Locked by a moderator: suggestions cannot change it.');
      await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toBeEnabled();

      const portuguese = await openPersonEdit(page, person.id, '/pt-br');
      await expect(portuguese.getByRole('textbox', { name: 'Nacionalidade' })).toBeDisabled();
      await expect(portuguese.locator('[data-locked]')).toContainText('Bloqueado por um moderador: sugestões não podem alterá-lo.');

      // mods and admins still edit a locked field (as on the drama side)
      const modPage = await browser.newPage();
      await signInAs(modPage, mod);
      const modDialog = await openPersonEdit(modPage, person.id);
      await modDialog.getByRole('textbox', { name: 'Nationality' }).fill('South Korean, Japanese');
      const applied = sent(modPage, 'PUT', `/people/${person.id}`);
      await modDialog.getByRole('button', { name: 'Save Changes' }).click();
      expect(bodyOf(await applied)).toEqual({ nationality: ['South Korean', 'Japanese'] });
      await expect(modDialog.getByTestId('person-edit-done')).toHaveText('Person updated successfully');
      await modPage.close();
    } finally {
      await removePerson(person.id);
    }
  });

  test('pt-BR: the edit page in Portuguese, and a field locked meanwhile named in Portuguese', async ({ page }) => {
    const drama = await createDrama({ title: 'Drama Em Português', network: 'tvN' });
    const member = await createMember();
    const mod = await createMember({ role: 'mod' });
    try {
      await signInAs(page, member);
      await page.goto(`/pt-br/drama/${drama.id}/edit`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Editando: Drama Em Português');
      const submit = page.getByRole('button', { name: 'Enviar para revisão' });
      await expect(submit).toBeVisible();
      await waitForIslands(page);
      await page.getByLabel('Emissora').fill('JTBC');
      // a mod locks the network while the member types: the 409's fields, in the page's words
      const locked = await page.request.put(`/api/v1/dramas/${drama.id}/locks/network`, { headers: { Authorization: `Bearer ${await siteToken(mod)}` }, data: {} });
      expect(locked.status(), await locked.text()).toBe(200);
      await submit.click();
      await expect(page.getByTestId('edit-problem')).toHaveText('Bloqueado por um moderador desde que você abriu isto, então uma sugestão não pode alterar: Emissora.');
      await expect(page.getByLabel('Emissora')).toBeDisabled();
    } finally {
      await removeDrama(drama.id);
    }
  });
});
