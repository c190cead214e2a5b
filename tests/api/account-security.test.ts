import { eq, sql } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authTokens, rateLimits, revokedTokens, users } from '../../src/lib/server/db/schema/index.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { createMember } from '../helpers/factories.ts';
import { api, login as loginAs, signIn } from '../helpers/http.ts';
import { startApiServer } from '../helpers/api-server.ts';
import { startMailbox } from '../helpers/mailbox.ts';

// Counts the argon2 hashes the server computes (the costly part of a password change).
const argon2 = vi.hoisted(() => ({ hashes: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...original,
    hash: (...args: Parameters<typeof original.hash>) => {
      argon2.hashes++;
      return original.hash(...args);
    },
  };
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
  await database.db.delete(rateLimits); // each test starts with fresh limits
});

const client = () => api(server);
const postJson = (path: string, body: unknown) => client().post(path, body);
const post = (path: string, token?: string) => client().post(path, undefined, { token });
const getMe = (token: string) => client().get('/users/me', { token });
const login = (email: string, password: string) => loginAs(server, { email, password });

const secret = () => new TextEncoder().encode(process.env.JWT_SECRET);
const now = () => Math.floor(Date.now() / 1000);

describe('POST /auth/logout', () => {
  it('revokes the token it is sent with, and only that one', async () => {
    const member = await createMember();
    const phone = await signIn(server, member);
    const laptop = await signIn(server, member);
    const res = await post('/auth/logout', phone);
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    expect((await getMe(phone)).status).toBe(401);
    expect((await getMe(laptop)).status).toBe(200);
    // A revoked token cannot log out again, nor do anything else.
    expect((await post('/auth/logout', phone)).status).toBe(401);
  });

  it('answers 401 without a valid token', async () => {
    for (const token of [undefined, 'not-a-jwt']) {
      const res = await post('/auth/logout', token);
      expect(res.status).toBe(401);
      expect(res.body.detail).toBeTruthy();
    }
  });

  it('forgets revoked tokens once they have expired anyway', async () => {
    const member = await createMember();
    await database.db.insert(revokedTokens).values({ jti: 'long-gone', expiresAt: sql`now() - interval '1 minute'` });
    const token = await signIn(server, member);
    expect((await post('/auth/logout', token)).status).toBe(204);
    const rows = await database.db.select({ jti: revokedTokens.jti, expiresAt: revokedTokens.expiresAt }).from(revokedTokens);
    expect(rows.map((r) => r.jti)).not.toContain('long-gone');
    // Kept until the token itself would have expired.
    const row = rows.find((r) => r.jti === decodeJwt(token).jti);
    expect(Math.round(row!.expiresAt.getTime() / 1000)).toBe(decodeJwt(token).exp);
  });
});

describe('POST /auth/logout-all', () => {
  it('revokes every token of the member; signing in again works', async () => {
    const member = await createMember();
    const phone = await signIn(server, member);
    const laptop = await signIn(server, member);
    const res = await post('/auth/logout-all', phone);
    expect(res.status).toBe(204);
    expect((await getMe(phone)).status).toBe(401);
    expect((await getMe(laptop)).status).toBe(401);
    expect((await getMe(await signIn(server, member))).status).toBe(200);
    expect((await post('/auth/logout-all')).status).toBe(401);
  });

  it('are documented with an operationId and bearer security', async () => {
    const doc = (await client().get('/openapi.json')).body;
    expect(doc.paths['/auth/logout'].post).toMatchObject({ operationId: 'logout', security: [{ bearer: [] }] });
    expect(doc.paths['/auth/logout-all'].post).toMatchObject({ operationId: 'logoutAll', security: [{ bearer: [] }] });
  });
});

describe('access token claims', () => {
  it('carry sub, iat, exp (7 days later) and a unique jti', async () => {
    const member = await createMember();
    const a = decodeJwt(await signIn(server, member));
    const b = decodeJwt(await signIn(server, member));
    expect(a.sub).toBe(String(member.id));
    expect(a.exp! - a.iat!).toBe(7 * 24 * 3600);
    expect(a.jti).toMatch(/^[\w-]{16,}$/);
    expect(b.jti).not.toBe(a.jti);
  });

  it('are all required: a token without exp, sub, iat or jti is refused, and so is one older than 7 days', async () => {
    const member = await createMember();
    const { id } = member;
    expect((await getMe(await signIn(server, member))).status).toBe(200);
    const base = () => new SignJWT({ role: 'user', ver: 0 }).setProtectedHeader({ alg: 'HS256' }).setIssuer('dramalist');
    const complete = await base().setSubject(String(id)).setJti('complete-token-1').setIssuedAt().setExpirationTime('1h').sign(secret());
    expect((await getMe(complete)).status).toBe(200); // the forged-token helper itself makes valid tokens
    const broken = {
      'no exp': await base().setSubject(String(id)).setJti('no-exp-token-01').setIssuedAt().sign(secret()),
      'no sub': await base().setJti('no-sub-token-01').setIssuedAt().setExpirationTime('1h').sign(secret()),
      'no jti': await base().setSubject(String(id)).setIssuedAt().setExpirationTime('1h').sign(secret()),
      'no iat': await base().setSubject(String(id)).setJti('no-iat-token-01').setExpirationTime('1h').sign(secret()),
      'issued 8 days ago': await base()
        .setSubject(String(id))
        .setJti('old-token-00001')
        .setIssuedAt(now() - 8 * 24 * 3600)
        .setExpirationTime(now() + 3600)
        .sign(secret()),
    };
    for (const [what, token] of Object.entries(broken)) {
      expect((await getMe(token)).status, what).toBe(401);
    }
  });
});

describe('password reset', () => {
  async function resetLink(email: string) {
    const since = mailbox.messages.length;
    expect((await postJson('/auth/forgot-password', { email })).status).toBe(200);
    return mailbox.linkIn(await mailbox.waitFor(email, since), '/password-reset').searchParams.get('token')!;
  }

  it('revokes the other reset links of the account and mails "your password was changed"', async () => {
    const { email } = await createMember();
    const first = await resetLink(email);
    const second = await resetLink(email);
    const since = mailbox.messages.length;
    expect((await postJson('/auth/reset-password', { token: second, new_password: 'BrandNew99' })).status).toBe(200);
    const stale = await postJson('/auth/reset-password', { token: first, new_password: 'Attacker99' });
    expect(stale.status).toBe(400);
    expect(stale.body.detail).toBe('Invalid or expired reset token');
    expect((await login(email, 'BrandNew99')).status).toBe(200);

    const notice = await mailbox.waitFor(email, since);
    expect(notice.subject).toBe('Your DramaList password was changed');
    expect(notice.text).toContain('password of your DramaList account was changed');
    expect(notice.text).toContain('http://dramalist.test/forgot-password');
    expect(notice.text).not.toMatch(/token=/);
  });

  it('mails "your password was changed" even when the reset links used up the hourly mail limit of the address', async () => {
    const { email } = await createMember();
    await resetLink(email);
    await resetLink(email);
    const third = await resetLink(email); // the third of three messages an hour to one address
    const since = mailbox.messages.length;
    expect((await postJson('/auth/reset-password', { token: third, new_password: 'BrandNew99' })).status).toBe(200);
    expect((await mailbox.waitFor(email, since)).subject).toBe('Your DramaList password was changed');
  });

  it('spends no password hashing on a bogus token, and does not use up a real one for a weak password', async () => {
    const { email } = await createMember();
    const before = argon2.hashes;
    for (let i = 0; i < 5; i++) {
      const res = await postJson('/auth/reset-password', { token: `bogus-${i}`, new_password: 'BrandNew99' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'Invalid or expired reset token', field: 'token' });
    }
    expect(argon2.hashes).toBe(before);

    const token = await resetLink(email);
    expect((await postJson('/auth/reset-password', { token, new_password: 'weak' })).status).toBe(400);
    expect(argon2.hashes).toBe(before);
    expect((await postJson('/auth/reset-password', { token, new_password: 'BrandNew99' })).status).toBe(200);
    expect(argon2.hashes).toBe(before + 1);
  });

  it('lets only one of two concurrent uses of a link win', async () => {
    const { email } = await createMember();
    const token = await resetLink(email);
    const answers = await Promise.all(
      ['FirstOne11', 'SecondOne22'].map((new_password) => postJson('/auth/reset-password', { token, new_password })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });
});

describe('answers that do not wait for the mail', () => {
  it.each([
    ['/auth/forgot-password', 'Reset your DramaList password'],
    ['/auth/resend-verification', 'Verify your DramaList email'],
  ])('%s answers before the SMTP server has accepted the message', { timeout: 10_000 }, async (path, subject) => {
    const { id, email } = await createMember();
    if (path.includes('verification')) await database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, id));
    const since = mailbox.messages.length;
    const held = mailbox.hold();
    try {
      const res = await postJson(path, { email });
      expect(res.status).toBe(200);
      await held.arrived; // the message reaches the SMTP server after the answer, all the same
    } finally {
      held.release();
    }
    expect((await mailbox.waitFor(email, since)).subject).toBe(subject);
  });

  it('issues a reset link for a known address only', async () => {
    const { id, email } = await createMember();
    const since = mailbox.messages.length;
    expect((await postJson('/auth/forgot-password', { email: 'nobody-here@example.com' })).status).toBe(200);
    expect((await postJson('/auth/forgot-password', { email })).status).toBe(200);
    await mailbox.waitFor(email, since);
    expect(mailbox.messages.slice(since).map((m) => m.envelopeTo).flat()).toEqual([email]);
    const issued = await database.db.select().from(authTokens).where(eq(authTokens.userId, id));
    expect(issued).toHaveLength(1);
  });
});

describe('input the database cannot store', () => {
  // The longest address the rules allow (254 characters) and one beyond any account's.
  const longest = `${'a'.repeat(64)}@${`${'x'.repeat(61)}.`.repeat(3)}com`;

  it('answers a sign-in with an e-mail of up to 254 characters like any unknown one, and 400 beyond', async () => {
    expect(longest).toHaveLength(254);
    const res = await login(longest, 'Whatever1');
    expect(res.status).toBe(401);
    const tooLong = await login(`${'a'.repeat(300)}@example.com`, 'Whatever1');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ field: 'username' });
  });

  it('registers an address of 254 characters and answers the calls that mail it', async () => {
    // (The test SMTP server refuses such long recipients, so no message is awaited here.)
    const res = await postJson('/auth/register', { email: longest, username: 'longest', full_name: 'Long', password: 'Passw0rdOk' });
    expect(res.status).toBe(201);
    expect((await login(longest, 'Passw0rdOk')).status).toBe(403);
    expect((await postJson('/auth/forgot-password', { email: longest })).status).toBe(200);
    expect((await postJson('/auth/resend-verification', { email: longest })).status).toBe(200);
  });

  it('refuses NUL characters anywhere in the input with a 400 naming the field', async () => {
    const byName = await client().get('/users/by-username/1%00');
    expect(byName.status).toBe(400);
    expect(byName.body).toMatchObject({ field: 'username', detail: expect.stringMatching(/NUL/) });

    const register = await postJson('/auth/register', { email: 'nul@example.com', username: 'nulname', full_name: 'Nu\u0000ll', password: 'Passw0rdOk' });
    expect(register.status).toBe(400);
    expect(register.body.field).toBe('full_name');

    const token = await signIn(server, await createMember());
    const bio = await client().put('/users/me', { bio: 'a\u0000b' }, { token });
    expect(bio.status).toBe(400);
    expect(bio.body.field).toBe('bio');

    const nulSignIn = await login('a\u0000b@example.com', 'Whatever1');
    expect(nulSignIn.status).toBe(400);
  });
});
