// What the activity timeline, /user/{username}/activity (spec 2 §2), reads: the member by username
// and one page of their activity, 20 a page (spec 2 §9), straight from the services (no HTTP to
// itself). A member whose lists are private shows an empty list, never the items (spec 2: a 403
// shows an empty list; docs/decisions/020, 021). The page is public and rendered on demand: it
// cannot know the visitor (tokens live in the browser), so it reads as a visitor does.
import { cardImageSrc } from '../../../dramas/drama-card.ts';
import { RECENT_DEFAULT_SIZE } from '../../../lists/watch-lists.ts';
import type { ActivityChange } from '../../../activity/activity-items.ts';
import { getDb } from '../../db/client.ts';
import { ForbiddenError, NotFoundError } from '../../errors.ts';
import { getUserByUsername } from '../accounts/accounts.ts';
import { recentActivity, type ActivityItem } from './activity-timeline.ts';
import { loadPage, pageOk, pageRedirect, type PageResult } from '../pages/page-result.ts';

/** activity items a page: the spec's 20 */
export const ACTIVITY_PAGE_SIZE = RECENT_DEFAULT_SIZE;

export interface TimelineItem extends ActivityChange {
  id: number;
  dramaId: number;
  dramaTitle: string;
  /** the card's image (src/lib/dramas/drama-card.ts), or null for the placeholder */
  image: string | null;
  totalEpisodes: number | null;
  /** ISO 8601, UTC */
  at: string;
}

export interface ActivityPageData {
  owner: { id: number; username: string };
  items: TimelineItem[];
  total: number;
  page: number;
  pages: number;
  /** the member's lists are private: the list is empty whatever they did */
  private: boolean;
}

const timelinePath = (username: string, page: number) =>
  `/user/${encodeURIComponent(username)}/activity${page > 1 ? `?page=${page}` : ''}`;

/**
 * The timeline of `username` at page `page` (from 1), or its state: not-found (404, 'User not
 * found') for no such member; a redirect to the member's own spelling of their name, or to the last
 * page for a page past the end. Never throws.
 */
export function loadActivityPage(username: string | undefined, page: number): Promise<PageResult<ActivityPageData>> {
  return loadPage({ page: 'activity', username }, async () => {
    const name = username?.trim() ?? '';
    if (!name) return { kind: 'error', reason: 'not-found', status: 404 };
    const db = await getDb();
    const user = await getUserByUsername(db, name);
    const owner = { id: user.id, username: user.username };
    if (user.username !== name) return pageRedirect(timelinePath(user.username, page), 301);
    let found: Awaited<ReturnType<typeof recentActivity>>;
    let hidden = false;
    try {
      found = await recentActivity(db, user.id, undefined, page, ACTIVITY_PAGE_SIZE);
    } catch (error) {
      // private lists (403), or the member removed meanwhile (404): an empty list, as the spec says
      if (!(error instanceof ForbiddenError || error instanceof NotFoundError)) throw error;
      hidden = error instanceof ForbiddenError;
      found = { items: [], total: 0 };
    }
    const pages = Math.max(1, Math.ceil(found.total / ACTIVITY_PAGE_SIZE));
    if (page > pages) return pageRedirect(timelinePath(user.username, pages));
    const items = found.items.map(toTimelineItem);
    return pageOk({ owner, items, total: found.total, page, pages, private: hidden });
  });
}

/** An activity item as the timeline (and the profile's Recent Activity) shows it. */
export function toTimelineItem(item: ActivityItem): TimelineItem {
  return {
    id: item.id,
    kind: item.kind,
    cycle: item.cycle,
    newStatus: item.newStatus,
    score: item.score,
    progress: item.progress,
    previousStatus: item.previousStatus,
    previousScore: item.previousScore,
    previousProgress: item.previousProgress,
    dramaId: item.dramaId,
    dramaTitle: item.dramaTitle,
    image: cardImageSrc(item),
    totalEpisodes: item.totalEpisodes,
    at: item.at.toISOString(),
  };
}
