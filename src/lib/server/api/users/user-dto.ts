import { z } from '@hono/zod-openapi';
import { ROLES } from '../../../users/roles.ts';
import type { UserRow } from '../../services/accounts/accounts.ts';

export const PublicUserSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    full_name: z.string(),
    name: z.string(),
    display_name: z.string(),
    avatar: z.string().nullable(),
    cover_photo: z.string().nullable(),
    bio: z.string(),
    role: z.enum(ROLES),
    created_at: z.string(),
    followers_count: z.number().int(),
    following_count: z.number().int(),
    profile_views: z.number().int(),
  })
  .openapi('PublicUser');

export const CurrentUserSchema = PublicUserSchema.extend({
  email: z.string(),
  email_verified: z.boolean(),
}).openapi('CurrentUser');

/** What anyone may see of a member: never the e-mail or anything about the password. */
export function toPublicUser(user: UserRow): z.infer<typeof PublicUserSchema> {
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
  };
}

/** What the member sees of their own account. */
export function toCurrentUser(user: UserRow): z.infer<typeof CurrentUserSchema> {
  return { ...toPublicUser(user), email: user.email, email_verified: user.emailVerifiedAt !== null };
}
