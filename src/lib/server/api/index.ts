import { Hono, type MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import { env } from '../env.ts';
import { logger } from '../logger.ts';
import { answerKind, securityHeaders } from '../http/security-headers.ts';
import { createRouter, type ApiEnv } from './create-router.ts';
import { limitBodies } from './body-limit.ts';
import { docsRoutes } from './system/docs-routes.ts';
import { dramaRoutes } from './dramas/drama-routes.ts';
import { handleError, handleNotFound } from './errors.ts';
import { errorAnswer } from './schemas.ts';
import { accountRoutes } from './accounts/account-routes.ts';
import { googleSignInRoutes } from './accounts/google-sign-in-routes.ts';
import { healthRoutes } from './system/health-routes.ts';
import { peopleRoutes } from './people/people-routes.ts';
import { heartRoutes } from './hearts/heart-routes.ts';
import { cachePublicAnswers, registerQueryKeys } from './public-cache.ts';
import { profileRoutes } from './profiles/profile-routes.ts';
import { followRoutes } from './follows/follow-routes.ts';
import { listRoutes } from './lists/list-routes.ts';
import { activityRoutes } from './activity/activity-routes.ts';
import { favouriteRoutes } from './favourites/favourite-routes.ts';
import { uploadRoutes } from './uploads/upload-routes.ts';
import { commentRoutes } from './comments/comment-routes.ts';
import { reactionRoutes } from './comments/reaction-routes.ts';
import { blockRoutes } from './blocks/block-routes.ts';
import { reportRoutes } from './reports/report-routes.ts';
import { memberModerationRoutes } from './moderation/member-moderation-routes.ts';
import { postRoutes } from './social/post-routes.ts';
import { editingRoutes } from './editing/editing-routes.ts';
import { LOCAL_UPLOAD_PATH } from '../services/uploads/uploads.ts';

/** Every feature's router, mounted under /api/v1 in this order. */
const routers = [
  healthRoutes,
  accountRoutes,
  googleSignInRoutes,
  profileRoutes,
  followRoutes,
  blockRoutes,
  peopleRoutes,
  heartRoutes,
  dramaRoutes,
  listRoutes,
  activityRoutes,
  favouriteRoutes,
  uploadRoutes,
  commentRoutes,
  reactionRoutes,
  reportRoutes,
  memberModerationRoutes,
  postRoutes,
  editingRoutes,
];

/**
 * Every handler the feature routers wired, middleware included, one entry per handler, in order
 * ({ method, path, handler }, paths as declared: `/people/:id/heart`): what tests/api/write-limits.test.ts
 * checks each member write against (wired to a limiter, not only documented with a 429).
 */
export function wiredHandlers() {
  return routers.flatMap((router) => router.routes);
}

/** One log line per request, with the request id that the answer also carries (X-Request-Id). */
const logRequests: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const started = performance.now();
  await next();
  logger.info(
    {
      reqId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    },
    'request',
  );
};

/** The API application: `/api/v1/*`, its OpenAPI document and the interactive docs at `/api/docs`. */
export function createApi() {
  const v1 = createRouter();
  for (const router of routers) v1.route('/', router);
  // Said once here rather than in every route: an operation that takes a body answers 413 to one over
  // BODY_LIMIT and 415 to a Content-Type it does not take (zod-openapi's media-type check).
  for (const def of v1.openAPIRegistry.definitions) {
    if (def.type !== 'route' || !def.route.request?.body) continue;
    def.route.responses = {
      413: errorAnswer('The body is larger than BODY_LIMIT'),
      415: errorAnswer('The Content-Type is not one this operation takes'),
      ...def.route.responses,
    };
  }
  v1.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'DramaList API',
      version: '1.0.0',
      description: 'Catalogue and community API. Errors are `{ "detail": "..." }` with the matching status.',
    },
    servers: [{ url: '/api/v1' }],
    tags: [
      { name: 'System', description: 'Health of the site and its database' },
      { name: 'Auth', description: 'Accounts: registration, e-mail verification, sign-in (password or Google), password reset' },
      { name: 'Users', description: 'Members: the signed-in member and public profiles' },
      { name: 'People', description: 'Actors, directors and screenwriters: search, pages, filmographies and hearts' },
      { name: 'Dramas', description: 'The catalogue: search, ranked lists, seasons, dramas, episodes and cast' },
      { name: 'Lists', description: "Members' watch lists: entries with their history and rewatches, the four lists, statistics and activity" },
      { name: 'Favourites', description: "Members' favourite dramas and cast (5 of each at most)" },
      { name: 'Uploads', description: 'Signed addresses for images (avatars, covers, banners, person images), sent straight to storage' },
      { name: 'Comments', description: 'Comments on dramas and profiles, their replies, and reactions to them' },
      { name: 'Moderation', description: 'Reports of comments and posts by members, listed and resolved by mods and admins' },
      { name: 'Editing', description: 'Catalogue editing: direct edits by mods and admins, members\' suggestions and their review, history and revert, field locks' },
      { name: 'Social', description: 'The community feed: the For You and Following timelines, posts, replies, quotes, likes and reposts' },
    ],
  });
  v1.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  // The public answer cache keys each GET route by the query parameters its schema reads, and no others.
  for (const definition of v1.openAPIRegistry.definitions) {
    if (definition.type !== 'route' || definition.route.method !== 'get') continue;
    const query = definition.route.request?.query;
    if (!query) registerQueryKeys(definition.route.path, []);
    else if ('shape' in query && query.shape && typeof query.shape === 'object') registerQueryKeys(definition.route.path, Object.keys(query.shape));
  }
  v1.notFound(handleNotFound);
  v1.onError(handleError);

  const app = new Hono<ApiEnv>({ strict: false });
  app.use('*', requestId({ headerName: 'X-Request-Id' }), logRequests, async (c, next) => {
    await next();
    // the API's policy (the docs have their own); also sent by the site server (docs/decisions/011)
    for (const [name, value] of Object.entries(securityHeaders(answerKind(c.req.path), env()))) c.header(name, value);
    c.header('Cache-Control', c.res.headers.get('Cache-Control') ?? 'no-store');
  });
  // a local upload's body is limited by the size its address was signed for (services/uploads)
  app.use('*', limitBodies({ except: `/api/v1${LOCAL_UPLOAD_PATH}` }));
  app.use('/api/v1/*', cachePublicAnswers('/api/v1'));
  app.route('/api/v1', v1);
  app.route('/api/docs', docsRoutes);
  app.notFound(handleNotFound);
  app.onError(handleError);
  return app;
}

export type Api = ReturnType<typeof createApi>;
