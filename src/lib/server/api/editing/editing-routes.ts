// The catalogue editing and review calls (contract "Catalogue editing and review"; spec 2 §3 edit
// fields and Edit suggestion; docs/decisions/038 "API"). Handlers parse and answer; the rules are in
// services/catalogue-editing, who may call in permissions.ts (canEditCatalogue, canSuggestEdit,
// canReadEditSuggestions).
import { createRoute, z } from '@hono/zod-openapi';
import { EDIT_TARGETS, SUGGESTION_STATUSES, type EditTarget } from '../../../catalogue-editing/edit-fields.ts';
import { DramaSchema } from '../../../api/wire/dramas.ts';
import {
  DramaEditSchema,
  FieldLockRequestSchema,
  FieldLockSchema,
  HistoryEntrySchema,
  HistoryPageSchema,
  PendingEditsSchema,
  PersonEditSchema,
  ReviewSchema,
  SuggestionPageSchema,
  SuggestionSchema,
} from '../../../api/wire/editing.ts';
import { PersonSchema } from '../../../api/wire/people.ts';
import { canEditCatalogue, canReadEditSuggestions, canSeeEditConflicts, canSuggestEdit } from '../../../users/permissions.ts';
import { getDb } from '../../db/client.ts';
import { ForbiddenError, ValidationError } from '../../errors.ts';
import {
  countPendingEdits,
  editRecord,
  lockField,
  reviewSuggestion,
  revertEntry,
  suggestEdit,
  unlockField,
} from '../../services/catalogue-editing/catalogue-edits.ts';
import { getHistoryEntry, getSuggestion, listHistory, listLocks, listSuggestions } from '../../services/catalogue-editing/edit-reads.ts';
import { getDrama } from '../../services/dramas/dramas.ts';
import { getPerson } from '../../services/people/people.ts';
import { toDrama } from '../dramas/drama-dto.ts';
import { toPerson } from '../people/person-dto.ts';
import { currentUser, requirePermission, requireUser } from '../auth-middleware.ts';
import { createRouter } from '../create-router.ts';
import { validationError } from '../errors.ts';
import { memberWrite } from '../member-limits.ts';
import { pagingQuery, toPage } from '../paging.ts';
import { errorAnswer as error, jsonAnswer as answer, jsonBody, notSignedIn, pathIdHook, pathIdParams } from '../schemas.ts';
import { toFieldLock, toHistoryEntry, toSuggestion } from './editing-dto.ts';

const tags = ['Editing'];


const ID_MESSAGE: Record<EditTarget, string> = { drama: 'Invalid drama ID', person: 'Invalid person ID' };
const PATH: Record<EditTarget, string> = { drama: 'dramas', person: 'people' };

type HookResult = { success: boolean; target: string; error?: unknown };

/**
 * The validation hook of the edit bodies: a bad id is the spec's message on `id`, other inputs the
 * usual 400. A field that is not editable (a derived figure, hearts, anything unknown) passes the
 * schema and the service refuses it, naming it (edit-values.ts checkValues).
 */
const editHook =
  (target: EditTarget) =>
  (result: HookResult): undefined => {
    if (result.success) return undefined;
    if (result.target === 'param') throw new ValidationError(ID_MESSAGE[target], 'id');
    throw validationError(result.error as Parameters<typeof validationError>[0], result.target === 'json' ? 'body' : result.target);
  };

const staffOnly = { 403: error("The caller is not a moderator or an administrator: 'You don't have permission to perform this action'") };
const staffGuard = requirePermission((user) => canEditCatalogue(user));

const SuggestionIdParams = pathIdParams('Invalid suggestion ID');
const EntryIdParams = pathIdParams('Invalid history entry ID');

const editBody = (target: EditTarget) => (target === 'drama' ? DramaEditSchema : PersonEditSchema);

/** The routes of one kind of record (dramas or people). */
function recordRoutes(target: EditTarget) {
  const base = `/${PATH[target]}/{id}`;
  const IdParams = pathIdParams(ID_MESSAGE[target]);
  const idHook = pathIdHook(ID_MESSAGE[target]);
  const LockParams = IdParams.extend({
    field: z
      .string()
      .max(100)
      .openapi({ param: { name: 'field', in: 'path' }, example: target === 'drama' ? 'title' : 'name', description: 'an editable field (wire name)' }),
  });
  const idErrors = { 404: error(`No such ${target}`) };
  const badEdit = error(
    "A field is invalid (400 naming it: blank title or name, lengths, status, type, episodes or year out of range, dates, unknown genres, an image that is not an upload of the caller's, a field that is not editable), or nothing changes ('No changes detected. Please modify at least one field.')",
  );

  const update = memberWrite(
    'catalogueEditsByMember',
    {
      method: 'put',
      path: base,
      operationId: target === 'drama' ? 'updateDrama' : 'updatePerson',
      tags,
      summary: `Edit a ${target} at once (mods and admins)`,
      description:
        'Only the fields sent that really change are written, with one history entry (source direct). Live at once: the answer, the public calls and the pages show it. `source_note` is for suggestions and ignored here.',
      request: { params: IdParams, body: jsonBody(editBody(target)) },
      responses: {
        200: answer(`The ${target}, changed`, z.object({ success: z.literal(true), [target]: target === 'drama' ? DramaSchema : PersonSchema })),
        400: badEdit,
        ...notSignedIn,
        ...staffOnly,
        ...idErrors,
      },
    },
    staffGuard,
  );

  const suggest = memberWrite(['suggestionsByMember', 'suggestionsByMemberDaily'], {
    method: 'post',
    path: `${base}/edit-suggestions`,
    operationId: target === 'drama' ? 'suggestDramaEdit' : 'suggestPersonEdit',
    tags,
    summary: `Suggest an edit of a ${target} (any member)`,
    description: 'Keeps only the fields that change, each with the value it changes from. Waits for a mod or an admin.',
    request: { params: IdParams, body: jsonBody(editBody(target)) },
    responses: {
      201: answer('The suggestion, pending', SuggestionSchema),
      400: badEdit,
      ...notSignedIn,
      403: error('The caller may not write (suspended)'),
      ...idErrors,
      409: error('A field is locked against suggestions (named)'),
    },
  }, requirePermission((user) => canSuggestEdit(user)));

  const history = createRoute({
    method: 'get',
    path: `${base}/history`,
    operationId: target === 'drama' ? 'listDramaHistory' : 'listPersonHistory',
    tags,
    summary: `The applied changes of a ${target}, newest first`,
    security: [],
    request: { params: IdParams, query: z.object(pagingQuery(20, 100)) },
    responses: { 200: answer('One page of history', HistoryPageSchema), 400: error('The id or a query value is invalid'), ...idErrors },
  });

  const locks = createRoute({
    method: 'get',
    path: `${base}/locks`,
    operationId: target === 'drama' ? 'listDramaLocks' : 'listPersonLocks',
    tags,
    summary: `The fields of a ${target} locked against suggestions`,
    description: 'Anyone may read them: the edit forms show a locked field as such.',
    security: [],
    request: { params: IdParams },
    responses: { 200: answer('The locks', z.array(FieldLockSchema)), 400: error('The id is not all digits'), ...idErrors },
  });

  const lock = memberWrite(
    'catalogueEditsByMember',
    {
      method: 'put',
      path: `${base}/locks/{field}`,
      operationId: target === 'drama' ? 'lockDramaField' : 'lockPersonField',
      tags,
      summary: `Lock a field of a ${target} against suggestions (mods and admins)`,
      description: 'Locking a locked field replaces its note. Mods and admins still edit the field directly.',
      request: { params: LockParams, body: jsonBody(FieldLockRequestSchema) },
      responses: { 200: answer('The lock', FieldLockSchema), 400: error('Not an editable field, or the note is too long'), ...notSignedIn, ...staffOnly, ...idErrors },
    },
    staffGuard,
  );

  const unlock = memberWrite(
    'catalogueEditsByMember',
    {
      method: 'delete',
      path: `${base}/locks/{field}`,
      operationId: target === 'drama' ? 'unlockDramaField' : 'unlockPersonField',
      tags,
      summary: `Unlock a field of a ${target} (mods and admins)`,
      request: { params: LockParams },
      responses: { 204: { description: 'Unlocked (or it was not locked)' }, 400: error('Not an editable field'), ...notSignedIn, ...staffOnly, ...idErrors },
    },
    staffGuard,
  );

  const pending = createRoute({
    method: 'get',
    path: `${base}/pending-edits`,
    operationId: target === 'drama' ? 'countDramaPendingEdits' : 'countPersonPendingEdits',
    tags,
    summary: `How many edit suggestions wait on a ${target}`,
    description: 'One index probe; not part of the cached public answer of the record (docs/decisions/038).',
    security: [],
    request: { params: IdParams },
    responses: { 200: answer('The count', PendingEditsSchema), 400: error('The id is not all digits'), ...idErrors },
  });

  const answerRecord = async (id: number) => {
    const db = await getDb();
    return target === 'drama' ? { success: true as const, drama: toDrama(await getDrama(db, id)) } : { success: true as const, person: toPerson(await getPerson(db, id)) };
  };

  return createRouter()
    .openapi(
      update,
      async (c) => {
        const { source_note: _ignored, ...body } = c.req.valid('json');
        const id = c.req.valid('param').id;
        await editRecord(await getDb(), currentUser(c).id, target, id, body);
        return c.json(await answerRecord(id), 200);
      },
      editHook(target),
    )
    .openapi(
      suggest,
      async (c) => {
        const { source_note, ...body } = c.req.valid('json');
        const db = await getDb();
        const id = await suggestEdit(db, currentUser(c).id, target, c.req.valid('param').id, body, source_note);
        return c.json(toSuggestion(await getSuggestion(db, id, false)), 201);
      },
      editHook(target),
    )
    .openapi(
      history,
      async (c) => {
        const { page, size } = c.req.valid('query');
        const found = await listHistory(await getDb(), target, c.req.valid('param').id, page, size);
        return c.json(toPage(found.items.map(toHistoryEntry), found.total, page, size), 200);
      },
      idHook,
    )
    .openapi(locks, async (c) => c.json((await listLocks(await getDb(), target, c.req.valid('param').id)).map(toFieldLock), 200), idHook)
    .openapi(
      lock,
      async (c) => {
        const { id, field } = c.req.valid('param');
        const user = currentUser(c);
        // answered from what was written (an unlock at the same moment may already have removed it)
        const lock = await lockField(await getDb(), user.id, target, id, field, c.req.valid('json').note);
        return c.json(toFieldLock({ ...lock, lockedBy: user }), 200);
      },
      idHook,
    )
    .openapi(
      unlock,
      async (c) => {
        const { id, field } = c.req.valid('param');
        await unlockField(await getDb(), target, id, field);
        return c.body(null, 204);
      },
      idHook,
    )
    .openapi(pending, async (c) => c.json({ pending: await countPendingEdits(await getDb(), target, c.req.valid('param').id) }, 200), idHook);
}

const SuggestionQuery = z.object({
  status: z.enum(SUGGESTION_STATUSES, { error: 'status must be pending, approved or rejected' }).optional(),
  target_type: z.enum(EDIT_TARGETS, { error: 'target_type must be drama or person' }).optional(),
  target_id: z.coerce.number({ error: 'target_id must be a whole number' }).int('target_id must be a whole number').min(1).max(2_147_483_647).optional(),
  mine: z
    .enum(['true', 'false'], { error: 'mine must be true or false' })
    .optional()
    .openapi({ description: "true: only the caller's own suggestions (what a member may read)" }),
  ...pagingQuery(20, 100),
});

const listSuggestionsRoute = createRoute({
  method: 'get',
  path: '/edit-suggestions',
  operationId: 'listEditSuggestions',
  tags,
  summary: "Edit suggestions (mods and admins; a member: their own, with mine=true)",
  description:
    'Pending ones oldest first when `status=pending`, newest first otherwise. For mods and admins, a pending suggestion carries `conflicts`: the fields changed on the record since it was made (approving it answers 409).',
  security: [{ bearer: [] }],
  middleware: [requireUser],
  request: { query: SuggestionQuery },
  responses: {
    200: answer('One page of suggestions', SuggestionPageSchema),
    400: error('A query value is invalid'),
    ...notSignedIn,
    403: error("A member asked for other members' suggestions (without mine=true)"),
  },
});

const review = memberWrite(
  'moderationByMember',
  {
    method: 'post',
    path: '/edit-suggestions/{id}/review',
    operationId: 'reviewEditSuggestion',
    tags,
    summary: 'Approve or reject a suggestion (mods and admins)',
    description:
      'Approving applies it with its history entry in one transaction. Answers the suggestion, reviewed. Reviewed already: 409; a field changed on the record since it was made: 409 naming the fields (nothing changes).',
    request: { params: SuggestionIdParams, body: jsonBody(ReviewSchema) },
    responses: {
      200: answer('The suggestion, reviewed', SuggestionSchema),
      400: error('The id is not all digits, approved is missing, or the note is too long'),
      ...notSignedIn,
      ...staffOnly,
      404: error('No such suggestion (or its record is gone)'),
      409: error('Reviewed already, or fields changed since (named)'),
    },
  },
  staffGuard,
);

const revert = memberWrite(
  'catalogueEditsByMember',
  {
    method: 'post',
    path: '/edit-history/{id}/revert',
    operationId: 'revertEdit',
    tags,
    summary: 'Revert an applied change (mods and admins)',
    description: "Applies the entry's `to → from` as a new entry (source revert, reverts_id). A field changed since that entry: 409 naming the fields.",
    request: { params: EntryIdParams },
    responses: {
      201: answer('The new history entry', HistoryEntrySchema),
      400: error('The id is not all digits'),
      ...notSignedIn,
      ...staffOnly,
      404: error('No such entry (or its record is gone)'),
      409: error('Fields changed since that entry (named)'),
    },
  },
  staffGuard,
);

const router = createRouter()
  .openapi(listSuggestionsRoute, async (c) => {
    const user = currentUser(c);
    const { status, target_type, target_id, mine, page, size } = c.req.valid('query');
    const onlyMine = mine === 'true';
    if (!canReadEditSuggestions(user, { mine: onlyMine })) throw new ForbiddenError();
    const found = await listSuggestions(await getDb(), {
      status,
      targetType: target_type,
      targetId: target_id,
      userId: onlyMine ? user.id : undefined,
      page,
      size,
      withConflicts: canSeeEditConflicts(user),
    });
    return c.json(toPage(found.items.map(toSuggestion), found.total, page, size), 200);
  })
  .openapi(
    review,
    async (c) => {
      const id = c.req.valid('param').id;
      const db = await getDb();
      await reviewSuggestion(db, currentUser(c).id, id, c.req.valid('json'));
      return c.json(toSuggestion(await getSuggestion(db, id, true)), 200);
    },
    pathIdHook('Invalid suggestion ID'),
  )
  .openapi(
    revert,
    async (c) => {
      const db = await getDb();
      const entryId = await revertEntry(db, currentUser(c).id, c.req.valid('param').id);
      return c.json(toHistoryEntry(await getHistoryEntry(db, entryId)), 201);
    },
    pathIdHook('Invalid history entry ID'),
  );

for (const target of EDIT_TARGETS) router.route('/', recordRoutes(target));

export const editingRoutes = router;
