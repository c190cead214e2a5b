// The watch-status dialog's rules (spec 2 §2 "Watch-status dialog", §4, §5; contract "Watch lists
// and activity"; issue 12): the form a member edits, what it sends, what it refuses before sending,
// and the entry's history as lines to word. Pure, and wordless: the island words the problems and
// lines from its namespace (`watchStatus`), the server keeps the same rules (services/lists).
import type { ListEntryChange, ListEntryDetail, ListEntrySave, ListStatus } from '../api/wire/index.ts';
import { LIST_STATUSES, NOTES_MAX, PROGRESS_MAX } from './watch-lists.ts';

/** The four statuses in the order the control offers them (the lists' order). */
export const STATUSES: readonly ListStatus[] = LIST_STATUSES;

/** The scores the dialog offers, best first (spec 2 §5: 10 Masterpiece … 1 Appalling), as the keys of their labels. */
export const SCORES = ['10', '9', '8', '7', '6', '5', '4', '3', '2', '1'] as const;
export type ScoreKey = (typeof SCORES)[number];

export { NOTES_MAX };

/** What the dialog edits: the inputs' values as they are typed ('' for empty). */
export interface EntryForm {
  status: ListStatus;
  /** '' (no score) or one of SCORES */
  score: string;
  /** episodes watched: '' (not said) or digits */
  progress: string;
  notes: string;
  /** YYYY-MM-DD or '' */
  startedAt: string;
  finishedAt: string;
}

/** The most episodes a progress may say: the drama's count when known. */
export const progressMax = (episodes: number | null): number => (episodes != null && episodes >= 0 ? episodes : PROGRESS_MAX);

/**
 * The form for an entry (or a new one), with `status` chosen: prefilled from the entry. Choosing
 * 'completed' fills in every episode when the drama's count is known and the entry said fewer.
 */
export function entryForm(entry: ListEntryDetail | null, status: ListStatus, episodes: number | null): EntryForm {
  const form: EntryForm = {
    status: entry?.status ?? status,
    score: entry?.score != null ? String(entry.score) : '',
    progress: entry?.progress != null ? String(entry.progress) : '',
    notes: entry?.notes ?? '',
    startedAt: entry?.started_at ?? '',
    finishedAt: entry?.finished_at ?? '',
  };
  return withStatus(form, status, episodes, entry?.status ?? null);
}

/**
 * The form with another status chosen (the same rule as entryForm's for 'completed'); `previous`
 * is the status it had (null: a new entry).
 */
export function withStatus(form: EntryForm, status: ListStatus, episodes: number | null, previous: ListStatus | null = form.status): EntryForm {
  const next = { ...form, status };
  if (status === 'completed' && previous !== 'completed' && episodes != null && episodes > 0) {
    const said = /^\d+$/.test(form.progress) ? Number(form.progress) : -1;
    if (said < episodes) next.progress = String(episodes);
  }
  return next;
}

/** The progress one episode up or down (delta ±1), kept within 0 … the drama's episodes; empty counts as 0. */
export function stepProgress(value: string, delta: number, episodes: number | null): string {
  const now = /^\d+$/.test(value.trim()) ? Number(value.trim()) : 0;
  return String(Math.min(progressMax(episodes), Math.max(0, now + delta)));
}

/** Today in the member's time zone, YYYY-MM-DD (the dates' upper bound). */
export function localDay(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A rule the form breaks, by the field to mark and the problem's key in `watchStatus.problems`. */
export type EntryProblem =
  | { field: 'progress'; problem: 'progress' }
  | { field: 'progress'; problem: 'progressOver'; count: number }
  | { field: 'notes'; problem: 'notes'; max: number }
  | { field: 'started_at' | 'finished_at'; problem: 'dateInFuture' }
  | { field: 'finished_at'; problem: 'finishBeforeStart' };

/**
 * The first rule the form breaks before it is sent, or null (spec 2 §5: progress a whole number
 * from 0, at most the drama's episodes when known; notes at most 2,000 characters; and the dates
 * of issue 12: not in the future, finished not before started). `initial` is the form as it was
 * opened: a date the member did not change is not judged (the server set it, perhaps in another
 * time zone's today). The server checks all of it again, with the drama's count as it is now.
 */
export function checkEntryForm(form: EntryForm, initial: EntryForm, episodes: number | null, today: string = localDay()): EntryProblem | null {
  const progress = form.progress.trim();
  if (progress !== '') {
    if (!/^\d+$/.test(progress)) return { field: 'progress', problem: 'progress' };
    if (episodes != null && Number(progress) > episodes) return { field: 'progress', problem: 'progressOver', count: episodes };
    if (Number(progress) > PROGRESS_MAX) return { field: 'progress', problem: 'progress' };
  }
  if (form.notes.length > NOTES_MAX) return { field: 'notes', problem: 'notes', max: NOTES_MAX };
  if (form.startedAt && form.startedAt !== initial.startedAt && form.startedAt > today) return { field: 'started_at', problem: 'dateInFuture' };
  if (form.finishedAt && form.finishedAt !== initial.finishedAt && form.finishedAt > today) return { field: 'finished_at', problem: 'dateInFuture' };
  if (form.startedAt && form.finishedAt && form.finishedAt < form.startedAt) return { field: 'finished_at', problem: 'finishBeforeStart' };
  return null;
}

/**
 * The body of POST /lists/drama/{id}/status for the form: empty score, progress and notes are sent
 * as null (spec 2 §5; blank notes are empty). The dates are sent only when the member changed them
 * (a date left out keeps the entry's, or lets the server set it on 'watching' and 'completed';
 * an emptied date is null).
 */
export function entrySave(form: EntryForm, initial: EntryForm): ListEntrySave {
  const progress = form.progress.trim();
  const body: ListEntrySave = {
    status: form.status,
    score: form.score === '' ? null : Number(form.score),
    progress: progress === '' ? null : Number(progress),
    notes: form.notes.trim() === '' ? null : form.notes,
  };
  if (form.startedAt !== initial.startedAt) body.started_at = form.startedAt || null;
  if (form.finishedAt !== initial.finishedAt) body.finished_at = form.finishedAt || null;
  return body;
}

/** One line of an entry's history, to be worded (`watchStatus.history.*`). */
export type HistoryLine =
  | { kind: 'added'; status: ListStatus }
  | { kind: 'rewatch'; cycle: number }
  | { kind: 'status'; from: ListStatus | null; to: ListStatus }
  | { kind: 'score' | 'progress'; from: number | null; to: number | null };

/**
 * What one history item changed (the server writes one per change of status, score or progress):
 * an entry added says its status, then the score and progress it was given; a rewatch says which
 * viewing began; an update says each of the three that differs from before.
 */
export function historyLines(item: ListEntryChange): HistoryLine[] {
  if (item.kind === 'rewatch') return [{ kind: 'rewatch', cycle: item.cycle }];
  const lines: HistoryLine[] = [];
  const added = item.kind === 'added';
  if (added) lines.push({ kind: 'added', status: item.status });
  else if (item.status !== item.previous_status) lines.push({ kind: 'status', from: item.previous_status, to: item.status });
  const before = (value: number | null) => (added ? null : value);
  if (item.score !== before(item.previous_score)) lines.push({ kind: 'score', from: before(item.previous_score), to: item.score });
  if (item.progress !== before(item.previous_progress)) lines.push({ kind: 'progress', from: before(item.previous_progress), to: item.progress });
  // an update the server recorded with nothing visible changed (it writes none) still shows its status
  if (lines.length === 0) lines.push({ kind: 'status', from: item.previous_status, to: item.status });
  return lines;
}
