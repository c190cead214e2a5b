// The username rules over HTTP (contract "Users, profiles, follows", "Usernames"; docs/decisions/030):
// registration and PUT /users/me refuse look-alikes (409), reserved words and mixed scripts (400),
// a 6th rename in a day (429); a case-only rename is free; a name given up is held for its last
// owner; an unverified account has no public profile and its name is freed after 7 days.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { usernameSkeleton } from '../../src/lib/accounts/username-rules.ts';
import { getDb } from '../../src/lib/server/db/client.ts';
import { migrateDatabase } from '../../src/lib/server/db/migrate.ts';
import { rateLimits, usernameChanges, users } from '../../src/lib/server/db/schema/index.ts';
import { loadActivityPage } from '../../src/lib/server/services/activity/activity-page.ts';
import { loadFollowsPage } from '../../src/lib/server/services/follows/follows-page.ts';
import { loadProfilePage } from '../../src/lib/server/services/profiles/profile-page.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { startApiServer } from '../helpers/api-server.ts';
import { startMailbox } from '../helpers/mailbox.ts';
import { createMember, tokenFor, unique } from '../helpers/factories.ts';
import { api, expectProblem } from '../helpers/http.ts';

// counts password hashes (argon2id: the costly step of a registration), delegating to the real one
const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/lib/server/auth/password.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/lib/server/auth/password.ts')>();
  return { ...original, hashPassword: (password: string) => (hashes.count++, original.hashPassword(password)) };
});
// counts the username checks (every check of a name starts with its rules)
const ruleChecks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/lib/accounts/username-rules.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/lib/accounts/username-rules.ts')>();
  return { ...original, findUsernameProblem: (name: string) => (ruleChecks.count++, original.findUsernameProblem(name)) };
});

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Awaited<ReturnType<typeof startApiServer>>;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;

beforeAll(async () => {
  mailbox = await startMailbox();
  database = await createTestDatabase();
  server = await startApiServer();
});
afterAll(async () => {
  await server?.close();
  await mailbox?.close();
  await database?.drop();
});
beforeEach(async () => {
  await database.db.delete(rateLimits); // registrations are limited per address
});

const TAKEN = 'This username is already taken';
const RESERVED = 'This username is reserved';
const MIXED = 'Username must not mix letters of different scripts';

const register = (username: string) =>
  api(server).post('/auth/register', { email: `u${unique()}@example.com`, username, full_name: 'New Member', password: 'Passw0rdOk' });
const putMe = (body: unknown, token: string) => api(server).put('/users/me', body, { token });

/** A signed-in member of the test's own. */
async function someone(username?: string) {
  const member = await createMember({ username });
  return { member, token: await tokenFor(member) };
}

/** Moves a member's renames back in time (the clock of the hold and the daily limit). */
const ageRenames = (userId: number, days: number) =>
  database.db
    .update(usernameChanges)
    .set({ changedAt: sql`${usernameChanges.changedAt} - make_interval(days => ${days})` })
    .where(eq(usernameChanges.userId, userId));

let counted = 0;
/** A unique suffix of digits only (which go with any script), for names that must look alike whole. */
const digits = () => `${Date.now() % 1e7}${++counted}`;

// Names written entirely in one script that look like a Latin one: Cyrillic р, а, с, о.
const CYRILLIC_PACO = '\u0440\u0430\u0441\u043e';
const HANGUL = '\ud55c\uad6d\uc5b4'; // 한국어, precomposed
const HANGUL_DECOMPOSED = HANGUL.normalize('NFD');

describe('registration', () => {
  it.each([
    ['a Cyrillic name that looks like a Latin one', (base: string) => base.replace('paco', CYRILLIC_PACO), 'paco'],
    ['another case', (base: string) => base.toUpperCase(), 'paco'],
    ['full-width letters', (base: string) => [...base].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join(''), 'paco'],
    ['0 for o', (base: string) => base.replace('paco', 'pac0'), 'paco'],
  ])('refuses %s of a member’s name with 409', async (_, variant, stem) => {
    const base = `${stem}${digits()}`;
    expect((await register(base)).status).toBe(201);
    expectProblem(await register(variant(base)), 409, TAKEN, 'username');
  });

  it('stores the name NFKC-normalised: decomposed Hangul is the precomposed name', async () => {
    const res = await register(HANGUL_DECOMPOSED);
    expect(res.status).toBe(201);
    const [row] = await database.db.select({ username: users.username }).from(users).where(eq(users.username, HANGUL));
    expect(row?.username).toBe(HANGUL);
    expectProblem(await register(HANGUL), 409, TAKEN, 'username');
  });

  it.each(['Аdmin', 'ａｄｍｉｎ', 'moderatοr', 'administrator', 'staff', 'api', 'profile', 'Settings', 'dramas'])(
    'refuses the reserved word %j with 400',
    async (name) => {
      expectProblem(await register(name), 400, RESERVED, 'username');
    },
  );

  it.each([`Paco${'\u043f\u0430'}`, `abc\u03b1\u03b2\u03b3`, `\ud55c\uad6dabc`])('refuses the mix of scripts %j with 400', async (name) => {
    expectProblem(await register(name), 400, MIXED, 'username');
  });

  it.each(['東京タワー', 'とうきょう東京', '한국漢字', 'ㄅㄆ中文', 'Seoul2024', 'Κώστας99'])('accepts %j (one script, or a highly restrictive mix, digits with any)', async (name) => {
    expect((await register(name)).status).toBe(201);
  });

  it('frees the name of an account unverified for 7 days, and not before', async () => {
    const stale = await createMember({ username: `stale${unique()}`, verified: false });
    expectProblem(await register(stale.username), 409, TAKEN, 'username');
    await database.db.update(users).set({ createdAt: sql`now() - interval '8 days'` }).where(eq(users.id, stale.id));
    expect((await register(stale.username)).status).toBe(201);
  });
});

describe('renames (PUT /users/me)', () => {
  it('refuses a look-alike of another member’s name (409), a reserved word and mixed scripts (400)', async () => {
    const other = await createMember({ username: `paco${digits()}` });
    const { token } = await someone();
    expectProblem(await putMe({ username: other.username.replace('paco', CYRILLIC_PACO) }, token), 409, TAKEN, 'username');
    expectProblem(await putMe({ username: 'Аdmin' }, token), 400, RESERVED, 'username');
    expectProblem(await putMe({ username: 'moderatοr' }, token), 400, RESERVED, 'username');
    expectProblem(await putMe({ username: 'Pacoпа' }, token), 400, MIXED, 'username');
  });

  it('allows 5 renames a day: the 6th answers 429 with Retry-After, and nothing changes', async () => {
    const { member, token } = await someone();
    const stem = `renamer${unique()}x`;
    for (let n = 1; n <= 5; n++) expect((await putMe({ username: `${stem}${'abcde'[n - 1]}` }, token)).status).toBe(200);
    const sixth = await putMe({ username: `${stem}f` }, token);
    expectProblem(sixth, 429, /username/i, 'username');
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    const [row] = await database.db.select({ username: users.username }).from(users).where(eq(users.id, member.id));
    expect(row?.username).toBe(`${stem}e`);
    await ageRenames(member.id, 1);
    expect((await putMe({ username: `${stem}f` }, token)).status).toBe(200);
  });

  it('does not count a change of letter case only', async () => {
    const { token } = await someone();
    const stem = `casey${unique()}x`;
    for (let n = 1; n <= 5; n++) expect((await putMe({ username: `${stem}${'abcde'[n - 1]}` }, token)).status).toBe(200);
    const res = await putMe({ username: `${stem}E`.toUpperCase() }, token);
    expect(res.status).toBe(200);
    expect(res.body.user.username).toBe(`${stem}E`.toUpperCase());
  });

  it('holds a name given up for its last owner for 30 days', async () => {
    const { member: owner, token: ownerToken } = await someone(`holder${unique()}`);
    const { token: otherToken } = await someone();
    const given = owner.username;
    expect((await putMe({ username: `${given}new` }, ownerToken)).status).toBe(200);
    expectProblem(await putMe({ username: given }, otherToken), 409, TAKEN, 'username');
    expectProblem(await putMe({ username: given.toUpperCase() }, otherToken), 409, TAKEN, 'username');
    expectProblem(await register(given), 409, TAKEN, 'username');
    // its owner takes it back
    expect((await putMe({ username: given }, ownerToken)).status).toBe(200);
    // given up again, and 30 days later free for anyone
    expect((await putMe({ username: `${given}new` }, ownerToken)).status).toBe(200);
    await ageRenames(owner.id, 31);
    expect((await putMe({ username: given }, otherToken)).status).toBe(200);
  });
});

describe('accounts older than the rule', () => {
  it('get their skeleton after the migrations; of two look-alikes, the older keeps it', async () => {
    const stem = `old${digits()}`;
    // as they were before migration 0012: no skeleton (the factory writes one)
    const older = await createMember({ username: stem });
    await database.db.update(users).set({ usernameSkeleton: null }).where(eq(users.id, older.id));
    const younger = await createMember({ username: stem.replace('o', '0') });
    await database.db.update(users).set({ usernameSkeleton: null }).where(eq(users.id, younger.id));
    await migrateDatabase(await getDb());
    const rows = await database.db.select({ id: users.id, skeleton: users.usernameSkeleton }).from(users).where(inArray(users.id, [older.id, younger.id])).orderBy(users.id);
    expect(rows).toEqual([{ id: older.id, skeleton: usernameSkeleton(stem) }, { id: younger.id, skeleton: null }]);
    // both keep their names, and nobody new can take a look-alike
    expectProblem(await register(stem.toUpperCase()), 409, TAKEN, 'username');
  });

  it('the younger look-alike, left without a skeleton, still saves its own name and changes its letter case', async () => {
    const stem = `two${digits()}`;
    const older = await createMember({ username: stem });
    await database.db.update(users).set({ usernameSkeleton: null }).where(eq(users.id, older.id));
    const younger = await createMember({ username: stem.replace('o', '0') });
    await database.db.update(users).set({ usernameSkeleton: null }).where(eq(users.id, younger.id));
    await migrateDatabase(await getDb());
    const token = await tokenFor(younger);
    expect((await putMe({ username: younger.username, bio: 'Same name' }, token)).status).toBe(200);
    expect((await putMe({ username: younger.username.toUpperCase() }, token)).status).toBe(200);
    const [row] = await database.db.select({ username: users.username, skeleton: users.usernameSkeleton }).from(users).where(eq(users.id, younger.id));
    expect(row).toEqual({ username: younger.username.toUpperCase(), skeleton: null });
  });
});

describe('public profiles', () => {
  it('an account whose e-mail was never verified has none (404), on the API and its page', async () => {
    const unverified = await createMember({ username: `ghost${unique()}`, verified: false });
    expectProblem(await api(server).get(`/users/by-username/${unverified.username}`), 404);
    for (const page of [
      loadProfilePage(unverified.username),
      loadFollowsPage(unverified.username, 'followers', 1),
      loadActivityPage(unverified.username, 1),
    ]) {
      expect(await page).toMatchObject({ kind: 'error', reason: 'not-found', status: 404 });
    }
    const verified = await createMember({ username: `seen${unique()}` });
    expect((await api(server).get(`/users/by-username/${verified.username}`)).status).toBe(200);
  });
});

describe('registration checks the username before hashing the password (issue 19 review)', () => {
  it('a taken, look-alike, reserved or mixed-script name costs no password hash; a free one costs one', async () => {
    const base = `hashless${digits()}`;
    expect((await register(base)).status).toBe(201);
    const before = hashes.count;
    expectProblem(await register(base), 409, TAKEN, 'username');
    expectProblem(await register(base.toUpperCase()), 409, TAKEN, 'username');
    expectProblem(await register('admin'), 400, RESERVED, 'username');
    expectProblem(await register(`abcд${digits()}`), 400, MIXED, 'username');
    expect(hashes.count).toBe(before);
    expect((await register(`hashful${digits()}`)).status).toBe(201);
    expect(hashes.count).toBe(before + 1);
  });
});

describe('one save checks its username once (issue 19 review)', () => {
  it('a rename through PUT /users/me, and a registration, check the name once', async () => {
    const { token } = await someone();
    let before = ruleChecks.count;
    const renamed = await putMe({ username: `once${digits()}` }, token);
    expect(renamed.status).toBe(200);
    expect(ruleChecks.count - before).toBe(1);
    before = ruleChecks.count;
    expect((await register(`oncenew${digits()}`)).status).toBe(201);
    expect(ruleChecks.count - before).toBe(1);
  });
});
