// How the activity timeline words and draws one item (spec 2 §4 "Activity wording", "Progress bar
// colour"; docs/decisions/020 for the history each item carries, 021 for the page). Pure: server
// and browser.
import type { ListStatus } from '../lists/watch-lists.ts';

/** What an item of the timeline knows: the change and the values before it. */
export interface ActivityChange {
  kind: 'added' | 'updated' | 'rewatch';
  /** 1 for the first viewing, 2 for the first rewatch… */
  cycle: number;
  newStatus: ListStatus | string;
  score: number | null;
  progress: number | null;
  previousStatus: ListStatus | string | null;
  previousScore: number | null;
  previousProgress: number | null;
}

/** The wording of an item: a key of the `activity.wording` messages. */
export type ActivityWording =
  | 'startedWatching'
  | 'completed'
  | 'addedToPlan'
  | 'dropped'
  | 'updated'
  | 'rewatchStarted'
  | 'rewatchCompleted'
  | 'watchedEpisode'
  | 'rated';

const BY_STATUS: Record<string, ActivityWording> = {
  watching: 'startedWatching',
  completed: 'completed',
  plan_to_watch: 'addedToPlan',
  dropped: 'dropped',
};

/**
 * The spec's wording by the new status ('started watching', 'completed', 'added to plan to watch',
 * 'dropped', else 'updated') when the status changed or the entry was added. The history says more
 * than the spec's data did, and the words use it where the spec's would be untrue:
 * - a rewatch: 'started a rewatch of'; completing a later viewing: 'completed a rewatch of';
 * - the status unchanged (not "started watching" again at episode 7): more episodes watched is
 *   'watched episode N of', a new score alone 'rated', anything else 'updated'.
 */
export function activityWording(change: ActivityChange): ActivityWording {
  if (change.kind === 'rewatch') return 'rewatchStarted';
  const statusChanged = change.kind === 'added' || change.previousStatus === null || change.previousStatus !== change.newStatus;
  if (statusChanged) {
    if (change.newStatus === 'completed' && change.cycle > 1) return 'rewatchCompleted';
    return BY_STATUS[change.newStatus] ?? 'updated';
  }
  const progressChanged = change.progress !== change.previousProgress;
  const scoreChanged = change.score !== change.previousScore;
  if (progressChanged && !scoreChanged && change.progress !== null && change.progress > 0 && change.progress > (change.previousProgress ?? 0)) {
    return 'watchedEpisode';
  }
  if (scoreChanged && !progressChanged && change.score !== null) return 'rated';
  return 'updated';
}

/** The progress bar's colour on the timeline: completed green, watching blue, dropped red, the rest grey. */
export type ProgressTone = 'success' | 'info' | 'danger' | 'neutral';

export function progressTone(status: ListStatus | string): ProgressTone {
  if (status === 'completed') return 'success';
  if (status === 'watching') return 'info';
  if (status === 'dropped') return 'danger';
  return 'neutral';
}

/** How full the bar is, 0–100: episodes watched over the drama's episodes, capped at 100; 0 when no total. */
export function progressPercent(progress: number | null | undefined, total: number | null | undefined): number {
  if (typeof total !== 'number' || !Number.isFinite(total) || total <= 0) return 0;
  const watched = typeof progress === 'number' && Number.isFinite(progress) ? Math.max(0, progress) : 0;
  return Math.min(100, Math.round((watched / total) * 1000) / 10);
}

/**
 * A message with one `{name}` placeholder split around it, so a page can put a node (a link) in
 * its place: 'a {title} b' → ['a ', ' b']. A message without it is all before.
 */
export function splitAround(message: string, name: string): [string, string] {
  const at = message.indexOf(`{${name}}`);
  if (at < 0) return [message, ''];
  return [message.slice(0, at), message.slice(at + name.length + 2)];
}
