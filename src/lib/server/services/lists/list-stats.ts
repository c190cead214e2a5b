// A member's list statistics (spec 2 §2, contract "Watch lists and activity"): counts per list,
// episodes watched and the mean score, read from their entries; readable as their lists are
// (services/lists/list-access.ts).
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/named-query.ts';
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

/**
 * Counts per list, total, episodes watched (the sum of progress; a completed entry counts the
 * drama's episodes, or its progress when the count is unknown) and the mean of given scores (one
 * decimal, 0 when none).
 */
export async function getStats(db: Executor, ownerId: number, viewerId: number | undefined): Promise<ListStats> {
  await assertListsReadable(db, ownerId, viewerId);
  const [row] = await queryRows<{ [K in keyof ListStats]: number | string }>(db, sql`
    SELECT count(*) FILTER (WHERE e.status = 'watching')::int AS watching,
      count(*) FILTER (WHERE e.status = 'completed')::int AS completed,
      count(*) FILTER (WHERE e.status = 'plan_to_watch')::int AS "planToWatch",
      count(*) FILTER (WHERE e.status = 'dropped')::int AS dropped,
      count(*)::int AS total,
      coalesce(sum(CASE WHEN e.status = 'completed' THEN coalesce(d.episodes, e.progress, 0) ELSE coalesce(e.progress, 0) END), 0)::bigint AS "episodesWatched",
      coalesce(round(avg(e.score), 1), 0)::text AS "meanScore"
    FROM list_entries e JOIN dramas d ON d.id = e.drama_id
    WHERE e.user_id = ${ownerId}`);
  return {
    watching: Number(row!.watching),
    completed: Number(row!.completed),
    planToWatch: Number(row!.planToWatch),
    dropped: Number(row!.dropped),
    total: Number(row!.total),
    episodesWatched: Number(row!.episodesWatched),
    meanScore: Number(row!.meanScore),
  };
}
