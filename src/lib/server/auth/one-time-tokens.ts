import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { authTokens } from '../db/schema/index.ts';

export type OneTimeTokenKind = 'verify_email' | 'reset_password' | 'sign_in';

/** The database or a transaction on it. */
type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

/** How long each kind of e-mailed link stays valid. */
export const TOKEN_LIFETIME_MS: Record<OneTimeTokenKind, number> = {
  verify_email: 24 * 3600_000,
  reset_password: 3600_000,
  /** a sign-in link for a member locked out by a guessing attack (docs/decisions/032) */
  sign_in: 15 * 60_000,
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates a random single-use token for the user; only its hash is stored. */
export async function issueOneTimeToken(db: Executor, userId: number, kind: OneTimeTokenKind): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(authTokens).values({
    userId,
    kind,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[kind]),
  });
  return token;
}

const usable = (token: string, kind: OneTimeTokenKind) =>
  and(
    eq(authTokens.tokenHash, hashToken(token)),
    eq(authTokens.kind, kind),
    isNull(authTokens.usedAt),
    gt(authTokens.expiresAt, sql`now()`),
  );

/**
 * The user id of a token that exists, is of this kind, unused and unexpired, without using it up
 * (a cheap check before costly work; consumeOneTimeToken still decides).
 */
export async function findOneTimeToken(db: Executor, token: string, kind: OneTimeTokenKind): Promise<number | undefined> {
  const [row] = await db.select({ userId: authTokens.userId }).from(authTokens).where(usable(token, kind)).limit(1);
  return row?.userId;
}

/** Uses up every outstanding token of this kind of the user (e.g. the other reset links, after a reset). */
export async function revokeOneTimeTokens(db: Executor, userId: number, kind: OneTimeTokenKind): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
}

/**
 * Marks the token used and returns its user id, when it exists, is of this kind, unused and
 * unexpired. The single UPDATE makes concurrent uses race safely: only one of them wins.
 */
export async function consumeOneTimeToken(
  db: Executor,
  token: string,
  kind: OneTimeTokenKind,
): Promise<number | undefined> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(usable(token, kind))
    .returning({ userId: authTokens.userId });
  return row?.userId;
}
