// The reactions calls (contract "Comments and reactions"; docs/decisions/035): a member's reactions,
// reacting to a comment (one reaction per member and comment) and taking a reaction back. Their tag
// is Comments; the rules are in services/comments/reactions.ts.
import { createRoute, z } from '@hono/zod-openapi';
import { ReactionCreateSchema, ReactionSavedSchema, ReactionSchema } from '../../../api/wire/comments.ts';
import { getDb } from '../../db/client.ts';
import { deleteReaction, readUserReactions, saveReaction, USER_REACTIONS_LIMIT, USER_REACTIONS_MAX_IDS } from '../../services/comments/reactions.ts';
import { currentUser } from '../auth-middleware.ts';
import { createRouter } from '../create-router.ts';
import { memberRead, memberWrite } from '../member-limits.ts';
import { blankAsMissing, errorAnswer as error, jsonAnswer as answer, jsonBody, notSignedIn } from '../schemas.ts';
import { ReactionIdParams, reactionIdHook, toReactionSaved } from './comment-dto.ts';
import { SIGNED_IN_CACHE_CONTROL } from './comment-routes.ts';

const tags = ['Comments'];
const COMMENT_IDS_MESSAGE = `comment_ids must be up to ${USER_REACTIONS_MAX_IDS} comment ids separated by commas`;

const UserReactionsQuery = z.object({
  comment_ids: z
    .preprocess(
      blankAsMissing,
      z
        .string()
        .max(USER_REACTIONS_MAX_IDS * 11, COMMENT_IDS_MESSAGE)
        .regex(/^[0-9]{1,10}(,[0-9]{1,10})*$/, COMMENT_IDS_MESSAGE)
        .transform((value) => [...new Set(value.split(',').map(Number))])
        .refine((ids) => ids.length <= USER_REACTIONS_MAX_IDS, COMMENT_IDS_MESSAGE)
        .optional(),
    )
    .openapi({ type: 'string', example: '1,2,3', description: `only the reactions to these comments (at most ${USER_REACTIONS_MAX_IDS} ids)` }),
});

const userReactions = createRoute({
  method: 'get',
  path: '/reactions/user-reactions',
  operationId: 'getUserReactions',
  tags,
  summary: "The caller's reactions",
  description: `With comment_ids: the caller's reactions to those comments. Without: their ${USER_REACTIONS_LIMIT} most recent reactions, newest first (a bounded answer; a page asks with the ids of the comments it shows).`,
  ...memberRead,
  request: { query: UserReactionsQuery },
  responses: { 200: answer("The caller's reactions", z.array(ReactionSchema)), 400: error('comment_ids is invalid'), ...notSignedIn },
});

const saveReactionRoute = memberWrite('reactionsByMember', {
  method: 'post',
  path: '/reactions', // the contract's `POST /reactions/`: both spellings are answered (strict: false)
  operationId: 'saveReaction',
  tags,
  summary: 'React to a comment: one reaction per member and comment (a second one changes its type)',
  request: { body: jsonBody(ReactionCreateSchema) },
  responses: {
    200: answer("The caller's existing reaction, changed to this type (or already of it), with the comment's counts", ReactionSavedSchema),
    201: answer("The new reaction, with the comment's counts", ReactionSavedSchema),
    400: error('A bad type or comment id'),
    ...notSignedIn,
    403: error("Blocked: the comment's author and the caller (either way)"),
    404: error('No such comment'),
  },
});

const deleteReactionRoute = memberWrite('reactionsByMember', {
  method: 'delete',
  path: '/reactions/{id}',
  operationId: 'deleteReaction',
  tags,
  summary: 'Take back a reaction (its member)',
  request: { params: ReactionIdParams },
  responses: {
    204: { description: 'Taken back' },
    400: error('The id is not all digits'),
    ...notSignedIn,
    403: error("Another member's reaction"),
    404: error('No such reaction'),
  },
});

export const reactionRoutes = createRouter()
  .openapi(userReactions, async (c) => {
    const rows = await readUserReactions(await getDb(), currentUser(c).id, c.req.valid('query').comment_ids);
    return c.json(
      rows.map((row) => ({ id: row.id, type: row.type, comment_id: row.commentId })),
      200,
      { 'Cache-Control': SIGNED_IN_CACHE_CONTROL },
    );
  })
  .openapi(saveReactionRoute, async (c) => {
    const body = c.req.valid('json');
    const saved = await saveReaction(await getDb(), currentUser(c), body.comment_id, body.type);
    return saved.created ? c.json(toReactionSaved(saved), 201) : c.json(toReactionSaved(saved), 200);
  })
  .openapi(
    deleteReactionRoute,
    async (c) => {
      await deleteReaction(await getDb(), currentUser(c), c.req.valid('param').id);
      return c.body(null, 204);
    },
    reactionIdHook,
  );
