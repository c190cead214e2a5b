// Mappers from account rows to the answers of the calls under /users (their schemas:
// src/lib/api/wire/users.ts), and the member id of their paths; the follows calls use them too.
import { z } from '@hono/zod-openapi';
import type { UserRow } from '../../services/accounts/accounts.ts';
import { CurrentUserSchema, PublicUserSchema } from '../../../api/wire/users.ts';
import { pathIdHook, pathIdParams } from '../schemas.ts';

const USER_ID = 'Invalid user ID';
/** A member id in a path: digits only, else a 400 'Invalid user ID'. */
export const UserIdParams = pathIdParams(USER_ID);
export const userHook = pathIdHook(USER_ID);

/**
 * What anyone may see of a member: never the e-mail or anything about the password. `isFollowing`:
 * whether the signed-in caller follows them (left out for visitors).
 */
export function toPublicUser(user: UserRow, isFollowing?: boolean): z.infer<typeof PublicUserSchema> {
  const name = user.fullName || user.username;
  return {
    id: user.id,
    username: user.username,
    full_name: user.fullName,
    name,
    display_name: name,
    avatar: user.avatar,
    cover_photo: user.coverPhoto,
    bio: user.bio,
    role: user.role,
    created_at: user.createdAt.toISOString(),
    followers_count: user.followersCount,
    following_count: user.followingCount,
    profile_views: user.profileViews,
    ...(isFollowing === undefined ? {} : { is_following: isFollowing }),
  };
}

/** What the member sees of their own account. */
export function toCurrentUser(user: UserRow): z.infer<typeof CurrentUserSchema> {
  return { ...toPublicUser(user), email: user.email, email_verified: user.emailVerifiedAt !== null, lists_private: user.listsPrivate };
}
