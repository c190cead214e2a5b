import { and, eq, sql } from 'drizzle-orm';
import { getDb, type Database } from '../db/client.ts';
import { oauthAccounts, users } from '../db/schema/index.ts';
import type { OidcIdentity } from '../auth/oidc.ts';
import type { UserRow } from './accounts.ts';

export class SocialSignInError extends Error {}

type Executor = Pick<Database, 'select'>;

/**
 * A free username made of the e-mail's letters and digits (3 to 50 of them). Runs on the caller's
 * transaction: on the embedded database, a query on another connection would wait for it forever.
 */
async function pickUsername(db: Executor, email: string): Promise<string> {
  const base = (email.split('@')[0] ?? '').replace(/[^\p{L}\p{N}]/gu, '').slice(0, 40).padEnd(3, '0') || 'member';
  for (let n = 0; ; n++) {
    const candidate = n === 0 ? base : `${base}${n}`;
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.username})`, candidate.toLowerCase()));
    if (!taken) return candidate;
  }
}

/**
 * The member for a provider identity: the one linked to it; else the account with the same,
 * provider-verified e-mail (now linked, and verified); else a new account.
 */
export async function signInWithIdentity(provider: string, identity: OidcIdentity): Promise<UserRow> {
  const db = await getDb();
  const [linked] = await db
    .select({ user: users })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.subject, identity.subject)));
  if (linked) return linked.user;
  if (!identity.email || !identity.emailVerified) {
    throw new SocialSignInError('Your Google account has no verified email address');
  }
  const email = identity.email;
  return db.transaction(async (tx) => {
    let [user] = await tx.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    if (user) {
      if (!user.emailVerifiedAt) {
        [user] = await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id)).returning();
      }
    } else {
      [user] = await tx
        .insert(users)
        .values({ email, username: await pickUsername(tx, email), fullName: identity.name ?? '', emailVerifiedAt: new Date() })
        .returning();
    }
    await tx.insert(oauthAccounts).values({ userId: user!.id, provider, subject: identity.subject, email }).onConflictDoNothing();
    return user!;
  });
}
