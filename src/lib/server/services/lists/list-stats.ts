// A member's list statistics (spec 2 §2, contract "Watch lists and activity"): counts per list,
// episodes watched and the mean score, read from their entries; readable as their lists are
// (services/lists/list-access.ts).
import { count, eq, sql } from 'drizzle-orm';
import { dramas, listEntries as e } from '../../db/schema/index.ts';
import type { ListStatus } from '../../../lists/watch-lists.ts';
import type { Executor } from '../../db/transactions.ts';
import { assertListsReadable } from './list-access.ts';

export interface ListStats {
  watching: number;
  completed: number;
  planToWatch: number;
  dropped: number;
  total: number;
  episodesWatched: number;
  meanScore: number;
}

/** How many of the entries are in the list. */
const countOf = (status: ListStatus) => sql`count(*) FILTER (WHERE ${e.status} = ${status})`.mapWith(Number);

/**
 * Counts per list, total, episodes watched (the sum of progress; a completed entry counts the
 * drama's episodes, or its progress when the count is unknown) and the mean of given scores (one
 * decimal, 0 when none).
 */
export async function getStats(db: Executor, ownerId: number, viewerId: number | undefined): Promise<ListStats> {
  await assertListsReadable(db, ownerId, viewerId);
  const [stats] = await db
    .select({
      watching: countOf('watching'),
      completed: countOf('completed'),
      planToWatch: countOf('plan_to_watch'),
      dropped: countOf('dropped'),
      total: count(),
      episodesWatched: sql`coalesce(sum(CASE WHEN ${e.status} = 'completed' THEN coalesce(${dramas.episodes}, ${e.progress}, 0)
        ELSE coalesce(${e.progress}, 0) END), 0)`.mapWith(Number),
      meanScore: sql`coalesce(round(avg(${e.score}), 1), 0)`.mapWith(Number),
    })
    .from(e)
    .innerJoin(dramas, eq(dramas.id, e.dramaId))
    .where(eq(e.userId, ownerId));
  return stats!;
}
