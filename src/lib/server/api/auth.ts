import { createRoute, z } from '@hono/zod-openapi';
import { EMAIL_MESSAGE, EmailSchema, FullNameSchema, PasswordSchema, UsernameSchema } from '../../account-rules.ts';
import { signAccessToken } from '../auth/access-tokens.ts';
import {
  ACCOUNT_MESSAGES,
  authenticate,
  registerAccount,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verifyEmail,
} from '../services/accounts.ts';
import { checkLimit, consumeLimit, resetLimit } from '../rate-limit.ts';
import { revokeAllTokens, revokeToken } from '../services/sessions.ts';
import { currentSession, currentUser, requireUser } from './auth-middleware.ts';
import { clientIp } from './client-ip.ts';
import { ApiError } from './errors.ts';
import { createRouter } from './create-router.ts';
import { errorAnswer as error, jsonAnswer as answer, jsonBody as json } from './schemas.ts';


const MessageSchema = z.object({ success: z.boolean(), message: z.string() }).openapi('Message');
const TokenSchema = z.object({ access_token: z.string(), token_type: z.literal('bearer') }).openapi('AccessToken');
const LoginFormSchema = z
  .object({
    // No account's e-mail is longer than 254 characters (EmailSchema): a longer one is a 400.
    username: z.string().trim().min(1, 'Email is required').max(254, EMAIL_MESSAGE).openapi({ description: 'the account e-mail' }),
    password: z.string().min(1, 'Password is required'),
  })
  .openapi('LoginForm');

const register = createRoute({
  method: 'post',
  path: '/auth/register',
  tags: ['Auth'],
  summary: 'Create an account and send its verification e-mail',
  request: {
    body: json(
      z.object({ email: EmailSchema, username: UsernameSchema, full_name: FullNameSchema, password: PasswordSchema }),
    ),
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
  tags: ['Auth'],
  summary: 'E-mail a password reset link (same answer whether or not the account exists)',
  request: { body: json(z.object({ email: EmailSchema })) },
  responses: { 200: answer('Accepted', MessageSchema), 400: error('Invalid e-mail'), 429: error('Too many requests') },
});

const resetPasswordRoute = createRoute({
  method: 'post',
  path: '/auth/reset-password',
  tags: ['Auth'],
  summary: 'Set a new password with the token from the reset e-mail',
  request: { body: json(z.object({ token: z.string().min(1, 'Token is required').max(200), new_password: PasswordSchema })) },
  responses: { 200: answer('Password changed', MessageSchema), 400: error('Invalid or expired token, or weak password') },
});

const verify = createRoute({
  method: 'post',
  path: '/auth/verify',
  tags: ['Auth'],
  summary: 'Verify the e-mail address with the token from the verification e-mail',
  request: { body: json(z.object({ token: z.string().min(1, 'Token is required').max(200) })) },
  responses: { 200: answer('Verified', MessageSchema), 400: error('Invalid or expired token') },
});

const resend = createRoute({
  method: 'post',
  path: '/auth/resend-verification',
  tags: ['Auth'],
  summary: 'Send a new verification link (same answer whether or not the account exists)',
  request: { body: json(z.object({ email: EmailSchema })) },
  responses: { 200: answer('Accepted', MessageSchema), 400: error('Invalid e-mail'), 429: error('Too many requests') },
});

const logout = createRoute({
  method: 'post',
  path: '/auth/logout',
  operationId: 'logout',
  tags: ['Auth'],
  summary: 'Sign out: the token sent with this request stops working at once',
  security: [{ bearer: [] }],
  middleware: [requireUser] as const,
  responses: { 204: { description: 'Signed out' }, 401: error('Not signed in, or the token is no longer valid') },
});

const logoutAll = createRoute({
  method: 'post',
  path: '/auth/logout-all',
  operationId: 'logoutAll',
  tags: ['Auth'],
  summary: 'Sign out everywhere: every token of the member stops working at once',
  security: [{ bearer: [] }],
  middleware: [requireUser] as const,
  responses: { 204: { description: 'Signed out everywhere' }, 401: error('Not signed in, or the token is no longer valid') },
});

export const authRoutes = createRouter()
  .openapi(register, async (c) => {
    await consumeLimit('registerByIp', clientIp(c), 'Too many registrations from your network.');
    const body = c.req.valid('json');
    await registerAccount({ email: body.email, username: body.username, fullName: body.full_name, password: body.password });
    return c.json({ success: true, message: ACCOUNT_MESSAGES.registered }, 201);
  })
  .openapi(login, async (c) => {
    const form = c.req.valid('form');
    const account = form.username.toLowerCase();
    const message = 'Too many login attempts.';
    await consumeLimit('loginByIp', clientIp(c), message);
    await checkLimit('loginFailuresByAccount', account, message);
    try {
      const user = await authenticate(form.username, form.password);
      await resetLimit('loginFailuresByAccount', account);
      const token = await signAccessToken({ userId: user.id, role: user.role, version: user.tokenVersion });
      return c.json({ access_token: token, token_type: 'bearer' as const }, 200);
    } catch (error) {
      // Count the failure against the account; this attempt still answers 401, the next one 429.
      if (error instanceof ApiError && error.status === 401) await countLoginFailure(account);
      throw error;
    }
  })
  .openapi(forgotPassword, async (c) => {
    await consumeLimit('forgotPasswordByIp', clientIp(c), 'Too many password reset requests.');
    await requestPasswordReset(c.req.valid('json').email);
    return c.json({ success: true, message: ACCOUNT_MESSAGES.resetSent }, 200);
  })
  .openapi(resetPasswordRoute, async (c) => {
    const body = c.req.valid('json');
    await resetPassword(body.token, body.new_password);
    return c.json({ success: true, message: 'Your password has been reset.' }, 200);
  })
  .openapi(verify, async (c) => {
    await verifyEmail(c.req.valid('json').token);
    return c.json({ success: true, message: 'Email verified successfully!' }, 200);
  })
  .openapi(resend, async (c) => {
    await consumeLimit('forgotPasswordByIp', clientIp(c), 'Too many requests.');
    await resendVerification(c.req.valid('json').email);
    return c.json({ success: true, message: ACCOUNT_MESSAGES.verificationSent }, 200);
  })
  .openapi(logout, async (c) => {
    await revokeToken(currentSession(c));
    return c.body(null, 204);
  })
  .openapi(logoutAll, async (c) => {
    await revokeAllTokens(currentUser(c).id);
    return c.body(null, 204);
  });

async function countLoginFailure(account: string) {
  try {
    await consumeLimit('loginFailuresByAccount', account, '');
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 429)) throw error;
  }
}
