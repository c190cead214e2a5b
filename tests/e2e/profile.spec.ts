import { expect, test, type Page } from '@playwright/test';
import { axeAtBothWidths, NARROW, WIDE } from './support/axe.ts';
import { addToList, createDrama, createMember, createPerson, recordActivity, removeDrama, removePerson } from './support/factories.ts';
import { openHydrated, waitForIslands } from './support/islands.ts';
import { makePng } from './support/png.ts';
import { siteToken, signInAs } from './support/session.ts';

// The profile /user/{username} and /profile (spec 2 "Profile screen"; issue 13): the public part
// rendered on the server for anyone, the member's parts an island: 'My Profile' and Edit Profile
// for the owner, Follow/Unfollow with the counters for others, the profile view counted when
// another member visits, favourites add/remove and the 5 limit, cover and avatar replaced through
// the upload flow, broken images falling back, axe at 375 and 1280 px.

const tag = () => `Pf${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const api = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

const counter = (page: Page, name: 'followers' | 'following' | 'views') => page.locator(`[data-counter="${name}"] [data-count]`);

test.describe('the profile, as a visitor sees it', () => {
  test("another member's profile: heading, name, default bio, joined, counters, statistics, recent activity, favourites, Follow asks to log in", async ({ page, request }) => {
    const t = tag();
    const member = await createMember({ fullName: `${t} Hana Kim` });
    const dramas = await Promise.all([1, 2, 3, 4].map((n) => createDrama({ title: `${t} Drama ${n}`, episodes: 10 })));
    const person = await createPerson({ name: `${t} Actor` });
    try {
      await addToList({ member, drama: dramas[0]!, status: 'watching', score: 8, progress: 4 });
      await addToList({ member, drama: dramas[1]!, status: 'completed', score: 9, progress: 10 });
      await addToList({ member, drama: dramas[2]!, status: 'plan_to_watch' });
      for (const [i, d] of dramas.entries()) await recordActivity({ member, drama: d, status: 'watching', at: new Date(Date.now() - (i + 1) * 3600_000) });
      const token = await siteToken(member);
      expect((await request.post(`/api/v1/lists/favorites/dramas/${dramas[3]!.id}`, api(token))).status()).toBe(201);
      expect((await request.post(`/api/v1/lists/favorites/cast/${person.id}`, api(token))).status()).toBe(201);

      await openHydrated(page, `/user/${member.username}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${member.username}'s Profile`);
      await expect(page).toHaveTitle(`${member.username}'s Profile | DramaList`);
      await expect(page.locator('#profile-name')).toHaveText(`${t} Hana Kim`);
      await expect(page.locator('[data-bio]')).toHaveText('Drama enthusiast and Asian content lover');
      const month = new Date().toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
      await expect(page.locator('[data-joined]')).toHaveText(`Joined ${month}`);
      await expect(counter(page, 'followers')).toHaveText('0');
      await expect(page.locator('[data-counter="followers"]')).toHaveAttribute('href', `/user/${member.username}/followers`);
      await expect(page.locator('[data-counter="following"]')).toHaveAttribute('href', `/user/${member.username}/following`);
      // statistics: a count per list linking to its tab, totals, episodes (4 + 10), mean score (8.5)
      await expect(page.locator('[data-list-count="watching"]')).toContainText(/Watching\s*1/);
      await expect(page.locator('[data-list-count="plan_to_watch"]')).toHaveAttribute('href', `/user/${member.username}/lists?tab=plan-to-watch`);
      await expect(page.locator('[data-stat="total"]')).toHaveText('3');
      await expect(page.locator('[data-stat="episodes"]')).toHaveText('14');
      await expect(page.locator('[data-stat="mean"]')).toHaveText('8.5');
      await expect(page.locator('[data-distribution] rect')).toHaveCount(3);
      // recent activity: the 3 latest, View all
      const recent = page.locator('[data-recent]');
      await expect(recent.locator('[data-activity-item]')).toHaveCount(3);
      await expect(recent.getByRole('link', { name: `${t} Drama 1` }).first()).toBeVisible();
      await expect(recent.getByRole('link', { name: 'View all' })).toHaveAttribute('href', `/user/${member.username}/activity`);
      // favourites, read-only
      await expect(page.locator('[data-favourites="dramas"]')).toContainText(`${t} Drama 4`);
      await expect(page.locator('[data-favourites="cast"]')).toContainText(`${t} Actor`);
      await expect(page.getByRole('button', { name: /Add/ })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Edit Profile' })).toHaveCount(0);
      // Follow sends a visitor to log in, and back
      await page.getByRole('link', { name: 'Follow', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fuser%2F${member.username}$`));
    } finally {
      for (const d of dramas) await removeDrama(d.id);
      await removePerson(person.id);
    }
  });

  test('usernames match in any case (one address each), an unknown one is "User not found", private lists say so', async ({ page }) => {
    const member = await createMember({ listsPrivate: true, bio: 'Hello there' });
    await page.goto(`/user/${member.username.toUpperCase()}`);
    await expect(page).toHaveURL(`/user/${member.username}`);
    await expect(page.locator('[data-bio]')).toHaveText('Hello there');
    await expect(page.locator('[data-stats-private]')).toHaveText(`${member.username}'s lists are private.`);
    const missing = await page.goto('/user/nobody-by-that-name');
    expect(missing?.status()).toBe(404);
    await expect(page.getByTestId('user-not-found')).toContainText('User not found');
  });

  test('Portuguese: /pt-br/user/{username}', async ({ page }) => {
    const member = await createMember();
    await openHydrated(page, `/pt-br/user/${member.username}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Perfil de ${member.username}`);
    await expect(page.locator('[data-bio]')).toHaveText('Fã de doramas e de conteúdo asiático');
    await expect(page.locator('[data-counter="followers"]')).toContainText('Seguidores');
  });

  test('broken images fall back: the initials avatar, the default cover', async ({ page }) => {
    const member = await createMember({ fullName: 'Broken Image', avatar: '/media/avatars/missing-avatar.png', coverPhoto: '/media/covers/missing-cover.png' });
    await openHydrated(page, `/user/${member.username}`);
    await expect(page.locator('[data-avatar-image]')).toHaveAttribute('src', /^data:image\/svg\+xml/);
    await expect(page.locator('[data-cover-image]')).toBeHidden();
  });
});

test.describe('the own profile', () => {
  test("/profile goes to /user/{username}: 'My Profile', Edit Profile, no Follow, no view counted", async ({ page, request }) => {
    const member = await createMember();
    await signInAs(page, member);
    await page.goto('/profile');
    await expect(page).toHaveURL(`/user/${member.username}`);
    await waitForIslands(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Profile');
    await expect(page.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/profile/edit');
    await expect(page.getByRole('button', { name: 'Follow', exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Follow', exact: true })).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Profile');
    await expect(counter(page, 'views')).toHaveText('0');
  });

  test('a visitor asking for /profile signs in and comes back', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
  });

  test('favourites: Add opens a search, the result is added; Remove takes it off; at 5 Add is disabled', async ({ page, request }) => {
    const t = tag();
    const member = await createMember();
    const dramas = await Promise.all([1, 2, 3, 4, 5].map((n) => createDrama({ title: `${t} Fav ${n}` })));
    const person = await createPerson({ name: `${t} Star Person` });
    try {
      const token = await signInAs(page, member);
      await openHydrated(page, `/user/${member.username}`);
      const section = page.locator('[data-favourites="dramas"]');
      await section.getByRole('button', { name: 'Add Favorite Dramas' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a favorite drama' });
      await dialog.getByRole('searchbox').fill(`${t} Fav 1`);
      await dialog.getByRole('button', { name: `Add ${t} Fav 1` }).click();
      await expect(dialog).toBeHidden();
      await expect(section.locator('[data-owner-favourites] li')).toHaveCount(1);
      await expect(section).toContainText(`${t} Fav 1`);
      // cast
      const cast = page.locator('[data-favourites="cast"]');
      await cast.getByRole('button', { name: 'Add Favorite Cast' }).click();
      const castDialog = page.getByRole('dialog', { name: 'Add a favorite cast member' });
      await castDialog.getByRole('searchbox').fill(`${t} Star Person`);
      await castDialog.getByRole('button', { name: `Add ${t} Star Person` }).click();
      await expect(cast).toContainText(`${t} Star Person`);
      // remove
      await cast.getByRole('button', { name: `Remove ${t} Star Person from favorites` }).click();
      await expect(cast).not.toContainText(`${t} Star Person`);
      await expect(cast).toContainText('No favorite cast yet.');
      // four more through the API: at 5, Add is disabled and says why
      for (const d of dramas.slice(1)) expect((await request.post(`/api/v1/lists/favorites/dramas/${d.id}`, api(token))).status()).toBe(201);
      await openHydrated(page, `/user/${member.username}`);
      await expect(section.locator('[data-owner-favourites] li')).toHaveCount(5);
      await expect(section.getByRole('button', { name: 'Add Favorite Dramas' })).toBeDisabled();
      await expect(section).toContainText('You have 5 favorites');
      const saved = await request.get('/api/v1/lists/favorites/dramas', api(token));
      expect(((await saved.json()) as { title: string }[]).map((d) => d.title)).toEqual(dramas.map((d) => d.title));
    } finally {
      for (const d of dramas) await removeDrama(d.id);
      await removePerson(person.id);
    }
  });

  test('the avatar and the cover are replaced right on the profile through the upload flow; wrong files are refused with the spec words', async ({ page, request }) => {
    const member = await createMember({ fullName: 'Upload Tester' });
    const token = await signInAs(page, member);
    await openHydrated(page, `/user/${member.username}`);
    // a file that is not an image
    await page.locator('[data-image-input="avatar"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.locator('[data-image-problem="avatar"]')).toHaveText('Please upload an image file.');
    // a GIF
    await page.locator('[data-image-input="avatar"]').setInputFiles({ name: 'a.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(page.locator('[data-image-problem="avatar"]')).toHaveText('Unsupported file type. Please use JPG, PNG, or WebP images.');
    // a cover over 10 MB
    await page.locator('[data-image-input="cover_photo"]').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
    await expect(page.locator('[data-image-problem="cover_photo"]')).toHaveText('Image size must be less than 10MB.');
    // a real PNG
    await page.locator('[data-image-input="avatar"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(64, 64) });
    await expect(page.locator('[data-avatar-image]')).not.toHaveAttribute('src', /^data:/);
    const me = (await (await request.get('/api/v1/users/me', api(token))).json()) as { avatar: string | null };
    expect(me.avatar).toBeTruthy();
    await expect(page.locator('[data-avatar-image]')).toHaveAttribute('src', me.avatar!);
    // it loads, and the navbar's avatar shows it too
    await expect.poll(() => page.locator('[data-avatar-image]').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.locator(`header img[src="${me.avatar}"]`).first()).toBeAttached();
    // the cover, by its Edit Cover
    await page.locator('[data-image-input="cover_photo"]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: makePng(120, 30, [225, 29, 72]) });
    await expect(page.locator('[data-cover-image]')).toBeVisible();
    await page.reload();
    await expect(page.locator('[data-cover-image]')).toHaveAttribute('src', /.+/);
  });
});

test.describe('following another member', () => {
  test('Follow / Unfollow move the followers count by one; the view is counted once; never a Follow on oneself', async ({ page, request }) => {
    const [viewer, star] = await Promise.all([createMember(), createMember()]);
    await signInAs(page, viewer);
    await openHydrated(page, `/user/${star.username}`);
    const follow = page.getByRole('button', { name: 'Follow', exact: true });
    await expect(follow).toBeVisible();
    await expect(page.getByRole('link', { name: 'Follow', exact: true })).toBeHidden();
    // the view is counted (another member, signed in)
    await expect(counter(page, 'views')).toHaveText('1');
    const followed = page.waitForResponse((r) => r.url().endsWith(`/api/v1/users/${star.id}/follow`) && r.request().method() === 'POST');
    await follow.click();
    await expect(page.getByRole('button', { name: 'Unfollow', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(counter(page, 'followers')).toHaveText('1');
    expect((await followed).status()).toBe(200);
    await page.reload();
    await waitForIslands(page);
    await expect(page.getByRole('button', { name: 'Unfollow', exact: true })).toBeVisible();
    await expect(counter(page, 'followers')).toHaveText('1');
    // a second visit the same day counts nothing more
    await expect(counter(page, 'views')).toHaveText('1');
    // the button and the count move at once (optimistically); the server's answer comes after
    const unfollowed = page.waitForResponse((r) => r.url().endsWith(`/api/v1/users/${star.id}/follow`) && r.request().method() === 'DELETE');
    await page.getByRole('button', { name: 'Unfollow', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
    await expect(counter(page, 'followers')).toHaveText('0');
    expect((await unfollowed).status()).toBe(200);
    const server = (await (await request.get(`/api/v1/users/by-username/${star.username}`)).json()) as { followers_count: number; profile_views: number };
    expect(server).toMatchObject({ followers_count: 0, profile_views: 1 });
    // the viewer's own Following count on their profile
    await openHydrated(page, `/user/${viewer.username}`);
    await expect(counter(page, 'following')).toHaveText('0');
  });
});

test.describe('looks', () => {
  test('no serious or critical axe violations at 375 and 1280 px (visitor, owner, favourites dialog, edit screen, followers)', async ({ page }) => {
    const t = tag();
    const member = await createMember({ fullName: `${t} Look`, bio: 'Watching everything from Seoul to Taipei.' });
    const drama = await createDrama({ title: `${t} Looks Drama`, episodes: 16 });
    try {
      await addToList({ member, drama, status: 'watching', progress: 5, score: 8 });
      await recordActivity({ member, drama, status: 'watching', at: new Date(Date.now() - 600_000) });
      await page.setViewportSize(NARROW);
      await openHydrated(page, `/user/${member.username}`);
      // nothing wider than the window (long usernames wrap)
      for (const size of [NARROW, WIDE]) {
        await page.setViewportSize(size);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      }
      await page.setViewportSize(NARROW);
      await axeAtBothWidths(page, 'a visitor');
      await signInAs(page, member);
      await openHydrated(page, `/user/${member.username}`);
      await expect(page.getByRole('link', { name: 'Edit Profile' })).toBeVisible();
      await expect(page.locator('[data-owner-favourites="dramas"]')).toBeVisible();
      await axeAtBothWidths(page, 'the owner');
      await page.locator('[data-favourites="dramas"]').getByRole('button', { name: 'Add Favorite Dramas' }).click();
      await page.getByRole('dialog').getByRole('searchbox').fill(`${t} Looks`);
      await expect(page.getByRole('dialog').getByTestId('favourite-results')).toBeVisible();
      await axeAtBothWidths(page, 'the favourites dialog');
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await openHydrated(page, `/profile/edit`);
      await expect(page.getByTestId('edit-profile')).toBeVisible();
      await axeAtBothWidths(page, 'the edit screen');
      // a followers page with follow buttons (the demo admin has many followers), signed in
      await openHydrated(page, '/user/admin/followers');
      await expect(page.locator('[data-member-card]').first()).toBeVisible();
      await axeAtBothWidths(page, 'a followers page');
    } finally {
      await removeDrama(drama.id);
    }
  });
});
