import { eq, sql } from 'drizzle-orm';
import type { Role } from '../../../users/roles.ts';
import { users } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transactions.ts';

/**
 * Gives the account with this e-mail (matched case-insensitively) a role, and revokes its current
 * tokens so the new role applies at the next sign-in. Returns the account, or undefined if none.
 */
export async function setUserRole(db: Executor, email: string, role: Role) {
  const [user] = await db
    .update(users)
    .set({ role, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .returning({ id: users.id, email: users.email, username: users.username, role: users.role });
  return user;
}
