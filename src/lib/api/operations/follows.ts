// The follows calls (spec 2 §7, contract "Users, profiles, follows"): follow, unfollow, and the
// followers / following pages.
import type { FollowState, UserPage } from '../wire/index.ts';
import { read, write, type Caller } from './operation.ts';

const paged = (path: string, page: number, size: number) => `${path}?page=${page}&size=${size}`;

/** POST /users/{id}/follow (idempotent) */
export const followUser = (userId: number) => write<FollowState>('POST', `/users/${userId}/follow`);
/** DELETE /users/{id}/follow (idempotent) */
export const unfollowUser = (userId: number) => write<FollowState>('DELETE', `/users/${userId}/follow`);
/** GET /users/{id}/followers: newest follow first; as `member`, each with `is_following` */
export const getFollowers = (userId: number, page = 1, size = 20, caller: Caller = 'anyone') =>
  read<UserPage>(paged(`/users/${userId}/followers`, page, size), caller);
/** GET /users/{id}/following: newest follow first; as `member`, each with `is_following` */
export const getFollowing = (userId: number, page = 1, size = 20, caller: Caller = 'anyone') =>
  read<UserPage>(paged(`/users/${userId}/following`, page, size), caller);
