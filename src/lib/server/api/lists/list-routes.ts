// The watch lists calls (contract "Watch lists and activity", docs/decisions/020). Handlers parse
// and answer; the rules are in services/lists. Reads of another member's lists and stats take an
// optional token: the owner still reads their own private lists through them. A member's activity
// is api/activity's, their favourites api/favourites'.
import { createRoute } from '@hono/zod-openapi';
import { getDb } from '../../db/client.ts';
import { removeEntry, saveEntry, startRewatch } from '../../services/lists/list-entries.ts';
import { getEntry, getList } from '../../services/lists/list-reads.ts';
import { getStats } from '../../services/lists/list-stats.ts';
import { EntryDetailSchema, EntrySaveSchema, ListStatsSchema, ListSummariesSchema, ListWithOwnerSchema } from '../../../api/wire/lists.ts';
import { currentUser } from '../auth-middleware.ts';
import { createRouter } from '../create-router.ts';
import { anyoneRead as anyone, memberRead as member, memberWrite } from '../member-limits.ts';
import { badToken, errorAnswer as error, jsonAnswer as answer, jsonBody as json, notSignedIn, pathIdHook, pathIdParams } from '../schemas.ts';
import { answerLists } from './list-answers.ts';
import { toEntryDetail, toListStats, toListSummary } from './list-dto.ts';

const tags = ['Lists'];

const DRAMA_ID = 'Invalid drama ID';
const USER_ID = 'Invalid user ID';
const LIST_ID = 'Invalid list ID';

/** the lists' answers carry an ETag (api/lists/list-answers.ts) */
const notModified = { 304: { description: 'Not modified: the If-None-Match tag is the current ETag of these lists' } };
const privateLists = { 403: error("The member's lists are private, and the caller is not their owner") };

// ---- the signed-in member's lists ----

const myLists = createRoute({
  method: 'get',
  path: '/lists/me',
  operationId: 'getMyLists',
  tags,
  summary: "The signed-in member's four lists (watching, completed, plan to watch, dropped) with their entries",
  ...member,
  responses: { 200: answer('The four lists, always all four', ListSummariesSchema), ...notModified, ...notSignedIn },
});

const myStats = createRoute({
  method: 'get',
  path: '/lists/me/stats',
  operationId: 'getMyListStats',
  tags,
  summary: "The signed-in member's list statistics",
  ...member,
  responses: { 200: answer('Counts, episodes watched and mean score', ListStatsSchema), ...notSignedIn },
});

// ---- one drama's entry ----

const DramaIdParams = pathIdParams(DRAMA_ID);
const dramaHook = pathIdHook(DRAMA_ID);
const entryErrors = { 400: error('The id is not all digits, or a field breaks a rule'), 404: error('No such drama'), ...notSignedIn };

const entryStatus = createRoute({
  method: 'get',
  path: '/lists/drama/{id}/status',
  operationId: 'getListStatus',
  tags,
  summary: "The signed-in member's entry for a drama, with its viewing cycles and history",
  ...member,
  request: { params: DramaIdParams },
  responses: {
    200: answer('The entry', EntryDetailSchema),
    ...entryErrors,
    404: error('No such drama, or it is not on the member\'s list'),
  },
});

const saveStatus = memberWrite('listWritesByMember', {
  method: 'post',
  path: '/lists/drama/{id}/status',
  operationId: 'saveListStatus',
  tags,
  summary: 'Create or update the entry: status, score, episodes watched, notes and dates',
  description:
    'A field left out keeps its value (a new entry: null); null clears it. started_at is set on the first ' +
    "'watching', finished_at on 'completed', unless given. Each change of status, score or progress " +
    'writes one activity item; a save that changes nothing writes nothing.',
  request: { params: DramaIdParams, body: json(EntrySaveSchema) },
  responses: { 200: answer('The entry as saved', EntryDetailSchema), ...entryErrors },
});

const deleteStatus = memberWrite('listWritesByMember', {
  method: 'delete',
  path: '/lists/drama/{id}/status',
  operationId: 'removeListEntry',
  tags,
  summary: 'Remove the drama from the member\'s lists, with its history (idempotent)',
  request: { params: DramaIdParams },
  responses: { 204: { description: 'Removed (or was not there)' }, ...entryErrors },
});

const rewatch = memberWrite('listWritesByMember', {
  method: 'post',
  path: '/lists/drama/{id}/rewatch',
  operationId: 'startRewatch',
  tags,
  summary: 'Start watching a completed drama again: a new viewing cycle; the earlier dates are kept',
  request: { params: DramaIdParams },
  responses: {
    200: answer('The entry, watching again from episode 0', EntryDetailSchema),
    ...entryErrors,
    400: error('The id is not all digits, or the entry is not completed'),
    404: error('No such drama, or it is not on the member\'s list'),
  },
});

// ---- another member's lists ----

const UserIdParams = pathIdParams(USER_ID);
const userHook = pathIdHook(USER_ID);
const userErrors = { 400: error('The id is not all digits'), 404: error('No such member'), ...privateLists, ...badToken };

const userLists = createRoute({
  method: 'get',
  path: '/users/{id}/lists',
  operationId: 'getUserLists',
  tags,
  summary: "A member's four lists",
  ...anyone,
  request: { params: UserIdParams },
  responses: { 200: answer('The four lists, always all four', ListSummariesSchema), ...notModified, ...userErrors },
});

const userStats = createRoute({
  method: 'get',
  path: '/users/{id}/stats',
  operationId: 'getUserListStats',
  tags,
  summary: "A member's list statistics",
  ...anyone,
  request: { params: UserIdParams },
  responses: { 200: answer('Counts, episodes watched and mean score', ListStatsSchema), ...userErrors },
});

const ListIdParams = pathIdParams(LIST_ID);
const listHook = pathIdHook(LIST_ID);

const listById = createRoute({
  method: 'get',
  path: '/lists/{id}',
  operationId: 'getList',
  tags,
  summary: 'One list by its id, with its owner',
  description: "A list's id is its owner's id × 4 + the list's position: watching 0, completed 1, plan_to_watch 2, dropped 3.",
  ...anyone,
  request: { params: ListIdParams },
  responses: {
    200: answer('The list', ListWithOwnerSchema),
    400: error('The id is not all digits'),
    404: error('No such list'),
    ...privateLists,
    ...badToken,
  },
});

export const listRoutes = createRouter()
  .openapi(myLists, async (c) => {
    const me = currentUser(c).id;
    return answerLists(c, me, me) as never;
  })
  .openapi(myStats, async (c) => {
    const me = currentUser(c).id;
    return c.json(toListStats(await getStats(await getDb(), me, me)), 200);
  })
  .openapi(entryStatus, async (c) => c.json(toEntryDetail(await getEntry(await getDb(), currentUser(c).id, c.req.valid('param').id)), 200), dramaHook)
  .openapi(
    saveStatus,
    async (c) => {
      const body = c.req.valid('json');
      const entry = await saveEntry(await getDb(), currentUser(c).id, c.req.valid('param').id, {
        status: body.status,
        score: body.score,
        progress: body.progress,
        notes: body.notes,
        startedAt: body.started_at,
        finishedAt: body.finished_at,
      });
      return c.json(toEntryDetail(entry), 200);
    },
    dramaHook,
  )
  .openapi(
    deleteStatus,
    async (c) => {
      await removeEntry(await getDb(), currentUser(c).id, c.req.valid('param').id);
      return c.body(null, 204);
    },
    dramaHook,
  )
  .openapi(rewatch, async (c) => c.json(toEntryDetail(await startRewatch(await getDb(), currentUser(c).id, c.req.valid('param').id)), 200), dramaHook)
  .openapi(
    listById,
    async (c) => {
      const list = await getList(await getDb(), c.req.valid('param').id, c.get('user')?.id);
      return c.json({ ...toListSummary(list), owner: list.owner }, 200);
    },
    listHook,
  )
  .openapi(
    userLists,
    async (c) => answerLists(c, c.req.valid('param').id, c.get('user')?.id) as never,
    userHook,
  )
  .openapi(userStats, async (c) => c.json(toListStats(await getStats(await getDb(), c.req.valid('param').id, c.get('user')?.id)), 200), userHook);
