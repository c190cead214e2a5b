// The users calls of the members' pages (spec 2 §7, contract "Users, profiles, follows"): a member by
// username, the signed-in member and their profile edit, profile views, follows and the
// followers / following pages.
import type { CurrentUser, FollowState, ProfileSaved, ProfileUpdate, ProfileViews, PublicUser, UserPage } from '../wire/index.ts';
import { read, write, type Caller } from './operation.ts';

const paged = (path: string, page: number, size: number) => `${path}?page=${page}&size=${size}`;

/**
 * GET /users/by-username/{username}: the member (404 when there is none; usernames match regardless
 * of case). As `member` (a token stored) the answer carries `is_following`.
 */
export const getUserByUsername = (username: string, caller: Caller = 'anyone') =>
  read<PublicUser>(`/users/by-username/${encodeURIComponent(username)}`, caller);
/** GET /users/me: the signed-in member with e-mail and counters */
export const getCurrentUser = () => read<CurrentUser>('/users/me');
/**
 * PUT /users/me: changes the fields given. avatar / cover_photo: a `public_url` from createUpload
 * (purpose avatar / cover), or null to remove; the answer's user carries the resized image's address.
 */
export const updateCurrentUser = (patch: ProfileUpdate) => write<ProfileSaved>('PUT', '/users/me', { json: patch });
/** POST /users/{id}/view: counts a view of another member's profile (once a day per viewer) */
export const recordProfileView = (userId: number) => write<ProfileViews>('POST', `/users/${userId}/view`);
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
