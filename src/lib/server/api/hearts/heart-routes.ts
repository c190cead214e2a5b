// The hearts calls: a member gives a person a heart, takes it back, and reads whether they gave one.
// Their URLs live under /people/{id} and their tag is People (the API's paths do not follow folder
// names, docs/decisions/015); the rules are in services/hearts.
import { createRoute, z } from '@hono/zod-openapi';
import { getHeartStatus, giveHeart, takeBackHeart, type HeartState } from '../../services/hearts/hearts.ts';
import { getDb } from '../../db/client.ts';
import { currentUser } from '../auth-middleware.ts';
import { memberRead, memberWrite } from '../member-limits.ts';
import { createRouter } from '../create-router.ts';
import { HeartStateSchema } from '../../../api/wire/hearts.ts';
import { errorAnswer as error, jsonAnswer as answer } from '../schemas.ts';
import { PersonIdParams, personIdHook } from '../people/person-dto.ts';

const toHeartState = (state: HeartState): z.infer<typeof HeartStateSchema> => ({
  hearts: state.hearts,
  has_hearted: state.hasHearted,
});

const tags = ['People'];
const heartErrors = { 400: error('The id is not all digits'), 404: error('No such person'), 401: error('Not signed in') };

const heartRoute = (method: 'post' | 'delete', summary: string) =>
  memberWrite('toggleWritesByMember', {
    method,
    path: '/people/{id}/heart',
    operationId: method === 'post' ? 'giveHeart' : 'takeBackHeart',
    tags,
    summary,
    request: { params: PersonIdParams },
    responses: {
      200: answer('The new count', HeartStateSchema),
      ...heartErrors,
      400: error(method === 'post' ? 'Already given (or a bad id)' : 'Never given (or a bad id)'),
    },
  });

const heartStatus = createRoute({
  method: 'get',
  path: '/people/{id}/heart-status',
  operationId: 'getHeartStatus',
  tags,
  summary: 'Whether the signed-in member has given this person a heart',
  ...memberRead,
  request: { params: PersonIdParams },
  responses: { 200: answer('The heart status', HeartStateSchema), ...heartErrors },
});

export const heartRoutes = createRouter()
  .openapi(heartRoute('post', 'Give a heart to a person'), async (c) => {
    return c.json(toHeartState(await giveHeart(await getDb(), currentUser(c).id, c.req.valid('param').id)), 200);
  }, personIdHook)
  .openapi(heartRoute('delete', 'Take back a heart given to a person'), async (c) => {
    return c.json(toHeartState(await takeBackHeart(await getDb(), currentUser(c).id, c.req.valid('param').id)), 200);
  }, personIdHook)
  .openapi(heartStatus, async (c) => c.json(toHeartState(await getHeartStatus(await getDb(), currentUser(c).id, c.req.valid('param').id)), 200), personIdHook);
