import type { Context } from 'hono';
import { createRoute } from '@hono/zod-openapi';
import {
  EmailRequestSchema,
  LoginFormSchema,
  MessageSchema,
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
import { signInWithPassword } from '../../services/accounts/sign-in.ts';
import { revokeAllTokens, revokeToken } from '../../services/accounts/sessions.ts';
import { currentSession, currentUser } from '../auth-middleware.ts';
import { memberWrite } from '../member-limits.ts';
import { clientIp } from '../client-ip.ts';
import { createRouter } from '../create-router.ts';
import { errorAnswer as error, jsonAnswer as answer, jsonBody as json } from '../schemas.ts';


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
  },
  responses: {
    200: answer('Signed in', TokenSchema),
    400: error('A field is missing'),
    401: error('Wrong e-mail or password'),
    403: error('The e-mail is not verified yet'),
    429: error('Too many attempts'),
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
});

const logoutAll = memberWrite('signOutsByMember', {
  method: 'post',
  path: '/auth/logout-all',
  operationId: 'logoutAll',
  tags: ['Auth'],
  summary: 'Sign out everywhere: every token of the member stops working at once',
  responses: { 204: { description: 'Signed out everywhere' }, 401: error('Not signed in, or the token is no longer valid') },
});

export const authRoutes = createRouter()
  .openapi(register, async (c) => {
    await limitAddress(c, 'registerByAddress');
    const body = c.req.valid('json');
    await registerAccount(await getDb(), { email: body.email, username: body.username, fullName: body.full_name, password: body.password });
    return c.json({ success: true, message: ACCOUNT_MESSAGES.registered }, 201);
  })
  .openapi(login, async (c) => {
    const form = c.req.valid('form');
    const { accessToken } = await signInWithPassword(await getDb(), { email: form.username, password: form.password, address: clientIp(c) });
    return c.json({ access_token: accessToken, token_type: 'bearer' as const }, 200);
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
