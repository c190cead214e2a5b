import { expect, test, type Page } from '@playwright/test';
import { createMember } from './support/factories.ts';
import { waitForIslands } from './support/islands.ts';
import { makePng } from './support/png.ts';
import { signInAs } from './support/session.ts';

// The edit-profile screen /profile/edit (spec 2 "Edit profile screen", §5, §8; issue 13), in
// English and in Portuguese (the spec's words): pickers with previews and the checks, username,
// full name, bio with its counter; Save says it is saving, then the success message, then the
// profile after 1.5 s; the server's 409 shown; Save disabled without a username; Cancel.

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForIslands(page);
  await expect(page.getByTestId('edit-profile')).toBeVisible();
}

test('English: change the name, bio and avatar; saved, then the profile under the new username', async ({ page, request }) => {
  const member = await createMember({ fullName: 'Before Name' });
  const token = await signInAs(page, member);
  await open(page, '/profile/edit');
  await expect(page.getByRole('heading', { name: 'Edit Profile' })).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue(member.username);
  await expect(page.getByText('Letters and numbers only')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', `/user/${member.username}`);
  // Save is disabled while the username is empty
  await page.getByLabel('Username').fill('');
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  const renamed = `${member.username}x`;
  await page.getByLabel('Username').fill(renamed);
  await page.getByLabel('Full name').fill('After Name');
  await page.getByLabel('Bio').fill('New bio');
  await expect(page.getByTestId('bio-count')).toHaveText('7/500');
  // a file that is not an image is refused before anything is sent; a PNG shows its preview
  await page.locator('[data-image-input="avatar"]').setInputFiles({ name: 'a.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(page.getByTestId('image-problem')).toHaveText('Please upload an image file (JPG, PNG, WebP).');
  await page.locator('[data-image-input="avatar"]').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await expect(page.getByTestId('image-problem')).toHaveText('The image must be smaller than 5MB.');
  await page.locator('[data-image-input="avatar"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(32, 32) });
  await expect(page.locator('[data-avatar-preview]')).toHaveAttribute('src', /^data:image\/png/);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('profile-saved')).toHaveText('Profile updated successfully!');
  await page.waitForURL(`/user/${renamed}`);
  await expect(page.locator('#profile-name')).toContainText('After Name');
  await expect(page.locator('[data-bio]')).toHaveText('New bio');
  const me = (await (await request.get('/api/v1/users/me', { headers: { Authorization: `Bearer ${token}` } })).json()) as { username: string; avatar: string | null };
  expect(me.username).toBe(renamed);
  expect(me.avatar).toBeTruthy();
  await expect(page.locator('[data-avatar-image]')).toHaveAttribute('src', me.avatar!);
});

test("a username taken by someone else: the server's message; a visitor is sent to sign in", async ({ page, request }) => {
  const [member, other] = await Promise.all([createMember(), createMember()]);
  await page.goto('/profile/edit');
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile%2Fedit$/);
  await signInAs(page, member);
  await open(page, '/profile/edit');
  await page.getByLabel('Username').fill(other.username.toUpperCase());
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('profile-save-error')).toContainText(/taken/i);
  await expect(page).toHaveURL('/profile/edit');
  // a username against the rule is said before anything is sent
  await page.getByLabel('Username').fill('a b');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('profile-save-error')).toHaveText('Username must be 3 to 50 letters or digits.');
});

test("Portuguese: the spec's words, 'Salvando...' while saving, then the Portuguese profile", async ({ page, request }) => {
  const member = await createMember();
  await signInAs(page, member);
  // hold the save until the button has been read (a fixed pause could end before it is)
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/users/me', async (route) => {
    if (route.request().method() === 'PUT') await held;
    await route.continue();
  });
  await open(page, '/pt-br/profile/edit');
  await expect(page.getByRole('heading', { name: 'Editar perfil' })).toBeVisible();
  await expect(page.getByText('Apenas letras e números')).toBeVisible();
  await page.locator('[data-image-input="cover_photo"]').setInputFiles({ name: 'a.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(page.getByTestId('image-problem')).toHaveText('Por favor, envie um arquivo de imagem (JPG, PNG, WebP).');
  await page.locator('[data-image-input="cover_photo"]').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await expect(page.getByTestId('image-problem')).toHaveText('A imagem deve ter menos de 5MB.');
  await page.getByLabel('Biografia').fill('Olá');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByRole('button', { name: 'Salvando...' })).toBeDisabled();
  release();
  await expect(page.getByTestId('profile-saved')).toHaveText('Perfil atualizado com sucesso!');
  await page.waitForURL(`/pt-br/user/${member.username}`);
  await expect(page.locator('[data-bio]')).toHaveText('Olá');
});

test('Portuguese: a failed save without a message says so', async ({ page, request }) => {
  const member = await createMember();
  await signInAs(page, member);
  await page.route('**/api/v1/users/me', (route) => (route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: '' }) : route.continue()));
  await open(page, '/pt-br/profile/edit');
  await page.getByLabel('Nome completo').fill('Outro Nome');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByTestId('profile-save-error')).toHaveText('Falha ao atualizar o perfil.');
});

test('Portuguese: the username rules the server refuses, in Portuguese (docs/decisions/030)', async ({ page }) => {
  const [member, other] = await Promise.all([createMember(), createMember()]);
  await signInAs(page, member);
  await open(page, '/pt-br/profile/edit');
  await page.getByLabel('Nome de usuário').fill('ａｄｍｉｎ');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByTestId('profile-save-error')).toHaveText('Este nome de usuário é reservado');
  await page.getByLabel('Nome de usuário').fill('Seoulソウル');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByTestId('profile-save-error')).toHaveText('O nome de usuário não pode misturar letras de alfabetos diferentes');
  await page.getByLabel('Nome de usuário').fill(other.username.toUpperCase());
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByTestId('profile-save-error')).toHaveText('Este nome de usuário já está em uso');
});
