// Mappers from account rows to the answers of the users calls (their schemas: src/lib/api/wire/users.ts).
import { z } from '@hono/zod-openapi';
import type { UserRow } from '../../services/accounts/accounts.ts';
import { CurrentUserSchema, PublicUserSchema } from '../../../api/wire/users.ts';

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
