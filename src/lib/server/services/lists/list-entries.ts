// Writing watch lists (spec 2 §1–§5, contract "Watch lists and activity", docs/decisions/020): a
// member's entry per drama (save, rewatch, remove), the activity item each real change leaves, and
// the version of their lists that every write raises. Reading them is list-reads.ts's.
//
// Writes: each save runs in one transaction that locks the member's entry (SELECT … FOR UPDATE; a
// new entry is an INSERT … ON CONFLICT DO NOTHING, and the loser of that race locks the winner's
// row), compares, and writes only what really changed: the entry, and exactly one activity item when
// its status, score or progress changed. Ten identical saves at once therefore leave one entry and
// one activity item: the later ones find nothing to change. The derived figures (rating, votes,
// watchers, popularity, ranks) are recomputed from list_entries by the stats job
// (jobs/catalogue-stats-job.ts), which announces the catalogue change itself; no list answer is in
// the public answer cache, so a list write has nothing to announce.
import { and, eq, sql } from 'drizzle-orm';
import {
  isDay,
  LIST_MESSAGES,
  LIST_STATUSES,
  NOTES_MAX,
  PROGRESS_MAX,
  SCORE_MAX,
  SCORE_MIN,
  type ListStatus,
} from '../../../lists/watch-lists.ts';
import { activities, listEntries, listEntryCycles, users } from '../../db/schema/index.ts';
import { withTransaction, type Executor, type Transaction } from '../../db/transactions.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import {
  DRAMA_STORABLE,
  dramaEpisodes,
  ENTRY_ROW_COLUMNS,
  entryOf,
  readEntryDetail,
  type ActivityKind,
  type EntryDetail,
  type EntryRow,
} from './list-reads.ts';

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

/**
 * First statement of every write to a member's entries: raises their lists' version and, by
 * locking their users row first, keeps one lock order (member, then entry) for all list writes.
 */
async function bumpListsVersion(tx: Executor, userId: number): Promise<void> {
  await tx.update(users).set({ listsVersion: sql`${users.listsVersion} + 1` }).where(eq(users.id, userId));
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

async function lockEntry(tx: Transaction, userId: number, dramaId: number): Promise<EntryRow | undefined> {
  const [row] = await tx.select(ENTRY_ROW_COLUMNS).from(listEntries).where(entryOf(userId, dramaId)).for('update');
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

/** The columns a save writes (the rewatch count is the rewatch's). */
const savedFields = (next: EntryRow) => ({
  status: next.status,
  score: next.score,
  progress: next.progress,
  notes: next.notes,
  startedAt: next.startedAt,
  finishedAt: next.finishedAt,
});

async function writeActivity(
  tx: Transaction, userId: number, dramaId: number, kind: ActivityKind, next: EntryRow, previous: EntryRow | undefined,
): Promise<void> {
  await tx.insert(activities).values({
    userId,
    dramaId,
    kind,
    newStatus: next.status,
    score: next.score,
    progress: next.progress,
    previousStatus: previous?.status ?? null,
    previousScore: previous?.score ?? null,
    previousProgress: previous?.progress ?? null,
    cycle: next.rewatchCount + 1,
  });
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
      const inserted = await tx
        .insert(listEntries)
        .values({ userId, dramaId, ...savedFields(next) })
        .onConflictDoNothing({ target: [listEntries.userId, listEntries.dramaId] })
        .returning({ dramaId: listEntries.dramaId });
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
      await tx.update(listEntries).set({ ...savedFields(next), updatedAt: sql`now()` }).where(entryOf(userId, dramaId));
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
    await tx.insert(listEntryCycles).values({ userId, dramaId, cycle, startedAt: current.startedAt, finishedAt: current.finishedAt });
    const next: EntryRow = { ...current, status: 'watching', progress: 0, rewatchCount: cycle, startedAt: dayOffset(0), finishedAt: null };
    await tx
      .update(listEntries)
      .set({ status: 'watching', progress: 0, rewatchCount: cycle, startedAt: next.startedAt, finishedAt: null, updatedAt: sql`now()` })
      .where(entryOf(userId, dramaId));
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
    const deleted = await tx.delete(listEntries).where(entryOf(userId, dramaId)).returning({ dramaId: listEntries.dramaId });
    if (!deleted.length) {
      await dramaEpisodes(tx, dramaId);
      return;
    }
    await tx.delete(listEntryCycles).where(and(eq(listEntryCycles.userId, userId), eq(listEntryCycles.dramaId, dramaId)));
    await tx.delete(activities).where(and(eq(activities.userId, userId), eq(activities.dramaId, dramaId)));
  });
}
