// Profile views (contract: `POST /users/{id}/view`): a signed-in member's view of another member's
// profile counts at most once in 24 hours; a member's own views never count.
import { eq, sql } from 'drizzle-orm';
import { isStorableId } from '../../../ids/path-id.ts';
import { profileViews, users } from '../../db/schema/index.ts';
import { withTransaction, type Executor } from '../../db/transactions.ts';
import { NotFoundError } from '../../errors.ts';

/** How long after a counted view the same viewer's next one counts again. */
export const VIEW_INTERVAL_HOURS = 24;

/**
 * Counts the view when it is due and answers the profile's views. One statement decides: the
 * viewer's row is inserted, or moved to now only when its last counted view is 24 hours old; a row
 * returned is a view counted, in the same transaction as the counter.
 */
export async function recordProfileView(db: Executor, viewerId: number, profileUserId: number): Promise<number> {
  if (!isStorableId(profileUserId)) throw new NotFoundError('User not found');
  return withTransaction(db, async (tx) => {
    const [profile] = await tx.select({ views: users.profileViews }).from(users).where(eq(users.id, profileUserId)).limit(1);
    if (!profile) throw new NotFoundError('User not found');
    if (viewerId === profileUserId) return profile.views;
    const counted = await tx
      .insert(profileViews)
      .values({ profileUserId, viewerId, countedAt: sql`now()` })
      .onConflictDoUpdate({
        target: [profileViews.profileUserId, profileViews.viewerId],
        set: { countedAt: sql`now()` },
        setWhere: sql`${profileViews.countedAt} <= now() - make_interval(hours => ${VIEW_INTERVAL_HOURS})`,
      })
      .returning({ viewerId: profileViews.viewerId });
    if (counted.length === 0) return profile.views;
    const [moved] = await tx
      .update(users)
      .set({ profileViews: sql`${users.profileViews} + 1` })
      .where(eq(users.id, profileUserId))
      .returning({ views: users.profileViews });
    return moved!.views;
  });
}
