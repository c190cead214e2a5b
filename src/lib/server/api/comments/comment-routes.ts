// The comments calls (contract "Comments and reactions"; docs/decisions/035): a page of a drama's or
// a profile's comments with their replies, and a member's comment, reply, edit and delete.
// Handlers parse and answer; the rules are in services/comments.
//
// Caching (decision 035, amended): a visitor's page is kept in this process for a few seconds under
// its target's comments version, which every write to the target's comments or reactions bumps
// (comment-page-cache.ts): this instance's next read after a write is fresh, another instance's is
// at most VISITOR_PAGE_TTL_MS old, and the catalogue's answer cache is never flushed by a comment. A
// CDN may keep a visitor's answer as long (`s-maxage`, `Vary: Authorization`). A signed-in caller's
// page is theirs (blocks, their reactions): computed each time and never kept (`private, no-store`).
import { createRoute, z } from '@hono/zod-openapi';
import { CommentCreatedSchema, CommentCreateSchema, CommentPageSchema, CommentUpdatedSchema, CommentUpdateSchema } from '../../../api/wire/comments.ts';
import { getDb } from '../../db/client.ts';
import { readCommentPage, COMMENT_PAGE_SIZE } from '../../services/comments/comment-reads.ts';
import { createComment, deleteComment, editComment } from '../../services/comments/comments.ts';
import { wantsFresh } from '../public-cache.ts';
import { currentUser } from '../auth-middleware.ts';
import { createRouter } from '../create-router.ts';
import { anyoneRead, memberWrite } from '../member-limits.ts';
import { pageNumber, pageSizeNumber } from '../paging.ts';
import { badToken, errorAnswer as error, jsonAnswer as answer, jsonBody, notSignedIn } from '../schemas.ts';
import { CommentIdParams, commentIdHook, toCommentCreated, toCommentPage, toCommentUpdated } from './comment-dto.ts';
import { VISITOR_PAGE_TTL_MS, visitorCommentPage } from './comment-page-cache.ts';

const tags = ['Comments'];

/** what a visitor's page of comments may be kept for by a shared cache (seconds): as long as this process keeps it */
export const VISITOR_COMMENTS_MAX_AGE = VISITOR_PAGE_TTL_MS / 1000;
export const VISITOR_COMMENTS_CACHE_CONTROL = `public, max-age=0, s-maxage=${VISITOR_COMMENTS_MAX_AGE}, stale-while-revalidate=${VISITOR_COMMENTS_MAX_AGE * 2}`;
export const SIGNED_IN_CACHE_CONTROL = 'private, no-store';

const wholeNumber = (name: string) =>
  z
    .string()
    .regex(/^[0-9]{1,30}$/, `${name} must be a whole number`)
    .transform(Number);

const CommentQuery = z.object({
  type: z.enum(['dorama', 'profile'], { error: "type must be 'dorama' or 'profile'" }),
  id: wholeNumber('id').openapi({ type: 'string', description: 'the drama id (type=dorama) or the member id (type=profile)' }),
  order: z.enum(['recent', 'oldest'], { error: "order must be 'recent' or 'oldest'" }).default('recent'),
  page: pageNumber(),
  page_size: pageSizeNumber('page_size', COMMENT_PAGE_SIZE.default, COMMENT_PAGE_SIZE.max),
  cursor: z.string().max(200, 'Invalid cursor: start again from the first page').optional().openapi({
    description: "a page's next_cursor, to continue after it (instead of page): no duplicate and no gap when comments are added meanwhile",
  }),
});

const listComments = createRoute({
  method: 'get',
  path: '/comments',
  operationId: 'getComments',
  tags,
  summary: "One page of a drama's or a profile's comments, each with all its replies (oldest first)",
  description:
    'With a token: each comment and reply carries my_reaction, the page carries can_comment, and comments and replies of members blocked either way are left out (Cache-Control: private, no-store).',
  ...anyoneRead,
  request: { query: CommentQuery },
  responses: {
    200: answer('One page of top-level comments', CommentPageSchema),
    400: error('A query value is invalid (or a cursor the server did not issue)'),
    ...badToken,
    404: error('No such drama or member'),
  },
});

const createCommentRoute = memberWrite(['commentsByMember', 'commentsByMemberDaily'], {
  method: 'post',
  path: '/comments', // the contract's `POST /comments/`: strict: false (create-router.ts) answers both spellings
  operationId: 'createComment',
  tags,
  summary: 'Comment on a drama or a profile, or reply to a top-level comment',
  request: { body: jsonBody(CommentCreateSchema) },
  responses: {
    201: answer('The new comment, with its @names resolved', CommentCreatedSchema),
    400: error('Blank or too long content, not exactly one target, or reply_to_id not a top-level comment of the same target'),
    ...notSignedIn,
    403: error("Blocked: the profile's owner, or the author of the comment replied to (either way)"),
    404: error('No such drama or member'),
  },
});

const editCommentRoute = memberWrite('commentEditsByMember', {
  method: 'put',
  path: '/comments/{id}',
  operationId: 'updateComment',
  tags,
  summary: 'Edit a comment (its author)',
  request: { params: CommentIdParams, body: jsonBody(CommentUpdateSchema) },
  responses: {
    200: answer('The edited comment', CommentUpdatedSchema),
    400: error('The id is not all digits, or blank or too long content'),
    ...notSignedIn,
    403: error('Not its author'),
    404: error('No such comment'),
  },
});

const deleteCommentRoute = memberWrite('commentEditsByMember', {
  method: 'delete',
  path: '/comments/{id}',
  operationId: 'deleteComment',
  tags,
  summary: 'Delete a comment with its replies (its author, a mod, an admin)',
  request: { params: CommentIdParams },
  responses: {
    204: { description: 'Deleted, with its replies' },
    400: error('The id is not all digits'),
    ...notSignedIn,
    403: error('Neither its author nor a mod or an admin'),
    404: error('No such comment'),
  },
});

export const commentRoutes = createRouter()
  .openapi(listComments, async (c) => {
    const query = c.req.valid('query');
    const user = c.get('user');
    const target = { type: query.type, id: query.id };
    const read = async () =>
      toCommentPage(
        await readCommentPage(await getDb(), { target, order: query.order, page: query.page, pageSize: query.page_size, cursor: query.cursor }, user),
        user !== undefined,
      );
    if (user) return c.json(await read(), 200, { 'Cache-Control': SIGNED_IN_CACHE_CONTROL, Vary: 'Authorization' });
    const body = await visitorCommentPage(
      `${target.type}:${target.id}`,
      `${query.order}|${query.page}|${query.page_size}|${query.cursor ?? ''}`,
      wantsFresh(c.req.header('cache-control'), c.req.header('pragma')),
      async () => JSON.stringify(await read()),
    );
    c.header('Cache-Control', VISITOR_COMMENTS_CACHE_CONTROL);
    c.header('Vary', 'Authorization');
    return c.body(body, 200, { 'Content-Type': 'application/json' }) as unknown as ReturnType<typeof c.json<z.infer<typeof CommentPageSchema>, 200>>;
  })
  .openapi(createCommentRoute, async (c) => {
    const body = c.req.valid('json');
    const created = await createComment(await getDb(), currentUser(c), {
      content: body.content,
      doramaId: body.dorama_id,
      profileUserId: body.profile_user_id,
      replyToId: body.reply_to_id,
      spoiler: body.spoiler,
    });
    return c.json(toCommentCreated(created), 201);
  })
  .openapi(
    editCommentRoute,
    async (c) => {
      const body = c.req.valid('json');
      const edited = await editComment(await getDb(), currentUser(c), c.req.valid('param').id, { content: body.content, spoiler: body.spoiler });
      return c.json(toCommentUpdated(edited), 200);
    },
    commentIdHook,
  )
  .openapi(
    deleteCommentRoute,
    async (c) => {
      await deleteComment(await getDb(), currentUser(c), c.req.valid('param').id);
      return c.body(null, 204);
    },
    commentIdHook,
  );
