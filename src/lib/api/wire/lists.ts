// The watch lists calls (spec 2 §3 list summary, entry; contract "Watch lists and activity";
// docs/decisions/020). The activity timeline's answers are in activity.ts, the favourites' in favourites.ts.
import { z } from '@hono/zod-openapi';
import { DRAMA_TYPES } from '../../dramas/drama-filters.ts';
import { LIST_MESSAGES, LIST_STATUSES, NOTES_MAX, PROGRESS_MAX, SCORE_MAX, SCORE_MIN } from '../../lists/watch-lists.ts';

export const ListStatusSchema = z
  .enum(LIST_STATUSES, { error: LIST_MESSAGES.status })
  .openapi('ListStatus', { description: 'the status of an entry, which is also the list it is on' });

const Day = z.string().nullable().openapi({ example: '2026-01-05', description: 'YYYY-MM-DD' });
export const Timestamp = z.string().openapi({ example: '2026-11-27T17:12:19.000Z', description: 'ISO 8601 with time zone' });

export const EntryDramaSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    episodes: z.number().int().nullable(),
    year: z.number().int().nullable(),
    type: z.enum(DRAMA_TYPES),
    country: z.string(),
    rating: z.number(),
    banner_image: z.string().nullable(),
    poster_image: z.string().nullable(),
    main_photo: z.string().nullable(),
    thumbnail: z.string().nullable(),
    photos: z.array(z.string()).openapi({ description: 'the first photo, if any (the card image order)' }),
  })
  .openapi('EntryDrama');

export const ListEntrySchema = z
  .object({
    drama_id: z.number().int(),
    drama: EntryDramaSchema,
    status: ListStatusSchema,
    score: z.number().int().nullable(),
    progress: z.number().int().nullable().openapi({ description: 'episodes watched' }),
    notes: z.string().nullable(),
    rewatch_count: z.number().int().openapi({ description: 'how many times a rewatch started a new viewing' }),
    started_at: Day.openapi({ description: "the current viewing's start (set on the first 'watching'; editable)" }),
    finished_at: Day.openapi({ description: "the current viewing's end (set on 'completed'; editable)" }),
    created_at: Timestamp,
    updated_at: Timestamp,
    category: ListStatusSchema.openapi({ description: 'the list the entry is filed under (its status)' }),
  })
  .openapi('ListEntry');

export const CycleSchema = z
  .object({ cycle: z.number().int(), started_at: Day, finished_at: Day })
  .openapi('ViewingCycle', { description: 'one viewing: 1 the first, then one per rewatch' });

export const HistoryItemSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(['added', 'updated', 'rewatch']),
    cycle: z.number().int(),
    status: ListStatusSchema,
    score: z.number().int().nullable(),
    progress: z.number().int().nullable(),
    // a union, not .nullable(): a nullable reference comes out as allOf [ListStatus, string | null], which null fails
    previous_status: z.union([ListStatusSchema, z.null()]),
    previous_score: z.number().int().nullable(),
    previous_progress: z.number().int().nullable(),
    timestamp: Timestamp,
  })
  .openapi('ListEntryChange');

export const EntryDetailSchema = ListEntrySchema.extend({
  cycles: z.array(CycleSchema).openapi({ description: 'earlier viewings, then the current one' }),
  history: z.array(HistoryItemSchema).openapi({ description: 'each change of status, score or progress, newest first (200 at most)' }),
}).openapi('ListEntryDetail');

/** POST /lists/drama/{id}/status: a field left out keeps the entry's value (a new entry: null); null clears it. */
export const EntrySaveSchema = z
  .object({
    status: ListStatusSchema,
    score: z
      .number({ error: LIST_MESSAGES.score })
      .int(LIST_MESSAGES.score)
      .min(SCORE_MIN, LIST_MESSAGES.score)
      .max(SCORE_MAX, LIST_MESSAGES.score)
      .nullable()
      .optional(),
    progress: z
      .number({ error: LIST_MESSAGES.progress })
      .int(LIST_MESSAGES.progress)
      .min(0, LIST_MESSAGES.progress)
      .max(PROGRESS_MAX, LIST_MESSAGES.progress)
      .nullable()
      .optional()
      .openapi({ description: "episodes watched; at most the drama's episodes when known", example: 3 }),
    notes: z.string({ error: LIST_MESSAGES.notes }).max(NOTES_MAX, LIST_MESSAGES.notes).nullable().optional(),
    started_at: z.string({ error: LIST_MESSAGES.date }).nullable().optional().openapi({ format: 'date', example: '2026-01-05' }),
    finished_at: z.string({ error: LIST_MESSAGES.date }).nullable().optional().openapi({ format: 'date', example: '2026-02-01' }),
  })
  .openapi('ListEntrySave');

export const ListSummarySchema = z
  .object({
    id: z.number().int().openapi({ description: "the owner's id × 4 + the list's position (watching 0, completed 1, plan_to_watch 2, dropped 3)" }),
    list_type: ListStatusSchema,
    name: z.string(),
    drama_count: z.number().int(),
    dramas: z.array(ListEntrySchema),
  })
  .openapi('ListSummary');

export const ListSummariesSchema = z.array(ListSummarySchema).openapi('ListSummaries');

export const ListWithOwnerSchema = ListSummarySchema.extend({
  owner: z.object({ id: z.number().int(), username: z.string() }),
}).openapi('ListWithOwner');

export const ListStatsSchema = z
  .object({
    watching: z.number().int(),
    completed: z.number().int(),
    plan_to_watch: z.number().int(),
    dropped: z.number().int(),
    total: z.number().int(),
    episodes_watched: z.number().int().openapi({ description: "sum of progress; a completed entry counts the drama's episodes" }),
    mean_score: z.number().openapi({ description: 'mean of given scores, one decimal; 0 when none', example: 7.8 }),
  })
  .openapi('ListStats');
