// The report calls (contract "Comments and reactions", "Reports and blocks"; docs/decisions/035): a
// member reports a comment or a post; mods and admins list the reports and resolve them (the
// moderation area's screen reads these). Handlers parse and answer; the rules are in services/reports,
// who may call in permissions.ts (canReport, canModerate, canResolveReports).
import { createRoute, z } from '@hono/zod-openapi';
import { ModerationReportSchema, ReportCreateSchema, ReportPageSchema, ReportResolveSchema, ReportSchema } from '../../../api/wire/comments.ts';
import { canModerate, canReport, canResolveReports } from '../../../users/permissions.ts';
import { getDb } from '../../db/client.ts';
import { createReport, getModerationReport, listReports, resolveReport, type ModerationReportRow, type ReportRow } from '../../services/reports/reports.ts';
import { currentUser, requirePermission } from '../auth-middleware.ts';
import { createRouter } from '../create-router.ts';
import { memberWrite } from '../member-limits.ts';
import { pagingQuery } from '../paging.ts';
import { toCommentAuthor } from '../profiles/member-author.ts';
import { errorAnswer as error, jsonAnswer as answer, jsonBody, notSignedIn, pathIdHook, pathIdParams } from '../schemas.ts';

const tags = ['Moderation'];
const REPORT_ID = 'Invalid report ID';
const ReportIdParams = pathIdParams(REPORT_ID);
const reportHook = pathIdHook(REPORT_ID);

const ReportQuery = z.object({
  status: z.enum(['open', 'resolved'], { error: 'status must be open or resolved' }).default('open'),
  ...pagingQuery(20, 100),
  cursor: z.string().max(200, 'Invalid cursor: start again from the first page').optional(),
});

function toReport(row: ReportRow): z.infer<typeof ReportSchema> {
  return {
    id: row.id,
    target_type: row.targetType,
    target_id: row.targetId,
    reason: row.reason,
    note: row.note,
    status: row.status,
    action: row.action,
    created_at: row.createdAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
  };
}

function toModerationReport(row: ModerationReportRow): z.infer<typeof ModerationReportSchema> {
  return {
    ...toReport(row),
    reporter: toCommentAuthor(row.reporter),
    resolver: row.resolver ? toCommentAuthor(row.resolver) : null,
    target: row.target
      ? { content: row.target.content, author: toCommentAuthor(row.target.author), created_at: row.target.createdAt.toISOString(), url: row.target.url }
      : null,
    member_action_id: row.memberActionId,
  };
}

const staffOnly = { 403: error("The caller is not a moderator or an administrator: 'You don't have permission to perform this action'") };

const create = memberWrite('reportsByMember', {
  method: 'post',
  path: '/reports',
  operationId: 'createReport',
  tags,
  summary: 'Report a comment or a post',
  description: "One open report per member and thing: reporting it again while the report is open answers that report (200) and changes nothing.",
  request: { body: jsonBody(ReportCreateSchema) },
  responses: {
    200: answer("The caller's open report of it, which stands", ReportSchema),
    201: answer('The new report', ReportSchema),
    400: error('A field is missing or invalid (target_type, target_id, reason, a note over 500 characters)'),
    ...notSignedIn,
    403: error('The caller may not write (suspended)'),
    404: error('No such comment or post'),
    409: error('The open report was resolved while this one was being saved, again and again: try again'),
  },
}, requirePermission((user) => canReport(user)));

const list = createRoute({
  method: 'get',
  path: '/reports',
  operationId: 'listReports',
  tags,
  summary: 'Reports, newest first (mods and admins)',
  description: 'With the reporter, the resolver and what each is about (`target`: null once it is gone). `cursor` (the `next_cursor` of a page) continues with no duplicate and no gap; `page` is for the first reads.',
  security: [{ bearer: [] }],
  middleware: [requirePermission((user) => canModerate(user))],
  request: { query: ReportQuery },
  responses: {
    200: answer('One page of reports', ReportPageSchema),
    400: error('A query value is invalid (status, page, size, cursor)'),
    ...notSignedIn,
    ...staffOnly,
  },
});

const resolve = memberWrite(
  'moderationByMember',
  {
    method: 'post',
    path: '/reports/{id}/resolve',
    operationId: 'resolveReport',
    tags,
    summary: 'Resolve a report (mods and admins)',
    description:
      'Resolves the report and every other open report of the same comment or post in one transaction; `remove` deletes it too (a comment with its replies). ' +
      "With `member_action` (POST /users/{id}/moderation's body), the author of the comment or post is moderated in the same transaction, " +
      'and the reports keep the action (`member_action_id`): the same rules, and a refusal (403: a mod acting on a mod or an admin, or on themselves; ' +
      '400: a bad member_action field) resolves nothing. Answers the report, resolved.',
    request: { params: ReportIdParams, body: jsonBody(ReportResolveSchema) },
    responses: {
      200: answer('The report, resolved', ModerationReportSchema),
      400: error('The id is not all digits, the action is not dismiss or remove, or a member_action field is invalid (named as member_action.note, …)'),
      ...notSignedIn,
      403: error("The caller is not a moderator or an administrator, or may not act on the author (member_action): 'You don't have permission to perform this action'"),
      404: error('No such report'),
      409: error('The report is already resolved; or, with member_action, what was reported is gone with its author'),
    },
  },
  requirePermission((user) => canResolveReports(user)),
);

export const reportRoutes = createRouter()
  .openapi(create, async (c) => {
    const body = c.req.valid('json');
    const { report, created } = await createReport(await getDb(), currentUser(c).id, {
      targetType: body.target_type,
      targetId: body.target_id,
      reason: body.reason,
      note: body.note,
    });
    return created ? c.json(toReport(report), 201) : c.json(toReport(report), 200);
  })
  .openapi(list, async (c) => {
    const { status, page, size, cursor } = c.req.valid('query');
    const result = await listReports(await getDb(), { status, page, size, cursor });
    return c.json({ items: result.items.map(toModerationReport), total: result.total, page, size, pages: Math.ceil(result.total / size), next_cursor: result.next_cursor }, 200);
  })
  .openapi(
    resolve,
    async (c) => {
      const id = Number(c.req.valid('param').id);
      const db = await getDb();
      const body = c.req.valid('json');
      await resolveReport(db, currentUser(c), id, body.action, body.member_action);
      return c.json(toModerationReport(await getModerationReport(db, id)), 200);
    },
    reportHook,
  );
