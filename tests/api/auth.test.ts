import { SignJWT } from 'jose';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authTokens, rateLimits, users } from '../../src/lib/server/db/schema/index.ts';
import { settleBackgroundWork } from '../../src/lib/server/jobs/background.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { startApiServer } from '../helpers/api-server.ts';
import { startMailbox } from '../helpers/mailbox.ts';
import { createMember } from '../helpers/factories.ts';
import { api, form, login, signIn } from '../helpers/http.ts';

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
const loginForm = (email: string, password: string) => login(server, { email, password });
const getMe = (token: string) => client().get('/users/me', { token });

/** A verified account (from the factory) and a token it signed in for. */
async function createAccount(overrides: Partial<{ email: string; username: string }> = {}) {
  const member = await createMember(overrides);
  return { ...member, token: await signIn(server, member) };
}

describe('POST /auth/register', () => {
  it('creates an account and e-mails a verification link built from PUBLIC_URL', async () => {
    const res = await postJson('/auth/register', {
      email: 'Min.Ji@Example.com',
      username: 'minji',
      full_name: 'Kim Min-ji',
      password: 'Annyeong1',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: expect.stringContaining('check your email') });
    const mail = await mailbox.waitFor('Min.Ji@Example.com');
    expect(mail.subject).toBe('Verify your DramaList email');
    expect(mail.text).toContain('DramaList');
    expect(mail.html).toContain('href="http://dramalist.test/verify-email?token=');
    const link = mailbox.linkIn(mail, '/verify-email');
    expect(link.origin).toBe('http://dramalist.test');
    const [row] = await database.db.select().from(users).where(eq(users.username, 'minji'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.emailVerifiedAt).toBeNull();
    // Only the hash of the e-mailed token is stored.
    const stored = await database.db.select().from(authTokens).where(eq(authTokens.userId, row!.id));
    expect(stored.map((t) => t.tokenHash)).not.toContain(link.searchParams.get('token'));
  });

  it.each([
    ['short', 'Ab1', 'Password must be at least 8 characters long'],
    ['no uppercase', 'lowercase1', 'Password must contain at least one uppercase letter'],
    ['no digit', 'NoDigitsHere', 'Password must contain at least one digit'],
  ])('rejects a %s password with the rule it breaks', async (_, password, message) => {
    const res = await postJson('/auth/register', { email: 'x@example.com', username: 'xuser', full_name: 'X', password });
    expect(res.status).toBe(400);
    const body = res.body;
    expect(body.field).toBe('password');
    expect(body.detail).toContain(message);
  });

  it.each([
    [{ username: 'ab' }, 'username'],
    [{ username: 'has space' }, 'username'],
    [{ username: 'x'.repeat(51) }, 'username'],
    [{ email: 'not-an-email' }, 'email'],
    [{ email: undefined }, 'email'],
  ])('rejects %j naming the field', async (change, field) => {
    const res = await postJson('/auth/register', {
      email: 'ok@example.com',
      username: 'okuser',
      full_name: 'Ok',
      password: 'Passw0rdOk',
      ...change,
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
  });

  it('refuses an e-mail or username already taken, whatever their case', async () => {
    await createAccount({ email: 'taken@example.com', username: 'takenname' });
    const again = await postJson('/auth/register', { email: 'TAKEN@example.com', username: 'other1', full_name: '', password: 'Passw0rdOk' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: 'An account with this email already exists', field: 'email' });
    const name = await postJson('/auth/register', { email: 'new@example.com', username: 'TakenName', full_name: '', password: 'Passw0rdOk' });
    expect(name.status).toBe(409);
    expect(name.body.detail).toBe('This username is already taken');
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await client().post('/auth/register', '{"email":', { headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBeTruthy();
  });
});

describe('POST /auth/verify', () => {
  it('verifies once; the same link a second time is refused', async () => {
    const since = mailbox.messages.length;
    await postJson('/auth/register', { email: 'once@example.com', username: 'once', full_name: '', password: 'Passw0rdOk' });
    const token = mailbox.linkIn(await mailbox.waitFor('once@example.com', since), '/verify-email').searchParams.get('token');
    expect((await postJson('/auth/verify', { token })).status).toBe(200);
    const second = await postJson('/auth/verify', { token });
    expect(second.status).toBe(400);
    expect(second.body.detail).toBe('Invalid or expired verification token');
  });

  it('refuses an expired link', async () => {
    const since = mailbox.messages.length;
    await postJson('/auth/register', { email: 'late@example.com', username: 'late', full_name: '', password: 'Passw0rdOk' });
    const token = mailbox.linkIn(await mailbox.waitFor('late@example.com', since), '/verify-email').searchParams.get('token');
    const [late] = await database.db.select().from(users).where(eq(users.username, 'late'));
    await database.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(authTokens.userId, late!.id), eq(authTokens.kind, 'verify_email')));
    expect((await postJson('/auth/verify', { token })).status).toBe(400);
  });
});

describe('POST /auth/login', () => {
  it('signs in with a multipart form and with a url-encoded form', async () => {
    const account = await createAccount();
    const multipart = await loginForm(account.email.toUpperCase(), account.password);
    expect(multipart.status).toBe(200);
    expect(multipart.body).toEqual({ access_token: expect.stringMatching(/^ey/), token_type: 'bearer' });
    const urlencoded = await client().post('/auth/login', new URLSearchParams({ username: account.email, password: account.password }), {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(urlencoded.status).toBe(200);
  });

  it('gives the same 401 for a wrong password and for an unknown e-mail', async () => {
    const account = await createAccount();
    const wrong = await loginForm(account.email, 'Wrong1234');
    const unknown = await loginForm('nobody@example.com', 'Wrong1234');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ detail: 'Incorrect email or password' });
    expect(unknown.body).toEqual({ detail: 'Incorrect email or password' });
  });

  it('refuses an unverified account with a 403 and sends a new link', async () => {
    await postJson('/auth/register', { email: 'unverified@example.com', username: 'unverified', full_name: '', password: 'Passw0rdOk' });
    const since = mailbox.messages.length;
    const res = await loginForm('unverified@example.com', 'Passw0rdOk');
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/verify your email/);
    expect((await mailbox.waitFor('unverified@example.com', since)).subject).toContain('Verify');
  });

  it('needs both fields', async () => {
    const res = await client().post('/auth/login', form({ username: 'someone@example.com' }));
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('password');
  });

  it('locks an address out of an account after 10 failed attempts, even for the right password', async () => {
    const account = await createAccount();
    for (let i = 0; i < 10; i++) expect((await loginForm(account.email, 'Wrong1234')).status).toBe(401);
    const locked = await loginForm(account.email, account.password);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(locked.body.detail).toMatch(/^Too many login attempts\. Please try again in \d+ minutes?\.$/);
  });

  it('limits login attempts from one address: 30, each answered, then a 429', async () => {
    // every attempt up to the limit gets its ordinary answer (a limit lower than 30 fails here)
    for (let i = 0; i < 30; i++) expect((await loginForm(`ip${i}@example.com`, 'Wrong1234')).status, `attempt ${i + 1}`).toBe(401);
    const limited = await loginForm('ip-last@example.com', 'Wrong1234');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.body.detail).toMatch(/^Too many login attempts\. Please try again in \d+ minutes?\.$/);
  });
});

describe('access tokens', () => {
  it('reads the signed-in member, without any password data', async () => {
    const account = await createAccount();
    const res = await getMe(account.token);
    expect(res.status).toBe(200);
    const me = res.body;
    expect(me).toMatchObject({ email: account.email, username: account.username, role: 'user', email_verified: true });
    expect(JSON.stringify(me)).not.toMatch(/password|argon/i);
  });

  it('answers 401 without a token, with a tampered one and with an expired one', async () => {
    const account = await createAccount();
    expect((await client().get('/users/me')).status).toBe(401);
    const [head, payload, signature] = account.token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 'admin' })).toString('base64url');
    expect((await getMe(`${head}.${forged}.${signature}`)).status).toBe(401);
    expect((await getMe(`${account.token.slice(0, -2)}xx`)).status).toBe(401);
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const expired = await new SignJWT({ role: claims.role, ver: claims.ver })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer('dramalist')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(process.env.JWT_SECRET));
    const res = await getMe(expired);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(res.body).toEqual({ detail: 'Could not validate credentials' });
    expect((await getMe('not-a-jwt')).status).toBe(401);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the account exists, and mails only a real one', async () => {
    const account = await createAccount();
    const since = mailbox.messages.length;
    // the unknown address first: the known one's mail, asked for after it, is the event to wait for
    const unknown = await postJson('/auth/forgot-password', { email: 'ghost@example.com' });
    const known = await postJson('/auth/forgot-password', { email: account.email });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    await mailbox.waitFor(account.email, since);
    // and every lookup, link and message the two requests started in the background has finished
    // (the mailbox keeps a message before it answers its sender), so no mail for the ghost can still come
    expect(await settleBackgroundWork()).toBe(true);
    const recipients = mailbox.messages.slice(since).flatMap((m) => m.envelopeTo.map((a) => a.toLowerCase()));
    expect(recipients).toContain(account.email.toLowerCase());
    expect(recipients).not.toContain('ghost@example.com');
  });

  it('sets a new password once, and revokes the tokens issued before', async () => {
    const account = await createAccount();
    const since = mailbox.messages.length;
    await postJson('/auth/forgot-password', { email: account.email });
    const mail = await mailbox.waitFor(account.email, since);
    expect(mail.subject).toBe('Reset your DramaList password');
    const link = mailbox.linkIn(mail, '/password-reset');
    expect(link.origin).toBe('http://dramalist.test');
    const token = link.searchParams.get('token');
    const weak = await postJson('/auth/reset-password', { token, new_password: 'weak' });
    expect(weak.status).toBe(400);
    const reset = await postJson('/auth/reset-password', { token, new_password: 'BrandNew99' });
    expect(reset.status).toBe(200);
    expect((await getMe(account.token)).status).toBe(401);
    expect((await loginForm(account.email, account.password)).status).toBe(401);
    expect((await loginForm(account.email, 'BrandNew99')).status).toBe(200);
    const reuse = await postJson('/auth/reset-password', { token, new_password: 'Another99' });
    expect(reuse.status).toBe(400);
    expect(reuse.body.detail).toBe('Invalid or expired reset token');
  });

  it('refuses a reset link older than an hour', async () => {
    const account = await createAccount();
    const since = mailbox.messages.length;
    await postJson('/auth/forgot-password', { email: account.email });
    const token = mailbox.linkIn(await mailbox.waitFor(account.email, since), '/password-reset').searchParams.get('token');
    await database.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(authTokens.userId, account.id), eq(authTokens.kind, 'reset_password')));
    expect((await postJson('/auth/reset-password', { token, new_password: 'BrandNew99' })).status).toBe(400);
  });

  it('limits reset requests from one address', async () => {
    for (let i = 0; i < 5; i++) expect((await postJson('/auth/forgot-password', { email: `r${i}@example.com` })).status, `request ${i + 1}`).toBe(200);
    const res = await postJson('/auth/forgot-password', { email: 'r6@example.com' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(res.body.detail).toMatch(/^Too many password reset requests\./);
  });
});

describe('registration limits', () => {
  it('limits registrations from one address: 10 accounts made, then a 429', async () => {
    // every registration up to the limit makes its account (a limit lower than 10 fails here)
    for (let i = 0; i < 10; i++) {
      const res = await postJson('/auth/register', { email: `bulk${i}@example.com`, username: `bulk${i}`, full_name: '', password: 'Passw0rdOk' });
      expect(res.status, `registration ${i + 1}`).toBe(201);
    }
    const res = await postJson('/auth/register', { email: 'bulk-last@example.com', username: 'bulklast', full_name: '', password: 'Passw0rdOk' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(res.body.detail).toMatch(/^Too many registrations from your network\. Please try again in \d+ minutes?\.$/);
    expect(await database.db.select().from(users).where(eq(users.username, 'bulklast'))).toEqual([]);
  });
});
