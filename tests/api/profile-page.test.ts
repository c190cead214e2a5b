// What the profile, /user/{username}, and the followers pages read (spec 2 §2; DESIGN improvement 5;
// docs/decisions/025) on a real database: the member, statistics (null when the lists are private),
// the 3 latest activity items (none when private), favourites (shown even then), 404 for an unknown
// username, redirects to the member's own spelling; the followers pages 20 a page, newest first.
// The pages themselves render in the browser tests (tests/e2e/profile*.spec.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client.ts';
import { addFavourite } from '../../src/lib/server/services/favourites/favourites.ts';
import { saveEntry } from '../../src/lib/server/services/lists/list-entries.ts';
import { follow } from '../../src/lib/server/services/follows/follows.ts';
import { loadFollowsPage } from '../../src/lib/server/services/follows/follows-page.ts';
import { loadProfilePage } from '../../src/lib/server/services/profiles/profile-page.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { createDrama, createMember, createPerson } from '../helpers/factories.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await database?.drop();
});

describe('the profile page', () => {
  it('reads the member, statistics, the 3 latest items and the favourites', async () => {
    const member = await createMember({ fullName: 'Hana Kim', bio: 'Hi' });
    const db = await getDb();
    const dramas = await Promise.all([1, 2, 3, 4].map((n) => createDrama({ title: `Profile drama ${n}`, episodes: 10 })));
    await saveEntry(db, member.id, dramas[0]!.id, { status: 'watching', progress: 4, score: 8 });
    await saveEntry(db, member.id, dramas[1]!.id, { status: 'completed', score: 9 });
    await saveEntry(db, member.id, dramas[2]!.id, { status: 'plan_to_watch' });
    await saveEntry(db, member.id, dramas[3]!.id, { status: 'dropped', progress: 1 });
    const person = await createPerson({ name: 'Profile person' });
    await addFavourite(db, member.id, 'dramas', dramas[2]!.id);
    await addFavourite(db, member.id, 'cast', person.id);

    const result = await loadProfilePage(member.username);
    if (result.kind !== 'ok') throw new Error(JSON.stringify(result));
    const data = result.data;
    expect(data.member).toMatchObject({ id: member.id, username: member.username, fullName: 'Hana Kim', bio: 'Hi', followers: 0, following: 0, profileViews: 0 });
    expect(data.stats).toEqual({ watching: 1, completed: 1, planToWatch: 1, dropped: 1, total: 4, episodesWatched: 15, meanScore: 8.5 });
    expect(data.recent.map((i) => i.dramaTitle)).toEqual(['Profile drama 4', 'Profile drama 3', 'Profile drama 2']);
    expect(data.favourites.dramas.map((d) => d.title)).toEqual(['Profile drama 3']);
    expect(data.favourites.cast.map((p) => p.name)).toEqual(['Profile person']);
  });

  it('private lists: no statistics and no activity, the favourites still; other spellings redirect; unknown is not found', async () => {
    const member = await createMember({ listsPrivate: true });
    const db = await getDb();
    const drama = await createDrama();
    await saveEntry(db, member.id, drama.id, { status: 'watching' });
    await addFavourite(db, member.id, 'dramas', drama.id);
    const result = await loadProfilePage(member.username);
    expect(result).toMatchObject({ kind: 'ok', data: { stats: null, recent: [], favourites: { dramas: [{ id: drama.id }] } } });
    expect(await loadProfilePage(member.username.toUpperCase())).toEqual({ kind: 'redirect', location: `/user/${member.username}`, status: 301 });
    expect(await loadProfilePage('nobody-here')).toMatchObject({ kind: 'error', reason: 'not-found', status: 404 });
    expect(await loadProfilePage('')).toMatchObject({ kind: 'error', reason: 'not-found', status: 404 });
  });
});

describe('the followers pages', () => {
  it('20 a page, newest follow first; the last page for a page past the end; both directions', async () => {
    const star = await createMember();
    const db = await getDb();
    const fans = [];
    for (let i = 0; i < 21; i++) {
      const fan = await createMember();
      await follow(db, fan, star.id);
      fans.push(fan);
    }
    const first = await loadFollowsPage(star.username, 'followers', 1);
    if (first.kind !== 'ok') throw new Error(JSON.stringify(first));
    expect(first.data).toMatchObject({ total: 21, page: 1, pages: 2 });
    expect(first.data.members).toHaveLength(20);
    expect(first.data.members[0]!.username).toBe(fans[20]!.username);
    const second = await loadFollowsPage(star.username, 'followers', 2);
    expect(second).toMatchObject({ kind: 'ok', data: { members: [{ username: fans[0]!.username }] } });
    expect(await loadFollowsPage(star.username, 'followers', 9)).toEqual({ kind: 'redirect', location: `/user/${star.username}/followers?page=2`, status: 302 });
    expect(await loadFollowsPage(fans[0]!.username, 'following', 1)).toMatchObject({ kind: 'ok', data: { total: 1, members: [{ id: star.id }] } });
    expect(await loadFollowsPage('nobody-here', 'following', 1)).toMatchObject({ kind: 'error', reason: 'not-found' });
  });
});

describe('an address whose name cannot be a username (issue 19)', () => {
  // /user/ab%00c reached the database with its NUL, which PostgreSQL refuses: a logged 500 instead of
  // the not-found page. A name that breaks the username rule is no member, asked of nobody.
  const notFound = { kind: 'error', reason: 'not-found', status: 404 };
  const names = ['ab\0c', '\0', 'abc\0', 'a b', 'ab', 'x'.repeat(51), 'ab\uD800c', 'ab/c'];

  it.each(names)('the profile and followers pages of %j are not found', async (name) => {
    expect(await loadProfilePage(name)).toEqual(notFound);
    expect(await loadFollowsPage(name, 'followers', 1)).toEqual(notFound);
    expect(await loadFollowsPage(name, 'following', 2)).toEqual(notFound);
  });

  it('an existing member with a NUL added is not found either', async () => {
    const member = await createMember();
    expect(await loadProfilePage(`${member.username}\0`)).toEqual(notFound);
  });
});
