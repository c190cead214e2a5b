// The profiles calls of the members' pages (spec 2 §7, contract "Users, profiles, follows"): a member by
// username, the signed-in member and their profile edit, profile views. Follows: ./follows.ts.
import type { CurrentUser, ProfileSaved, ProfileUpdate, ProfileViews, PublicUser } from '../wire/index.ts';
import { read, write, type Caller } from './operation.ts';

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
