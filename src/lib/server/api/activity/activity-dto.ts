// Mapper from the activity service's records to the answers of its calls (schemas:
// src/lib/api/wire/activity.ts).
import type { z } from '@hono/zod-openapi';
import type { ActivityItem } from '../../services/activity/activity-timeline.ts';
import type { ActivityItemSchema } from '../../../api/wire/activity.ts';

export const toActivityItem = (item: ActivityItem): z.infer<typeof ActivityItemSchema> => ({
  id: item.id,
  drama_id: item.dramaId,
  drama_title: item.dramaTitle,
  drama_poster: item.dramaPoster,
  new_status: item.newStatus,
  score: item.score,
  progress: item.progress,
  total_episodes: item.totalEpisodes,
  timestamp: item.at.toISOString(),
  kind: item.kind,
  cycle: item.cycle,
});
