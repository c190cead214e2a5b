// The activity timeline, /user/{username}/activity (spec 2 §2 "Activity timeline", §4, §9; issue
// 12; docs/decisions/021): a member's items with their wording, links, scores, progress bars and
// times, rendered on the server (the list needs no JavaScript); paging by 20 with plain links;
// private lists show an empty list; 'User not found' with Go Home; 'My Activity' for the member
// themselves; the page in Portuguese; axe at a phone's and a desktop's width.
import { expect, test, type Page } from '@playwright/test';
import { axeAtBothWidths, NARROW } from './support/axe.ts';
import { createDrama, createMember, recordActivities, recordActivity, removeDrama, type Member } from './support/factories.ts';
import {accountToken, useToken } from './support/session.ts';

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000);
const HOUR = 3600;
const DAY = 24 * HOUR;

const made: number[] = [];
async function drama(title: string, episodes: number | null) {
  const row = await createDrama({ title: `${title} ${Date.now().toString(36)}${made.length}`, episodes });
  made.push(row.id);
  return row;
}
test.afterAll(async () => {
  for (const id of made) await removeDrama(id);
});

/** A member whose history tells a little story: planned, started, watched on, rated, finished, rewatched. */
async function memberWithStory() {
  const member = await createMember();
  const goblin = await drama('Goblin', 16);
  const spring = await drama('Spring Day', 12);
  const unknown = await drama('No Count', null);
  await recordActivities([
    { member, drama: goblin, kind: 'added', status: 'plan_to_watch', at: ago(40 * DAY) },
    { member, drama: goblin, status: 'watching', previousStatus: 'plan_to_watch', progress: 2, at: ago(10 * DAY) },
    { member, drama: goblin, status: 'watching', previousStatus: 'watching', progress: 8, previousProgress: 2, at: ago(3 * DAY) },
    { member, drama: spring, kind: 'added', status: 'dropped', progress: 3, score: 4, at: ago(5 * HOUR) },
    { member, drama: unknown, kind: 'added', status: 'watching', progress: 5, at: ago(20 * 60) },
    { member, drama: goblin, status: 'completed', previousStatus: 'watching', progress: 16, previousProgress: 8, score: 9, at: ago(90) },
    { member, drama: goblin, kind: 'rewatch', cycle: 2, status: 'watching', previousStatus: 'completed', progress: 0, previousProgress: 16, score: 9, previousScore: 9, at: ago(10) },
  ]);
  return { member, goblin, spring, unknown };
}

const items = (page: Page) => page.locator('[data-activity-item]');

test.describe('the activity timeline', () => {
  // the factories write through the site's socket and every page is rendered on demand: more than
  // the default 30 s on a busy 2-core machine
  test.describe.configure({ timeout: 90_000 });

  test("shows a member's items newest first: wording, links to the dramas, scores, progress bars and times", async ({ page }) => {
    const { member, goblin, spring, unknown } = await memberWithStory();
    const response = await page.goto(`/user/${member.username}/activity`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${member.username}'s Activity`);
    await expect(page).toHaveTitle(`${member.username}'s Activity | DramaList`);
    await expect(page.getByRole('link', { name: 'Back to Profile' })).toHaveAttribute('href', `/user/${member.username}`);
    await expect(page.getByTestId('activity-count')).toHaveText('7 changes');
    await expect(items(page)).toHaveCount(7);

    const expected = [
      [`${member.username} started a rewatch of ${goblin.title}`, goblin, 'info', '0', '0/16 episodes', /^\d+ seconds? ago$/],
      [`${member.username} completed ${goblin.title}`, goblin, 'success', '100', '16/16 episodes', /^1 minute ago$/],
      [`${member.username} started watching ${unknown.title}`, unknown, 'info', '0', '5 episodes', /^20 minutes ago$/],
      [`${member.username} dropped ${spring.title}`, spring, 'danger', '25', '3/12 episodes', /^5 hours ago$/],
      [`${member.username} watched episode 8 of ${goblin.title}`, goblin, 'info', '50', '8/16 episodes', /^3 days ago$/],
      [`${member.username} started watching ${goblin.title}`, goblin, 'info', '12.5', '2/16 episodes', /^1 week ago$/],
      [`${member.username} added to plan to watch ${goblin.title}`, goblin, 'neutral', '0', '0/16 episodes', /^[A-Z][a-z]{2} \d{1,2}(, \d{4})?$/],
    ] as const;
    for (const [index, [sentence, target, tone, value, progress, when]] of expected.entries()) {
      const item = items(page).nth(index);
      await expect(item.locator('[data-wording]')).toHaveText(sentence);
      await expect(item.getByRole('link', { name: target.title })).toHaveAttribute('href', `/drama/${target.id}`);
      const bar = item.locator('progress');
      await expect(bar).toHaveAttribute('data-tone', tone);
      await expect(bar).toHaveAttribute('value', value);
      await expect(bar).toHaveAccessibleName(`Episodes watched of ${target.title}`);
      await expect(item.locator('[data-progress-text]')).toHaveText(progress);
      await expect(item.locator('time')).toHaveText(when);
      expect(Date.parse((await item.locator('time').getAttribute('datetime'))!)).not.toBeNaN();
    }
    await expect(items(page).nth(1).getByText('Score 9')).toBeVisible();
    await expect(items(page).nth(3).getByText('Score 4')).toBeVisible();
    await expect(items(page).nth(2).getByText(/Score/)).toHaveCount(0);

    // the title leads to the drama page
    await items(page).nth(3).getByRole('link', { name: spring.title }).click();
    await expect(page).toHaveURL(new RegExp(`/drama/${spring.id}$`));
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('the list, its links and its pages are plain HTML', async ({ page }) => {
      const { member, goblin } = await memberWithStory();
      await page.goto(`/user/${member.username}/activity`);
      await expect(items(page)).toHaveCount(7);
      await expect(items(page).first().getByRole('link', { name: goblin.title })).toHaveAttribute('href', `/drama/${goblin.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${member.username}'s Activity`);
    });
  });

  test('pages by 20 with plain links, and a page past the end goes to the last one', async ({ page }) => {
    const member = await createMember();
    const target = await drama('Long Story', 50);
    await recordActivities(
      Array.from({ length: 45 }, (_, i) => ({
        member,
        drama: target,
        status: 'watching' as const,
        previousStatus: 'watching' as const,
        progress: i + 1,
        previousProgress: i,
        at: ago((45 - i) * 60),
      })),
    );
    await page.goto(`/user/${member.username}/activity`);
    await expect(page.getByTestId('activity-count')).toHaveText('45 changes');
    await expect(items(page)).toHaveCount(20);
    await expect(items(page).first().locator('[data-wording]')).toHaveText(`${member.username} watched episode 45 of ${target.title}`);
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/user/${member.username}/activity\\?page=2$`));
    await expect(items(page)).toHaveCount(20);
    await expect(items(page).first().locator('[data-wording]')).toHaveText(`${member.username} watched episode 25 of ${target.title}`);
    await expect(page).toHaveTitle(`${member.username}'s Activity, page 2 | DramaList`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/user/${member.username}/activity\\?page=2$`));
    await pagination.getByRole('link', { name: 'Next' }).click();
    await expect(items(page)).toHaveCount(5);
    await expect(items(page).last().locator('[data-wording]')).toHaveText(`${member.username} watched episode 1 of ${target.title}`);
    await expect(pagination.locator('[aria-current="page"]')).toHaveText('3');

    await page.goto(`/user/${member.username}/activity?page=9`);
    await expect(page).toHaveURL(new RegExp(`/user/${member.username}/activity\\?page=3$`));
    await expect(items(page)).toHaveCount(5);
  });

  test("a member's private lists show an empty list, never the items", async ({ page }) => {
    const member = await createMember({ listsPrivate: true });
    const target = await drama('Secret', 10);
    await recordActivity({ member, drama: target, kind: 'added', status: 'watching', progress: 3 });
    const response = await page.goto(`/user/${member.username}/activity`);
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('activity-empty')).toHaveText(`${member.username}'s lists are private.`);
    await expect(items(page)).toHaveCount(0);
    await expect(page.getByText(target.title)).toHaveCount(0);
  });

  test('a member with no activity has an empty list', async ({ page }) => {
    const member = await createMember();
    await page.goto(`/user/${member.username}/activity`);
    await expect(page.getByTestId('activity-empty')).toHaveText(`${member.username} has no activity yet.`);
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
  });

  test("an unknown username is 'User not found' with Go Home, answered 404", async ({ page }) => {
    const response = await page.goto('/user/nobody0that0exists/activity');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('User not found');
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);

    const portuguese = await page.goto('/pt-br/user/nobody0that0exists/activity');
    expect(portuguese?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Usuário não encontrado');
    await expect(page.getByRole('link', { name: 'Ir para o início' })).toHaveAttribute('href', '/pt-br/');
  });

  test("says 'My Activity' to the member themselves, signed in, and the other heading to anyone else", async ({ page, request }) => {
    const { member } = await memberWithStory();
    await useToken(page, await accountToken(member));
    const profileReads: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/v1/users/me') && profileReads.push(r.url()));
    await page.goto(`/user/${member.username}/activity`);
    await expect(page.locator('html')).toHaveAttribute('data-auth', 'signed-in');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Activity');
    await expect(page).toHaveTitle('My Activity | DramaList');
    // the navbar and the heading share one auth state: one GET /users/me
    expect(profileReads).toHaveLength(1);

    const other: Member = await createMember();
    await page.goto(`/user/${other.username}/activity`);
    await expect(page.locator('html')).toHaveAttribute('data-auth', 'signed-in');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${other.username}'s Activity`);
  });

  test('is in Portuguese at /pt-br/, with links that stay in Portuguese', async ({ page }) => {
    const { member, goblin } = await memberWithStory();
    await page.goto(`/pt-br/user/${member.username}/activity`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Atividade de ${member.username}`);
    await expect(page.getByRole('link', { name: 'Voltar ao perfil' })).toHaveAttribute('href', `/pt-br/user/${member.username}`);
    await expect(page.getByTestId('activity-count')).toHaveText('7 alterações');
    const first = items(page).first();
    await expect(first.locator('[data-wording]')).toHaveText(`${member.username} começou a reassistir ${goblin.title}`);
    await expect(first.getByRole('link', { name: goblin.title })).toHaveAttribute('href', `/pt-br/drama/${goblin.id}`);
    await expect(first.locator('time')).toHaveText(/^há \d+ segundos?$/);
    await expect(items(page).nth(1).getByText('Nota 9')).toBeVisible();
    await expect(items(page).nth(6).locator('[data-wording]')).toHaveText(`${member.username} adicionou ${goblin.title} à lista Quero assistir`);
    await expect(items(page).nth(4).locator('[data-wording]')).toHaveText(`${member.username} assistiu ao episódio 8 de ${goblin.title}`);
    await expect(items(page).nth(4).locator('[data-progress-text]')).toHaveText('8/16 episódios');
  });

  test('breaks no rule of the Content-Security-Policy, for a visitor or the member (tests/e2e/csp.spec.ts does the same for the other pages)', async ({ page, request }) => {
    const { member } = await memberWithStory();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy|Refused to/i.test(message.text())) problems.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => console.error(`Refused to ${e.effectiveDirective}: ${e.blockedURI}`));
    });
    const response = await page.goto(`/user/${member.username}/activity`);
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'sha256-/);
    await expect(items(page)).toHaveCount(7);
    await useToken(page, await accountToken(member));
    await page.goto(`/pt-br/user/${member.username}/activity`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Minha atividade');
    expect(problems).toEqual([]);
  });

  test('has no serious or critical axe violations at 375 and 1280 px, also when not found', async ({ page }) => {
    const { member } = await memberWithStory();
    await page.setViewportSize(NARROW);
    for (const path of [`/user/${member.username}/activity`, '/user/nobody0that0exists/activity']) {
      await page.goto(path);
      await expect(page.locator('astro-island[ssr]:not([client="visible"])')).toHaveCount(0);
      await axeAtBothWidths(page, path);
    }
  });
});
