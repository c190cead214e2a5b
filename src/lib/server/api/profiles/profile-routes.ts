// The profiles calls (contract "Users, profiles, follows"): the signed-in member and their profile
// edit, public profiles and profile views (the follows calls, under /users/{id} too, are in
// api/follows). Handlers parse and answer; the rules are in services/accounts, services/profiles and
// services/uploads.
import { createRoute, z } from '@hono/zod-openapi';
import { CurrentUserSchema, ProfileSavedSchema, ProfileUpdateSchema, ProfileViewsSchema, PublicUserSchema } from '../../../api/wire/users.ts';
import { getUserByUsername } from '../../services/accounts/accounts.ts';
import { isFollowing } from '../../services/follows/follows.ts';
import { recordProfileView } from '../../services/profiles/profile-views.ts';
import { saveProfile } from '../../services/profiles/profiles.ts';
import { getDb } from '../../db/client.ts';
import { currentUser, optionalUser } from '../auth-middleware.ts';
import { createRouter } from '../create-router.ts';
import { memberRead, memberWrite } from '../member-limits.ts';
import { badToken, errorAnswer as error, jsonAnswer as answer, jsonBody as json, notSignedIn } from '../schemas.ts';
import { toCurrentUser, toPublicUser, UserIdParams, userHook } from './profile-dto.ts';

const tags = ['Users'];

const getMe = createRoute({
  method: 'get',
  path: '/users/me',
  operationId: 'getCurrentUser',
  tags,
  summary: 'The signed-in member, with e-mail, follower and following counts and profile views',
  ...memberRead,
  responses: { 200: answer('The member', CurrentUserSchema), ...notSignedIn },
});

const putMe = memberWrite('profileSavesByMember', {
  method: 'put',
  path: '/users/me',
  operationId: 'updateCurrentUser',
  tags,
  summary: "Edit the signed-in member's profile",
  description:
    'Fields left out keep their value. username: stored NFKC-normalised; refused when reserved, when it mixes scripts, or when ' +
    'it looks like a name taken or held (contract "Usernames"); at most 5 changes a day, a change of letter case is free. ' +
    "avatar / cover_photo: null removes the image; otherwise the public_url of an upload of this member's (POST /uploads, " +
    'purpose avatar / cover) whose file was sent: the server checks its real type, size and pixels (avatar ≤ 25 megapixels, ' +
    'cover ≤ 40), stores a resized WebP (avatar 256×256, cover 1500×500), points the profile at it and deletes the original ' +
    'and the image it replaces. The username and the uploads are checked before any image is decoded. A 429 is the limit of ' +
    'profile saves, or a 6th username change in a day.',
  request: { body: json(ProfileUpdateSchema) },
  responses: {
    200: answer('Saved', ProfileSavedSchema),
    400: error(
      "A field breaks the rules (a username that is reserved or mixes scripts; an image that is not an upload of this member's, not sent, too large, too many pixels or not an image)",
    ),
    ...notSignedIn,
    409: error('The username is taken, looks like one taken, or was given up by another member in the last 30 days'),
  },
});

const byUsername = createRoute({
  method: 'get',
  path: '/users/by-username/{username}',
  operationId: 'getUserByUsername',
  security: [],
  middleware: [optionalUser],
  tags,
  summary: "A member's public profile (usernames match regardless of case); with a token, is_following",
  request: { params: z.object({ username: z.string().min(1).max(100) }) },
  responses: { 200: answer('The member', PublicUserSchema), 400: error('The username is invalid'), ...badToken, 404: error('No such member') },
});

const view = memberWrite('profileViewsByMember', {
  method: 'post',
  path: '/users/{id}/view',
  operationId: 'recordProfileView',
  tags,
  summary: "Count a view of a member's profile: at most once per viewer in 24 hours; one's own never counts",
  request: { params: UserIdParams },
  responses: { 200: answer("The profile's views", ProfileViewsSchema), 400: error('The id is not all digits'), ...notSignedIn, 404: error('No such member') },
});

export const profileRoutes = createRouter()
  .openapi(getMe, (c) => c.json(toCurrentUser(currentUser(c)), 200))
  .openapi(putMe, async (c) => {
    const body = c.req.valid('json');
    const user = await saveProfile(await getDb(), currentUser(c).id, {
      username: body.username,
      fullName: body.full_name,
      bio: body.bio,
      avatar: body.avatar,
      coverPhoto: body.cover_photo,
      listsPrivate: body.lists_private,
    });
    return c.json({ success: true, message: 'Profile updated successfully', user: toCurrentUser(user) }, 200);
  })
  .openapi(byUsername, async (c) => {
    const db = await getDb();
    const user = await getUserByUsername(db, c.req.valid('param').username);
    const viewer = c.get('user');
    return c.json(toPublicUser(user, viewer ? await isFollowing(db, viewer.id, user.id) : undefined), 200);
  })
  .openapi(
    view,
    async (c) => c.json({ profile_views: await recordProfileView(await getDb(), currentUser(c).id, Number(c.req.valid('param').id)) }, 200),
    userHook,
  );
