// Moderating members over HTTP (contract "Moderating members", docs/decisions/038): a mod or an admin
// clears a member's fields and suspends them (or lifts it) with a note, in one transaction; never
// themselves, a mod never a mod or an admin (403, nothing changed); bad input is a 400 naming the
// field with nothing changed; a suspension ends the member's tokens at once and every way of signing
// in answers 403 'This account is suspended until {date}.', their profile and writings stay
// readable, and a lift lets them in again; every action is in the member's log with who and why;
// a report resolved with a member action applies it in the same transaction (or resolves nothing).
import { describe, expect, it } from 'vitest';
import { issueOneTimeToken } from '../../src/lib/server/auth/one-time-tokens.ts';
import { getDb } from '../../src/lib/server/db/client.ts';
import { oauthAccounts } from '../../src/lib/server/db/schema/index.ts';
import { SuspendedError } from '../../src/lib/server/errors.ts';
import { settleBackgroundWork } from '../../src/lib/server/jobs/background.ts';
import { createReport } from '../../src/lib/server/services/reports/reports.ts';
import { signInWithIdentity, SocialSignInError } from '../../src/lib/server/services/accounts/social-sign-in.ts';
import { formatSuspendedUntil, suspendedMessage } from '../../src/lib/moderation/member-moderation-rules.ts';
import { useApiFixture } from '../helpers/api-fixture.ts';
import { createDrama, insertComment, insertPost, unique } from '../helpers/factories.ts';
import { expectProblem, login } from '../helpers/http.ts';

const app = useApiFixture();
const { sql, someone } = app;

const moderate = (id: number | string, body: unknown, token?: string) => app.client.post(`/users/${id}/moderation`, body, { token });
const log = (id: number | string, query = '', token?: string) => app.client.get(`/users/${id}/moderation${query}`, { token });
const resolve = (id: number, body: unknown, token?: string) => app.client.post(`/reports/${id}/resolve`, body, { token });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
const NOT_ALLOWED = "You don't have permission to perform this action";

/** a member with every clearable field filled */
const aMember = (role: 'user' | 'mod' | 'admin' = 'user') =>
  someone({ role, bio: 'Buy cheap streaming accounts at example.test', fullName: 'Spam Name', avatar: '/media/avatar/x.webp' });

const stateOf = async (id: number) =>
  (await sql<{ bio: string; full_name: string; avatar: string | null; cover_photo: string | null; suspended_until: Date | null; token_version: number }>(
    'SELECT bio, full_name, avatar, cover_photo, suspended_until, token_version FROM users WHERE id = $1',
    [id],
  ))[0]!;
const actionsOf = (id: number) => sql<{ id: number }>('SELECT id FROM member_moderation_actions WHERE user_id = $1', [id]);

describe('POST /users/{id}/moderation', () => {
  it('clears fields with a note and answers the action and the member (the generated avatar comes back)', async () => {
    const target = await aMember();
    const mod = await someone({ role: 'mod' });
    const res = await moderate(target.member.id, { clear: ['bio', 'full_name', 'avatar', 'bio'], note: '  Spam in the bio  ' }, mod.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.action).toEqual({
      id: expect.any(Number),
      user_id: target.member.id,
      moderator: { id: mod.member.id, username: mod.member.username, name: expect.any(String), avatar: null, role: 'mod' },
      cleared: ['bio', 'full_name', 'avatar'],
      suspension_changed: false,
      suspend_until: null,
      note: 'Spam in the bio',
      created_at: expect.any(String),
    });
    expect(res.body.member).toMatchObject({ id: target.member.id, bio: '', full_name: '', name: target.member.username, avatar: null, suspended_until: null });
    expect(await stateOf(target.member.id)).toMatchObject({ bio: '', full_name: '', avatar: null, suspended_until: null, token_version: target.member.tokenVersion });
    // clearing is not a suspension: the member's token still works
    expect((await app.client.get('/users/me', { token: target.token })).status).toBe(200);
    // the public profile shows the cleared fields (the page draws the generated avatar for null)
    const profile = await app.client.get(`/users/by-username/${target.member.username}`);
    expect(profile.body).toMatchObject({ bio: '', avatar: null });
  });

  it('refuses visitors (401), members (403), oneself (403), a mod acting on a mod or an admin (403); an admin may act on a mod', async () => {
    const target = await aMember();
    const member = await someone();
    const mod = await someone({ role: 'mod' });
    const otherMod = await aMember('mod');
    const admin = await someone({ role: 'admin' });
    const otherAdmin = await aMember('admin');
    const body = { clear: ['bio'], suspend_until: inDays(3).toISOString(), note: 'Spam' };
    expectProblem(await moderate(target.member.id, body), 401);
    expectProblem(await moderate(target.member.id, body, member.token), 403, NOT_ALLOWED);
    expectProblem(await moderate(mod.member.id, body, mod.token), 403, 'You cannot moderate yourself');
    expectProblem(await moderate(admin.member.id, body, admin.token), 403, 'You cannot moderate yourself');
    expectProblem(await moderate(otherMod.member.id, body, mod.token), 403, 'A moderator cannot moderate a moderator or an administrator');
    expectProblem(await moderate(otherAdmin.member.id, body, mod.token), 403, 'A moderator cannot moderate a moderator or an administrator');
    for (const who of [target, mod, admin, otherMod, otherAdmin]) {
      expect(await stateOf(who.member.id)).toMatchObject({ bio: who.member.bio, suspended_until: null, token_version: who.member.tokenVersion });
      expect(await actionsOf(who.member.id)).toEqual([]);
    }
    // an admin may act on a mod, and on another admin
    expect((await moderate(otherMod.member.id, { clear: ['bio'], note: 'Spam' }, admin.token)).status).toBe(200);
    expect((await moderate(otherAdmin.member.id, { clear: ['bio'], note: 'Spam' }, admin.token)).status).toBe(200);
    // a suspended mod may not moderate (canWrite): their token no longer works at all
    const suspendedMod = await someone({ role: 'mod' });
    expect((await moderate(suspendedMod.member.id, { suspend_until: inDays(1).toISOString(), note: 'Abuse of tools' }, admin.token)).status).toBe(200);
    expectProblem(await moderate(target.member.id, body, suspendedMod.token), 401);
  });

  it.each([
    ['no note', { clear: ['bio'] }, 'note'],
    ['a blank note', { clear: ['bio'], note: '   ' }, 'note'],
    ['a note too long', { clear: ['bio'], note: 'x'.repeat(1001) }, 'note'],
    ['a note far too long', { clear: ['bio'], note: 'x'.repeat(5000) }, 'note'],
    ['nothing to do', { note: 'Why' }, 'clear'],
    ['an empty clear', { clear: [], note: 'Why' }, 'clear'],
    ['an unknown field', { clear: ['email'], note: 'Why' }, 'clear.0'],
    ['clear not a list', { clear: 'bio', note: 'Why' }, 'clear'],
    ['a date in the past', { suspend_until: '2001-01-01T00:00:00Z', note: 'Why' }, 'suspend_until'],
    ['a date without a time zone', { suspend_until: '2099-01-01T00:00:00', note: 'Why' }, 'suspend_until'],
    ['a day only', { suspend_until: '2099-01-01', note: 'Why' }, 'suspend_until'],
    ['not a date', { suspend_until: 'tomorrow', note: 'Why' }, 'suspend_until'],
    ['an impossible date', { suspend_until: '2099-02-31T00:00:00Z', note: 'Why' }, 'suspend_until'],
    ['an impossible hour', { suspend_until: '2099-02-01T24:30:00Z', note: 'Why' }, 'suspend_until'],
    ['a date far too long', { suspend_until: `2099-02-01T00:00:00${'0'.repeat(100)}Z`, note: 'Why' }, 'suspend_until'],
    ['a number', { suspend_until: 1893456000000, note: 'Why' }, 'suspend_until'],
    ['a note not a string', { clear: ['bio'], note: 42 }, 'note'],
  ])('answers 400 naming the field for %s, changing nothing', async (_, body, field) => {
    const target = await aMember();
    const mod = await someone({ role: 'mod' });
    const res = await moderate(target.member.id, body, mod.token);
    expectProblem(res, 400, undefined, field);
    expect(await stateOf(target.member.id)).toMatchObject({ bio: target.member.bio, full_name: target.member.fullName, suspended_until: null });
    expect(await actionsOf(target.member.id)).toEqual([]);
  });

  it('answers 400 for a bad id, 404 for an unknown member, 400 for lifting a suspension that is not there', async () => {
    const mod = await someone({ role: 'mod' });
    expectProblem(await moderate('abc', { clear: ['bio'], note: 'x' }, mod.token), 400, 'Invalid user ID');
    expectProblem(await moderate(99_999_999, { clear: ['bio'], note: 'x' }, mod.token), 404, 'User not found');
    expectProblem(await moderate(9_999_999_999, { clear: ['bio'], note: 'x' }, mod.token), 404);
    const target = await aMember();
    expectProblem(await moderate(target.member.id, { suspend_until: null, note: 'x' }, mod.token), 400, undefined, 'suspend_until');
    expect(await actionsOf(target.member.id)).toEqual([]);
  });

  it('a suspension ends the member’s tokens at once, refuses every sign-in with the date, keeps their writings readable; a lift lets them in', async () => {
    const target = await someone({ email: `suspended${unique()}@example.com` });
    const admin = await someone({ role: 'admin' });
    const drama = await createDrama();
    const comment = await insertComment({ author: target.member, drama, content: 'Still here' });
    const post = await insertPost({ author: target.member, content: 'My post' });
    const until = new Date(Math.ceil(inDays(7).getTime() / 60_000) * 60_000);
    expect((await app.client.get('/users/me', { token: target.token })).status).toBe(200);

    const res = await moderate(target.member.id, { suspend_until: until.toISOString(), note: 'Harassment in replies' }, admin.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.action).toMatchObject({ suspension_changed: true, suspend_until: until.toISOString(), cleared: [] });
    expect(res.body.member.suspended_until).toBe(until.toISOString());

    // the token they hold stops working at once, for reads and writes alike
    expectProblem(await app.client.get('/users/me', { token: target.token }), 401, 'Could not validate credentials');
    expectProblem(await app.client.post('/social/posts', { content: 'Again' }, { token: target.token }), 401);
    // signing in with the password: 403 with the date, readably
    const message = `This account is suspended until ${formatSuspendedUntil(until)}.`;
    expect(message).toMatch(/^This account is suspended until [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC\.$/);
    const signIn = await login(app.server, { email: target.member.email, password: target.member.password });
    expect(signIn.status).toBe(403);
    expect(signIn.body).toEqual({ detail: message, suspended_until: until.toISOString() });
    // a wrong password still says only that the credentials are wrong (nothing about the account)
    expectProblem(await login(app.server, { email: target.member.email, password: 'Wrong12345' }), 401, 'Incorrect email or password');
    // a sign-in link: 403 with the date
    const link = await app.client.post('/auth/sign-in-link/redeem', { token: await issueOneTimeToken(await getDb(), target.member.id, 'sign_in') });
    expect(link.status).toBe(403);
    expect(link.body).toEqual({ detail: message, suspended_until: until.toISOString() });
    // Google: the landing page is told why (SocialSignInError, a 403 with the same message)
    const subject = `google-${unique()}`;
    await (await getDb()).insert(oauthAccounts).values({ userId: target.member.id, provider: 'google', subject, email: target.member.email });
    await expect(signInWithIdentity(await getDb(), 'google', { subject, email: target.member.email, emailVerified: true })).rejects.toThrow(
      expect.objectContaining({ constructor: SocialSignInError, message }),
    );
    await expect(signInWithIdentity(await getDb(), 'google', { subject: `new-${subject}`, email: target.member.email, emailVerified: true })).rejects.toBeInstanceOf(
      SocialSignInError,
    );
    // their profile, comments and posts stay readable
    expect((await app.client.get(`/users/by-username/${target.member.username}`)).status).toBe(200);
    const comments = await app.client.get(`/comments?type=dorama&id=${drama.id}`);
    expect(comments.body.comments.map((c: { id: number }) => c.id)).toContain(comment.id);
    expect((await app.client.get(`/social/posts/${post.id}`)).status).toBe(200);

    // lifting it lets them sign in again; the old token stays dead
    const lift = await moderate(target.member.id, { suspend_until: null, note: 'Appeal accepted' }, admin.token);
    expect(lift.status).toBe(200);
    expect(lift.body.action).toMatchObject({ suspension_changed: true, suspend_until: null });
    expect(lift.body.member.suspended_until).toBeNull();
    const again = await login(app.server, { email: target.member.email, password: target.member.password });
    expect(again.status).toBe(200);
    expect((await app.client.get('/users/me', { token: again.body.access_token })).status).toBe(200);
    expectProblem(await app.client.get('/users/me', { token: target.token }), 401);
    await settleBackgroundWork();
  });

  it('a suspension set in the database by hand also stops the token (the session lookup asks too)', async () => {
    const target = await someone();
    await sql("UPDATE users SET suspended_until = now() + interval '1 day' WHERE id = $1", [target.member.id]);
    expectProblem(await app.client.get('/users/me', { token: target.token }), 401);
    await sql("UPDATE users SET suspended_until = now() - interval '1 minute' WHERE id = $1", [target.member.id]);
    expect((await app.client.get('/users/me', { token: target.token })).status).toBe(200);
  });

  it('SuspendedError says the message of the contract', () => {
    const until = new Date('2027-03-05T14:00:00Z');
    expect(new SuspendedError(until).message).toBe('This account is suspended until March 5, 2027 at 2:00 PM UTC.');
    expect(suspendedMessage(until)).toBe('This account is suspended until March 5, 2027 at 2:00 PM UTC.');
    expect(formatSuspendedUntil(until, 'pt-BR')).toBe('5 de março de 2027 às 14:00 UTC');
  });

  it('two mods acting on one member at once: both actions are kept, one after the other (the row is locked)', async () => {
    const target = await aMember();
    const [a, b] = [await someone({ role: 'mod' }), await someone({ role: 'mod' })];
    const [one, two] = await Promise.all([
      moderate(target.member.id, { clear: ['bio'], suspend_until: inDays(2).toISOString(), note: 'First' }, a.token),
      moderate(target.member.id, { clear: ['full_name'], suspend_until: inDays(5).toISOString(), note: 'Second' }, b.token),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(await actionsOf(target.member.id)).toHaveLength(2);
    const state = await stateOf(target.member.id);
    expect(state).toMatchObject({ bio: '', full_name: '', token_version: target.member.tokenVersion + 2 });
  });
});

describe('GET /users/{id}/moderation', () => {
  it('answers mods and admins the log, newest first, with who and why, and the member now; refuses others', async () => {
    const target = await aMember();
    const mod = await someone({ role: 'mod' });
    const admin = await someone({ role: 'admin' });
    await moderate(target.member.id, { clear: ['bio'], note: 'First' }, mod.token);
    await moderate(target.member.id, { suspend_until: inDays(1).toISOString(), note: 'Second' }, admin.token);
    await moderate(target.member.id, { clear: ['cover_photo'], note: 'Third' }, mod.token);
    const page = await log(target.member.id, '?size=2', mod.token);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 3, page: 1, size: 2, pages: 2, member: { id: target.member.id, suspended_until: expect.any(String) } });
    expect(page.body.items.map((a: { note: string }) => a.note)).toEqual(['Third', 'Second']);
    expect(page.body.items[1].moderator).toMatchObject({ id: admin.member.id, role: 'admin' });
    const second = await log(target.member.id, '?size=2&page=2', admin.token);
    expect(second.body.items.map((a: { note: string }) => a.note)).toEqual(['First']);
    expectProblem(await log(target.member.id), 401);
    expectProblem(await log(target.member.id, '', (await someone()).token), 403, NOT_ALLOWED);
    expectProblem(await log(target.member.id, '', target.token), 401); // suspended: the token is gone
    expectProblem(await log('x', '', mod.token), 400);
    expectProblem(await log(99_999_999, '', mod.token), 404);
    expectProblem(await log(target.member.id, '?size=0', mod.token), 400, undefined, 'size');
  });
});

describe('POST /reports/{id}/resolve with a member action', () => {
  async function reported(kind: 'comment' | 'post', authorRole: 'user' | 'mod' | 'admin' = 'user') {
    const author = await aMember(authorRole);
    const reporter = await someone();
    const targetId =
      kind === 'comment'
        ? (await insertComment({ author: author.member, drama: await createDrama(), content: 'Spam' })).id
        : (await insertPost({ author: author.member, content: 'Spam' })).id;
    const { report } = await createReport(await getDb(), reporter.member.id, { targetType: kind, targetId, reason: 'spam' });
    return { author, report, targetId };
  }
  const reportState = async (id: number) =>
    (await sql<{ status: string; action: string | null; member_action_id: number | null }>('SELECT status, action, member_action_id FROM reports WHERE id = $1', [id]))[0]!;

  it('removes a comment and suspends its author in one go; the report keeps the action', async () => {
    const { author, report, targetId } = await reported('comment');
    const mod = await someone({ role: 'mod' });
    const res = await resolve(report.id, { action: 'remove', member_action: { clear: ['bio'], suspend_until: inDays(3).toISOString(), note: 'Spam ring' } }, mod.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'resolved', action: 'remove', member_action_id: expect.any(Number) });
    expect(await sql('SELECT 1 FROM comments WHERE id = $1', [targetId])).toEqual([]);
    expect(await stateOf(author.member.id)).toMatchObject({ bio: '', suspended_until: expect.any(Date) });
    expect((await reportState(report.id)).member_action_id).toBe(res.body.member_action_id);
    const history = await log(author.member.id, '', mod.token);
    expect(history.body.items).toEqual([expect.objectContaining({ id: res.body.member_action_id, note: 'Spam ring', cleared: ['bio'] })]);
    expectProblem(await app.client.get('/users/me', { token: author.token }), 401);
  });

  it('dismisses a post report while clearing its author’s name', async () => {
    const { author, report, targetId } = await reported('post');
    const admin = await someone({ role: 'admin' });
    const res = await resolve(report.id, { action: 'dismiss', member_action: { clear: ['full_name'], note: 'Name impersonates staff' } }, admin.token);
    expect(res.status).toBe(200);
    expect(await stateOf(author.member.id)).toMatchObject({ full_name: '', suspended_until: null });
    expect((await app.client.get(`/social/posts/${targetId}`)).status).toBe(200);
  });

  it('a mod cannot act on a mod or an admin author, nor on themselves: 403 and nothing resolved or removed', async () => {
    const mod = await someone({ role: 'mod' });
    for (const role of ['mod', 'admin'] as const) {
      const { author, report, targetId } = await reported('comment', role);
      expectProblem(await resolve(report.id, { action: 'remove', member_action: { clear: ['bio'], note: 'x' } }, mod.token), 403);
      expect(await reportState(report.id)).toEqual({ status: 'open', action: null, member_action_id: null });
      expect(await sql('SELECT 1 FROM comments WHERE id = $1', [targetId])).toHaveLength(1);
      expect(await stateOf(author.member.id)).toMatchObject({ bio: author.member.bio });
    }
    const own = await insertPost({ author: mod.member, content: 'Mine' });
    const { report } = await createReport(await getDb(), (await someone()).member.id, { targetType: 'post', targetId: own.id, reason: 'other' });
    expectProblem(await resolve(report.id, { action: 'remove', member_action: { suspend_until: inDays(1).toISOString(), note: 'x' } }, mod.token), 403, 'You cannot moderate yourself');
    expect(await reportState(report.id)).toMatchObject({ status: 'open' });
  });

  it.each([
    [{ clear: ['bio'] }, 'member_action.note'],
    [{ suspend_until: '2000-01-01T00:00:00Z', note: 'x' }, 'member_action.suspend_until'],
    [{ note: 'x' }, 'member_action.clear'],
    [{ clear: ['password'], note: 'x' }, 'member_action.clear.0'],
  ])('answers 400 naming the field for a bad member_action %j, resolving nothing', async (memberAction, field) => {
    const { author, report } = await reported('comment');
    const mod = await someone({ role: 'mod' });
    expectProblem(await resolve(report.id, { action: 'remove', member_action: memberAction }, mod.token), 400, undefined, field);
    expect(await reportState(report.id)).toEqual({ status: 'open', action: null, member_action_id: null });
    expect(await actionsOf(author.member.id)).toEqual([]);
  });

  it('still resolves without a member action, as before', async () => {
    const { report } = await reported('comment');
    const mod = await someone({ role: 'mod' });
    const res = await resolve(report.id, { action: 'dismiss' }, mod.token);
    expect(res.status).toBe(200);
    expect(res.body.member_action_id).toBeNull();
  });
});
