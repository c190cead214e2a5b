// The follows calls (contract "Users, profiles, follows"): follow and unfollow a member, and the
// followers / following pages. Their URLs live under /users/{id} and their tag is Users (the API's
// paths do not follow folder names, docs/decisions/015); handlers parse and answer, the rules are in
// services/follows.
import { createRoute, z } from '@hono/zod-openapi';
import { FollowStateSchema, UserPageSchema } from '../../../api/wire/users.ts';
import { follow, listFollows, unfollow } from '../../services/follows/follows.ts';
import { getDb } from '../../db/client.ts';
import { currentUser, optionalUser } from '../auth-middleware.ts';
import { createRouter } from '../create-router.ts';
import { memberWrite } from '../member-limits.ts';
import { offsetOf, pagingQuery, toPage } from '../paging.ts';
import { badToken, errorAnswer as error, jsonAnswer as answer, notSignedIn } from '../schemas.ts';
import { toPublicUser, UserIdParams, userHook } from '../profiles/profile-dto.ts';

const tags = ['Users'];
const FollowQuery = z.object(pagingQuery(20, 100));

const followRoute = (method: 'post' | 'delete') =>
  memberWrite('followWritesByMember', {
    method,
    path: '/users/{id}/follow',
    operationId: method === 'post' ? 'followUser' : 'unfollowUser',
    tags,
    summary: method === 'post' ? 'Follow a member (idempotent)' : 'Stop following a member (idempotent)',
    request: { params: UserIdParams },
    responses: {
      200: answer("Whether the caller follows the member now, and the member's follower count", FollowStateSchema),
      400: error('The id is not all digits, or it is the caller'),
      ...notSignedIn,
      ...(method === 'post' ? { 403: error('Either member has blocked the other (docs/decisions/035)') } : {}),
      404: error('No such member'),
    },
  });

const followList = (direction: 'followers' | 'following') =>
  createRoute({
    method: 'get',
    path: `/users/{id}/${direction}`,
    operationId: direction === 'followers' ? 'getFollowers' : 'getFollowing',
    tags,
    summary: direction === 'followers' ? "A member's followers, newest first" : 'The members a member follows, newest first',
    description: 'Each member carries is_following (whether the caller follows them) when a token is sent.',
    security: [],
    middleware: [optionalUser],
    request: { params: UserIdParams, query: FollowQuery },
    responses: { 200: answer('One page of members', UserPageSchema), 400: error('The id or a query value is invalid'), ...badToken, 404: error('No such member') },
  });

const followers = followList('followers');
const following = followList('following');

export const followRoutes = createRouter()
  .openapi(
    followRoute('post'),
    async (c) => {
      const state = await follow(await getDb(), currentUser(c), Number(c.req.valid('param').id));
      return c.json({ following: state.following, followers_count: state.followersCount }, 200);
    },
    userHook,
  )
  .openapi(
    followRoute('delete'),
    async (c) => {
      const state = await unfollow(await getDb(), currentUser(c).id, Number(c.req.valid('param').id));
      return c.json({ following: state.following, followers_count: state.followersCount }, 200);
    },
    userHook,
  )
  .openapi(
    followers,
    async (c) => {
      const { page, size } = c.req.valid('query');
      const result = await listFollows(await getDb(), Number(c.req.valid('param').id), 'followers', { offset: offsetOf(page, size), limit: size }, c.get('user')?.id);
      return c.json(toPage(result.users.map((user) => toPublicUser(user, user.isFollowing)), result.total, page, size), 200);
    },
    userHook,
  )
  .openapi(
    following,
    async (c) => {
      const { page, size } = c.req.valid('query');
      const result = await listFollows(await getDb(), Number(c.req.valid('param').id), 'following', { offset: offsetOf(page, size), limit: size }, c.get('user')?.id);
      return c.json(toPage(result.users.map((user) => toPublicUser(user, user.isFollowing)), result.total, page, size), 200);
    },
    userHook,
  );
