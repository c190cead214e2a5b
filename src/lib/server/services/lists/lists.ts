// Watch lists (spec 2 §1–§5, contract "Watch lists and activity", docs/decisions/020): a member's
// entry per drama, its history and rewatch cycles, the four list summaries, the member's statistics
// and recent activity, and who may read them (lists_private).
//
// Writes: each save runs in one transaction that locks the member's entry (SELECT … FOR UPDATE; a
// new entry is an INSERT … ON CONFLICT DO NOTHING, and the loser of that race locks the winner's
// row), compares, and writes only what really changed: the entry, and exactly one activity item when
// its status, score or progress changed. Ten identical saves at once therefore leave one entry and
// one activity item: the later ones find nothing to change. The derived figures (rating, votes,
// watchers, popularity, ranks) are recomputed from list_entries by the stats job
// (jobs/catalogue-stats-job.ts), which announces the catalogue change itself; no list answer is in
// the public answer cache, so a list write has nothing to announce.
import { sql } from 'drizzle-orm';
import { isStorableId } from '../../../ids/path-id.ts';
import { canReadLists } from '../../../users/permissions.ts';
import {
  isDay,
  LIST_MESSAGES,
  LIST_NAMES,
  LIST_STATUSES,
  listIdOf,
  NOTES_MAX,
  PROGRESS_MAX,
  readListId,
  SCORE_MAX,
  SCORE_MIN,
  type ListStatus,
} from '../../../lists/watch-lists.ts';
import { queryRows } from '../../db/named-query.ts';
import { withTransaction, type Executor, type Transaction } from '../../db/transactions.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { DRAMA_NOT_FOUND } from '../dramas/dramas.ts';

/** how many history items an entry answers (newest first) */
export const HISTORY_LIMIT = 200;
export const USER_NOT_FOUND = 'User not found';

export type ActivityKind = 'added' | 'updated' | 'rewatch';

/** The drama as an entry shows it: the card's facts and image fields. */
export interface EntryDrama {
  id: number;
  title: string;
  episodes: number | null;
  year: number | null;
  type: string;
  country: string;
  rating: number;
  bannerImage: string | null;
  posterImage: string | null;
  mainPhoto: string | null;
  thumbnail: string | null;
  firstPhoto: string | null;
}

export interface Entry {
  dramaId: number;
  drama: EntryDrama;
  status: ListStatus;
  score: number | null;
  progress: number | null;
  notes: string | null;
  rewatchCount: number;
  startedAt: string | null;
  finishedAt: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface Cycle {
  cycle: number;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface HistoryItem {
  id: number;
  kind: ActivityKind;
  cycle: number;
  status: ListStatus;
  score: number | null;
  progress: number | null;
  previousStatus: ListStatus | null;
  previousScore: number | null;
  previousProgress: number | null;
  at: Date;
}

/** An entry with its viewing cycles (earlier ones, then the current) and its history. */
export interface EntryDetail extends Entry {
  cycles: Cycle[];
  history: HistoryItem[];
}

export interface ListSummary {
  id: number;
  listType: ListStatus;
  name: string;
  dramas: Entry[];
}

export interface ListStats {
  watching: number;
  completed: number;
  planToWatch: number;
  dropped: number;
  total: number;
  episodesWatched: number;
  meanScore: number;
}

export interface ActivityItem {
  id: number;
  kind: ActivityKind;
  cycle: number;
  dramaId: number;
  dramaTitle: string;
  dramaPoster: string | null;
  newStatus: ListStatus;
  score: number | null;
  progress: number | null;
  /** the values before the change (null for an entry just added): the timeline words a change by them */
  previousStatus: ListStatus | null;
  previousScore: number | null;
  previousProgress: number | null;
  totalEpisodes: number | null;
  at: Date;
  /** the drama's image fields, for pages that choose the card's image (src/lib/dramas/drama-card.ts) */
  bannerImage: string | null;
  posterImage: string | null;
  mainPhoto: string | null;
  thumbnail: string | null;
  firstPhoto: string | null;
}

/**
 * What a save asks for. `undefined` keeps the entry's value (or the default of a new entry: null,
 * dates set automatically); `null` clears it.
 */
export interface EntryInput {
  status: string;
  score?: number | null;
  progress?: number | null;
  notes?: string | null;
  startedAt?: string | null;
  finishedAt?: string | null;
}

// ---- reading rights ----

/**
 * NotFoundError for no such member, ForbiddenError when their lists are private and the viewer is
 * someone else (a visitor included). Every read of another member's lists, entries, stats and
 * activity goes through it.
 */
export async function assertListsReadable(db: Executor, ownerId: number, viewerId: number | undefined): Promise<void> {
  await readableListsVersion(db, ownerId, viewerId);
}

/**
 * The version of the member's lists, after the same checks as assertListsReadable: a number that
 * every write to their entries raises in its own transaction (bumpListsVersion), so an answer
 * computed after reading version n holds every change up to n. Answers of GET /lists/me and
 * /users/{id}/lists are kept by it (api/lists/list-answers.ts).
 */
export async function readableListsVersion(db: Executor, ownerId: number, viewerId: number | undefined): Promise<number> {
  if (!isStorableId(ownerId)) throw new NotFoundError(USER_NOT_FOUND);
  const [owner] = await queryRows<{ listsPrivate: boolean; version: string | number }>(
    db,
    sql`SELECT lists_private AS "listsPrivate", lists_version AS version FROM users WHERE id = ${ownerId}`,
  );
  if (!owner) throw new NotFoundError(USER_NOT_FOUND);
  if (!canReadLists(viewerId === undefined ? null : { id: viewerId }, { id: ownerId, listsPrivate: owner.listsPrivate })) {
    throw new ForbiddenError(LIST_MESSAGES.private);
  }
  return Number(owner.version);
}

/**
 * First statement of every write to a member's entries: raises their lists' version and, by
 * locking their users row first, keeps one lock order (member, then entry) for all list writes.
 */
async function bumpListsVersion(tx: Executor, userId: number): Promise<void> {
  await queryRows(tx, sql`UPDATE users SET lists_version = lists_version + 1 WHERE id = ${userId}`);
}

// ---- validation ----

const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

/** The rules that need no database: each field's type and range (the drama's episodes are checked later). */
function checkInput(input: EntryInput): void {
  if (!(LIST_STATUSES as readonly string[]).includes(input.status)) throw new ValidationError(LIST_MESSAGES.status, 'status');
  const { score, progress, notes, startedAt, finishedAt } = input;
  if (score != null && (!isWhole(score) || score < SCORE_MIN || score > SCORE_MAX)) throw new ValidationError(LIST_MESSAGES.score, 'score');
  if (progress != null && (!isWhole(progress) || progress < 0 || progress > PROGRESS_MAX)) throw new ValidationError(LIST_MESSAGES.progress, 'progress');
  if (notes != null && (typeof notes !== 'string' || notes.length > NOTES_MAX)) throw new ValidationError(LIST_MESSAGES.notes, 'notes');
  const tomorrow = dayOffset(1);
  for (const [field, day] of [['started_at', startedAt], ['finished_at', finishedAt]] as const) {
    if (day == null) continue;
    if (typeof day !== 'string' || !isDay(day)) throw new ValidationError(LIST_MESSAGES.date, field);
    // a member a day ahead of UTC may finish "tomorrow"
    if (day > tomorrow) throw new ValidationError(LIST_MESSAGES.dateInFuture, field);
  }
}

/** Today (UTC) plus `days`, as YYYY-MM-DD. */
function dayOffset(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Blank notes are no notes (spec 2 §5: empty is sent as null). */
const cleanNotes = (notes: string | null | undefined) => (notes == null ? notes : notes.trim() === '' ? null : notes);

// ---- entries ----

type EntryRow = Pick<Entry, 'status' | 'score' | 'progress' | 'notes' | 'rewatchCount' | 'startedAt' | 'finishedAt'>;

const ENTRY_COLUMNS = sql`e.status, e.score, e.progress, e.notes, e.rewatch_count AS "rewatchCount",
  e.started_at::text AS "startedAt", e.finished_at::text AS "finishedAt"`;

const DRAMA_STORABLE = (dramaId: number) => {
  if (!isStorableId(dramaId)) throw new NotFoundError(DRAMA_NOT_FOUND);
};

async function dramaEpisodes(tx: Executor, dramaId: number): Promise<number | null> {
  const [drama] = await queryRows<{ episodes: number | null }>(tx, sql`SELECT episodes FROM dramas WHERE id = ${dramaId}`);
  if (!drama) throw new NotFoundError(DRAMA_NOT_FOUND);
  return drama.episodes;
}

async function lockEntry(tx: Transaction, userId: number, dramaId: number): Promise<EntryRow | undefined> {
  const [row] = await queryRows<EntryRow>(tx, sql`
    SELECT ${ENTRY_COLUMNS} FROM list_entries e WHERE e.user_id = ${userId} AND e.drama_id = ${dramaId} FOR UPDATE`);
  return row;
}

/** The entry a save makes of `current` (undefined for a new one), with the automatic dates. */
function merge(current: EntryRow | undefined, input: EntryInput, episodes: number | null): EntryRow {
  const status = input.status as ListStatus;
  if (input.progress != null && episodes != null && input.progress > episodes) {
    throw new ValidationError(LIST_MESSAGES.progressOver(episodes), 'progress');
  }
  const next: EntryRow = {
    status,
    score: input.score === undefined ? (current?.score ?? null) : input.score,
    progress: input.progress === undefined ? (current?.progress ?? null) : input.progress,
    notes: input.notes === undefined ? (current?.notes ?? null) : cleanNotes(input.notes)!,
    rewatchCount: current?.rewatchCount ?? 0,
    startedAt: input.startedAt === undefined ? (current?.startedAt ?? null) : input.startedAt,
    finishedAt: input.finishedAt === undefined ? (current?.finishedAt ?? null) : input.finishedAt,
  };
  const today = dayOffset(0);
  // started on the first 'watching', finished on 'completed' (unless the member gave the date); an
  // automatic date never contradicts one the member set
  if (status === 'watching' && current?.status !== 'watching' && next.startedAt === null && input.startedAt === undefined) {
    if (next.finishedAt === null || next.finishedAt >= today) next.startedAt = today;
  }
  if (status === 'completed' && current?.status !== 'completed' && next.finishedAt === null && input.finishedAt === undefined) {
    if (next.startedAt === null || next.startedAt <= today) next.finishedAt = today;
  }
  if (next.startedAt !== null && next.finishedAt !== null && next.finishedAt < next.startedAt) {
    throw new ValidationError(LIST_MESSAGES.finishBeforeStart, input.finishedAt !== undefined ? 'finished_at' : 'started_at');
  }
  return next;
}

const tracked = (row: EntryRow) => [row.status, row.score, row.progress] as const;
const sameTracked = (a: EntryRow, b: EntryRow) => tracked(a).every((v, i) => v === tracked(b)[i]);
const sameAll = (a: EntryRow, b: EntryRow) =>
  sameTracked(a, b) && a.notes === b.notes && a.startedAt === b.startedAt && a.finishedAt === b.finishedAt;

async function writeActivity(
  tx: Transaction, userId: number, dramaId: number, kind: ActivityKind, next: EntryRow, previous: EntryRow | undefined,
): Promise<void> {
  await queryRows(tx, sql`
    INSERT INTO activities (user_id, drama_id, kind, new_status, score, progress, previous_status, previous_score, previous_progress, cycle)
    VALUES (${userId}, ${dramaId}, ${kind}, ${next.status}, ${next.score}, ${next.progress},
      ${previous?.status ?? null}, ${previous?.score ?? null}, ${previous?.progress ?? null}, ${next.rewatchCount + 1})`);
}

/**
 * Creates or updates the member's entry for the drama (POST /lists/drama/{id}/status) and answers
 * it with its cycles and history. Writes nothing when nothing changes; one activity item when the
 * status, score or progress changes. NotFoundError for an unknown drama, ValidationError for a rule.
 */
export async function saveEntry(db: Executor, userId: number, dramaId: number, input: EntryInput): Promise<EntryDetail> {
  DRAMA_STORABLE(dramaId);
  checkInput(input);
  return withTransaction(db, async (tx) => {
    await bumpListsVersion(tx, userId);
    const episodes = await dramaEpisodes(tx, dramaId);
    let current = await lockEntry(tx, userId, dramaId);
    if (!current) {
      const next = merge(undefined, input, episodes);
      const inserted = await queryRows(tx, sql`
        INSERT INTO list_entries (user_id, drama_id, status, score, progress, notes, started_at, finished_at)
        VALUES (${userId}, ${dramaId}, ${next.status}, ${next.score}, ${next.progress}, ${next.notes}, ${next.startedAt}, ${next.finishedAt})
        ON CONFLICT (user_id, drama_id) DO NOTHING
        RETURNING drama_id`);
      if (inserted.length) {
        await writeActivity(tx, userId, dramaId, 'added', next, undefined);
        return readEntryDetail(tx, userId, dramaId);
      }
      // another save of the same entry committed first: update theirs
      current = await lockEntry(tx, userId, dramaId);
      if (!current) throw new Error('list entry vanished under its lock');
    }
    const next = merge(current, input, episodes);
    if (!sameAll(current, next)) {
      await queryRows(tx, sql`
        UPDATE list_entries SET status = ${next.status}, score = ${next.score}, progress = ${next.progress}, notes = ${next.notes},
          started_at = ${next.startedAt}, finished_at = ${next.finishedAt}, updated_at = now()
        WHERE user_id = ${userId} AND drama_id = ${dramaId}`);
      if (!sameTracked(current, next)) await writeActivity(tx, userId, dramaId, 'updated', next, current);
    }
    return readEntryDetail(tx, userId, dramaId);
  });
}

/**
 * Starts another viewing of a completed drama (POST /lists/drama/{id}/rewatch): the finished
 * cycle's dates are kept in list_entry_cycles, the entry counts one more rewatch and becomes
 * 'watching' from episode 0, started today; one 'rewatch' activity item.
 */
export async function startRewatch(db: Executor, userId: number, dramaId: number): Promise<EntryDetail> {
  DRAMA_STORABLE(dramaId);
  return withTransaction(db, async (tx) => {
    await bumpListsVersion(tx, userId);
    await dramaEpisodes(tx, dramaId);
    const current = await lockEntry(tx, userId, dramaId);
    if (!current) throw new NotFoundError(LIST_MESSAGES.noEntry);
    if (current.status !== 'completed') throw new ValidationError(LIST_MESSAGES.rewatchNeedsCompleted, 'status');
    const cycle = current.rewatchCount + 1;
    await queryRows(tx, sql`
      INSERT INTO list_entry_cycles (user_id, drama_id, cycle, started_at, finished_at)
      VALUES (${userId}, ${dramaId}, ${cycle}, ${current.startedAt}, ${current.finishedAt})`);
    const next: EntryRow = { ...current, status: 'watching', progress: 0, rewatchCount: cycle, startedAt: dayOffset(0), finishedAt: null };
    await queryRows(tx, sql`
      UPDATE list_entries SET status = 'watching', progress = 0, rewatch_count = ${cycle}, started_at = ${next.startedAt},
        finished_at = NULL, updated_at = now()
      WHERE user_id = ${userId} AND drama_id = ${dramaId}`);
    await writeActivity(tx, userId, dramaId, 'rewatch', next, current);
    return readEntryDetail(tx, userId, dramaId);
  });
}

/**
 * Removes the entry (DELETE /lists/drama/{id}/status) with its cycles and its history: the member
 * takes the drama off their list and off their timeline. Idempotent; NotFoundError for an unknown
 * drama only.
 */
export async function removeEntry(db: Executor, userId: number, dramaId: number): Promise<void> {
  DRAMA_STORABLE(dramaId);
  await withTransaction(db, async (tx) => {
    await bumpListsVersion(tx, userId);
    const deleted = await queryRows(tx, sql`DELETE FROM list_entries WHERE user_id = ${userId} AND drama_id = ${dramaId} RETURNING drama_id`);
    if (!deleted.length) {
      await dramaEpisodes(tx, dramaId);
      return;
    }
    await queryRows(tx, sql`DELETE FROM list_entry_cycles WHERE user_id = ${userId} AND drama_id = ${dramaId}`);
    await queryRows(tx, sql`DELETE FROM activities WHERE user_id = ${userId} AND drama_id = ${dramaId}`);
  });
}

/** The member's entry for the drama with its cycles and history; NotFoundError when none (or no drama). */
export async function getEntry(db: Executor, userId: number, dramaId: number): Promise<EntryDetail> {
  DRAMA_STORABLE(dramaId);
  const entry = await findEntryDetail(db, userId, dramaId);
  if (entry) return entry;
  await dramaEpisodes(db, dramaId); // 'Drama not found' for a drama that does not exist
  throw new NotFoundError(LIST_MESSAGES.noEntry);
}

async function readEntryDetail(db: Executor, userId: number, dramaId: number): Promise<EntryDetail> {
  const entry = await findEntryDetail(db, userId, dramaId);
  if (!entry) throw new Error('a list entry just written cannot be read');
  return entry;
}

const DRAMA_COLUMNS = sql`d.title, d.episodes, d.year, d.type, d.country, d.rating, d.banner_image AS "bannerImage",
  d.poster_image AS "posterImage", d.main_photo AS "mainPhoto", d.thumbnail,
  (SELECT p.url FROM drama_photos p WHERE p.drama_id = d.id ORDER BY p.position, p.id LIMIT 1) AS "firstPhoto"`;

type EntryJoinRow = EntryRow & Omit<EntryDrama, 'id'> & { dramaId: number; createdAt: Date; updatedAt: Date };

function toEntry(row: EntryJoinRow): Entry {
  return {
    dramaId: row.dramaId,
    drama: {
      id: row.dramaId,
      title: row.title,
      episodes: row.episodes,
      year: row.year,
      type: row.type,
      country: row.country,
      rating: Number(row.rating),
      bannerImage: row.bannerImage,
      posterImage: row.posterImage,
      mainPhoto: row.mainPhoto,
      thumbnail: row.thumbnail,
      firstPhoto: row.firstPhoto,
    },
    status: row.status,
    score: row.score,
    progress: row.progress,
    notes: row.notes,
    rewatchCount: row.rewatchCount,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

async function findEntryDetail(db: Executor, userId: number, dramaId: number): Promise<EntryDetail | undefined> {
  const [row] = await queryRows<EntryJoinRow>(db, sql`
    SELECT e.drama_id AS "dramaId", ${ENTRY_COLUMNS}, e.created_at AS "createdAt", e.updated_at AS "updatedAt", ${DRAMA_COLUMNS}
    FROM list_entries e JOIN dramas d ON d.id = e.drama_id
    WHERE e.user_id = ${userId} AND e.drama_id = ${dramaId}`);
  if (!row) return undefined;
  const entry = toEntry(row);
  const past = await queryRows<Cycle>(db, sql`
    SELECT cycle, started_at::text AS "startedAt", finished_at::text AS "finishedAt"
    FROM list_entry_cycles WHERE user_id = ${userId} AND drama_id = ${dramaId} ORDER BY cycle`);
  const history = await queryRows<HistoryItem>(db, sql`
    SELECT id, kind, cycle, new_status AS status, score, progress, previous_status AS "previousStatus",
      previous_score AS "previousScore", previous_progress AS "previousProgress", created_at AS at
    FROM activities WHERE user_id = ${userId} AND drama_id = ${dramaId}
    ORDER BY created_at DESC, id DESC LIMIT ${HISTORY_LIMIT}`);
  const current: Cycle = { cycle: entry.rewatchCount + 1, startedAt: entry.startedAt, finishedAt: entry.finishedAt };
  return { ...entry, cycles: [...past, current], history };
}

// ---- lists ----

/** Every entry of the member (optionally of one list), most recently changed first. */
async function entriesOf(db: Executor, ownerId: number, type?: ListStatus): Promise<Entry[]> {
  const rows = await queryRows<EntryJoinRow>(db, sql`
    SELECT e.drama_id AS "dramaId", ${ENTRY_COLUMNS}, e.created_at AS "createdAt", e.updated_at AS "updatedAt", ${DRAMA_COLUMNS}
    FROM list_entries e JOIN dramas d ON d.id = e.drama_id
    WHERE e.user_id = ${ownerId} ${type ? sql`AND e.status = ${type}` : sql``}
    ORDER BY e.updated_at DESC, e.drama_id`);
  return rows.map(toEntry);
}

/** The member's four lists, always all four, in LIST_STATUSES order (GET /lists/me, /users/{id}/lists). */
export async function listSummaries(db: Executor, ownerId: number, viewerId: number | undefined): Promise<ListSummary[]> {
  await assertListsReadable(db, ownerId, viewerId);
  const entries = await entriesOf(db, ownerId);
  return LIST_STATUSES.map((type) => ({
    id: listIdOf(ownerId, type),
    listType: type,
    name: LIST_NAMES[type],
    dramas: entries.filter((e) => e.status === type),
  }));
}

/** One list by its id (GET /lists/{id}), with its owner. */
export async function getList(
  db: Executor, listId: number, viewerId: number | undefined,
): Promise<ListSummary & { owner: { id: number; username: string } }> {
  const { ownerId, type } = readListId(listId);
  if (!Number.isSafeInteger(listId) || !isStorableId(ownerId)) throw new NotFoundError(LIST_MESSAGES.listNotFound);
  const [owner] = await queryRows<{ id: number; username: string }>(db, sql`SELECT id, username FROM users WHERE id = ${ownerId}`);
  if (!owner) throw new NotFoundError(LIST_MESSAGES.listNotFound);
  await assertListsReadable(db, ownerId, viewerId);
  return { id: listId, listType: type, name: LIST_NAMES[type], dramas: await entriesOf(db, ownerId, type), owner };
}

// ---- statistics and activity ----

/**
 * Counts per list, total, episodes watched (the sum of progress; a completed entry counts the
 * drama's episodes, or its progress when the count is unknown) and the mean of given scores (one
 * decimal, 0 when none).
 */
export async function getStats(db: Executor, ownerId: number, viewerId: number | undefined): Promise<ListStats> {
  await assertListsReadable(db, ownerId, viewerId);
  const [row] = await queryRows<{ [K in keyof ListStats]: number | string }>(db, sql`
    SELECT count(*) FILTER (WHERE e.status = 'watching')::int AS watching,
      count(*) FILTER (WHERE e.status = 'completed')::int AS completed,
      count(*) FILTER (WHERE e.status = 'plan_to_watch')::int AS "planToWatch",
      count(*) FILTER (WHERE e.status = 'dropped')::int AS dropped,
      count(*)::int AS total,
      coalesce(sum(CASE WHEN e.status = 'completed' THEN coalesce(d.episodes, e.progress, 0) ELSE coalesce(e.progress, 0) END), 0)::bigint AS "episodesWatched",
      coalesce(round(avg(e.score), 1), 0)::text AS "meanScore"
    FROM list_entries e JOIN dramas d ON d.id = e.drama_id
    WHERE e.user_id = ${ownerId}`);
  return {
    watching: Number(row!.watching),
    completed: Number(row!.completed),
    planToWatch: Number(row!.planToWatch),
    dropped: Number(row!.dropped),
    total: Number(row!.total),
    episodesWatched: Number(row!.episodesWatched),
    meanScore: Number(row!.meanScore),
  };
}

/** One page of the member's activity, newest first (GET /lists/me/recent, /users/{id}/recent). */
export async function recentActivity(
  db: Executor, ownerId: number, viewerId: number | undefined, page: number, size: number,
): Promise<{ items: ActivityItem[]; total: number }> {
  await assertListsReadable(db, ownerId, viewerId);
  const [{ total }] = (await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM activities WHERE user_id = ${ownerId}`)) as [
    { total: number },
  ];
  const items = await queryRows<ActivityItem>(db, sql`
    SELECT a.id, a.kind, a.cycle, a.drama_id AS "dramaId", d.title AS "dramaTitle",
      coalesce(d.poster_image, d.main_photo, d.thumbnail, d.banner_image) AS "dramaPoster",
      a.new_status AS "newStatus", a.score, a.progress, a.previous_status AS "previousStatus",
      a.previous_score AS "previousScore", a.previous_progress AS "previousProgress",
      d.episodes AS "totalEpisodes", a.created_at AS at,
      d.banner_image AS "bannerImage", d.poster_image AS "posterImage", d.main_photo AS "mainPhoto", d.thumbnail,
      (SELECT p.url FROM drama_photos p WHERE p.drama_id = d.id ORDER BY p.position, p.id LIMIT 1) AS "firstPhoto"
    FROM activities a JOIN dramas d ON d.id = a.drama_id
    WHERE a.user_id = ${ownerId}
    ORDER BY a.created_at DESC, a.id DESC
    LIMIT ${size} OFFSET ${(page - 1) * size}`);
  return { items, total };
}
