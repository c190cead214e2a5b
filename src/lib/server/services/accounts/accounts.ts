import { eq, or, sql } from 'drizzle-orm';
import { ApiError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../api/errors.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { consumeOneTimeToken, findOneTimeToken, issueOneTimeToken, revokeOneTimeTokens } from '../../auth/one-time-tokens.ts';
import { runInBackground } from '../../jobs/background.ts';
import { getDb } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { logger } from '../../logger.ts';
import { sendMail, type OutgoingMail } from '../../mail/mailer.ts';
import { passwordChangedMail, passwordResetMail, verificationMail } from '../../mail/templates.ts';
import { clearLimit, consumeLimit, limitKey, RateLimitedError } from '../../rate-limit.ts';

export type UserRow = typeof users.$inferSelect;

export const ACCOUNT_MESSAGES = {
  emailTaken: 'An account with this email already exists',
  usernameTaken: 'This username is already taken',
  badCredentials: 'Incorrect email or password',
  notVerified: 'Please verify your email address before signing in. We have sent you a new verification link.',
  badVerifyToken: 'Invalid or expired verification token',
  badResetToken: 'Invalid or expired reset token',
  registered: 'Registration successful! Please check your email to verify your account.',
  resetSent: 'If an account exists for this email, a password reset link has been sent.',
  verificationSent: 'If an unverified account exists for this email, a new verification link has been sent.',
} as const;

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.trim().toLowerCase());
const byUsername = (username: string) => eq(sql`lower(${users.username})`, username.trim().toLowerCase());

/**
 * Sends without failing the caller: the account change stands, and the link can be asked again.
 * At most a few messages an hour go to one address, whoever asks for them.
 */
async function deliverNow(mail: OutgoingMail) {
  try {
    await consumeLimit('mailByAccount', mail.to.toLowerCase());
  } catch (error) {
    if (error instanceof RateLimitedError) {
      logger.warn({ to: mail.to, subject: mail.subject }, 'mail not sent: too many messages to this address');
      return;
    }
    throw error;
  }
  try {
    await sendMail(mail);
  } catch (error) {
    logger.error({ err: error, to: mail.to, subject: mail.subject }, 'could not send mail');
  }
}

/** Sends after the answer: no request waits on SMTP (nor tells by its timing that a mail went out). */
function deliver(mail: OutgoingMail) {
  runInBackground('sending mail', () => deliverNow(mail));
}

function isUniqueViolation(error: unknown, index: string) {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgError = e.code ? e : e.cause;
  return pgError?.code === '23505' && pgError.constraint === index;
}

async function sendVerification(user: UserRow) {
  const db = await getDb();
  const token = await issueOneTimeToken(db, user.id, 'verify_email');
  deliver(verificationMail(user.email, user.fullName || user.username, token));
}

/** Creates an unverified account and e-mails its verification link. */
export async function registerAccount(input: { email: string; username: string; fullName: string; password: string }) {
  const db = await getDb();
  const [taken] = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(or(byEmail(input.email), byUsername(input.username)))
    .limit(1);
  if (taken?.email.toLowerCase() === input.email.toLowerCase()) throw conflict(ACCOUNT_MESSAGES.emailTaken, 'email');
  if (taken) throw conflict(ACCOUNT_MESSAGES.usernameTaken, 'username');
  let user: UserRow | undefined;
  try {
    [user] = await db
      .insert(users)
      .values({
        email: input.email.trim(),
        username: input.username.trim(),
        fullName: input.fullName.trim(),
        passwordHash: await hashPassword(input.password),
      })
      .returning();
  } catch (error) {
    // Two registrations raced past the check above: the unique indexes decide.
    if (isUniqueViolation(error, 'users_email_lower_key')) throw conflict(ACCOUNT_MESSAGES.emailTaken, 'email');
    if (isUniqueViolation(error, 'users_username_lower_key')) throw conflict(ACCOUNT_MESSAGES.usernameTaken, 'username');
    throw error;
  }
  await sendVerification(user!);
  return user!;
}

// Compared against when no account matches, so a wrong e-mail costs as much time as a wrong password.
const decoyHash = hashPassword('decoy-password-for-timing');

/** The account for these credentials; 401 when they do not match, 403 while unverified. */
export async function authenticate(email: string, password: string): Promise<UserRow> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(byEmail(email)).limit(1);
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, password)
    : (await verifyPassword(await decoyHash, password), false);
  if (!user || !ok) throw unauthorized(ACCOUNT_MESSAGES.badCredentials);
  if (!user.emailVerifiedAt) {
    await sendVerification(user);
    throw forbidden(ACCOUNT_MESSAGES.notVerified);
  }
  return user;
}

/** Marks the account of a verification token verified. */
export async function verifyEmail(token: string): Promise<UserRow> {
  const db = await getDb();
  const userId = await consumeOneTimeToken(db, token, 'verify_email');
  if (!userId) throw badRequest(ACCOUNT_MESSAGES.badVerifyToken, 'token');
  const [user] = await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return user!;
}

/**
 * Sends a new verification link when the account exists and is unverified; silent otherwise. All of
 * it happens after the caller has answered, so known and unknown addresses answer alike.
 */
export function resendVerification(email: string): void {
  runInBackground('resending a verification link', async () => {
    const db = await getDb();
    const [user] = await db.select().from(users).where(byEmail(email)).limit(1);
    if (user && !user.emailVerifiedAt) await sendVerification(user);
  });
}

/**
 * E-mails a reset link when the account exists. The lookup, the link and the mail all happen after
 * the caller has answered, so the answer is the same, and as fast, for any address.
 */
export function requestPasswordReset(email: string): void {
  runInBackground('requesting a password reset', async () => {
    const db = await getDb();
    const [user] = await db.select().from(users).where(byEmail(email)).limit(1);
    if (!user) return;
    const token = await issueOneTimeToken(db, user.id, 'reset_password');
    deliver(passwordResetMail(user.email, user.fullName || user.username, token));
  });
}

/**
 * Sets a new password from a reset token (whose rules the caller has checked), revokes every
 * access token and every other reset link of the account, marks the e-mail verified (the link
 * proved the inbox is theirs) and tells the owner by e-mail. A token that cannot be used costs no
 * password hashing; a usable one is used up only together with the change.
 */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  const db = await getDb();
  const badToken = () => badRequest(ACCOUNT_MESSAGES.badResetToken, 'token');
  const userId = await findOneTimeToken(db, token, 'reset_password');
  if (!userId) throw badToken();
  const passwordHash = await hashPassword(newPassword);
  const user = await db.transaction(async (tx) => {
    // The conditional UPDATE decides between concurrent uses of the same link.
    if ((await consumeOneTimeToken(tx, token, 'reset_password')) !== userId) return undefined;
    await revokeOneTimeTokens(tx, userId, 'reset_password');
    const [changed] = await tx
      .update(users)
      .set({
        passwordHash,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning();
    return changed;
  });
  if (!user) throw badToken();
  // The reset proved the inbox: failed sign-ins counted on the account from everywhere are forgotten.
  await clearLimit('loginFailuresByAccount', limitKey.account(user.email));
  deliver(passwordChangedMail(user.email, user.fullName || user.username));
}

export async function findUserById(id: number): Promise<UserRow | undefined> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export async function getUserByUsername(username: string): Promise<UserRow> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(byUsername(username)).limit(1);
  if (!user) throw notFound('User not found');
  return user;
}

export interface ProfilePatch {
  username?: string;
  fullName?: string;
  bio?: string;
  avatar?: string | null;
  coverPhoto?: string | null;
}

/** Updates the member's own profile; a username taken by someone else is a 409. */
export async function updateProfile(userId: number, patch: ProfilePatch): Promise<UserRow> {
  const db = await getDb();
  if (patch.username !== undefined) {
    const [other] = await db.select({ id: users.id }).from(users).where(byUsername(patch.username)).limit(1);
    if (other && other.id !== userId) throw conflict(ACCOUNT_MESSAGES.usernameTaken, 'username');
  }
  try {
    const [user] = await db
      .update(users)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (!user) throw notFound('User not found');
    return user;
  } catch (error) {
    if (isUniqueViolation(error, 'users_username_lower_key')) throw conflict(ACCOUNT_MESSAGES.usernameTaken, 'username');
    throw error;
  }
}
