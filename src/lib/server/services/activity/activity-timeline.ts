// A member's activity (spec 2 §2, §9; contract "Watch lists and activity"): the items their list
// writes leave (services/lists/list-entries.ts), newest first, one page at a time, readable as their
// lists are (services/lists/list-access.ts). GET /lists/me/recent and /users/{id}/recent answer it,
// the timeline page (activity-page.ts) and the profile's Recent Activity show it.
import { sql } from 'drizzle-orm';
import type { ListStatus } from '../../../lists/watch-lists.ts';
import { queryRows } from '../../db/named-query.ts';
import type { Executor } from '../../db/transactions.ts';
import { assertListsReadable } from '../lists/list-access.ts';
import type { ActivityKind } from '../lists/list-reads.ts';

export interface ActivityItem {
  id: number;
  kind: ActivityKind;
  cycle: number;
  dramaId: number;
  dramaTitle: string;
  dramaPoster: string | null;
  newStatus: ListStatus;
  score: number | null;
  progress: number | null;
  /** the values before the change (null for an entry just added): the timeline words a change by them */
  previousStatus: ListStatus | null;
  previousScore: number | null;
  previousProgress: number | null;
  totalEpisodes: number | null;
  at: Date;
  /** the drama's image fields, for pages that choose the card's image (src/lib/dramas/drama-card.ts) */
  bannerImage: string | null;
  posterImage: string | null;
  mainPhoto: string | null;
  thumbnail: string | null;
  firstPhoto: string | null;
}

/** One page of the member's activity, newest first (GET /lists/me/recent, /users/{id}/recent). */
export async function recentActivity(
  db: Executor, ownerId: number, viewerId: number | undefined, page: number, size: number,
): Promise<{ items: ActivityItem[]; total: number }> {
  await assertListsReadable(db, ownerId, viewerId);
  const [{ total }] = (await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM activities WHERE user_id = ${ownerId}`)) as [
    { total: number },
  ];
  const items = await queryRows<ActivityItem>(db, sql`
    SELECT a.id, a.kind, a.cycle, a.drama_id AS "dramaId", d.title AS "dramaTitle",
      coalesce(d.poster_image, d.main_photo, d.thumbnail, d.banner_image) AS "dramaPoster",
      a.new_status AS "newStatus", a.score, a.progress, a.previous_status AS "previousStatus",
      a.previous_score AS "previousScore", a.previous_progress AS "previousProgress",
      d.episodes AS "totalEpisodes", a.created_at AS at,
      d.banner_image AS "bannerImage", d.poster_image AS "posterImage", d.main_photo AS "mainPhoto", d.thumbnail,
      (SELECT p.url FROM drama_photos p WHERE p.drama_id = d.id ORDER BY p.position, p.id LIMIT 1) AS "firstPhoto"
    FROM activities a JOIN dramas d ON d.id = a.drama_id
    WHERE a.user_id = ${ownerId}
    ORDER BY a.created_at DESC, a.id DESC
    LIMIT ${size} OFFSET ${(page - 1) * size}`);
  return { items, total };
}
