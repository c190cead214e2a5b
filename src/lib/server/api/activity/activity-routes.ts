// The activity calls (contract "Watch lists and activity", docs/decisions/020, 021): a member's
// activity, newest first, one page at a time. Handlers parse and answer; the rules are in
// services/activity. Another member's activity takes an optional token: it is readable as their
// lists are, and the owner still reads their own through it when their lists are private.
import { createRoute, z } from '@hono/zod-openapi';
import { getDb } from '../../db/client.ts';
import { recentActivity } from '../../services/activity/activity-timeline.ts';
import { ActivityPageSchema } from '../../../api/wire/activity.ts';
import { RECENT_DEFAULT_SIZE } from '../../../lists/watch-lists.ts';
import { currentUser } from '../auth-middleware.ts';
import { createRouter } from '../create-router.ts';
import { anyoneRead, memberRead } from '../member-limits.ts';
import { pagingQuery, toPage } from '../paging.ts';
import { badToken, errorAnswer as error, jsonAnswer as answer, notSignedIn, pathIdHook, pathIdParams } from '../schemas.ts';
import { toActivityItem } from './activity-dto.ts';

/** the activity calls are documented with the lists' (their privacy is the lists') */
const tags = ['Lists'];
const USER_ID = 'Invalid user ID';
const RecentQuery = z.object(pagingQuery(RECENT_DEFAULT_SIZE, 50));

const myRecent = createRoute({
  method: 'get',
  path: '/lists/me/recent',
  operationId: 'getMyRecentActivity',
  tags,
  summary: "The signed-in member's activity, newest first",
  ...memberRead,
  request: { query: RecentQuery },
  responses: { 200: answer('One page of activity items', ActivityPageSchema), 400: error('A query value is invalid'), ...notSignedIn },
});

const userRecent = createRoute({
  method: 'get',
  path: '/users/{id}/recent',
  operationId: 'getUserRecentActivity',
  tags,
  summary: "A member's activity, newest first",
  ...anyoneRead,
  request: { params: pathIdParams(USER_ID), query: RecentQuery },
  responses: {
    200: answer('One page of activity items', ActivityPageSchema),
    400: error('The id or a query value is invalid'),
    404: error('No such member'),
    403: error("The member's lists are private, and the caller is not their owner"),
    ...badToken,
  },
});

/** One page of the member's activity as the calls answer it. */
async function activityPage(ownerId: number, viewerId: number | undefined, page: number, size: number) {
  const { items, total } = await recentActivity(await getDb(), ownerId, viewerId, page, size);
  return toPage(items.map(toActivityItem), total, page, size);
}

export const activityRoutes = createRouter()
  .openapi(myRecent, async (c) => {
    const me = currentUser(c).id;
    const { page, size } = c.req.valid('query');
    return c.json(await activityPage(me, me, page, size), 200);
  })
  .openapi(
    userRecent,
    async (c) => {
      const { page, size } = c.req.valid('query');
      return c.json(await activityPage(c.req.valid('param').id, c.get('user')?.id, page, size), 200);
    },
    pathIdHook(USER_ID),
  );
