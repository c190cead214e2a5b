import { createRoute, z } from '@hono/zod-openapi';
import { RETRY_AFTER_SECONDS } from '../../db/connection-errors.ts';
import { pingDatabase } from '../../services/system/health.ts';
import { createRouter } from '../create-router.ts';
import { publicCacheSize } from '../public-cache.ts';
import { ErrorSchema } from '../../../api/wire/common.ts';
import { HealthSchema } from '../../../api/wire/system.ts';

const route = createRoute({
  method: 'get',
  path: '/health',
  operationId: 'getHealth',
  security: [],
  tags: ['System'],
  summary: 'Liveness and database check',
  request: {
    query: z.object({
      verbose: z.enum(['true', 'false']).optional().openapi({ description: 'include database kind, latency, uptime and the public answer cache’s size' }),
    }),
  },
  responses: {
    200: { description: 'The site and its database answer', content: { 'application/json': { schema: HealthSchema } } },
    400: { description: 'Invalid query', content: { 'application/json': { schema: ErrorSchema } } },
    503: { description: 'The database does not answer (Retry-After says when to ask again)', content: { 'application/json': { schema: HealthSchema } } },
  },
});

const version = process.env.npm_package_version ?? '0.1.0';

export const healthRoutes = createRouter().openapi(route, async (c) => {
  const { verbose } = c.req.valid('query');
  const db = await pingDatabase();
  const body = {
    status: db.ok ? ('ok' as const) : ('unavailable' as const),
    database: db.ok ? ('ok' as const) : ('unavailable' as const),
    version,
    ...(verbose === 'true' && {
      details: {
        database_kind: db.kind,
        database_latency_ms: db.latencyMs,
        uptime_seconds: Math.round(process.uptime()),
        public_cache_entries: publicCacheSize().entries,
        public_cache_bytes: publicCacheSize().bytes,
      },
    }),
  };
  return db.ok ? c.json(body, 200) : c.json(body, 503, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
});
