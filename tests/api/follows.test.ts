// Follows, followers / following pages, profile views and the member's own record over HTTP (contract
// "Users, profiles, follows", spec 2 §2 "Profile screen", §4 "Follow", docs/decisions/024): who may
// call, bad input, idempotence, exact counters under concurrent requests, views once in 24 hours.
// Profile edits with images: uploads.test.ts; the text fields: users.test.ts.
import { describe, expect, it } from 'vitest';
import { useApiFixture } from '../helpers/api-fixture.ts';
import { createMembers, tokenFor } from '../helpers/factories.ts';
import { expectProblem } from '../helpers/http.ts';

const app = useApiFixture();
const { sql, someone } = app;

const follow = (id: number | string, token?: string) => app.client.post(`/users/${id}/follow`, undefined, { token });
const unfollow = (id: number | string, token?: string) => app.client.delete(`/users/${id}/follow`, { token });
const view = (id: number | string, token?: string) => app.client.post(`/users/${id}/view`, undefined, { token });

/** the stored counters of a member, and their real follow rows */
async function counters(id: number) {
  const [row] = await sql<{ followers_count: number; following_count: number; profile_views: number }>(
    'SELECT followers_count, following_count, profile_views FROM users WHERE id = $1',
    [id],
  );
  const [real] = await sql<{ followers: number; following: number }>(
    'SELECT (SELECT count(*)::int FROM follows WHERE followee_id = $1) AS followers, (SELECT count(*)::int FROM follows WHERE follower_id = $1) AS following',
    [id],
  );
  return { ...row!, ...real! };
}

describe('who may call', () => {
  it('refuses a visitor (401) and a bad token on every write, and changes nothing', async () => {
    const { member } = await someone();
    for (const call of [() => follow(member.id), () => unfollow(member.id), () => view(member.id), () => app.client.get('/users/me'), () => app.client.put('/users/me', { bio: 'x' })]) {
      expectProblem(await call(), 401, 'Not authenticated');
    }
    expectProblem(await follow(member.id, 'not-a-token'), 401);
    expectProblem(await view(member.id, 'not-a-token'), 401);
    expect(await counters(member.id)).toEqual({ followers_count: 0, following_count: 0, profile_views: 0, followers: 0, following: 0 });
  });

  it('a member follows only as themselves: the follow is theirs, the other member is untouched', async () => {
    const a = await someone();
    const b = await someone();
    const c = await someone();
    expect((await follow(c.member.id, a.token)).body).toEqual({ following: true, followers_count: 1 });
    // b cannot undo a's follow: b's unfollow acts on b's own (absent) follow
    expect((await unfollow(c.member.id, b.token)).body).toEqual({ following: false, followers_count: 1 });
    expect(await sql('SELECT follower_id FROM follows WHERE followee_id = $1', [c.member.id])).toEqual([{ follower_id: a.member.id }]);
    expect(await counters(b.member.id)).toMatchObject({ following_count: 0, following: 0 });
  });
});

describe('GET /users/me', () => {
  it('answers the member with e-mail and counters', async () => {
    const { member, token } = await someone();
    const other = await someone();
    await follow(member.id, other.token);
    await view(member.id, other.token);
    const res = await app.client.get('/users/me', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: member.id, email: member.email, followers_count: 1, following_count: 0, profile_views: 1 });
  });
});

describe('follow and unfollow', () => {
  it('follows, idempotently; unfollows, idempotently; both counters move once', async () => {
    const a = await someone();
    const b = await someone();
    expect((await follow(b.member.id, a.token)).body).toEqual({ following: true, followers_count: 1 });
    expect((await follow(b.member.id, a.token)).body).toEqual({ following: true, followers_count: 1 });
    expect(await counters(a.member.id)).toMatchObject({ following_count: 1, following: 1, followers_count: 0 });
    expect(await counters(b.member.id)).toMatchObject({ followers_count: 1, followers: 1 });
    expect((await unfollow(b.member.id, a.token)).body).toEqual({ following: false, followers_count: 0 });
    expect((await unfollow(b.member.id, a.token)).body).toEqual({ following: false, followers_count: 0 });
    expect(await counters(a.member.id)).toMatchObject({ following_count: 0, following: 0 });
    expect(await counters(b.member.id)).toMatchObject({ followers_count: 0, followers: 0 });
  });

  it('refuses oneself (400), an unknown member (404) and an id that is not digits (400), changing nothing', async () => {
    const a = await someone();
    expectProblem(await follow(a.member.id, a.token), 400, 'You cannot follow yourself', 'id');
    expectProblem(await unfollow(a.member.id, a.token), 400, 'You cannot follow yourself', 'id');
    expectProblem(await follow(999_999_999, a.token), 404, 'User not found');
    expectProblem(await follow('9'.repeat(30), a.token), 404, 'User not found');
    for (const bad of ['abc', '-1', '1.5', '0x10', '1e3']) expectProblem(await follow(bad, a.token), 400, 'Invalid user ID', 'id');
    expectProblem(await view('abc', a.token), 400, 'Invalid user ID', 'id');
    expect(await counters(a.member.id)).toMatchObject({ following_count: 0, following: 0, followers_count: 0 });
  });

  it('keeps a counter from going below 0 even when it was already wrong', async () => {
    const a = await someone();
    const b = await someone();
    await follow(b.member.id, a.token);
    await sql('UPDATE users SET followers_count = 0 WHERE id = $1', [b.member.id]);
    expect((await unfollow(b.member.id, a.token)).body).toEqual({ following: false, followers_count: 0 });
  });

  it('20 members following one at once: exactly 20 followers; then all unfollowing at once: exactly 0', async () => {
    const star = await someone();
    const fans = await createMembers(20);
    const tokens = await Promise.all(fans.map((fan) => tokenFor(fan)));
    const followed = await Promise.all(tokens.map((token) => follow(star.member.id, token)));
    expect(followed.map((res) => res.status)).toEqual(Array(20).fill(200));
    expect(followed.map((res) => res.body.followers_count).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await counters(star.member.id)).toMatchObject({ followers_count: 20, followers: 20 });
    const unfollowed = await Promise.all(tokens.map((token) => unfollow(star.member.id, token)));
    expect(unfollowed.map((res) => res.status)).toEqual(Array(20).fill(200));
    expect(await counters(star.member.id)).toMatchObject({ followers_count: 0, followers: 0 });
    for (const fan of fans) expect(await counters(fan.id)).toMatchObject({ following_count: 0, following: 0 });
  });

  it('races of follows and unfollows by the same members, and two members following each other at once, leave counters equal to the rows', async () => {
    const star = await someone();
    const fans = await Promise.all(Array.from({ length: 5 }, () => someone()));
    const calls = fans.flatMap((fan) => Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? follow(star.member.id, fan.token) : unfollow(star.member.id, fan.token))));
    const answers = await Promise.all(calls);
    expect(answers.every((res) => res.status === 200)).toBe(true);
    const after = await counters(star.member.id);
    expect(after.followers_count).toBe(after.followers);
    for (const fan of fans) {
      const mine = await counters(fan.member.id);
      expect(mine.following_count).toBe(mine.following);
    }
    // mutual follows at the same moment (rows locked in id order: no deadlock, no lost update)
    const pairs = await Promise.all(Array.from({ length: 5 }, async () => [await someone(), await someone()] as const));
    await Promise.all(pairs.flatMap(([x, y]) => [follow(y.member.id, x.token), follow(x.member.id, y.token)]));
    for (const [x, y] of pairs) {
      expect(await counters(x.member.id)).toMatchObject({ followers_count: 1, following_count: 1, followers: 1, following: 1 });
      expect(await counters(y.member.id)).toMatchObject({ followers_count: 1, following_count: 1, followers: 1, following: 1 });
    }
  });
});

describe('followers and following pages', () => {
  it('pages public users newest follow first, with is_following for a signed-in caller only', async () => {
    const star = await someone();
    const fans = await Promise.all(Array.from({ length: 3 }, () => someone()));
    for (const fan of fans) await follow(star.member.id, fan.token);
    await sql(
      `UPDATE follows SET created_at = now() - make_interval(mins => CASE follower_id WHEN $2 THEN 30 WHEN $3 THEN 20 ELSE 10 END) WHERE followee_id = $1`,
      [star.member.id, fans[0]!.member.id, fans[1]!.member.id],
    );
    const viewer = await someone();
    await follow(fans[1]!.member.id, viewer.token);

    const anonymous = await app.client.get(`/users/${star.member.id}/followers?size=2`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toMatchObject({ total: 3, page: 1, size: 2, pages: 2 });
    expect(anonymous.body.items.map((user: { id: number }) => user.id)).toEqual([fans[2]!.member.id, fans[1]!.member.id]);
    for (const user of anonymous.body.items) {
      expect(user).not.toHaveProperty('email');
      expect(user).not.toHaveProperty('is_following');
    }
    const second = await app.client.get(`/users/${star.member.id}/followers?size=2&page=2`);
    expect(second.body.items.map((user: { id: number }) => user.id)).toEqual([fans[0]!.member.id]);

    const signedIn = await app.client.get(`/users/${star.member.id}/followers`, { token: viewer.token });
    expect(signedIn.body.items.map((user: { id: number; is_following: boolean }) => [user.id, user.is_following])).toEqual([
      [fans[2]!.member.id, false],
      [fans[1]!.member.id, true],
      [fans[0]!.member.id, false],
    ]);

    const following = await app.client.get(`/users/${fans[0]!.member.id}/following`, { token: viewer.token });
    expect(following.body).toMatchObject({ total: 1, items: [{ id: star.member.id, username: star.member.username, is_following: false }] });
  });

  it('answers 404 for an unknown member, 400 for bad ids and paging', async () => {
    expectProblem(await app.client.get('/users/999999999/followers'), 404, 'User not found');
    expectProblem(await app.client.get('/users/abc/following'), 400, 'Invalid user ID', 'id');
    const { member } = await someone();
    expectProblem(await app.client.get(`/users/${member.id}/followers?page=0`), 400, undefined, 'page');
    expectProblem(await app.client.get(`/users/${member.id}/followers?size=101`), 400, undefined, 'size');
    expectProblem(await app.client.get(`/users/${member.id}/followers`, { token: 'not-a-token' }), 401);
  });
});

describe('GET /users/by-username/{username}', () => {
  it('says is_following to a signed-in caller only', async () => {
    const a = await someone();
    const b = await someone();
    expect((await app.client.get(`/users/by-username/${b.member.username}`)).body).not.toHaveProperty('is_following');
    expect((await app.client.get(`/users/by-username/${b.member.username}`, { token: a.token })).body.is_following).toBe(false);
    await follow(b.member.id, a.token);
    const res = await app.client.get(`/users/by-username/${b.member.username.toUpperCase()}`, { token: a.token });
    expect(res.body).toMatchObject({ id: b.member.id, is_following: true, followers_count: 1 });
    expect((await app.client.get(`/users/by-username/${b.member.username}`, { token: b.token })).body.is_following).toBe(false);
  });
});

describe('profile views', () => {
  it('counts a viewer once in 24 hours, never the member themself', async () => {
    const owner = await someone();
    const visitor = await someone();
    expect((await view(owner.member.id, owner.token)).body).toEqual({ profile_views: 0 });
    expect((await view(owner.member.id, visitor.token)).body).toEqual({ profile_views: 1 });
    expect((await view(owner.member.id, visitor.token)).body).toEqual({ profile_views: 1 });
    // 23 hours later: still the same day's view; 24 hours later: it counts again
    await sql("UPDATE profile_views SET counted_at = now() - interval '23 hours' WHERE profile_user_id = $1", [owner.member.id]);
    expect((await view(owner.member.id, visitor.token)).body).toEqual({ profile_views: 1 });
    await sql("UPDATE profile_views SET counted_at = now() - interval '24 hours 1 second' WHERE profile_user_id = $1", [owner.member.id]);
    expect((await view(owner.member.id, visitor.token)).body).toEqual({ profile_views: 2 });
    expect((await view(owner.member.id, owner.token)).body).toEqual({ profile_views: 2 });
    expectProblem(await view(999_999_999, visitor.token), 404, 'User not found');
  });

  it('ten views at once by one viewer count once; by ten viewers, ten times', async () => {
    const owner = await someone();
    const visitor = await someone();
    await Promise.all(Array.from({ length: 10 }, () => view(owner.member.id, visitor.token)));
    expect((await counters(owner.member.id)).profile_views).toBe(1);
    const viewers = await Promise.all(Array.from({ length: 10 }, () => someone()));
    await Promise.all(viewers.map((v) => view(owner.member.id, v.token)));
    expect((await counters(owner.member.id)).profile_views).toBe(11);
  });
});

describe('the write limit', () => {
  it("refuses a member's 61st follow or unfollow in a minute with 429 and Retry-After, and changes nothing", async () => {
    const fan = await someone();
    const star = await someone();
    // every write up to the limit is served: follows and unfollows count alike
    for (let n = 1; n <= 60; n++) {
      const following = n % 2 === 1;
      const res = following ? await follow(star.member.id, fan.token) : await unfollow(star.member.id, fan.token);
      expect(res.status, `write ${n}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body, `write ${n}`).toEqual({ following, followers_count: following ? 1 : 0 });
    }
    const refused = await follow(star.member.id, fan.token);
    expectProblem(refused, 429, /^Too many follow changes\. Please try again in 1 minute\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await sql('SELECT 1 FROM follows WHERE follower_id = $1', [fan.member.id])).toEqual([]);
    expect(await counters(star.member.id)).toMatchObject({ followers_count: 0, followers: 0 });
    expect(await counters(fan.member.id)).toMatchObject({ following_count: 0, following: 0 });
    // an unfollow is refused too; reads are not limited, and other members are not affected
    expectProblem(await unfollow(star.member.id, fan.token), 429, /^Too many follow changes\./);
    expect((await app.client.get(`/users/${star.member.id}/followers`, { token: fan.token })).status).toBe(200);
    const other = await someone();
    expect((await follow(star.member.id, other.token)).body).toEqual({ following: true, followers_count: 1 });
  });
});
