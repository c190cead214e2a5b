import { expect, test, type APIRequestContext } from '@playwright/test';
import { axeAtBothWidths, NARROW } from './support/axe.ts';
import { createMember, type Member } from './support/factories.ts';
import { waitForIslands } from './support/islands.ts';
import { siteToken, useToken } from './support/session.ts';
import { withSiteDatabase } from './support/site-database.ts';

// Blocking a member (issue 20, beyond the spec; docs/decisions/035): the '⋯' control beside Follow
// on another member's profile, its confirmation, the follow that ends, and the member's own list of
// blocked members in the edit-profile screen, where each block is undone.

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

async function call(request: APIRequestContext, method: 'post' | 'get', path: string, token: string) {
  const res = await request[method](`/api/v1${path}`, auth(token));
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

const followsBetween = (a: Member, b: Member) =>
  withSiteDatabase(async (client) => {
    const { rows } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM follows WHERE (follower_id = $1 AND followee_id = $2) OR (follower_id = $2 AND followee_id = $1)',
      [a.id, b.id],
    );
    return rows[0].n;
  });

test('a member blocks another from the profile after confirming, the follow ends, and unblocks from the settings list', async ({ page, request }) => {
  const [me, them] = await Promise.all([createMember({ fullName: 'Blocking Member' }), createMember({ fullName: 'Blocked Member' })]);
  const [myToken, theirToken] = await Promise.all([siteToken(me), siteToken(them)]);
  await call(request, 'post', `/users/${them.id}/follow`, myToken);
  await call(request, 'post', `/users/${me.id}/follow`, theirToken);
  expect(await followsBetween(me, them)).toBe(2);

  await useToken(page, myToken);
  await page.setViewportSize(NARROW);
  await page.goto(`/user/${them.username}`);
  await waitForIslands(page);
  const follow = page.locator(`[data-follow="${them.id}"]`);
  await expect(follow).toHaveText('Unfollow');
  await expect(page.locator('[data-counter="followers"] [data-count]')).toHaveText('1');

  // the '⋯' menu beside Follow; Block asks first, and Cancel changes nothing
  const more = page.getByRole('button', { name: `More actions for @${them.username}` });
  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Block @${them.username}?` });
  await expect(dialog).toBeVisible();
  for (const line of [
    'they will not be able to comment on your profile;',
    'they will not be able to reply to or react to your comments;',
    'they will not be able to follow you, and any follow between you ends;',
  ]) {
    await expect(dialog).toContainText(line);
  }
  await axeAtBothWidths(page, 'the block confirmation');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(more).toBeFocused();
  expect(await call(request, 'get', `/users/${them.id}/block`, myToken)).toEqual({ blocked: false });
  expect(await followsBetween(me, them)).toBe(2);

  // confirmed: blocked, the follow switch read again (off, and off limits), the followers counter down
  await more.click();
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  await dialog.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-blocked-badge]')).toHaveText('Blocked');
  await expect(follow).toHaveText('Follow');
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await expect(follow).toBeDisabled();
  await expect(page.locator('[data-counter="followers"] [data-count]')).toHaveText('0');
  expect(await call(request, 'get', `/users/${them.id}/block`, myToken)).toEqual({ blocked: true });
  expect(await followsBetween(me, them)).toBe(0);
  // after a reload too
  await page.reload();
  await waitForIslands(page);
  await expect(page.locator('[data-blocked-badge]')).toHaveText('Blocked');
  await expect(follow).toBeDisabled();

  // the settings list: avatar, name linking to the profile, the day; Unblock undoes it
  await page.goto('/profile/edit');
  const section = page.getByRole('region', { name: 'Blocked members' });
  const row = section.locator(`[data-blocked-member="${them.username}"]`);
  await expect(row).toContainText('Blocked Member');
  await expect(row).toContainText(`@${them.username}`);
  await expect(row).toContainText(/Blocked on \w{3} \d{1,2}, \d{4}/);
  await expect(row.getByRole('link', { name: 'Blocked Member' })).toHaveAttribute('href', `/user/${them.username}`);
  await expect(row.locator('img')).toHaveCount(1);
  await axeAtBothWidths(page, 'the Blocked members section');
  await row.getByRole('button', { name: 'Unblock Blocked Member' }).click();
  await expect(section.getByText('You have not blocked anyone.')).toBeVisible();
  expect(await call(request, 'get', `/users/${them.id}/block`, myToken)).toEqual({ blocked: false });

  // the profile again: not blocked, Follow pressable, the ended follow not back
  await page.goto(`/user/${them.username}`);
  await waitForIslands(page);
  await expect(follow).toHaveText('Follow');
  await expect(follow).toBeEnabled();
  await expect(page.locator('[data-blocked-badge]')).toHaveCount(0);
  expect(await followsBetween(me, them)).toBe(0);
});

test('a visitor has no block control; Portuguese words; Unblock from the profile menu; the list pages by 20', async ({ page, request }) => {
  const me = await createMember({ fullName: 'Lista Membro' });
  const myToken = await siteToken(me);
  // 21 blocked members, one after another (the embedded database takes one statement at a time)
  const blocked: Member[] = [];
  for (let i = 0; i < 21; i++) {
    const member = await createMember({ fullName: `Bloqueado ${String(i).padStart(2, '0')}` });
    await call(request, 'post', `/users/${member.id}/block`, myToken);
    blocked.push(member);
  }
  const last = blocked.at(-1)!;

  // a visitor: Follow is the link to sign in, and nothing to block with
  await page.goto(`/pt-br/user/${last.username}`);
  await waitForIslands(page);
  await expect(page.locator('[data-visitor-follow]')).toBeVisible();
  await expect(page.locator('[data-block-control]')).toHaveCount(0);

  await useToken(page, myToken);
  await page.goto(`/pt-br/user/${last.username}`);
  await waitForIslands(page);
  await expect(page.locator('[data-blocked-badge]')).toHaveText('Bloqueado');
  await page.getByRole('button', { name: `Mais ações para @${last.username}` }).click();
  await page.getByRole('button', { name: 'Desbloquear', exact: true }).click();
  await expect(page.locator('[data-blocked-badge]')).toHaveCount(0);
  await expect(page.locator(`[data-follow="${last.id}"]`)).toBeEnabled();
  expect(await call(request, 'get', `/users/${last.id}/block`, myToken)).toEqual({ blocked: false });
  await call(request, 'post', `/users/${last.id}/block`, myToken);

  // the list in Portuguese: 20 on the first page, the latest block first, then the 21st
  await page.goto('/pt-br/profile/edit');
  const section = page.getByRole('region', { name: 'Membros bloqueados' });
  await expect(section.locator('[data-blocked-member]')).toHaveCount(20);
  await expect(section.locator('[data-blocked-member]').first()).toHaveAttribute('data-blocked-member', last.username);
  await expect(section.locator('[data-blocked-member]').first().getByRole('link')).toHaveAttribute('href', `/pt-br/user/${last.username}`);
  await expect(section).toContainText('Página 1 de 2');
  await expect(section.getByRole('button', { name: 'Anterior' })).toBeDisabled();
  await section.getByRole('button', { name: 'Próxima' }).click();
  await expect(section).toContainText('Página 2 de 2');
  await expect(section.locator('[data-blocked-member]')).toHaveCount(1);
  await expect(section.locator('[data-blocked-member]')).toHaveAttribute('data-blocked-member', blocked[0].username);
  // the only one of page 2 unblocked: back to page 1, no more pages
  await section.getByRole('button', { name: `Desbloquear ${blocked[0].fullName}` }).click();
  await expect(section.locator('[data-blocked-member]')).toHaveCount(20);
  await expect(section.getByRole('navigation')).toHaveCount(0);
});
