import { expect, test, type APIRequestContext } from '@playwright/test';
import { axeAtBothWidths, NARROW, WIDE } from './support/axe.ts';
import { createMember, type Member } from './support/factories.ts';
import { waitForIslands } from './support/islands.ts';
import { siteToken, useToken } from './support/session.ts';

// The followers and following pages /user/{username}/followers and /following (DESIGN improvement
// 5; issue 13): server-rendered member cards (avatar, name, username, bio line) linking to their
// profiles, newest follow first, Previous/Next paging; a signed-in member's follow buttons (never
// on themselves).

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

async function follows(request: APIRequestContext, token: string, who: Member) {
  const res = await request.post(`/api/v1/users/${who.id}/follow`, auth(token));
  expect(res.status(), await res.text()).toBe(200);
}

test('followers and following: cards, counts, empty states, a member follows from the list, never themselves', async ({ page, request }) => {
  const [star, fan, other] = await Promise.all([
    createMember({ fullName: 'Star Member', bio: 'First line of the bio\nsecond line' }),
    createMember({ fullName: 'Fan Member' }),
    createMember({ fullName: 'Other Member', bio: 'Loves thrillers' }),
  ]);
  const fanToken = await siteToken(fan);
  const otherToken = await siteToken(other);
  await follows(request, otherToken, star);
  await follows(request, fanToken, star);

  // a visitor: the cards, newest follow first, no buttons
  await page.goto(`/user/${star.username}/followers`);
  await waitForIslands(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${star.username}'s Followers`);
  await expect(page.getByTestId('follows-count')).toHaveText('2 members');
  const cards = page.locator('[data-member-card]');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText('Fan Member');
  await expect(cards.nth(1)).toContainText('Other Member');
  await expect(cards.nth(1)).toContainText('Loves thrillers');
  await expect(cards.nth(0).getByRole('link')).toHaveAttribute('href', `/user/${fan.username}`);
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toHaveCount(0);
  // the star follows nobody
  await page.goto(`/user/${star.username}/following`);
  await expect(page.getByTestId('follows-empty')).toHaveText(`${star.username} isn't following anyone yet.`);
  // from the profile's counters
  await page.goto(`/user/${star.username}`);
  await page.locator('[data-counter="followers"]').click();
  await expect(page).toHaveURL(`/user/${star.username}/followers`);

  // the fan, signed in: a button on the other follower, none on themselves
  await useToken(page, fanToken);
  await page.goto(`/user/${star.username}/followers`);
  await waitForIslands(page);
  const otherCard = page.locator(`[data-member-card="${other.username}"]`);
  await expect(otherCard.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  await expect(page.locator(`[data-member-card="${fan.username}"]`).getByRole('button')).toHaveCount(0);
  // the button turns at once (optimistically): leaving the page before the server answered would cut the request
  const followed = page.waitForResponse((r) => /\/api\/v1\/users\/\d+\/follow$/.test(r.url()) && r.request().method() === 'POST');
  await otherCard.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(otherCard.getByRole('button', { name: 'Unfollow', exact: true })).toBeVisible();
  expect((await followed).status()).toBe(200);
  // the fan's following page lists both, the newest first
  await page.goto(`/user/${fan.username}/following`);
  await waitForIslands(page);
  await expect(page.locator('[data-member-card]')).toHaveCount(2);
  await expect(page.locator('[data-member-card]').nth(0)).toContainText('Other Member');
  await expect(page.locator(`[data-member-card="${star.username}"]`).getByRole('button', { name: 'Unfollow', exact: true })).toBeVisible();
  // Portuguese
  await page.goto(`/pt-br/user/${star.username}/followers`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Seguidores de ${star.username}`);
  // any spelling goes to the member's own; an unknown member is not found
  await page.goto(`/user/${star.username.toUpperCase()}/followers`);
  await expect(page).toHaveURL(`/user/${star.username}/followers`);
  expect((await page.goto('/user/nobody-by-that-name/followers'))?.status()).toBe(404);
});

test('paging: 20 a page, Previous and Next', async ({ page, request }) => {
  test.setTimeout(120_000);
  const star = await createMember();
  // one after another: 21 connections at once to the site's embedded database can be refused
  const fans: Member[] = [];
  for (let i = 0; i < 21; i++) fans.push(await createMember());
  // each fan follows over the API, with a token issued here (no sign-in spent)
  for (const fan of fans) await follows(request, await siteToken(fan), star);
  await page.goto(`/user/${star.username}/followers`);
  await expect(page.locator('[data-member-card]')).toHaveCount(20);
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(`/user/${star.username}/followers?page=2`);
  await expect(page.locator('[data-member-card]')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Previous' })).toBeVisible();
  await page.setViewportSize(NARROW);
  await page.goto(`/user/${star.username}/followers`);
  for (const size of [NARROW, WIDE]) {
    await page.setViewportSize(size);
    // nothing wider than the window (a long username wraps)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  }
  // signed out, with paging (profile.spec.ts 'looks' has one signed in, with follow buttons)
  await axeAtBothWidths(page, 'a followers page, signed out');
});
