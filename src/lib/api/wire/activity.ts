// The activity timeline's calls (spec 2 §3 activity item; contract "Watch lists and activity";
// docs/decisions/021).
import { z } from '@hono/zod-openapi';
import { ListStatusSchema, Timestamp } from './lists.ts';

export const ActivityItemSchema = z
  .object({
    id: z.number().int(),
    drama_id: z.number().int(),
    drama_title: z.string(),
    drama_poster: z.string().nullable(),
    new_status: ListStatusSchema,
    score: z.number().int().nullable(),
    progress: z.number().int().nullable(),
    total_episodes: z.number().int().nullable(),
    timestamp: Timestamp,
    kind: z.enum(['added', 'updated', 'rewatch']),
    cycle: z.number().int(),
  })
  .openapi('ActivityItem');

export const ActivityPageSchema = z
  .object({
    items: z.array(ActivityItemSchema),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    pages: z.number().int(),
  })
  .openapi('ActivityPage');
