// Mappers from the lists services' records to the answers of their calls (schemas:
// src/lib/api/wire/lists.ts).
import { z } from '@hono/zod-openapi';
import type { Entry, EntryDetail, HistoryItem, ListSummary } from '../../services/lists/list-reads.ts';
import type { ListStats } from '../../services/lists/list-stats.ts';
import {
  EntryDetailSchema,
  HistoryItemSchema,
  ListEntrySchema,
  ListStatsSchema,
  ListSummarySchema,
} from '../../../api/wire/lists.ts';

type DramaType = z.infer<typeof ListEntrySchema>['drama']['type'];

export function toListEntry(entry: Entry): z.infer<typeof ListEntrySchema> {
  const d = entry.drama;
  return {
    drama_id: entry.dramaId,
    drama: {
      id: d.id,
      title: d.title,
      episodes: d.episodes,
      year: d.year,
      type: d.type as DramaType,
      country: d.country,
      rating: d.rating,
      banner_image: d.bannerImage,
      poster_image: d.posterImage,
      main_photo: d.mainPhoto,
      thumbnail: d.thumbnail,
      photos: d.firstPhoto ? [d.firstPhoto] : [],
    },
    status: entry.status,
    score: entry.score,
    progress: entry.progress,
    notes: entry.notes,
    rewatch_count: entry.rewatchCount,
    started_at: entry.startedAt,
    finished_at: entry.finishedAt,
    created_at: entry.createdAt.toISOString(),
    updated_at: entry.updatedAt.toISOString(),
    category: entry.status,
  };
}

const toHistoryItem = (item: HistoryItem): z.infer<typeof HistoryItemSchema> => ({
  id: item.id,
  kind: item.kind,
  cycle: item.cycle,
  status: item.status,
  score: item.score,
  progress: item.progress,
  previous_status: item.previousStatus,
  previous_score: item.previousScore,
  previous_progress: item.previousProgress,
  timestamp: item.at.toISOString(),
});

export function toEntryDetail(entry: EntryDetail): z.infer<typeof EntryDetailSchema> {
  return {
    ...toListEntry(entry),
    cycles: entry.cycles.map((c) => ({ cycle: c.cycle, started_at: c.startedAt, finished_at: c.finishedAt })),
    history: entry.history.map(toHistoryItem),
  };
}

export function toListSummary(list: ListSummary): z.infer<typeof ListSummarySchema> {
  return { id: list.id, list_type: list.listType, name: list.name, drama_count: list.dramas.length, dramas: list.dramas.map(toListEntry) };
}

export const toListStats = (stats: ListStats): z.infer<typeof ListStatsSchema> => ({
  watching: stats.watching,
  completed: stats.completed,
  plan_to_watch: stats.planToWatch,
  dropped: stats.dropped,
  total: stats.total,
  episodes_watched: stats.episodesWatched,
  mean_score: stats.meanScore,
});
