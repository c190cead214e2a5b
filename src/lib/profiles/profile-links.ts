/** The addresses of a member's pages (spec 1 §2.1, spec 2 §2), without the language prefix. */

export const profilePath = (username: string) => `/user/${encodeURIComponent(username)}`;
export const followersPath = (username: string) => `${profilePath(username)}/followers`;
export const followingPath = (username: string) => `${profilePath(username)}/following`;
export const activityPath = (username: string) => `${profilePath(username)}/activity`;
/** the watch-list page, at a tab (`plan-to-watch` for plan_to_watch: spec 2 §4) */
export const listsPath = (username: string, status?: string) =>
  `${profilePath(username)}/lists${status ? `?tab=${status.replace(/_/g, '-')}` : ''}`;
/** usernames match case-insensitively (contract "Users, profiles, follows") */
export const sameUsername = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();
