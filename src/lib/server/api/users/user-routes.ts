import { createRoute, z } from '@hono/zod-openapi';
import { CurrentUserSchema, ProfileSavedSchema, ProfileUpdateSchema, PublicUserSchema } from '../../../api/wire/users.ts';
import { getUserByUsername, updateProfile } from '../../services/accounts/accounts.ts';
import { getDb } from '../../db/client.ts';
import { currentUser, requireUser } from '../auth-middleware.ts';
import { createRouter } from '../create-router.ts';
import { errorAnswer as error, jsonAnswer as answer, jsonBody as json } from '../schemas.ts';
import { toCurrentUser, toPublicUser } from './user-dto.ts';


const getMe = createRoute({
  method: 'get',
  path: '/users/me',
  operationId: 'getCurrentUser',
  tags: ['Users'],
  summary: 'The signed-in member',
  security: [{ bearer: [] }],
  middleware: [requireUser] as const,
  responses: { 200: answer('The member', CurrentUserSchema), 401: error('Not signed in') },
});

const putMe = createRoute({
  method: 'put',
  path: '/users/me',
  operationId: 'updateCurrentUser',
  tags: ['Users'],
  summary: "Edit the signed-in member's profile",
  security: [{ bearer: [] }],
  middleware: [requireUser] as const,
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: ProfileUpdateSchema,
        },
      },
    },
  },
  responses: {
    200: answer('Saved', ProfileSavedSchema),
    400: error('A field breaks the rules'),
    401: error('Not signed in'),
    409: error('The username is taken'),
  },
});

const byUsername = createRoute({
  method: 'get',
  path: '/users/by-username/{username}',
  operationId: 'getUserByUsername',
  security: [],
  tags: ['Users'],
  summary: "A member's public profile",
  request: { params: z.object({ username: z.string().min(1).max(100) }) },
  responses: { 200: answer('The member', PublicUserSchema), 400: error('The username is invalid'), 404: error('No such member') },
});

export const userRoutes = createRouter()
  .openapi(getMe, (c) => c.json(toCurrentUser(currentUser(c)), 200))
  .openapi(putMe, async (c) => {
    const body = c.req.valid('json');
    const user = await updateProfile(await getDb(), currentUser(c).id, {
      username: body.username,
      fullName: body.full_name,
      bio: body.bio,
      avatar: body.avatar,
      coverPhoto: body.cover_photo,
      listsPrivate: body.lists_private,
    });
    return c.json({ success: true, message: 'Profile updated successfully', user: toCurrentUser(user) }, 200);
  })
  .openapi(byUsername, async (c) => c.json(toPublicUser(await getUserByUsername(await getDb(), c.req.valid('param').username)), 200));
