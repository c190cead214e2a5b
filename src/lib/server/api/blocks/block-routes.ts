// The block calls (contract "Comments and reactions", "Reports and blocks"; docs/decisions/035):
// block and unblock a member, whether the caller blocked one, and the caller's blocked members. Their
// URLs live under /users and their tag is Users; handlers parse and answer, the rules are in
// services/blocks.
import { createRoute, z } from '@hono/zod-openapi';
import { BlockedPageSchema, BlockStateSchema } from '../../../api/wire/comments.ts';
import { getDb } from '../../db/client.ts';
import { blockMember, hasBlocked, listBlocked, unblockMember } from '../../services/blocks/blocks.ts';
import { currentUser } from '../auth-middleware.ts';
import { createRouter } from '../create-router.ts';
import { memberRead, memberWrite } from '../member-limits.ts';
import { offsetOf, pagingQuery, toPage } from '../paging.ts';
import { UserIdParams, userHook } from '../profiles/profile-dto.ts';
import { toCommentAuthor } from '../profiles/member-author.ts';
import { errorAnswer as error, jsonAnswer as answer, notSignedIn } from '../schemas.ts';

const tags = ['Users'];
const BlockedQuery = z.object(pagingQuery(20, 100));

const blockRoute = (method: 'post' | 'delete') =>
  memberWrite('blocksByMember', {
    method,
    path: '/users/{id}/block',
    operationId: method === 'post' ? 'blockUser' : 'unblockUser',
    tags,
    summary: method === 'post' ? 'Block a member (idempotent)' : 'Stop blocking a member (idempotent)',
    description:
      method === 'post'
        ? "Their comments and posts are hidden from each other both ways, neither can reply to, react to, like, repost, quote or follow the other (403), and a follow between them, either way, ends (both members' counters move)."
        : 'A follow the block ended does not come back.',
    request: { params: UserIdParams },
    responses: {
      200: answer('Whether the caller blocks the member now', BlockStateSchema),
      400: error('The id is not all digits, or it is the caller'),
      ...notSignedIn,
      403: error('The caller may not write (suspended)'),
      404: error('No such member'),
    },
  });

const blockState = createRoute({
  method: 'get',
  path: '/users/{id}/block',
  operationId: 'getBlockState',
  tags,
  summary: 'Whether the caller blocked a member',
  description: 'Only whether the caller blocked them: whether the member blocked the caller is not told.',
  ...memberRead,
  request: { params: UserIdParams },
  responses: { 200: answer('Whether the caller blocks the member', BlockStateSchema), 400: error('The id is not all digits'), ...notSignedIn, 404: error('No such member') },
});

const myBlocks = createRoute({
  method: 'get',
  path: '/users/me/blocks',
  operationId: 'listMyBlocks',
  tags,
  summary: 'The members the caller blocked, the latest block first',
  ...memberRead,
  request: { query: BlockedQuery },
  responses: { 200: answer('One page of blocked members', BlockedPageSchema), 400: error('A paging value is invalid'), ...notSignedIn },
});

export const blockRoutes = createRouter()
  .openapi(
    blockRoute('post'),
    async (c) => c.json(await blockMember(await getDb(), currentUser(c), Number(c.req.valid('param').id)), 200),
    userHook,
  )
  .openapi(
    blockRoute('delete'),
    async (c) => c.json(await unblockMember(await getDb(), currentUser(c), Number(c.req.valid('param').id)), 200),
    userHook,
  )
  .openapi(
    blockState,
    async (c) => c.json({ blocked: await hasBlocked(await getDb(), currentUser(c).id, Number(c.req.valid('param').id)) }, 200),
    userHook,
  )
  .openapi(myBlocks, async (c) => {
    const { page, size } = c.req.valid('query');
    const result = await listBlocked(await getDb(), currentUser(c).id, { offset: offsetOf(page, size), limit: size });
    const items = result.items.map((row) => ({ ...toCommentAuthor(row), blocked_at: row.blockedAt.toISOString() }));
    return c.json(toPage(items, result.total, page, size), 200);
  });
