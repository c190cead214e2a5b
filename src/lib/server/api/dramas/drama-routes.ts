import { createRoute, z } from '@hono/zod-openapi';
import { RANKED_LIST_KEYS, type RankedListKey } from '../../../ranked-lists/ranked-lists.ts';
import { getDb } from '../../db/client.ts';
import { listRanked, listSeason, getFilterOptions } from '../../services/drama-search/drama-lists.ts';
import { searchDramas } from '../../services/drama-search/drama-search.ts';
import { getDrama, listCast, listEpisodes } from '../../services/dramas/dramas.ts';
import { createRouter } from '../create-router.ts';
import {
  CastEntrySchema,
  DramaFilterOptionsSchema,
  DramaPageSchema,
  DramaSchema,
  EpisodeSchema,
  RankedListSchema,
} from '../../../api/wire/dramas.ts';
import { toCastEntry, toDrama, toDramaCard, toEpisode, toFilterOptions } from './drama-dto.ts';
import { DramaQuerySchema, readDramaFilters } from './drama-query.ts';
import { pagingQuery, toPage } from '../paging.ts';
import { errorAnswer as error, jsonAnswer as answer, pathIdHook, pathIdParams } from '../schemas.ts';

/** Digits only (spec 1 §5); the message is the spec's own. Too large to exist is a 404. */
const DramaIdParams = pathIdParams('Invalid drama ID');
const dramaIdHook = pathIdHook('Invalid drama ID');

const tags = ['Dramas'];
const idErrors = { 400: error('The id is not all digits'), 404: error('No such drama') };

const listDramas = createRoute({
  method: 'get',
  path: '/dramas',
  operationId: 'listDramas',
  security: [],
  tags,
  summary: 'Search and filter dramas',
  description:
    'Every filter narrows the result. `total` may lag changes to the catalogue by up to 30 seconds (it is ' +
    'memoised per filter set); the items are always current.',
  request: { query: DramaQuerySchema },
  responses: { 200: answer('One page of dramas', DramaPageSchema), 400: error('A query value is invalid') },
});

const filterOptions = createRoute({
  method: 'get',
  path: '/dramas/filter-options',
  operationId: 'getDramaFilterOptions',
  security: [],
  tags,
  summary: 'Values and ranges in the catalogue, for the search filters',
  responses: { 200: answer('The options', DramaFilterOptionsSchema) },
});

const RANKED_SUMMARIES: Record<RankedListKey, string> = {
  popular: 'Most watched first',
  'top-rated': 'Best rated first, among dramas with 100 or more votes',
  airing: 'Dramas airing now, most watched first',
  upcoming: 'Dramas not aired yet, the soonest first',
};

const rankedRoute = (list: RankedListKey) =>
  createRoute({
    method: 'get',
    path: `/dramas/${list}`,
    operationId: `list${list.replace(/(?:^|-)(\w)/g, (_, c: string) => c.toUpperCase())}Dramas`,
    security: [],
    tags,
    summary: RANKED_SUMMARIES[list],
    request: { query: z.object(pagingQuery(10, 100)) },
    responses: { 200: answer('One page of the list', RankedListSchema), 400: error('A query value is invalid') },
  });

const seasons = createRoute({
  method: 'get',
  path: '/dramas/seasons',
  operationId: 'listSeasonDramas',
  security: [],
  tags,
  summary: 'Dramas whose first air date falls in a year or one of its quarters, in airing order',
  request: {
    query: z.object({
      year: z.coerce
        .number({ error: 'year must be a year' })
        .int('year must be a year')
        .min(1000, 'year must be a four-digit year')
        .max(9999, 'year must be a four-digit year'),
      quarter: z.coerce
        .number({ error: 'quarter must be 1, 2, 3 or 4' })
        .int('quarter must be 1, 2, 3 or 4')
        .min(1, 'quarter must be 1, 2, 3 or 4')
        .max(4, 'quarter must be 1, 2, 3 or 4')
        .optional()
        .openapi({ description: '1 Jan-Mar, 2 Apr-Jun, 3 Jul-Sep, 4 Oct-Dec; the whole year when absent' }),
      ...pagingQuery(24, 100),
    }),
  },
  responses: { 200: answer('One page of the season', DramaPageSchema), 400: error('A query value is invalid') },
});

const dramaById = createRoute({
  method: 'get',
  path: '/dramas/{id}',
  operationId: 'getDrama',
  security: [],
  tags,
  summary: 'A drama with its photos, genres and tags',
  request: { params: DramaIdParams },
  responses: { 200: answer('The drama', DramaSchema), ...idErrors },
});

const episodes = createRoute({
  method: 'get',
  path: '/dramas/{id}/episodes',
  operationId: 'listDramaEpisodes',
  security: [],
  tags,
  summary: "A drama's episodes in order",
  request: { params: DramaIdParams },
  responses: { 200: answer('The episodes', z.array(EpisodeSchema)), ...idErrors },
});

const cast = createRoute({
  method: 'get',
  path: '/cast/{id}',
  operationId: 'listDramaCast',
  security: [],
  tags,
  summary: "A drama's cast and crew: main roles, support, guests, then directors and screenwriters",
  request: { params: DramaIdParams },
  responses: { 200: answer('The credits', z.array(CastEntrySchema)), ...idErrors },
});

const router = createRouter()
  .openapi(listDramas, async (c) => {
    const query = c.req.valid('query');
    const found = await searchDramas(await getDb(), readDramaFilters(query), query.sort_by, query.page, query.size);
    return c.json(toPage(found.items.map(toDramaCard), found.total, query.page, query.size), 200);
  })
  .openapi(filterOptions, async (c) => c.json(toFilterOptions(await getFilterOptions(await getDb())), 200))
  .openapi(seasons, async (c) => {
    const { year, quarter, page, size } = c.req.valid('query');
    const found = await listSeason(await getDb(), year, quarter, page, size);
    return c.json(toPage(found.items.map(toDramaCard), found.total, page, size), 200);
  });

// The fixed paths come before /dramas/{id}: the first route that matches answers.
for (const list of RANKED_LIST_KEYS) {
  router.openapi(rankedRoute(list), async (c) => {
    const { page, size } = c.req.valid('query');
    const found = await listRanked(await getDb(), list, page, size);
    return c.json({ data: toPage(found.items.map(toDramaCard), found.total, page, size) }, 200);
  });
}

export const dramaRoutes = router
  .openapi(dramaById, async (c) => c.json(toDrama(await getDrama(await getDb(), c.req.valid('param').id)), 200), dramaIdHook)
  .openapi(
    episodes,
    async (c) => {
      const rows = await listEpisodes(await getDb(), c.req.valid('param').id);
      // the spec's client asks for a fresh copy (10 s timeout, no-cache)
      return c.json(rows.map(toEpisode), 200, { 'Cache-Control': 'no-cache' });
    },
    dramaIdHook,
  )
  .openapi(cast, async (c) => c.json((await listCast(await getDb(), c.req.valid('param').id)).map(toCastEntry), 200), dramaIdHook);
