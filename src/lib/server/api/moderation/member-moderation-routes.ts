// Moderating members (contract "Moderating members", docs/decisions/038): a mod or an admin clears a
// member's fields or suspends them, with a note; the member's log of actions. Handlers parse and
// answer; the rules are in services/moderation, who may call in permissions.ts (canModerate here,
// canActOnMember in the service, against the member's role as it is under the row's lock).
import { createRoute, z } from '@hono/zod-openapi';
import { MemberModerationPageSchema, MemberModerationResultSchema, MemberModerationSchema } from '../../../api/wire/editing.ts';
import { canModerate } from '../../../users/permissions.ts';
import { getDb } from '../../db/client.ts';
import { getMemberAction, listMemberActions, moderateMember } from '../../services/moderation/member-moderation.ts';
import { currentUser, requirePermission } from '../auth-middleware.ts';
import { createRouter } from '../create-router.ts';
import { memberWrite } from '../member-limits.ts';
import { pagingQuery, toPage } from '../paging.ts';
import { UserIdParams, userHook } from '../profiles/profile-dto.ts';
import { errorAnswer as error, jsonAnswer as answer, jsonBody, notSignedIn } from '../schemas.ts';
import { toMemberAction, toModeratedMember } from './member-moderation-dto.ts';

const tags = ['Moderation'];

const moderate = memberWrite(
  'moderationByMember',
  {
    method: 'post',
    path: '/users/{id}/moderation',
    operationId: 'moderateMember',
    tags,
    summary: "Clear a member's fields or suspend them (mods and admins)",
    description:
      'One transaction: the member row is locked, the fields in `clear` emptied (an image goes back to the generated one and its ' +
      'files are deleted), `suspend_until` set (a future ISO 8601 date-time with a time zone) or lifted (`null`), and the action ' +
      "recorded with the moderator and the note. A suspension ends the member's sessions at once (every token answers 401) and " +
      "signing in answers 403 'This account is suspended until {date}.' until it ends or is lifted; their profile, comments and " +
      'posts stay readable. A mod cannot act on a mod or an admin, nobody on themselves (403, nothing changed).',
    request: { params: UserIdParams, body: jsonBody(MemberModerationSchema) },
    responses: {
      200: answer('The action recorded, and the member after it', MemberModerationResultSchema),
      400: error('The id is not all digits; a field is invalid (note blank or too long, suspend_until not a future date-time, an unknown field in clear); nothing to do'),
      ...notSignedIn,
      403: error('The caller is not a moderator or an administrator, or may not act on this member (themselves; a mod acting on a mod or an admin)'),
      404: error('No such member'),
    },
  },
  requirePermission((user) => canModerate(user)),
);

const log = createRoute({
  method: 'get',
  path: '/users/{id}/moderation',
  operationId: 'listMemberModeration',
  tags,
  summary: "A member's moderation log, newest first (mods and admins)",
  description: 'Every action taken on the member, with who and why, and the member as they are now (with `suspended_until`).',
  security: [{ bearer: [] }],
  middleware: [requirePermission((user) => canModerate(user))],
  request: { params: UserIdParams, query: z.object(pagingQuery(20, 100)) },
  responses: {
    200: answer('One page of actions', MemberModerationPageSchema),
    400: error('The id is not all digits, or a query value is invalid'),
    ...notSignedIn,
    403: error("The caller is not a moderator or an administrator: 'You don't have permission to perform this action'"),
    404: error('No such member'),
  },
});

export const memberModerationRoutes = createRouter()
  .openapi(
    moderate,
    async (c) => {
      const db = await getDb();
      const body = c.req.valid('json');
      const result = await moderateMember(db, currentUser(c), Number(c.req.valid('param').id), body);
      return c.json({ action: toMemberAction(await getMemberAction(db, result.action.id)), member: toModeratedMember(result.member) }, 200);
    },
    userHook,
  )
  .openapi(
    log,
    async (c) => {
      const { page, size } = c.req.valid('query');
      const result = await listMemberActions(await getDb(), Number(c.req.valid('param').id), page, size);
      return c.json({ ...toPage(result.items.map(toMemberAction), result.total, page, size), member: toModeratedMember(result.member) }, 200);
    },
    userHook,
  );
