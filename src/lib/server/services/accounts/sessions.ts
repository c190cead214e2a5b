import { eq, lt, sql } from 'drizzle-orm';
import type { TokenSession } from '../../auth/access-tokens.ts';
import { revokedTokens, users } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transactions.ts';
import { isSuspended } from '../../../users/permissions.ts';
import type { UserRow } from './accounts.ts';

/**
 * The member a token speaks for, read with one query per request: undefined when the account is
 * gone, its token version moved on (password reset, role change, sign-out everywhere, a suspension)
 * or this very token was signed out, and while the account is suspended (a suspension also moves the
 * version on; this covers one set by hand in the database: docs/decisions/038 "Moderating members").
 */
export async function findSessionUser(db: Executor, session: TokenSession): Promise<UserRow | undefined> {
  const [row] = await db
    .select({
      user: users,
      revoked: sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${session.jti})`,
    })
    .from(users)
    .where(eq(users.id, session.userId))
    .limit(1);
  if (!row || row.revoked || row.user.tokenVersion !== session.version || isSuspended(row.user)) return undefined;
  return row.user;
}

/**
 * Signs one token out: its id is kept until the token would have expired anyway. Rows of tokens
 * that have expired since are pruned on the way, so the list stays as long as a week of sign-outs.
 */
export async function revokeToken(db: Executor, session: Pick<TokenSession, 'jti' | 'expiresAt'>): Promise<void> {
  await db.insert(revokedTokens).values({ jti: session.jti, expiresAt: session.expiresAt }).onConflictDoNothing();
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, sql`now()`));
}

/** Signs every token of the member out, by moving their token version on. */
export async function revokeAllTokens(db: Executor, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
