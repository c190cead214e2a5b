import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '../../src/lib/server/db/schema/index.ts';
import { reloadEnv } from '../../src/lib/server/env.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { startApiServer } from '../helpers/api-server.ts';
import { startMailbox } from '../helpers/mailbox.ts';
import { createMember as createVerifiedMember } from '../helpers/factories.ts';
import { api, login as loginAs, signIn, type ApiResponse } from '../helpers/http.ts';

// Limits on signing in, resetting a password and verifying an e-mail, as clients at different
// addresses see them. The server trusts one proxy hop (TRUST_PROXY=1), so each request's
// X-Forwarded-For names the address it comes from.

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
  await database.db.delete(rateLimits); // each test starts with fresh limits
});

const postJson = (path: string, body: unknown, address: string) => api(server).post(path, body, { address });
const login = (email: string, password: string, address: string) => loginAs(server, { email, password }, { address });

/** The statuses of the answers, counted. */
async function statuses(answers: Promise<ApiResponse>[]) {
  const counts: Record<number, number> = {};
  for (const res of await Promise.all(answers)) counts[res.status] = (counts[res.status] ?? 0) + 1;
  return counts;
}

const OWNER = '198.51.100.20';
const ATTACKER = '203.0.113.66';

/** A verified member who has signed in from OWNER's address. */
async function createMember() {
  const member = await createVerifiedMember();
  await signIn(server, member, { address: OWNER });
  return member;
}

describe('failed sign-ins', () => {
  it("lock out the stranger's address, never the member", async () => {
    const member = await createMember();
    for (let i = 0; i < 10; i++) expect((await login(member.email, 'Wrong1234', ATTACKER)).status, `attempt ${i + 1}`).toBe(401);
    const locked = await login(member.email, member.password, ATTACKER);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(locked.body.detail).toMatch(/^Too many login attempts\. Please try again in \d+ minutes?\.$/);

    expect((await login(member.email, member.password, OWNER)).status).toBe(200);
    expect((await login(member.email, member.password, '192.0.2.44')).status).toBe(200); // a new address of theirs too
  });

  it('are counted before the password is checked: of 60 sent at once from one address, 10 are checked', async () => {
    const member = await createMember();
    const answers = await statuses(Array.from({ length: 60 }, () => login(member.email, 'Wrong1234', ATTACKER)));
    expect(answers).toEqual({ 401: 10, 429: 50 });
    expect((await login(member.email, member.password, ATTACKER)).status).toBe(429);
    expect((await login(member.email, member.password, OWNER)).status).toBe(200);
  });

  it('count the same for an e-mail without an account', async () => {
    for (let i = 0; i < 10; i++) expect((await login('nobody@example.com', 'Wrong1234', ATTACKER)).status, `attempt ${i + 1}`).toBe(401);
    const locked = await login('nobody@example.com', 'Wrong1234', ATTACKER);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('from many addresses at once get 100 guesses an hour at one account; its member still signs in', async () => {
    const member = await createMember();
    const botnet = Array.from({ length: 110 }, (_, i) => `10.${i >> 8}.${i & 255}.9`);
    const answers = await statuses(botnet.map((address) => login(member.email, 'Wrong1234', address)));
    expect(answers).toEqual({ 401: 100, 429: 10 });

    const stranger = await login(member.email, 'Wrong1234', '192.0.2.1');
    expect(stranger.status).toBe(429);
    expect(stranger.body.detail).toMatch(
      /^Too many failed sign-ins on this account\. Please try again in \d+ minutes, or reset your password\.$/,
    );
    // From an address they signed in from lately, the member is not refused.
    expect((await login(member.email, member.password, OWNER)).status).toBe(200);
    // From a new address, the right password waits like a guess; a password reset lets them in at once.
    const NEW = '192.0.2.77';
    expect((await login(member.email, member.password, NEW)).status).toBe(429);
    const since = mailbox.messages.length;
    expect((await postJson('/auth/forgot-password', { email: member.email }, NEW)).status).toBe(200);
    const token = mailbox.linkIn(await mailbox.waitFor(member.email, since), '/password-reset').searchParams.get('token');
    expect((await postJson('/auth/reset-password', { token, new_password: 'Renewed123' }, NEW)).status).toBe(200);
    expect((await login(member.email, 'Renewed123', NEW)).status).toBe(200);
  });

  it('answer a very long e-mail like any other, never with a server error', async () => {
    const res = await login(`${'x'.repeat(300)}@example.com`, 'Wrong1234', ATTACKER);
    expect([400, 401]).toContain(res.status);
    expect(res.body.detail).toBeTruthy();
  });
});

describe('password resets', () => {
  it('are limited per address: of 64 bogus resets sent at once, 10 are tried', async () => {
    const answers = await statuses(
      Array.from({ length: 64 }, (_, i) => postJson('/auth/reset-password', { token: `bogus-${i}`, new_password: 'BrandNew99' }, ATTACKER)),
    );
    expect(answers).toEqual({ 400: 10, 429: 54 });
    const limited = await postJson('/auth/reset-password', { token: 'bogus', new_password: 'BrandNew99' }, ATTACKER);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.body.detail).toMatch(/^Too many password reset attempts\. Please try again in \d+ minutes?\.$/);
    // another address is not affected
    expect((await postJson('/auth/reset-password', { token: 'bogus', new_password: 'BrandNew99' }, OWNER)).status).toBe(400);
  });
});

describe('e-mail verification', () => {
  it('is limited per address', async () => {
    for (let i = 0; i < 20; i++) expect((await postJson('/auth/verify', { token: `bogus-${i}` }, ATTACKER)).status, `attempt ${i + 1}`).toBe(400);
    const limited = await postJson('/auth/verify', { token: 'bogus' }, ATTACKER);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.body.detail).toMatch(/^Too many verification attempts\. Please try again in \d+ minutes?\.$/);
    expect((await postJson('/auth/verify', { token: 'bogus' }, OWNER)).status).toBe(400);
  });
});
