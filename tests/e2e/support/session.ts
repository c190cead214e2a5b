import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The demo member of the README. */
export const DEMO_MEMBER = { email: 'demo@dramalist.local', password: 'Demo12345' };

/** An access token from POST /api/v1/auth/login (multipart, as the spec's client sends it). */
export async function loginToken(request: APIRequestContext, account = DEMO_MEMBER): Promise<string> {
  const res = await request.post('/api/v1/auth/login', { multipart: { username: account.email, password: account.password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Makes every page of this test start signed in with `token` (stored where the site keeps it). */
export async function useToken(page: Page, token: string) {
  await page.addInitScript((t) => localStorage.setItem('access_token', t), token);
}
