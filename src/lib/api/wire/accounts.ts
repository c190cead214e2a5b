// The account calls (spec 1 §2.13, §5, §8): the fields members send, the request bodies and the
// answers. The rules and messages themselves are in src/lib/accounts/account-rules.ts (zod-free,
// shared with the forms).
import { z } from '@hono/zod-openapi';
import {
  BIO_MAX_LENGTH,
  EMAIL_MESSAGE,
  findPasswordProblem,
  FULL_NAME_MAX_LENGTH,
  PROFILE_IMAGE_MESSAGE,
  USERNAME_MESSAGE,
  USERNAME_PATTERN,
} from '../../accounts/account-rules.ts';

// ---- fields ----

export const EmailSchema = z.string().trim().max(254, EMAIL_MESSAGE).pipe(z.email(EMAIL_MESSAGE));
export const UsernameSchema = z
  .string()
  .trim()
  // the stored form (docs/decisions/030): full-width letters are plain ones, decomposed Hangul is composed
  .normalize('NFKC')
  .regex(USERNAME_PATTERN, USERNAME_MESSAGE)
  // said again for the document: the generator writes a regex with flags as `…$/u`, which nothing matches
  .openapi({ pattern: '^[\\p{L}\\p{N}]{3,50}$' });
export const PasswordSchema = z
  .string()
  .max(200, 'Password must be at most 200 characters long')
  .superRefine((password, ctx) => {
    const problem = findPasswordProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
// No name needs a control character, and PostgreSQL refuses NUL in text; a bio keeps its line breaks and tabs.
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;
const NO_CONTROL_CHARACTERS_BUT_LINES = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

export const FullNameSchema = z
  .string()
  .trim()
  .max(FULL_NAME_MAX_LENGTH, 'Full name must be at most 100 characters')
  .regex(NO_CONTROL_CHARACTERS, 'Full name must not contain control characters');
export const BioSchema = z
  .string()
  .max(BIO_MAX_LENGTH, 'Bio must be at most 500 characters')
  .regex(NO_CONTROL_CHARACTERS_BUT_LINES, 'Bio must not contain control characters');

/**
 * A profile image (avatar, cover photo): the `public_url` POST /uploads answered to this member
 * (a /media/ path with local storage, the bucket's address with S3), or null to remove it. Whether
 * it is really one of this member's uploads is the service's rule (services/uploads); this only
 * bounds the text. Outside addresses are refused there: they would let a member make every
 * visitor's browser call a host of their choosing.
 */
export const ProfileImageSchema = z
  .string()
  .trim()
  .min(1, PROFILE_IMAGE_MESSAGE)
  .max(1000, PROFILE_IMAGE_MESSAGE)
  .regex(/^[^\u0000-\u0020\u007f]+$/, PROFILE_IMAGE_MESSAGE)
  .nullable();

// ---- requests ----

export const RegisterSchema = z.object({ email: EmailSchema, username: UsernameSchema, full_name: FullNameSchema, password: PasswordSchema });

export const LoginFormSchema = z
  .object({
    // No account's e-mail is longer than 254 characters (EmailSchema): a longer one is a 400.
    username: z.string().trim().min(1, 'Email is required').max(254, EMAIL_MESSAGE).openapi({ description: 'the account e-mail' }),
    password: z.string().min(1, 'Password is required'),
  })
  .openapi('LoginForm');

/** forgot-password and resend-verification */
export const EmailRequestSchema = z.object({ email: EmailSchema });

export const ResetPasswordSchema = z.object({ token: z.string().min(1, 'Token is required').max(200), new_password: PasswordSchema });

export const VerifyEmailSchema = z.object({ token: z.string().min(1, 'Token is required').max(200) });

/** POST /auth/sign-in-link/redeem: the token of an e-mailed sign-in link (docs/decisions/032) */
export const RedeemSignInLinkSchema = z.object({ token: z.string().min(1, 'Token is required').max(200) });

// ---- answers ----

export const MessageSchema = z.object({ success: z.boolean(), message: z.string() }).openapi('Message');

export const TokenSchema = z.object({ access_token: z.string(), token_type: z.literal('bearer') }).openapi('AccessToken');

/** GET /auth/google/authorize without ?redirect=true */
export const GoogleAuthorizeSchema = z.object({ authorization_url: z.string() });
