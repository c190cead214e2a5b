// What the public profile, /user/{username} (spec 2 §2 "Profile screen"), reads: the member by
// username (case-insensitive; another spelling redirects to theirs), their list statistics (null
// when their lists are private: the page says so instead), their 3 latest activity items (none
// when private), and their favourite dramas and cast (a showcase: private lists do not hide them,
// docs/decisions/020). Straight from the services, no HTTP to itself, as a visitor reads it: the
// page is rendered on demand for anyone and cannot know the visitor (tokens live in the browser);
// the member's own parts (follow, editing, favourites add/remove) are an island (docs/decisions/025).
import { cardImageSrc } from '../../../dramas/drama-card.ts';
import type { ListStatus } from '../../../lists/watch-lists.ts';
import { getDb } from '../../db/client.ts';
import { ForbiddenError, NotFoundError } from '../../errors.ts';
import { getUserByUsername } from '../accounts/accounts.ts';
import { favouriteCast, favouriteDramas } from '../favourites/favourites.ts';
import { recentActivity } from '../activity/activity-timeline.ts';
import { getStats, type ListStats } from '../lists/list-stats.ts';
import { loadPage, pageOk, pageRedirect, type PageResult } from '../pages/page-result.ts';
import { toTimelineItem, type TimelineItem } from '../activity/activity-page.ts';

/** activity items on the profile (spec 2 §9) */
export const PROFILE_RECENT_SIZE = 3;

/** What the profile shows of a member, as anyone may see it (never the e-mail). */
export interface ProfileMember {
  id: number;
  username: string;
  fullName: string;
  avatar: string | null;
  coverPhoto: string | null;
  bio: string;
  role: string;
  /** ISO 8601 */
  createdAt: string;
  followers: number;
  following: number;
  profileViews: number;
}

export interface ProfileFavouriteDrama {
  id: number;
  title: string;
  year: number | null;
  country: string;
  /** the card's image, or null for the placeholder */
  image: string | null;
}

export interface ProfileFavouritePerson {
  id: number;
  name: string;
  image: string | null;
  nationality: string[];
}

export interface ProfilePageData {
  member: ProfileMember;
  /** null: the member's lists are private */
  stats: ListStats | null;
  recent: TimelineItem[];
  favourites: { dramas: ProfileFavouriteDrama[]; cast: ProfileFavouritePerson[] };
}

/** The member's list statistics as shown (counts per list, in the spec's order) */
export const PROFILE_LIST_ORDER: readonly { status: ListStatus; key: 'watching' | 'completed' | 'planToWatch' | 'dropped' }[] = [
  { status: 'watching', key: 'watching' },
  { status: 'completed', key: 'completed' },
  { status: 'plan_to_watch', key: 'planToWatch' },
  { status: 'dropped', key: 'dropped' },
];

const profilePath = (username: string, rest = '') => `/user/${encodeURIComponent(username)}${rest}`;

/** A private list (403) or a member removed meanwhile (404) reads as nothing; anything else throws. */
async function unlessHidden<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ForbiddenError || error instanceof NotFoundError) return null;
    throw error;
  }
}

/**
 * The profile of `username`, or its state: not-found (404, 'User not found') for no such member, or
 * a redirect (301) to the member's own spelling of their name (`rest`: the path after the name,
 * for the followers pages). Never throws.
 */
export function loadProfilePage(username: string | undefined): Promise<PageResult<ProfilePageData>> {
  return loadPage({ page: 'profile', username }, async () => {
    const name = username?.trim() ?? '';
    if (!name) return { kind: 'error', reason: 'not-found', status: 404 };
    const db = await getDb();
    const user = await getUserByUsername(db, name);
    if (user.username !== name) return pageRedirect(profilePath(user.username), 301);
    const [stats, recent, dramas, cast] = await Promise.all([
      unlessHidden(getStats(db, user.id, undefined)),
      unlessHidden(recentActivity(db, user.id, undefined, 1, PROFILE_RECENT_SIZE)),
      unlessHidden(favouriteDramas(db, user.id)),
      unlessHidden(favouriteCast(db, user.id)),
    ]);
    return pageOk({
      member: {
        id: user.id,
        username: user.username,
        fullName: user.fullName,
        avatar: user.avatar,
        coverPhoto: user.coverPhoto,
        bio: user.bio,
        role: user.role,
        createdAt: user.createdAt.toISOString(),
        followers: user.followersCount,
        following: user.followingCount,
        profileViews: user.profileViews,
      },
      stats,
      recent: (recent?.items ?? []).map(toTimelineItem),
      favourites: {
        dramas: (dramas ?? []).map((d) => ({
          id: d.id,
          title: d.title,
          year: d.year,
          country: d.country,
          image: cardImageSrc({ ...d, firstPhoto: d.photos[0] ?? null }),
        })),
        cast: (cast ?? []).map((p) => ({ id: p.id, name: p.name, image: p.image, nationality: p.nationality })),
      },
    });
  });
}
