// The users calls of the members' pages (spec 2 §7): a member by username, and the signed-in
// member's own settings (PUT /users/me; the watch list page sets `lists_private` with it).
import type { ProfileSaved, ProfileUpdate, PublicUser } from '../wire/index.ts';
import { read, write } from './operation.ts';

/** GET /users/by-username/{username}: the member (404 when there is none; usernames match regardless of case) */
export const getUserByUsername = (username: string) => read<PublicUser>(`/users/by-username/${encodeURIComponent(username)}`, 'anyone');
/** PUT /users/me: changes the fields given */
export const updateCurrentUser = (patch: ProfileUpdate) => write<ProfileSaved>('PUT', '/users/me', { json: patch });
