import { and, eq, isNull, sql } from 'drizzle-orm';
import { FULL_NAME_MAX_LENGTH } from '../../../accounts/account-rules.ts';
import { findUsernameProblem, normalizeUsername, usernameSkeleton } from '../../../accounts/username-rules.ts';
import { authTokens, oauthAccounts, users } from '../../db/schema/index.ts';
import { withTransaction, type Executor } from '../../db/transactions.ts';
import { ForbiddenError, SuspendedError } from '../../errors.ts';
import type { OidcIdentity } from '../../auth/oidc.ts';
import { refuseSuspended, type UserRow } from './accounts.ts';
import { isUsernameAvailable, type ClaimedUsername } from './usernames.ts';

/** A sign-in the provider vouched for that we still refuse (its message is shown on the landing page). */
export class SocialSignInError extends ForbiddenError {
  /** a suspended member's: until when (the landing page says it in its language) */
  suspendedUntil?: Date;
}

/**
 * A free username made of the e-mail's letters and digits (3 to 50 of them) that keeps the username
 * rules (not reserved, one script, like no name taken or held), with its skeleton. Runs on the
 * caller's transaction: on the embedded database, a query on another connection would wait for it forever.
 */
async function pickUsername(db: Executor, email: string): Promise<ClaimedUsername> {
  let base = normalizeUsername(email.split('@')[0] ?? '').replace(/[^\p{L}\p{N}]/gu, '').slice(0, 40).padEnd(3, '0');
  if (findUsernameProblem(base)) base = 'member';
  for (let n = 0; ; n++) {
    const candidate = n === 0 ? base : `${base}${n}`;
    if (await isUsernameAvailable(db, candidate)) return { username: candidate, usernameSkeleton: usernameSkeleton(candidate) };
  }
}

/**
 * An unverified account with the e-mail the provider has verified was registered by someone who
 * never proved the inbox: possibly an attacker waiting for its owner to sign in with Google. The
 * inbox's owner takes it over as if it were new: the password is discarded, every access token and
 * e-mailed link revoked, and what its registrant could have set (full name, bio, images) replaced
 * by the provider's name or cleared. The username stays (its owner may have chosen it, and can
 * change it). (Discourse likewise resets the password of an inactive account it activates this way.)
 */
async function claimUnverifiedAccount(tx: Executor, userId: number, identity: OidcIdentity) {
  await tx
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.usedAt)));
  return tx
    .update(users)
    .set({
      passwordHash: null,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      emailVerifiedAt: new Date(),
      fullName: identity.name?.trim().slice(0, FULL_NAME_MAX_LENGTH) ?? '',
      bio: '',
      avatar: null,
      coverPhoto: null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
}

/** The member, unless suspended: then the landing page says until when (SocialSignInError). */
function notSuspended(user: UserRow): UserRow {
  try {
    refuseSuspended(user);
  } catch (error) {
    if (error instanceof SuspendedError) throw Object.assign(new SocialSignInError(error.message), { suspendedUntil: error.until });
    throw error;
  }
  return user;
}

/**
 * The member for a provider identity: the one linked to it; else the account with the same,
 * provider-verified e-mail (now linked, and verified; an unverified one is taken over, see
 * claimUnverifiedAccount); else a new account.
 */
export async function signInWithIdentity(db: Executor, provider: string, identity: OidcIdentity): Promise<UserRow> {
  const [linked] = await db
    .select({ user: users })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.subject, identity.subject)));
  if (linked) return notSuspended(linked.user);
  if (!identity.email || !identity.emailVerified) {
    throw new SocialSignInError('Your Google account has no verified email address');
  }
  const email = identity.email;
  return withTransaction(db, async (tx) => {
    let [user] = await tx.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    if (user) {
      if (!user.emailVerifiedAt) [user] = await claimUnverifiedAccount(tx, user.id, identity);
    } else {
      [user] = await tx
        .insert(users)
        .values({ email, ...(await pickUsername(tx, email)), fullName: identity.name ?? '', emailVerifiedAt: new Date() })
        .returning();
    }
    await tx.insert(oauthAccounts).values({ userId: user!.id, provider, subject: identity.subject, email }).onConflictDoNothing();
    return notSuspended(user!);
  });
}
