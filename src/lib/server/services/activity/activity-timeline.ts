// A member's activity (spec 2 §2, §9; contract "Watch lists and activity"): the items their list
// writes leave (services/lists/list-entries.ts), newest first, one page at a time, readable as their
// lists are (services/lists/list-access.ts). GET /lists/me/recent and /users/{id}/recent answer it,
// the timeline page (activity-page.ts) and the profile's Recent Activity show it.
import { count, desc, eq, sql } from 'drizzle-orm';
import type { ListStatus } from '../../../lists/watch-lists.ts';
import { activities, dramas } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transactions.ts';
import { assertListsReadable } from '../lists/list-access.ts';
import { FIRST_PHOTO, type ActivityKind } from '../lists/list-reads.ts';

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
  const [{ total }] = (await db.select({ total: count() }).from(activities).where(eq(activities.userId, ownerId))) as [{ total: number }];
  const items: ActivityItem[] = await db
    .select({
      id: activities.id,
      kind: activities.kind,
      cycle: activities.cycle,
      dramaId: activities.dramaId,
      dramaTitle: dramas.title,
      dramaPoster: sql<string | null>`coalesce(${dramas.posterImage}, ${dramas.mainPhoto}, ${dramas.thumbnail}, ${dramas.bannerImage})`,
      newStatus: activities.newStatus,
      score: activities.score,
      progress: activities.progress,
      previousStatus: activities.previousStatus,
      previousScore: activities.previousScore,
      previousProgress: activities.previousProgress,
      totalEpisodes: dramas.episodes,
      at: activities.createdAt,
      bannerImage: dramas.bannerImage,
      posterImage: dramas.posterImage,
      mainPhoto: dramas.mainPhoto,
      thumbnail: dramas.thumbnail,
      firstPhoto: FIRST_PHOTO,
    })
    .from(activities)
    .innerJoin(dramas, eq(dramas.id, activities.dramaId))
    .where(eq(activities.userId, ownerId))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(size)
    .offset((page - 1) * size);
  return { items, total };
}
