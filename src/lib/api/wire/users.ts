// The users calls (spec 1 §3 user, spec 2 profile): a member as anyone sees them, as they see
// themselves, and their profile edit.
import { z } from '@hono/zod-openapi';
import { ROLES } from '../../users/roles.ts';
import { BioSchema, FullNameSchema, ProfileImageSchema, UsernameSchema } from './accounts.ts';
import { pagedSchema } from './common.ts';

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
    is_following: z
      .boolean()
      .optional()
      .openapi({ description: 'whether the signed-in caller follows this member; only when a token is sent (false for the caller themself)' }),
  })
  .openapi('PublicUser');

export const CurrentUserSchema = PublicUserSchema.extend({
  email: z.string(),
  email_verified: z.boolean(),
  lists_private: z.boolean().openapi({ description: 'watch lists, statistics and activity visible to this member only' }),
}).openapi('CurrentUser');

/**
 * PUT /users/me: the fields to change. `avatar` / `cover_photo`: the `public_url` of an upload of
 * this member's (POST /uploads, purpose avatar / cover), or null to remove the image; the server
 * checks the file, stores resized copies and answers their address.
 */
export const ProfileUpdateSchema = z.object({
  username: UsernameSchema.optional(),
  full_name: FullNameSchema.optional(),
  bio: BioSchema.optional(),
  avatar: ProfileImageSchema.optional(),
  cover_photo: ProfileImageSchema.optional(),
  lists_private: z
    .boolean({ error: 'lists_private must be true or false' })
    .optional()
    .openapi({ description: 'true: watch lists, statistics and activity answer 403 to everyone but this member' }),
});

/** PUT /users/me's answer. */
export const ProfileSavedSchema = z.object({ success: z.boolean(), message: z.string(), user: CurrentUserSchema });

/** POST /users/{id}/view's answer. */
export const ProfileViewsSchema = z.object({ profile_views: z.number().int() }).openapi('ProfileViews');

/** POST and DELETE /users/{id}/follow's answer: the caller's state and the member's follower count after it. */
export const FollowStateSchema = z.object({ following: z.boolean(), followers_count: z.number().int() }).openapi('FollowState');

/** GET /users/{id}/followers and /following: newest follow first. */
export const UserPageSchema = pagedSchema(PublicUserSchema).openapi('UserPage');
