import { createRoute, z } from '@hono/zod-openapi';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import { signAccessToken } from '../../auth/access-tokens.ts';
import { finishOidcSignIn, startOidcSignIn, type OidcAttempt } from '../../auth/oidc.ts';
import { getJwtKey } from '../../auth/secrets.ts';
import { getDb } from '../../db/client.ts';
import { env } from '../../env.ts';
import { logger } from '../../logger.ts';
import { signInWithIdentity, SocialSignInError } from '../../services/accounts/social-sign-in.ts';
import { createRouter } from '../create-router.ts';
import { GoogleAuthorizeSchema } from '../../../api/wire/accounts.ts';
import { ErrorSchema } from '../../../api/wire/common.ts';

const COOKIE = 'oidc_attempt';
const COOKIE_PATH = '/api/v1/auth/google';
const cookieSecret = () => Buffer.from(getJwtKey()).toString('base64');

const authorize = createRoute({
  method: 'get',
  path: '/auth/google/authorize',
  operationId: 'startGoogleSignIn',
  security: [],
  tags: ['Auth'],
  summary: 'Start Google sign-in: the address to send the browser to (or a redirect with ?redirect=true)',
  request: {
    query: z.object({
      redirect: z.enum(['true', 'false']).optional(),
      state: z
        .string()
        .regex(/^[\w-]{16,128}$/, 'state must be 16 to 128 letters, digits, - or _')
        .optional()
        .openapi({
          description:
            'A one-time value of the page that starts the sign-in; the landing page gets it back (`/oauth/callback?access_token=…&state=…`) and accepts the token only if it matches the value it kept',
        }),
    }),
  },
  responses: {
    200: { description: 'Where to go', content: { 'application/json': { schema: GoogleAuthorizeSchema } } },
    302: { description: 'Redirect to the provider' },
    400: { description: 'A query value is invalid', content: { 'application/json': { schema: ErrorSchema } } },
    503: { description: 'Google sign-in is off', content: { 'application/json': { schema: ErrorSchema } } },
  },
});

const callback = createRoute({
  method: 'get',
  path: '/auth/google/callback',
  operationId: 'finishGoogleSignIn',
  security: [],
  tags: ['Auth'],
  summary: 'Where the provider sends the browser back; redirects to /oauth/callback',
  request: { query: z.object({ code: z.string().optional(), state: z.string().optional(), error: z.string().optional() }) },
  responses: {
    302: { description: 'To /oauth/callback?access_token=…&state=… or ?error=…' },
    400: { description: 'A query value is repeated', content: { 'application/json': { schema: ErrorSchema } } },
  },
});

/** The attempt's secrets, and the one-time value of the page that started it (echoed back). */
type StoredAttempt = OidcAttempt & { clientState?: string };

/** Where the browser lands after a sign-in attempt (the page reads either parameter). */
function landing(params: Record<string, string>) {
  return `${env().publicUrl}/oauth/callback?${new URLSearchParams(params)}`;
}

export const googleSignInRoutes = createRouter()
  .openapi(authorize, async (c) => {
    const query = c.req.valid('query');
    const { url, attempt } = await startOidcSignIn();
    // The attempt's state, nonce and PKCE verifier travel in a signed, HttpOnly cookie scoped to the
    // callback: no server-side session, so any instance can finish the sign-in.
    const stored: StoredAttempt = { ...attempt, clientState: query.state };
    await setSignedCookie(c, COOKIE, JSON.stringify(stored), cookieSecret(), {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'Lax',
      secure: env().publicUrl.startsWith('https:'),
      maxAge: 600,
    });
    if (query.redirect === 'true') return c.redirect(url, 302);
    return c.json({ authorization_url: url }, 200);
  })
  .openapi(callback, async (c) => {
    const query = c.req.valid('query');
    const raw = await getSignedCookie(c, cookieSecret(), COOKIE);
    deleteCookie(c, COOKIE, { path: COOKIE_PATH });
    if (query.error) return c.redirect(landing({ error: `Google sign-in was cancelled (${query.error})` }), 302);
    if (!raw) return c.redirect(landing({ error: 'Your sign-in session expired. Please try again.' }), 302);
    try {
      const { clientState, ...attempt } = JSON.parse(raw) as StoredAttempt;
      // The provider redirected to PUBLIC_URL: rebuild the address it called there.
      const currentUrl = new URL(`${env().publicUrl}${COOKIE_PATH}/callback${new URL(c.req.url).search}`);
      const identity = await finishOidcSignIn(currentUrl, attempt);
      const user = await signInWithIdentity(await getDb(), 'google', identity);
      const token = await signAccessToken({ userId: user.id, role: user.role, version: user.tokenVersion });
      // The page accepts the token only with the value it kept when it started this sign-in.
      return c.redirect(landing(clientState ? { access_token: token, state: clientState } : { access_token: token }), 302);
    } catch (error) {
      if (error instanceof SocialSignInError) {
        const params: Record<string, string> = { error: error.message };
        if (error.suspendedUntil) params.suspended_until = error.suspendedUntil.toISOString();
        return c.redirect(landing(params), 302);
      }
      logger.warn({ err: error }, 'Google sign-in failed');
      return c.redirect(landing({ error: 'Authentication failed' }), 302);
    }
  });
