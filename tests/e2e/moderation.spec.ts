import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeAtBothWidths, expectNoSeriousAxeViolations, NARROW, WIDE } from './support/axe.ts';
import { createMember, type Member } from './support/factories.ts';
import { waitForIslands } from './support/islands.ts';
import { siteToken, useToken } from './support/session.ts';
import { withSiteDatabase } from './support/site-database.ts';

// The moderation area (issue 22, docs/decisions/038): a visitor is asked to sign in, a member is
// told it is not theirs, and the avatar menu links it for mods and admins only; a mod resolves a
// report from the Reports tab, and suspends a member from the Members tab, who then cannot sign in
// (the sign-in page says until when, in English and in Portuguese). Axe clean at both widths, in
// both languages and both themes; the screens are saved for a look (test-results/moderation-screens).

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
const SCREENS = 'test-results/moderation-screens';

async function post(request: APIRequestContext, path: string, token: string, data: unknown) {
  const res = await request.post(`/api/v1${path}`, { ...auth(token), data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

/** A post by `author`, reported by another member: the report's id. */
async function reportedPost(request: APIRequestContext, author: Member, content: string) {
  const reporter = await createMember({ fullName: 'Careful Reporter' });
  const { post: made } = await post(request, '/social/posts', await siteToken(author), { content });
  const report = await post(request, '/reports', await siteToken(reporter), { target_type: 'post', target_id: made.id, reason: 'spam', note: 'Same link everywhere' });
  return { postId: made.id as number, reportId: report.id as number };
}

const reportRow = (id: number) =>
  withSiteDatabase(async (client) => (await client.query<{ status: string; action: string | null }>('SELECT status, action FROM reports WHERE id = $1', [id])).rows[0]);

async function openArea(page: Page, path = '/moderation') {
  await page.goto(path);
  await waitForIslands(page);
  await expect(page.getByTestId('moderation-area')).toBeVisible();
}

test('a visitor is asked to sign in, a member is not allowed, and only staff see the menu link', async ({ page }) => {
  await page.goto('/moderation');
  await waitForIslands(page);
  const gate = page.getByTestId('moderation-gate');
  await expect(gate.getByRole('heading', { name: 'Sign in to moderate' })).toBeVisible();
  await expect(gate.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', /\/login/);
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');

  const member = await createMember({ fullName: 'Plain Member' });
  await useToken(page, await siteToken(member));
  await page.goto('/moderation');
  await waitForIslands(page);
  await expect(gate.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await expect(page.getByTestId('moderation-area')).toHaveCount(0);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByTestId('moderation-link')).toHaveCount(0);
  await axeAtBothWidths(page, 'the moderation gate of a member');
});

test('a mod resolves a report from the Reports tab: the excerpt, then Remove', async ({ page, request }) => {
  const author = await createMember({ fullName: 'Link Spammer' });
  const content = `Cheap streaming accounts ${Date.now()} at example.test`;
  const { reportId, postId } = await reportedPost(request, author, content);
  const mod = await createMember({ role: 'mod', fullName: 'Test Moderator' });
  await useToken(page, await siteToken(mod));
  await page.setViewportSize(WIDE);
  await page.goto('/');
  await waitForIslands(page);
  // the avatar menu links the area for a mod
  await page.getByRole('button', { name: /Account menu/ }).click();
  const link = page.getByTestId('moderation-link').locator('visible=true');
  await expect(link).toHaveAttribute('href', '/moderation');
  await link.click();
  await waitForIslands(page);
  await expect(page.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');

  const card = page.locator(`[data-report-id="${reportId}"]`);
  await expect(card.getByTestId('report-excerpt')).toHaveText(content);
  await expect(card).toContainText('Reason: Spam');
  await expect(card).toContainText('Note: Same link everywhere');
  await expect(card.getByRole('link', { name: 'View on site' })).toHaveAttribute('href', `/social/post/${postId}`);
  await page.setViewportSize(NARROW);
  await axeAtBothWidths(page, 'the reports tab');
  await card.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText('Report resolved.')).toBeVisible();
  await expect(card).toHaveCount(0);
  expect(await reportRow(reportId)).toEqual({ status: 'resolved', action: 'remove' });
});

test('a mod removes a post and moderates its author in one go (Remove + moderate author)', async ({ page, request }) => {
  const author = await createMember({ fullName: 'Repeat Spammer', bio: 'Buy accounts here' });
  const content = `Spam again ${Date.now()}`;
  const { reportId } = await reportedPost(request, author, content);
  const mod = await createMember({ role: 'mod', fullName: 'Test Moderator' });
  await useToken(page, await siteToken(mod));
  await page.setViewportSize(NARROW);
  await openArea(page);
  const card = page.locator(`[data-report-id="${reportId}"]`);
  await card.getByRole('button', { name: 'Remove + moderate author' }).click();
  const form = card.getByTestId('report-member-action');
  await expect(form.getByRole('heading', { name: 'Moderate Repeat Spammer' })).toBeVisible();
  await form.getByLabel('Bio').check();
  await form.getByLabel('Note').fill('Spam ring, bio advertises account sales');
  await axeAtBothWidths(page, 'a report with the member action form');
  await form.getByRole('button', { name: 'Remove + moderate author' }).click();
  await expect(page.getByText('Report resolved.')).toBeVisible();
  await expect(card).toHaveCount(0);
  const state = await withSiteDatabase(async (client) => (await client.query<{ bio: string; action_note: string; member_action_id: number | null }>(
    `SELECT u.bio, a.note AS action_note, r.member_action_id FROM reports r JOIN member_moderation_actions a ON a.id = r.member_action_id JOIN users u ON u.id = a.user_id WHERE r.id = $1`,
    [reportId],
  )).rows[0]);
  expect(state).toMatchObject({ bio: '', action_note: 'Spam ring, bio advertises account sales' });
  expect(await reportRow(reportId)).toEqual({ status: 'resolved', action: 'remove' });
});

test('a mod suspends a member from the Members tab, who then cannot sign in', async ({ page, browser }) => {
  const target = await createMember({ fullName: 'Troublesome Member', bio: 'Spam bio' });
  const mod = await createMember({ role: 'mod', fullName: 'Test Moderator' });
  await useToken(page, await siteToken(mod));
  await page.setViewportSize(WIDE);
  await openArea(page, '/moderation#members');
  await expect(page.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Username').fill(target.username);
  await page.getByRole('button', { name: 'Look up' }).click();
  const panel = page.getByTestId('member-panel');
  await expect(panel.getByTestId('member-suspension')).toHaveText('Not suspended');
  await expect(panel).toContainText('No moderation actions yet.');

  const form = panel.getByTestId('member-action-form');
  // the note is required: nothing is sent without it
  await form.getByLabel('Suspend until').check();
  const until = new Date(Date.now() + 3 * 86_400_000);
  const local = new Date(until.getTime() - until.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await form.getByLabel('Until (your local time)').fill(local);
  await form.getByLabel('Bio').check();
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(form.getByRole('alert')).toHaveText('Say why in the note.');
  await axeAtBothWidths(page, 'the members tab with the form');
  await form.getByLabel('Note').fill('Harassment in replies, third warning');
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(panel.getByTestId('member-suspension')).toContainText('Suspended until');
  const log = panel.getByTestId('moderation-log');
  await expect(log).toContainText('Cleared: Bio');
  await expect(log).toContainText('Harassment in replies, third warning');
  await expect(log).toContainText('Test Moderator');

  // the member signs in: refused, saying until when, in English and in Portuguese
  const signedOut = await browser.newContext();
  const login = await signedOut.newPage();
  for (const [path, submit, words] of [
    ['/login', 'Sign in', /^This account is suspended until .+ UTC\.$/],
    ['/pt-br/login', 'Entrar', /^Esta conta está suspensa até .+ UTC\.$/],
  ] as const) {
    await login.goto(path);
    await waitForIslands(login);
    await login.locator('input[name="email"]').fill(target.email);
    await login.locator('input[name="password"]').fill(target.password);
    await login.getByRole('button', { name: submit, exact: true }).click();
    await expect(login.getByRole('alert')).toHaveText(words);
  }
  await signedOut.close();
});

for (const locale of ['en', 'pt-br'] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`the moderation area in ${locale}, ${scheme}: axe clean at both widths (screens saved)`, async ({ page, request }) => {
      const author = await createMember({ fullName: 'Screen Author' });
      await reportedPost(request, author, 'A reported post for the screens, long enough to wrap on a phone and show the excerpt as it reads.');
      const mod = await createMember({ role: 'mod', fullName: 'Screen Moderator' });
      await useToken(page, await siteToken(mod));
      await page.emulateMedia({ colorScheme: scheme });
      fs.mkdirSync(SCREENS, { recursive: true });
      for (const [width, size] of [['375', NARROW], ['1280', WIDE]] as const) {
        await page.setViewportSize(size);
        for (const tab of ['reports', 'members'] as const) {
          await openArea(page, `${locale === 'en' ? '' : '/pt-br'}/moderation#${tab}`);
          if (tab === 'members') {
            await page.getByRole('tabpanel').locator('input').first().fill(author.username);
            await page.getByRole('tabpanel').locator('button[type="submit"]').first().click();
            await expect(page.getByTestId('member-panel')).toBeVisible();
          } else await expect(page.getByTestId('report-list')).toBeVisible();
          await expectNoSeriousAxeViolations(page, `the ${tab} tab, ${locale}, ${scheme}, ${width} px`);
          await page.screenshot({ path: `${SCREENS}/${tab}-${locale}-${scheme}-${width}.png`, fullPage: true });
        }
      }
    });
  }
}
