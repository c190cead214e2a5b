import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { withSiteDatabase } from './site-database.ts';

/** The demo member of the README. */
export const DEMO_MEMBER = { email: 'demo@dramalist.local', password: 'Demo12345' };

/**
 * An access token from POST /api/v1/auth/login (multipart, as the spec's client sends it), for the
 * demo member or any account with a password (a member from support/factories.ts).
 */
export async function loginToken(request: APIRequestContext, account: { email: string; password: string } = DEMO_MEMBER): Promise<string> {
  const res = await request.post('/api/v1/auth/login', { multipart: { username: account.email, password: account.password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Makes every page of this test start signed in with `token` (stored where the site keeps it). */
export async function useToken(page: Page, token: string) {
  await page.addInitScript((t) => localStorage.setItem('access_token', t), token);
}

/**
 * A token for a member issued here, as the sign-in service issues it, with the site's own key (read
 * from its data folder, as the site reads it): no HTTP, so the sign-in limit (30 attempts a quarter
 * hour from this machine) is not spent. For tests about anything but signing in that need many members.
 */
export async function siteToken(member: { id: number; role: 'user' | 'mod' | 'admin'; tokenVersion: number }): Promise<string> {
  process.env.DATA_DIR = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
  process.env.JWT_SECRET = '';
  const { reloadEnv } = await import('../../../src/lib/server/env.ts');
  reloadEnv();
  const { tokenFor } = await import('../../helpers/factories.ts');
  return tokenFor(member);
}

/**
 * A token for an account (the demo member by default, or any member of support/factories.ts, by
 * e-mail) issued here as siteToken does: no sign-in spent. Every test that is not about signing in
 * takes its token this way, so the sign-in limit (30 attempts a quarter hour from this machine) is
 * left to the tests of signing in, however many tests, retries and workers there are.
 */
export async function accountToken(account: { email: string } = DEMO_MEMBER): Promise<string> {
  const member = await withSiteDatabase(async (client) => {
    const { rows } = await client.query<{ id: number; role: 'user' | 'mod' | 'admin'; tokenVersion: number }>(
      'SELECT id, role, token_version AS "tokenVersion" FROM users WHERE lower(email) = lower($1)',
      [account.email],
    );
    return rows[0];
  });
  if (!member) throw new Error(`no account ${account.email} on the site`);
  return siteToken(member);
}

/**
 * Makes every page of this test start signed in as `member` (a member of support/factories.ts, or
 * the demo member by default), with a token issued here (no sign-in spent); answers the token.
 */
export async function signInAs(
  page: Page,
  member: { email: string } & Partial<{ id: number; role: 'user' | 'mod' | 'admin'; tokenVersion: number }> = DEMO_MEMBER,
): Promise<string> {
  const { id, role, tokenVersion } = member;
  const token = id !== undefined && role !== undefined && tokenVersion !== undefined ? await siteToken({ id, role, tokenVersion }) : await accountToken(member);
  await useToken(page, token);
  return token;
}
