// GET /health's answer (for load balancers and monitors).
import { z } from '@hono/zod-openapi';

export const HealthSchema = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    database: z.enum(['ok', 'unavailable']),
    version: z.string(),
    details: z
      .object({
        database_kind: z.string(),
        database_latency_ms: z.number(),
        uptime_seconds: z.number(),
        public_cache_entries: z.number().openapi({ description: 'answers held by the public answer cache' }),
        public_cache_bytes: z.number().openapi({ description: 'what they weigh, against the PUBLIC_CACHE_MB bound' }),
      })
      .optional(),
  })
  .openapi('Health');
