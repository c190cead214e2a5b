import { createRoute, z } from '@hono/zod-openapi';
import { FEATURED_NATIONALITIES, resolveGender, resolveNationality, todayUtc } from '../../../people/person-facts.ts';
import { getFilmography } from '../../services/people/filmography.ts';
import { getPeopleFilterOptions, getPerson, searchPeople } from '../../services/people/people.ts';
import { getDb } from '../../db/client.ts';
import { createRouter } from '../create-router.ts';
import { pagingQuery, toPage } from '../paging.ts';
import { FilmographySchema, PeopleFilterOptionsSchema, PersonPageSchema, PersonSchema } from '../../../api/wire/people.ts';
import { PersonIdParams, personIdHook, toFilmography, toPerson, toPersonSummary } from './person-dto.ts';
import { blankAsMissing, errorAnswer as error, jsonAnswer as answer, PRINTABLE, searchTextQuery } from '../schemas.ts';

// ---- inputs ----

const NameQuery = (key: string) => searchTextQuery(key, 100);

/** nationality values, repeated or comma-separated, as stored words (featured labels resolved). */
const NationalityQuery = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((raw, ctx) => {
    const words = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).flatMap((v) => v.split(','));
    if (words.some((w) => w.length > 60 || !PRINTABLE.test(w))) {
      ctx.addIssue({ code: 'custom', message: 'nationality must be a name of at most 60 characters' });
      return z.NEVER;
    }
    const values = [...new Set(words.map(resolveNationality).filter(Boolean))];
    if (values.length > 20) {
      ctx.addIssue({ code: 'custom', message: 'nationality may be given at most 20 times' });
      return z.NEVER;
    }
    return values;
  });

const GenderQuery = z.preprocess(blankAsMissing, z.string().optional()).transform((raw, ctx) => {
  if (raw === undefined) return undefined;
  const gender = resolveGender(raw);
  if (!gender) ctx.addIssue({ code: 'custom', message: 'gender must be Male, Female or Other' });
  return gender;
});

const relabelled = FEATURED_NATIONALITIES.filter((n) => n.label !== n.value)
  .map((n) => `'${n.label}' means '${n.value}'`)
  .join(', ');

const PeopleQuerySchema = z.object({
  name: NameQuery('name').openapi({
    description: 'Name, native name or alias; tolerates typos. Without sort_by, the best matches come first.',
    example: 'Park So Bin',
  }),
  q: NameQuery('q').openapi({ description: 'Same as name (used when name is absent).' }),
  nationality: NationalityQuery.openapi({
    description:
      'Repeat (or separate with commas) for several; a person with any of them matches. Matched without regard to ' +
      `case; the labels of the people filter are accepted too (${relabelled}).`,
    example: 'Korean',
  }),
  gender: GenderQuery.openapi({ description: 'Male, Female or Other, in any case' }),
  sort_by: z
    .preprocess(
      blankAsMissing,
      z.enum(['popularity', 'name_asc', 'name_desc'], { error: 'sort_by must be popularity, name_asc or name_desc' }).optional(),
    )
    .openapi({ description: 'Default: popularity, or the best name match first when a name is given.' }),
  ...pagingQuery(24),
});

// ---- routes ----

const tags = ['People'];
const idErrors = { 400: error('The id is not all digits'), 404: error('No such person') };

const listPeople = createRoute({
  method: 'get',
  path: '/people',
  operationId: 'listPeople',
  security: [],
  tags,
  summary: 'Search people by name, nationality and gender',
  request: { query: PeopleQuerySchema },
  responses: { 200: answer('One page of people', PersonPageSchema), 400: error('A query value is invalid') },
});

const filterOptions = createRoute({
  method: 'get',
  path: '/people/filter-options',
  operationId: 'getPeopleFilterOptions',
  security: [],
  tags,
  summary: 'Nationalities in the catalogue and the genders',
  responses: { 200: answer('The options', PeopleFilterOptionsSchema) },
});

const personById = createRoute({
  method: 'get',
  path: '/people/{id}',
  operationId: 'getPerson',
  security: [],
  tags,
  summary: 'A person, with the age computed from the birth date',
  request: { params: PersonIdParams },
  responses: { 200: answer('The person', PersonSchema), ...idErrors },
});

const filmography = createRoute({
  method: 'get',
  path: '/people/{id}/filmography',
  operationId: 'getPersonFilmography',
  security: [],
  tags,
  summary: "A person's credits by the drama's type, newest first",
  request: { params: PersonIdParams },
  responses: { 200: answer('The credits', FilmographySchema), ...idErrors },
});

export const peopleRoutes = createRouter()
  .openapi(listPeople, async (c) => {
    const query = c.req.valid('query');
    const { rows, total } = await searchPeople(await getDb(), {
      name: (query.name ?? query.q)?.trim().replace(/\s+/g, ' '),
      nationalities: query.nationality,
      gender: query.gender,
      sort: query.sort_by,
      page: query.page,
      size: query.size,
    });
    const today = todayUtc();
    return c.json(toPage(rows.map((row) => toPersonSummary(row, today)), total, query.page, query.size), 200);
  })
  .openapi(filterOptions, async (c) => c.json(await getPeopleFilterOptions(await getDb()), 200))
  .openapi(personById, async (c) => c.json(toPerson(await getPerson(await getDb(), c.req.valid('param').id)), 200), personIdHook)
  .openapi(
    filmography,
    async (c) => {
      const groups = await getFilmography(await getDb(), c.req.valid('param').id);
      // the spec's client asks for a fresh copy (15 s timeout, no-cache)
      return c.json(toFilmography(groups), 200, { 'Cache-Control': 'no-cache' });
    },
    personIdHook,
  );
