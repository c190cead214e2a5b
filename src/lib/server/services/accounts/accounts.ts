import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { normalizeUsername } from '../../../accounts/username-rules.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { consumeOneTimeToken, findOneTimeToken, issueOneTimeToken, revokeOneTimeTokens } from '../../auth/one-time-tokens.ts';
import { runInBackground } from '../../jobs/background.ts';
import { getDb } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { afterCommit, withTransaction, type Executor } from '../../db/transactions.ts';
import { ConflictError, ForbiddenError, NotFoundError, RateLimitedError, SuspendedError, UnauthenticatedError, ValidationError } from '../../errors.ts';
import { logger } from '../../logger.ts';
import { sendMail, type OutgoingMail } from '../../mail/mailer.ts';
import { passwordChangedMail, passwordResetMail, verificationMail } from '../../mail/templates.ts';
import { clearLimit, consumeLimit, limitKey, type LimitName } from '../../rate-limit.ts';
import { ACCOUNT_REFUSALS, couldBeUsername } from '../../../accounts/account-rules.ts';
import { checkNewUsername, checkRename, claimRename, takeCheckedUsername, usernameTaken } from './usernames.ts';

export type UserRow = typeof users.$inferSelect;

export const ACCOUNT_MESSAGES = {
  ...ACCOUNT_REFUSALS,
  usernameTaken: 'This username is already taken',
  registered: 'Registration successful! Please check your email to verify your account.',
  resetSent: 'If an account exists for this email, a password reset link has been sent.',
  verificationSent: 'If an unverified account exists for this email, a new verification link has been sent.',
} as const;

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.trim().toLowerCase());
const byUsername = (username: string) => eq(sql`lower(${users.username})`, normalizeUsername(username).toLowerCase());

/**
 * Sends a mail to `to` without failing the caller: the account change stands, and the link can be
 * asked again. At most a few messages an hour go to one address, whoever asks for them: `budget`
 * names the limit they count against (the mail is made only within it, so no link is issued for a
 * mail that would not go), or none for a security notice ("your password was changed"), which goes
 * out whatever links were asked for before it, since the change it reports was itself limited and
 * its owner must hear of it. Shared by every account mail (sign-in links: sign-in-links.ts).
 */
export async function deliverNow(to: string, budget: LimitName | undefined, makeMail: () => OutgoingMail | Promise<OutgoingMail>): Promise<void> {
  try {
    if (budget) await consumeLimit(budget, limitKey.account(to));
  } catch (error) {
    if (error instanceof RateLimitedError) {
      logger.warn({ to, limit: budget }, 'mail not sent: too many messages to this address');
      return;
    }
    throw error;
  }
  const mail = await makeMail();
  try {
    await sendMail(mail);
  } catch (error) {
    logger.error({ err: error, to: mail.to, subject: mail.subject }, 'could not send mail');
  }
}

/**
 * Sends after the answer, once what `db` wrote is committed: no request waits on SMTP (nor tells by
 * its timing that a mail went out), and no mail goes out for a change that rolled back.
 */
function deliver(db: Executor, mail: OutgoingMail, { always = false } = {}) {
  afterCommit(db, () => runInBackground('sending mail', () => deliverNow(mail.to, always ? undefined : 'mailByAccount', () => mail)));
}

function isUniqueViolation(error: unknown, index: string) {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgError = e.code ? e : e.cause;
  return pgError?.code === '23505' && pgError.constraint === index;
}

async function sendVerification(db: Executor, user: UserRow) {
  const token = await issueOneTimeToken(db, user.id, 'verify_email');
  deliver(db, verificationMail(user.email, user.fullName || user.username, token));
}

const emailTaken = () => new ConflictError(ACCOUNT_MESSAGES.emailTaken, 'email');
const userNotFound = () => new NotFoundError('User not found');

/**
 * Creates an unverified account and e-mails its verification link. The username keeps the rules of
 * usernames.ts (normalised, not reserved, one script, not like a name taken or held), checked once,
 * before the password is hashed; a race for one name is decided by the unique indexes.
 */
export async function registerAccount(db: Executor, input: { email: string; username: string; fullName: string; password: string }) {
  // the cheap rules first: a name or an e-mail taken costs no password hash
  const [taken] = await db.select({ id: users.id }).from(users).where(byEmail(input.email)).limit(1);
  if (taken) throw emailTaken();
  const checked = await checkNewUsername(db, input.username);
  const passwordHash = await hashPassword(input.password);
  let user: UserRow | undefined;
  try {
    user = await withTransaction(db, async (tx) => {
      const name = await takeCheckedUsername(tx, checked);
      const [row] = await tx
        .insert(users)
        .values({ email: input.email.trim(), ...name, fullName: input.fullName.trim(), passwordHash })
        .returning();
      await sendVerification(tx, row!);
      return row!;
    });
  } catch (error) {
    // Two registrations raced past the checks above: the unique indexes decide.
    if (isUniqueViolation(error, 'users_email_lower_key')) throw emailTaken();
    if (isUniqueViolation(error, 'users_username_lower_key') || isUniqueViolation(error, 'users_username_skeleton_key')) throw usernameTaken();
    throw error;
  }
  return user;
}

// Compared against when no account matches, so a wrong e-mail costs as much time as a wrong password.
const decoyHash = hashPassword('decoy-password-for-timing');

/**
 * The account for these credentials; UnauthenticatedError when they do not match, ForbiddenError
 * while unverified (a new verification link is sent then).
 */
export async function authenticate(db: Executor, email: string, password: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(byEmail(email)).limit(1);
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, password)
    : (await verifyPassword(await decoyHash, password), false);
  if (!user || !ok) throw new UnauthenticatedError(ACCOUNT_MESSAGES.badCredentials);
  if (!user.emailVerifiedAt) {
    await sendVerification(db, user);
    throw new ForbiddenError(ACCOUNT_MESSAGES.notVerified);
  }
  refuseSuspended(user);
  return user;
}

/**
 * Refuses to sign a suspended member in (every way in: password, sign-in link, Google): a
 * SuspendedError (403) saying until when. Asked only once the credentials proved who it is, so the
 * answer tells a stranger nothing about the account.
 */
export function refuseSuspended(user: Pick<UserRow, 'suspendedUntil'>): void {
  if (user.suspendedUntil && user.suspendedUntil.getTime() > Date.now()) throw new SuspendedError(user.suspendedUntil);
}

/** Marks the account of a verification token verified. */
export async function verifyEmail(db: Executor, token: string): Promise<UserRow> {
  const userId = await consumeOneTimeToken(db, token, 'verify_email');
  if (!userId) throw new ValidationError(ACCOUNT_MESSAGES.badVerifyToken, 'token');
  const [user] = await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return user!;
}

/**
 * Sends a new verification link when the account exists and is unverified; silent otherwise. All of
 * it happens after the caller has answered, so known and unknown addresses answer alike (background
 * work of its own, on the pool: it never joins the caller's transaction).
 */
export function resendVerification(email: string): void {
  runInBackground('resending a verification link', async () => {
    const db = await getDb();
    const [user] = await db.select().from(users).where(byEmail(email)).limit(1);
    if (user && !user.emailVerifiedAt) await sendVerification(db, user);
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
    deliver(db, passwordResetMail(user.email, user.fullName || user.username, token));
  });
}

/**
 * Sets a new password from a reset token (whose rules the caller has checked), revokes every
 * access token and every other reset link of the account, marks the e-mail verified (the link
 * proved the inbox is theirs) and tells the owner by e-mail. A token that cannot be used costs no
 * password hashing; a usable one is used up only together with the change.
 */
export async function resetPassword(db: Executor, token: string, newPassword: string): Promise<void> {
  const badToken = () => new ValidationError(ACCOUNT_MESSAGES.badResetToken, 'token');
  const userId = await findOneTimeToken(db, token, 'reset_password');
  if (!userId) throw badToken();
  const passwordHash = await hashPassword(newPassword);
  const user = await withTransaction(db, async (tx) => {
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
  deliver(db, passwordChangedMail(user.email, user.fullName || user.username), { always: true });
}

/** The account with this e-mail (any case), if there is one. */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(byEmail(email)).limit(1);
  return user;
}

/** The id of the account with this e-mail (any case), if there is one. */
export async function findUserIdByEmail(db: Executor, email: string): Promise<number | undefined> {
  const [user] = await db.select({ id: users.id }).from(users).where(byEmail(email)).limit(1);
  return user?.id;
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/**
 * The member with this public name, whatever its case or width (NFKC); not-found for none, and for
 * an account whose e-mail was never verified: it has no public profile (contract "Usernames").
 */
export async function getUserByUsername(db: Executor, username: string): Promise<UserRow> {
  // a name that breaks the username rule names nobody; a NUL would make the query itself fail
  if (!couldBeUsername(username.normalize('NFKC').trim())) throw userNotFound();
  const [user] = await db.select().from(users).where(and(byUsername(username), isNotNull(users.emailVerifiedAt))).limit(1);
  if (!user) throw userNotFound();
  return user;
}

export interface ProfilePatch {
  username?: string;
  fullName?: string;
  bio?: string;
  avatar?: string | null;
  coverPhoto?: string | null;
  /** watch lists, stats and activity for the member only (docs/decisions/020) */
  listsPrivate?: boolean;
}

/**
 * The rules of a profile patch that need no lock, checked once, before anything costly (an upload's
 * decode, docs/decisions/028): a new username's rules, the daily rename limit and the names taken or
 * held (usernames.ts checkRename). Call it before updateProfile, which does not check them again.
 */
export async function checkProfilePatch(db: Executor, userId: number, patch: ProfilePatch): Promise<void> {
  if (patch.username === undefined) return;
  const [current] = await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, userId)).limit(1);
  if (!current) throw userNotFound();
  await checkRename(db, current, patch.username);
}

/**
 * Updates the member's own profile, whose patch checkProfilePatch allowed. A new username is claimed
 * (usernames.ts claimRename): a 6th rename in a day is a RateLimitedError, counted with the member's
 * row locked, so renames are counted one at a time; a name another account took meanwhile is a
 * ConflictError (the unique indexes).
 */
export async function updateProfile(db: Executor, userId: number, patch: ProfilePatch): Promise<UserRow> {
  try {
    return await withTransaction(db, async (tx) => {
      const { username, ...rest } = patch;
      const changes: Partial<typeof users.$inferInsert> = { ...rest };
      if (username !== undefined) {
        const [current] = await tx.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, userId)).for('update');
        if (!current) throw userNotFound();
        Object.assign(changes, await claimRename(tx, current, username));
      }
      const [user] = await tx
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      if (!user) throw userNotFound();
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_username_lower_key') || isUniqueViolation(error, 'users_username_skeleton_key')) throw usernameTaken();
    throw error;
  }
}
