// What the followers and following pages, /user/{username}/followers and /following (spec 1 §2.1,
// DESIGN improvement 5), read: the member by username and one page of the members who follow them
// or whom they follow, newest follow first, 20 a page, as a visitor reads it (the follow buttons
// of a signed-in member are an island, docs/decisions/025).
import { getDb } from '../../db/client.ts';
import { getUserByUsername } from '../accounts/accounts.ts';
import { listFollows } from './follows.ts';
import { loadPage, pageOk, pageRedirect, type PageResult } from '../pages/page-result.ts';

export const FOLLOWS_PAGE_SIZE = 20;

export type FollowDirection = 'followers' | 'following';

export interface FollowCard {
  id: number;
  username: string;
  fullName: string;
  avatar: string | null;
  bio: string;
}

export interface FollowsPageData {
  owner: { id: number; username: string };
  direction: FollowDirection;
  members: FollowCard[];
  total: number;
  page: number;
  pages: number;
}

const followsPath = (username: string, direction: FollowDirection, page: number) =>
  `/user/${encodeURIComponent(username)}/${direction}${page > 1 ? `?page=${page}` : ''}`;

/** One page of `username`'s followers or following; not-found (404) for no such member; redirects to their spelling and to the last page. */
export function loadFollowsPage(username: string | undefined, direction: FollowDirection, page: number): Promise<PageResult<FollowsPageData>> {
  return loadPage({ page: direction, username }, async () => {
    const name = username?.trim() ?? '';
    if (!name) return { kind: 'error', reason: 'not-found', status: 404 };
    const db = await getDb();
    const user = await getUserByUsername(db, name);
    if (user.username !== name) return pageRedirect(followsPath(user.username, direction, page), 301);
    const found = await listFollows(db, user.id, direction, { offset: (page - 1) * FOLLOWS_PAGE_SIZE, limit: FOLLOWS_PAGE_SIZE });
    const pages = Math.max(1, Math.ceil(found.total / FOLLOWS_PAGE_SIZE));
    if (page > pages) return pageRedirect(followsPath(user.username, direction, pages));
    return pageOk({
      owner: { id: user.id, username: user.username },
      direction,
      members: found.users.map((u) => ({ id: u.id, username: u.username, fullName: u.fullName, avatar: u.avatar, bio: u.bio })),
      total: found.total,
      page,
      pages,
    });
  });
}
