// What the activity timeline page, /user/{username}/activity, reads (spec 2 §2, §9; docs/decisions/021)
// on a real database: the member by username, their items 20 a page newest first with the history
// the wording needs, an empty list for private lists, 404 for an unknown username, and redirects to
// the member's own spelling and to the last page. The page itself renders in the browser tests
// (tests/e2e/activity-timeline.spec.ts); the site server's routing of on-demand pages is
// site-server.test.ts'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client.ts';
import { updateProfile } from '../../src/lib/server/services/accounts/accounts.ts';
import { ACTIVITY_PAGE_SIZE, loadActivityPage } from '../../src/lib/server/services/activity/activity-page.ts';
import { saveEntry, startRewatch } from '../../src/lib/server/services/lists/list-entries.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { createDrama, createMember, recordActivity } from '../helpers/factories.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await database?.drop();
});

const ok = async (username: string, page = 1) => {
  const result = await loadActivityPage(username, page);
  if (result.kind !== 'ok') throw new Error(`expected a page, got ${JSON.stringify(result)}`);
  return result.data;
};

describe('the activity page', () => {
  it("reads a member's changes through the lists service, newest first, with the history and the card's image", async () => {
    const member = await createMember();
    const drama = await createDrama({ title: 'Timeline drama', episodes: 8, bannerImage: '/media/banner.jpg', posterImage: '/media/poster.jpg' });
    const db = await getDb();
    await saveEntry(db, member.id, drama.id, { status: 'plan_to_watch' });
    await saveEntry(db, member.id, drama.id, { status: 'watching', progress: 2 });
    await saveEntry(db, member.id, drama.id, { status: 'watching', progress: 5 });
    await saveEntry(db, member.id, drama.id, { status: 'completed', progress: 8, score: 9 });
    await startRewatch(db, member.id, drama.id);

    const data = await ok(member.username);
    expect(data).toMatchObject({ owner: { id: member.id, username: member.username }, total: 5, page: 1, pages: 1, private: false });
    expect(data.items.map((i) => [i.kind, i.newStatus, i.previousStatus, i.progress, i.previousProgress, i.cycle])).toEqual([
      ['rewatch', 'watching', 'completed', 0, 8, 2],
      ['updated', 'completed', 'watching', 8, 5, 1],
      ['updated', 'watching', 'watching', 5, 2, 1],
      ['updated', 'watching', 'plan_to_watch', 2, null, 1],
      ['added', 'plan_to_watch', null, null, null, 1],
    ]);
    expect(data.items[1]).toMatchObject({ dramaId: drama.id, dramaTitle: 'Timeline drama', score: 9, totalEpisodes: 8, image: '/media/banner.jpg' });
    expect(data.items[0]!.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('pages by 20, and sends a page past the end to the last page', async () => {
    const member = await createMember();
    const drama = await createDrama({ episodes: 60 });
    const start = Date.now() - 60 * 60_000;
    for (let n = 1; n <= 45; n++) {
      await recordActivity({ member, drama, progress: n, previousProgress: n - 1, previousStatus: 'watching', at: new Date(start + n * 60_000) });
    }
    expect(ACTIVITY_PAGE_SIZE).toBe(20);
    const first = await ok(member.username, 1);
    expect(first).toMatchObject({ total: 45, pages: 3, page: 1 });
    expect(first.items.map((i) => i.progress)).toEqual(Array.from({ length: 20 }, (_, i) => 45 - i));
    expect((await ok(member.username, 2)).items.map((i) => i.progress)).toEqual(Array.from({ length: 20 }, (_, i) => 25 - i));
    expect((await ok(member.username, 3)).items.map((i) => i.progress)).toEqual([5, 4, 3, 2, 1]);
    expect(await loadActivityPage(member.username, 4)).toEqual({ kind: 'redirect', location: `/user/${member.username}/activity?page=3`, status: 302 });
    expect(await loadActivityPage(member.username, 100_000)).toEqual({ kind: 'redirect', location: `/user/${member.username}/activity?page=3`, status: 302 });
  });

  it('shows an empty list for private lists, never the items, and page 1 for any other page', async () => {
    const member = await createMember({ listsPrivate: true });
    const drama = await createDrama({ episodes: 4 });
    await saveEntry(await getDb(), member.id, drama.id, { status: 'watching', progress: 1 });
    const data = await ok(member.username);
    expect(data).toMatchObject({ items: [], total: 0, pages: 1, private: true });
    expect(await loadActivityPage(member.username, 2)).toEqual({ kind: 'redirect', location: `/user/${member.username}/activity`, status: 302 });

    // made public again: the items are there
    await updateProfile(await getDb(), member.id, { listsPrivate: false });
    expect(await ok(member.username)).toMatchObject({ total: 1, private: false });
  });

  it('shows an empty list for a member with no activity', async () => {
    const member = await createMember();
    expect(await ok(member.username)).toMatchObject({ items: [], total: 0, pages: 1, private: false });
  });

  it("is 'User not found' (404) for an unknown or empty username", async () => {
    const notFound = { kind: 'error', reason: 'not-found', status: 404 };
    expect(await loadActivityPage('nobody0here', 1)).toEqual(notFound);
    expect(await loadActivityPage('', 1)).toEqual(notFound);
    expect(await loadActivityPage(undefined, 1)).toEqual(notFound);
    expect(await loadActivityPage('x'.repeat(500), 1)).toEqual(notFound);
    // a NUL reached PostgreSQL, which refuses it: a logged 500 before issue 19
    expect(await loadActivityPage('ab\0c', 1)).toEqual(notFound);
    expect(await loadActivityPage('a\0', 3)).toEqual(notFound);
  });

  it("redirects another spelling of a username to the member's own, keeping the page", async () => {
    const member = await createMember({ username: `Mixed${Date.now().toString(36)}` });
    expect(await loadActivityPage(member.username.toLowerCase(), 1)).toEqual({ kind: 'redirect', location: `/user/${member.username}/activity`, status: 301 });
    expect(await loadActivityPage(member.username.toUpperCase(), 2)).toEqual({
      kind: 'redirect',
      location: `/user/${member.username}/activity?page=2`,
      status: 301,
    });
  });
});
