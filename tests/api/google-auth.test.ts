import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, oauthAccounts, users } from '../../src/lib/server/db/schema/index.ts';
import { reloadEnv } from '../../src/lib/server/env.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { startApiServer } from '../helpers/api-server.ts';
import { googleBrowser } from '../helpers/google-browser.ts';
import { startOidcProvider } from '../helpers/oidc-provider.ts';
import { createMember, tokenFor } from '../helpers/factories.ts';
import { api, expectProblem, login as loginAs } from '../helpers/http.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Awaited<ReturnType<typeof startApiServer>>;
let provider: Awaited<ReturnType<typeof startOidcProvider>>;

const configure = (vars: Record<string, string | undefined>) => {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  reloadEnv();
};

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startApiServer();
  provider = await startOidcProvider({
    clientId: 'dramalist',
    clientSecret: 'provider-secret',
    redirectUri: `${process.env.PUBLIC_URL}/api/v1/auth/google/callback`,
  });
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
  await database?.drop();
});

const login = (email: string, password: string) => loginAs(server, { email, password });
/** GET /users/me with the token a landing page was handed */
const readMe = async (token: string | null) => (await api(server).get('/users/me', { token: token ?? undefined })).body;

/** Follows the sign-in like a browser, as `account` at the provider; returns where it lands. */
async function signInWithProvider(account: string, state?: string): Promise<URL> {
  const browser = googleBrowser(server.baseUrl);
  const start = await browser.go(`${server.baseUrl}/api/v1/auth/google/authorize${state ? `?state=${state}` : ''}`);
  expect(start.status).toBe(200);
  const url: string = (await start.json()).authorization_url;
  expect(url.startsWith(provider.issuer)).toBe(true);
  expect(new URL(url).searchParams.get('code_challenge_method')).toBe('S256');
  const callback = await browser.toCallback(url, account);
  const res = await browser.go(callback);
  const landing = res.headers.get('location');
  if (!landing) throw new Error(`the callback did not redirect (${res.status})`);
  return new URL(landing, callback);
}

describe('Google sign-in', () => {
  it('answers 503 with a clear detail while it is not configured', async () => {
    configure({ GOOGLE_CLIENT_ID: undefined, GOOGLE_CLIENT_SECRET: undefined });
    expectProblem(await api(server).get('/auth/google/authorize'), 503, 'Google sign-in is not configured on this server');
  });

  it('refuses a plain-http issuer that is not on loopback', async () => {
    configure({ GOOGLE_CLIENT_ID: 'dramalist', GOOGLE_CLIENT_SECRET: 'provider-secret', GOOGLE_ISSUER: 'http://accounts.example.com' });
    expectProblem(await api(server).get('/auth/google/authorize'), 503, /must use https/);
  });

  it('creates an account for a new verified e-mail and lands signed in', async () => {
    configure({ GOOGLE_CLIENT_ID: 'dramalist', GOOGLE_CLIENT_SECRET: 'provider-secret', GOOGLE_ISSUER: provider.issuer });
    provider.addIdentity('g-100', { email: 'Soo.Ah@gmail.test', email_verified: true, name: 'Soo Ah' });
    const landing = await signInWithProvider('g-100');
    expect(landing.origin + landing.pathname).toBe(`${process.env.PUBLIC_URL}/oauth/callback`);
    expect(landing.searchParams.get('error')).toBeNull();
    const token = landing.searchParams.get('access_token');
    expect(token).toBeTruthy();
    const me = await readMe(token);
    expect(me).toMatchObject({ email: 'Soo.Ah@gmail.test', username: 'SooAh', full_name: 'Soo Ah', email_verified: true });
    // A second sign-in finds the same account through the link.
    const again = await signInWithProvider('g-100');
    const me2 = await readMe(again.searchParams.get('access_token'));
    expect(me2.id).toBe(me.id);
  });

  it('links an existing account with the same e-mail', async () => {
    const existing = await createMember({ email: 'mina@example.com', username: 'mina', fullName: '', verified: false });
    provider.addIdentity('g-200', { email: 'MINA@example.com', email_verified: true, name: 'Mina' });
    const landing = await signInWithProvider('g-200');
    const me = await readMe(landing.searchParams.get('access_token'));
    expect(me.id).toBe(existing!.id);
    expect(me.email_verified).toBe(true);
    const links = await database.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, existing!.id));
    expect(links.map((l) => l.subject)).toEqual(['g-200']);
  });

  it('takes an unverified account over from whoever registered the e-mail: their password and tokens stop working', async () => {
    // The attacker registers the victim's e-mail with a password of theirs; the account stays unverified.
    const register = await api(server).post('/auth/register', { email: 'jiwoo@gmail.test', username: 'squatter', full_name: 'Not Ji-woo', password: 'Attacker99' });
    expect(register.status).toBe(201);
    const [squatted] = await database.db.select().from(users).where(eq(users.email, 'jiwoo@gmail.test'));
    // Whatever else they managed to set on it, and a token they might hold.
    await database.db.update(users).set({ bio: 'spam', avatar: '/media/avatars/spam.png', coverPhoto: '/media/covers/spam.png' }).where(eq(users.id, squatted!.id));
    const attackerToken = await tokenFor(squatted!);

    provider.addIdentity('g-250', { email: 'jiwoo@gmail.test', email_verified: true, name: 'Ji-woo Han' });
    const landing = await signInWithProvider('g-250');
    const victimToken = landing.searchParams.get('access_token')!;
    const me = await readMe(victimToken);
    expect(me).toMatchObject({ id: squatted!.id, email_verified: true, full_name: 'Ji-woo Han', bio: '', avatar: null, cover_photo: null });
    expect(me.username).toBe('squatter'); // kept: the owner may have chosen it, and can change it

    const attackerLogin = await login('jiwoo@gmail.test', 'Attacker99');
    expect(attackerLogin.status).toBe(401);
    expect((await api(server).get('/users/me', { token: attackerToken })).status).toBe(401);
    const [row] = await database.db.select().from(users).where(eq(users.id, squatted!.id));
    expect(row!.passwordHash).toBeNull();
    // The links e-mailed before the takeover (to the real owner's inbox) are used up too.
    const open = await database.db.select().from(authTokens).where(and(eq(authTokens.userId, squatted!.id), isNull(authTokens.usedAt)));
    expect(open).toEqual([]);
  });

  it('keeps the password of a verified account it links (its owner proved the inbox)', async () => {
    await createMember({ email: 'yuna@example.com', username: 'yuna', fullName: 'Yuna', password: 'Secret123' });
    provider.addIdentity('g-260', { email: 'yuna@example.com', email_verified: true, name: 'Yuna Google' });
    const landing = await signInWithProvider('g-260');
    expect(landing.searchParams.get('access_token')).toBeTruthy();
    expect((await login('yuna@example.com', 'Secret123')).status).toBe(200);
    const [row] = await database.db.select().from(users).where(eq(users.email, 'yuna@example.com'));
    expect(row!.fullName).toBe('Yuna');
  });

  it("hands the starting page's one-time value back with the token, so the page can tell its own sign-in", async () => {
    provider.addIdentity('g-270', { email: 'dae@gmail.test', email_verified: true, name: 'Dae' });
    const landing = await signInWithProvider('g-270', 'page-nonce_0123456789');
    expect(landing.searchParams.get('access_token')).toBeTruthy();
    expect(landing.searchParams.get('state')).toBe('page-nonce_0123456789');
    // Another sign-in started without one gets none back.
    expect((await signInWithProvider('g-270')).searchParams.has('state')).toBe(false);
  });

  it('refuses a malformed one-time value', async () => {
    for (const state of ['short', 'x'.repeat(129), 'has%20space-0123456789']) {
      const res = await server.request(`/api/v1/auth/google/authorize?state=${state}`);
      expect(res.status, state).toBe(400);
      expect((await res.json()).field).toBe('state');
    }
  });

  it('refuses an identity whose e-mail the provider has not verified', async () => {
    provider.addIdentity('g-300', { email: 'unverified@gmail.test', email_verified: false, name: 'Un' });
    const landing = await signInWithProvider('g-300');
    expect(landing.searchParams.get('access_token')).toBeNull();
    expect(landing.searchParams.get('error')).toBe('Your Google account has no verified email address');
  });

  it('sends the browser to the provider with ?redirect=true', async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/auth/google/authorize?redirect=true`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(new RegExp(`^${provider.issuer}/auth\\?`));
  });

  it('lands on an error when the callback comes without the attempt cookie', async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/auth/google/callback?code=abc&state=xyz`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const landing = new URL(res.headers.get('location')!);
    expect(landing.pathname).toBe('/oauth/callback');
    expect(landing.searchParams.get('error')).toMatch(/expired/);
  });

  it('lands on an error when the state does not match', async () => {
    const start = await fetch(`${server.baseUrl}/api/v1/auth/google/authorize`);
    const cookie = start.headers.getSetCookie()[0]!.split(';')[0]!;
    const res = await fetch(`${server.baseUrl}/api/v1/auth/google/callback?code=abc&state=forged`, { redirect: 'manual', headers: { cookie } });
    expect(new URL(res.headers.get('location')!).searchParams.get('error')).toBe('Authentication failed');
  });
});
