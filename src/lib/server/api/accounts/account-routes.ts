import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { createRoute, z } from '@hono/zod-openapi';
import {
  EmailRequestSchema,
  LoginFormSchema,
  MessageSchema,
  RedeemSignInLinkSchema,
  RegisterSchema,
  ResetPasswordSchema,
  TokenSchema,
  VerifyEmailSchema,
} from '../../../api/wire/accounts.ts';
import {
  ACCOUNT_MESSAGES,
  registerAccount,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verifyEmail,
} from '../../services/accounts/accounts.ts';
import { getDb } from '../../db/client.ts';
import { consumeLimit, limitKey, type LimitName } from '../../rate-limit.ts';
import { signInWithPassword, type SignedIn } from '../../services/accounts/sign-in.ts';
import { redeemSignInLink, requestSignInLink, SIGN_IN_LINK_MESSAGES } from '../../services/accounts/sign-in-links.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH, DEVICE_COOKIE_TTL_SECONDS } from '../../auth/device-cookies.ts';
import { env } from '../../env.ts';
import { revokeAllTokens, revokeToken } from '../../services/accounts/sessions.ts';
import { currentSession, currentUser, requireUser } from '../auth-middleware.ts';
import { memberWrite } from '../member-limits.ts';
import { clientIp } from '../client-ip.ts';
import { createRouter } from '../create-router.ts';
import { errorAnswer as error, jsonAnswer as answer, jsonBody as json } from '../schemas.ts';

/** The 200 of a sign-in: the browser's new device cookie (docs/decisions/032). */
const deviceCookieHeader = {
  'Set-Cookie': {
    description: `${DEVICE_COOKIE}: HttpOnly, SameSite=Strict, Path=${DEVICE_COOKIE_PATH}, Max-Age ${DEVICE_COOKIE_TTL_SECONDS} s, Secure when the site is on https`,
    schema: { type: 'string' as const },
  },
};

/** Answers a sign-in: the token, and the device cookie for the browser. */
function signInAnswer(c: Context, signedIn: SignedIn) {
  setCookie(c, DEVICE_COOKIE, signedIn.deviceCookie, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'Strict',
    secure: env().publicUrl.startsWith('https:'),
    maxAge: DEVICE_COOKIE_TTL_SECONDS,
  });
  return c.json({ access_token: signedIn.accessToken, token_type: 'bearer' as const }, 200);
}

const register = createRoute({
  method: 'post',
  path: '/auth/register',
  operationId: 'register',
  security: [],
  tags: ['Auth'],
  summary: 'Create an account and send its verification e-mail',
  request: {
    body: json(RegisterSchema),
  },
  responses: {
    201: answer('Created; a verification e-mail is on its way', MessageSchema),
    400: error('A field breaks the rules'),
    409: error('The e-mail or username is taken'),
    429: error('Too many registrations from this address'),
  },
});

const login = createRoute({
  method: 'post',
  path: '/auth/login',
  operationId: 'login',
  security: [],
  tags: ['Auth'],
  summary: 'Sign in (OAuth2 password form: username carries the e-mail)',
  request: {
    body: {
      required: true,
      content: {
        'multipart/form-data': { schema: LoginFormSchema },
        'application/x-www-form-urlencoded': { schema: LoginFormSchema },
      },
    },
    cookies: z.object({
      [DEVICE_COOKIE]: z.string().optional().openapi({
        description:
          'The device cookie this browser got at its last sign-in to the account: its failed attempts are limited on their own, not by the account-wide limit (docs/decisions/032)',
      }),
    }),
  },
  responses: {
    200: { ...answer('Signed in', TokenSchema), headers: deviceCookieHeader },
    400: error('A field is missing'),
    401: error('Wrong e-mail or password'),
    403: error('The e-mail is not verified yet'),
    429: error('Too many attempts (from this address, or on this account from a browser it has not signed in with: ask for a sign-in link)'),
  },
});

const signInLink = createRoute({
  method: 'post',
  path: '/auth/sign-in-link',
  operationId: 'requestSignInLink',
  security: [],
  tags: ['Auth'],
  summary: 'E-mail a one-time sign-in link, valid 15 minutes (same answer whether or not the account exists)',
  request: { body: json(EmailRequestSchema) },
  responses: { 200: answer('Accepted', MessageSchema), 400: error('Invalid e-mail'), 429: error('Too many requests from this address') },
});

const redeemSignInLinkRoute = createRoute({
  method: 'post',
  path: '/auth/sign-in-link/redeem',
  operationId: 'redeemSignInLink',
  security: [],
  tags: ['Auth'],
  summary: 'Sign in with the token of an e-mailed sign-in link (works once)',
  request: { body: json(RedeemSignInLinkSchema) },
  responses: {
    200: { ...answer('Signed in', TokenSchema), headers: deviceCookieHeader },
    400: error('Invalid, used or expired link'),
    429: error('Too many attempts from this address'),
  },
});

const forgotPassword = createRoute({
  method: 'post',
  path: '/auth/forgot-password',
  operationId: 'forgotPassword',
  security: [],
  tags: ['Auth'],
  summary: 'E-mail a password reset link (same answer whether or not the account exists)',
  request: { body: json(EmailRequestSchema) },
  responses: { 200: answer('Accepted', MessageSchema), 400: error('Invalid e-mail'), 429: error('Too many requests') },
});

const resetPasswordRoute = createRoute({
  method: 'post',
  path: '/auth/reset-password',
  operationId: 'resetPassword',
  security: [],
  tags: ['Auth'],
  summary: 'Set a new password with the token from the reset e-mail',
  request: { body: json(ResetPasswordSchema) },
  responses: {
    200: answer('Password changed', MessageSchema),
    400: error('Invalid or expired token, or weak password'),
    429: error('Too many attempts from this address'),
  },
});

const verify = createRoute({
  method: 'post',
  path: '/auth/verify',
  operationId: 'verifyEmail',
  security: [],
  tags: ['Auth'],
  summary: 'Verify the e-mail address with the token from the verification e-mail',
  request: { body: json(VerifyEmailSchema) },
  responses: {
    200: answer('Verified', MessageSchema),
    400: error('Invalid or expired token'),
    429: error('Too many attempts from this address'),
  },
});

const resend = createRoute({
  method: 'post',
  path: '/auth/resend-verification',
  operationId: 'resendVerification',
  security: [],
  tags: ['Auth'],
  summary: 'Send a new verification link (same answer whether or not the account exists)',
  request: { body: json(EmailRequestSchema) },
  responses: { 200: answer('Accepted', MessageSchema), 400: error('Invalid e-mail'), 429: error('Too many requests') },
});

/** Spends one point of the client's address (its network) under the rule, or answers 429. */
const limitAddress = (c: Context, name: LimitName) => consumeLimit(name, limitKey.address(clientIp(c)));

const logout = memberWrite('signOutsByMember', {
  method: 'post',
  path: '/auth/logout',
  operationId: 'logout',
  tags: ['Auth'],
  summary: 'Sign out: the token sent with this request stops working at once',
  responses: { 204: { description: 'Signed out' }, 401: error('Not signed in, or the token is no longer valid') },
}, requireUser);

const logoutAll = memberWrite('signOutsByMember', {
  method: 'post',
  path: '/auth/logout-all',
  operationId: 'logoutAll',
  tags: ['Auth'],
  summary: 'Sign out everywhere: every token of the member stops working at once',
  responses: { 204: { description: 'Signed out everywhere' }, 401: error('Not signed in, or the token is no longer valid') },
}, requireUser);

export const accountRoutes = createRouter()
  .openapi(register, async (c) => {
    await limitAddress(c, 'registerByAddress');
    const body = c.req.valid('json');
    await registerAccount(await getDb(), { email: body.email, username: body.username, fullName: body.full_name, password: body.password });
    return c.json({ success: true, message: ACCOUNT_MESSAGES.registered }, 201);
  })
  .openapi(login, async (c) => {
    const form = c.req.valid('form');
    const signedIn = await signInWithPassword(await getDb(), {
      email: form.username,
      password: form.password,
      address: clientIp(c),
      deviceCookie: c.req.valid('cookie')[DEVICE_COOKIE],
    });
    return signInAnswer(c, signedIn);
  })
  .openapi(signInLink, async (c) => {
    await limitAddress(c, 'signInLinkByAddress');
    requestSignInLink(c.req.valid('json').email);
    return c.json({ success: true, message: SIGN_IN_LINK_MESSAGES.sent }, 200);
  })
  .openapi(redeemSignInLinkRoute, async (c) => {
    await limitAddress(c, 'redeemSignInLinkByAddress');
    return signInAnswer(c, await redeemSignInLink(await getDb(), c.req.valid('json').token));
  })
  .openapi(forgotPassword, async (c) => {
    await limitAddress(c, 'forgotPasswordByAddress');
    await requestPasswordReset(c.req.valid('json').email);
    return c.json({ success: true, message: ACCOUNT_MESSAGES.resetSent }, 200);
  })
  .openapi(resetPasswordRoute, async (c) => {
    await limitAddress(c, 'resetPasswordByAddress');
    const body = c.req.valid('json');
    await resetPassword(await getDb(), body.token, body.new_password);
    return c.json({ success: true, message: 'Your password has been reset.' }, 200);
  })
  .openapi(verify, async (c) => {
    await limitAddress(c, 'verifyEmailByAddress');
    await verifyEmail(await getDb(), c.req.valid('json').token);
    return c.json({ success: true, message: 'Email verified successfully!' }, 200);
  })
  .openapi(resend, async (c) => {
    await limitAddress(c, 'resendVerificationByAddress');
    await resendVerification(c.req.valid('json').email);
    return c.json({ success: true, message: ACCOUNT_MESSAGES.verificationSent }, 200);
  })
  .openapi(logout, async (c) => {
    await revokeToken(await getDb(), currentSession(c));
    return c.body(null, 204);
  })
  .openapi(logoutAll, async (c) => {
    await revokeAllTokens(await getDb(), currentUser(c).id);
    return c.body(null, 204);
  });
