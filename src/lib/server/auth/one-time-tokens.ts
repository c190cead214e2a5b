import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { authTokens } from '../db/schema/index.ts';

export type OneTimeTokenKind = 'verify_email' | 'reset_password';

/** How long each kind of e-mailed link stays valid. */
export const TOKEN_LIFETIME_MS: Record<OneTimeTokenKind, number> = {
  verify_email: 24 * 3600_000,
  reset_password: 3600_000,
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates a random single-use token for the user; only its hash is stored. */
export async function issueOneTimeToken(db: Database, userId: number, kind: OneTimeTokenKind): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(authTokens).values({
    userId,
    kind,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[kind]),
  });
  return token;
}

/**
 * Marks the token used and returns its user id, when it exists, is of this kind, unused and
 * unexpired. The single UPDATE makes concurrent uses race safely: only one of them wins.
 */
export async function consumeOneTimeToken(
  db: Database,
  token: string,
  kind: OneTimeTokenKind,
): Promise<number | undefined> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: authTokens.userId });
  return row?.userId;
}
