import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import { rateLimits } from '../../src/lib/server/db/schema/index.ts';
import { reloadEnv } from '../../src/lib/server/env.ts';
import { getJwtKey } from '../../src/lib/server/auth/secrets.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { startApiServer } from '../helpers/api-server.ts';
import { startMailbox } from '../helpers/mailbox.ts';
import { createMember } from '../helpers/factories.ts';
import { api, login as loginAs, type ApiResponse } from '../helpers/http.ts';

// A distributed guessing attack must not lock the owner out (issue 19 item 13, docs/decisions/032):
// a browser that signed in before carries a device cookie and is limited on its own; a member
// without one can ask for a one-time sign-in link by e-mail. The server trusts one proxy hop
// (TRUST_PROXY=1), so each request's X-Forwarded-For names the address it comes from.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Awaited<ReturnType<typeof startApiServer>>;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;

beforeAll(async () => {
  process.env.TRUST_PROXY = '1';
  reloadEnv();
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
  await database.db.delete(rateLimits);
});

const HOME = '198.51.100.20';
/** where the owner is when the attack is on: an address they never signed in from */
const TRAVELLING = '192.0.2.77';
const DEVICE_COOKIE = 'dl_device';

const login = (email: string, password: string, address: string, cookie?: string) =>
  loginAs(server, { email, password }, { address, headers: cookie ? { Cookie: cookie } : {} });
const postJson = (path: string, body: unknown, address: string) => api(server).post(path, body, { address });

/** The device cookie a sign-in answer set, as a Cookie header value (name=value). */
function deviceCookieOf(res: ApiResponse): string {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  expect(line, `no ${DEVICE_COOKIE} cookie in ${JSON.stringify(res.headers.getSetCookie())}`).toBeTruthy();
  return line!.split(';')[0]!;
}

async function statuses(answers: Promise<ApiResponse>[]) {
  const counts: Record<number, number> = {};
  for (const res of await Promise.all(answers)) counts[res.status] = (counts[res.status] ?? 0) + 1;
  return counts;
}

/** A member whose browser signed in once from HOME: the member and its device cookie. */
async function memberWithDevice() {
  const member = await createMember();
  const res = await login(member.email, member.password, HOME);
  expect(res.status).toBe(200);
  return { member, cookie: deviceCookieOf(res) };
}

/** 150 wrong passwords from 150 addresses: 100 checked, 50 refused by the account's ceiling. */
async function distributedAttack(email: string) {
  const botnet = Array.from({ length: 150 }, (_, i) => `10.${i >> 8}.${i & 255}.9`);
  expect(await statuses(botnet.map((address) => login(email, 'Wrong1234', address)))).toEqual({ 401: 100, 429: 50 });
}

describe('a distributed guessing attack', () => {
  it("lets the owner's browser in with its device cookie, from any address", async () => {
    const { member, cookie } = await memberWithDevice();
    await distributedAttack(member.email);
    const res = await login(member.email, member.password, TRAVELLING, cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.access_token).toBeTruthy();
    // a fresh device cookie comes back, and it works too
    const renewed = deviceCookieOf(res);
    expect(renewed).not.toBe(cookie);
    expect((await login(member.email, member.password, '192.0.2.78', renewed)).status).toBe(200);
  });

  it('still refuses the owner without the cookie (the sign-in page then offers a link: tests/e2e/accounts.spec.ts)', async () => {
    const { member } = await memberWithDevice();
    await distributedAttack(member.email);
    const res = await login(member.email, member.password, TRAVELLING);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(res.body.detail).toMatch(/^Too many failed sign-ins on this account\. Please try again in \d+ minutes, or reset your password\.$/);
  });

  it('gives a device cookie its own limit: after 10 wrong passwords with it, it no longer lets anyone past the ceiling', async () => {
    const { member, cookie } = await memberWithDevice();
    await distributedAttack(member.email);
    // the cookie's failures are its own: refused neither by the account's ceiling nor counted in it
    for (let i = 0; i < 10; i++) expect((await login(member.email, 'Wrong1234', TRAVELLING, cookie)).status, `attempt ${i + 1}`).toBe(401);
    const spent = await login(member.email, member.password, '192.0.2.79', cookie);
    expect(spent.status).toBe(429);
    expect(spent.body.detail).toMatch(/^Too many failed sign-ins on this account\./);
  });

  it("counts a device cookie's wrong passwords once each under concurrency: of 30 at once, 10 are checked", async () => {
    const { member, cookie } = await memberWithDevice();
    await distributedAttack(member.email);
    const addresses = Array.from({ length: 30 }, (_, i) => `192.0.2.${100 + i}`);
    expect(await statuses(addresses.map((address) => login(member.email, 'Wrong1234', address, cookie)))).toEqual({ 401: 10, 429: 20 });
  });

  it("gives no way past the ceiling to a forged cookie or another account's cookie", async () => {
    const { member } = await memberWithDevice();
    const other = await memberWithDevice();
    await distributedAttack(member.email);
    // another member's genuine cookie
    expect((await login(member.email, member.password, TRAVELLING, other.cookie)).status).toBe(429);
    // a cookie signed with the access tokens' key (a guess at how it is made), or with another key
    const forge = async (key: Uint8Array) =>
      `${DEVICE_COOKIE}=${await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(member.id))
        .setJti('forged-nonce-0001')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(key)}`;
    expect((await login(member.email, member.password, TRAVELLING, await forge(getJwtKey()))).status).toBe(429);
    expect((await login(member.email, member.password, TRAVELLING, await forge(new TextEncoder().encode('x'.repeat(48))))).status).toBe(429);
    // garbage
    expect((await login(member.email, member.password, TRAVELLING, `${DEVICE_COOKIE}=not.a.token`)).status).toBe(429);
    // an access token is not a device cookie either
    const token = (await login(other.member.email, other.member.password, HOME)).body.access_token;
    expect((await login(member.email, member.password, TRAVELLING, `${DEVICE_COOKIE}=${token}`)).status).toBe(429);
  });

  it('is no reason to accept a wrong password with a device cookie', async () => {
    const { member, cookie } = await memberWithDevice();
    expect((await login(member.email, 'Wrong1234', TRAVELLING, cookie)).status).toBe(401);
  });
});

describe("the device cookie's attributes", () => {
  it('are HttpOnly, SameSite=Strict, scoped to the sign-in path, long-lived; Secure only over https', async () => {
    const member = await createMember();
    const res = await login(member.email, member.password, HOME);
    const line = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!;
    const attributes = line.split(';').slice(1).map((a) => a.trim().toLowerCase());
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=strict');
    expect(attributes).toContain('path=/api/v1/auth/login');
    expect(attributes.find((a) => a.startsWith('max-age='))).toBe(`max-age=${180 * 24 * 3600}`);
    expect(attributes).not.toContain('secure'); // the tests' PUBLIC_URL is http
    expect(line.split(';')[0]!.length).toBeLessThan(400);
  });

  it('include Secure when the site is on https', async () => {
    const member = await createMember();
    const before = process.env.PUBLIC_URL;
    process.env.PUBLIC_URL = 'https://dramalist.example';
    reloadEnv();
    try {
      const res = await login(member.email, member.password, HOME);
      expect(res.status).toBe(200);
      const line = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!;
      expect(line.split(';').map((a) => a.trim().toLowerCase())).toContain('secure');
    } finally {
      if (before === undefined) delete process.env.PUBLIC_URL;
      else process.env.PUBLIC_URL = before;
      reloadEnv();
    }
  });

  it('are not set by a failed sign-in', async () => {
    const member = await createMember();
    const res = await login(member.email, 'Wrong1234', HOME);
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`${DEVICE_COOKIE}=`))).toBe(false);
  });
});

describe('a sign-in link by e-mail', () => {
  const SENT = 'If an account exists for this email, a sign-in link has been sent.';
  const ask = (email: string, address = TRAVELLING) => postJson('/auth/sign-in-link', { email }, address);
  const redeem = (token: string | null, address = TRAVELLING) => postJson('/auth/sign-in-link/redeem', { token }, address);

  async function linkFor(email: string) {
    const since = mailbox.messages.length;
    const res = await ask(email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: SENT });
    const message = await mailbox.waitFor(email, since);
    return mailbox.linkIn(message, '/sign-in-link').searchParams.get('token')!;
  }

  it('lets a locked-out owner in once, and the browser becomes trusted', async () => {
    const { member } = await memberWithDevice();
    await distributedAttack(member.email);
    const token = await linkFor(member.email);
    const res = await redeem(token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ access_token: expect.any(String), token_type: 'bearer' });
    expect((await api(server).get('/users/me', { token: res.body.access_token })).status).toBe(200);
    // the browser that used the link now carries a device cookie for the account
    const cookie = deviceCookieOf(res);
    expect((await login(member.email, member.password, TRAVELLING, cookie)).status).toBe(200);
    // the link works once
    const again = await redeem(token);
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe('Invalid or expired sign-in link');
  });

  it('used twice at once lets exactly one in', async () => {
    const member = await createMember();
    const token = await linkFor(member.email);
    expect(await statuses(Array.from({ length: 8 }, () => redeem(token)))).toEqual({ 200: 1, 400: 7 });
  });

  it('expires after 15 minutes', async () => {
    const member = await createMember();
    const token = await linkFor(member.email);
    await database.db.execute(sql`update auth_tokens set expires_at = now() - interval '1 second' where kind = 'sign_in'`);
    expect((await redeem(token)).status).toBe(400);
  });

  it('is valid for 15 minutes', async () => {
    const member = await createMember();
    await linkFor(member.email);
    const [row] = (
      await database.db.execute<{ minutes: number }>(
        sql`select round(extract(epoch from (expires_at - created_at)) / 60)::int as minutes from auth_tokens where user_id = ${member.id} and kind = 'sign_in'`,
      )
    ).rows;
    expect(row!.minutes).toBe(15);
  });

  it('answers an unknown e-mail the same, and sends nothing', async () => {
    const since = mailbox.messages.length;
    const res = await ask('nobody-here@example.com');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: SENT });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailbox.messages.slice(since).some((m) => m.envelopeTo.includes('nobody-here@example.com'))).toBe(false);
  });

  it('is limited per address (5 in 15 minutes) and per account (3 e-mails an hour, then dropped with the same answer)', async () => {
    const member = await createMember();
    const since = mailbox.messages.length;
    for (let i = 0; i < 5; i++) expect((await ask(`someone-${i}@example.com`, '203.0.113.5')).status).toBe(200);
    const limited = await ask(member.email, '203.0.113.5');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.body.detail).toMatch(/^Too many sign-in link requests\. Please try again in \d+ minutes?\.$/);

    for (let i = 0; i < 5; i++) expect((await ask(member.email, `203.0.113.${10 + i}`)).body).toEqual({ success: true, message: SENT });
    await mailbox.waitFor(member.email, since);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(mailbox.messages.slice(since).filter((m) => m.envelopeTo.includes(member.email.toLowerCase()) || m.envelopeTo.includes(member.email)).length).toBe(3);
  });

  it('refuses a bogus token with a clear 400, and is limited per address', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await redeem(`bogus-${i}`, '203.0.113.40');
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe('Invalid or expired sign-in link');
    }
    const limited = await redeem('bogus', '203.0.113.40');
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toMatch(/^Too many sign-in link attempts\. Please try again in \d+ minutes?\.$/);
    expect((await redeem(null, '203.0.113.41')).status).toBe(400);
  });
});
