// Members' watch lists and the activity that led to them. What a member may do with a drama depends
// on its status (nobody completes an upcoming drama; progress never passes the aired episodes), and
// scores fall around the drama's hidden quality, shifted by the member's own taste.
import type { RowWriter } from './batch-insert.ts';
import type { DramaPlan } from './drama-plan.ts';
import type { Random } from './rng.ts';
import { formatDay, stampOn } from './schedule.ts';

type ListStatus = 'watching' | 'completed' | 'plan_to_watch' | 'dropped';

const NOTES = [
  'Rewatching with my sister.', 'The OST is so good.', 'Episode 8 broke me.', 'Waiting for the weekend to binge.',
  'The second lead deserved better.', 'Slow start, stick with it.', 'Comfort drama.', 'Watching for the cast.',
];

/** which list a member files a drama under, given where the drama is in its run */
function chooseStatus(rng: Random, plan: DramaPlan): ListStatus {
  const s = plan.schedule.status;
  if (s === 'upcoming' || plan.schedule.aired === 0) return 'plan_to_watch';
  if (s === 'airing') return rng.weighted([['watching', 60], ['plan_to_watch', 28], ['dropped', 12]] as const);
  if (plan.type === 'movie' || plan.episodes === 1) return rng.weighted([['completed', 72], ['plan_to_watch', 24], ['dropped', 4]] as const);
  return rng.weighted([['completed', 60], ['watching', 10], ['plan_to_watch', 22], ['dropped', 8]] as const);
}

const SCORED: Record<ListStatus, number> = { completed: 0.92, watching: 0.45, dropped: 0.55, plan_to_watch: 0 };

export interface EntryContext {
  today: number;
  ids: { entry: number; activity: number };
}

export interface WrittenEntry {
  dramaId: number;
  status: ListStatus;
  score: number | null;
}

type Row = readonly unknown[];

/**
 * Writes one list entry, its activity items (its history: each change with the values before it)
 * and, for a rewatched drama, its first viewing's dates; `taste` shifts this member's scores.
 * `extras` draws what this version added (more notes, rewatches, their times) from a stream of its
 * own, so the entries, scores and figures of the original seed stay exactly as they were.
 */
export function writeListEntry(
  rng: Random, extras: Random, userId: number, joinedDay: number, taste: number, plan: DramaPlan, ctx: EntryContext, writer: RowWriter,
  options: { rewatchChance?: number } = {},
): WrittenEntry {
  const status = chooseStatus(rng, plan);
  const aired = plan.schedule.aired;
  const total = plan.episodes ?? aired;
  let progress = 0;
  if (status === 'completed') progress = total;
  else if (status === 'watching') progress = rng.int(1, Math.max(1, plan.schedule.status === 'airing' ? aired : total - 1));
  else if (status === 'dropped') progress = rng.int(1, Math.max(1, Math.floor(Math.min(aired, total) * 0.6)));
  const score = rng.chance(SCORED[status])
    ? Math.min(10, Math.max(1, Math.round(plan.quality + taste + rng.normal(0, 0.9) - (status === 'dropped' ? 2.2 : 0))))
    : null;

  // the member met the drama after joining, and (unless just planning) after it started airing
  const start = plan.schedule.start ?? ctx.today;
  const earliest = Math.max(joinedDay, status === 'plan_to_watch' ? Math.min(start - 60, ctx.today - 1) : start);
  const created = Math.min(ctx.today - 1, earliest + Math.floor((ctx.today - 1 - Math.min(earliest, ctx.today - 1)) * rng.next()));
  const days = status === 'completed' || status === 'dropped' ? Math.ceil(progress * rng.float(0.3, 1.5)) : rng.int(0, 20);
  const updated = Math.min(ctx.today - 1, created + days);
  const createdAt = stampOn(rng, created);
  const updatedAt = updated === created ? createdAt : stampOn(rng, updated);
  const notes = rng.chance(0.04) ? rng.pick(NOTES) : extras.chance(0.12) ? extras.pick(NOTES) : null;

  const activity = (kind: string, at: string, cycle: number, now: Snapshot, before: Snapshot | null) =>
    writer.add('activities', [
      ctx.ids.activity++, userId, plan.id, kind, now[0], now[1], now[2], before?.[0] ?? null, before?.[1] ?? null, before?.[2] ?? null, cycle, at,
    ] as Row);
  const entry = (startedAt: string | null, finishedAt: string | null, rewatches: number) =>
    writer.add('list_entries', [
      ctx.ids.entry++, userId, plan.id, status, score, progress, notes, rewatches, startedAt, finishedAt, createdAt, updatedAt,
    ] as Row);

  const began: Snapshot = ['watching', null, Math.min(1, progress)];
  const now: Snapshot = [status, score, progress];
  if (status === 'completed' && updated - created >= 3 && extras.chance(options.rewatchChance ?? 0.03)) {
    // watched, completed, started again, completed again: two cycles, both with their dates
    const firstEnd = created + Math.floor((updated - created) / 3);
    const again = firstEnd + 1 + Math.floor((updated - firstEnd - 1) * extras.next());
    const [firstEndAt, againAt] = [stampOn(extras, firstEnd), stampOn(extras, again)];
    entry(formatDay(again), formatDay(updated), 1);
    writer.add('list_entry_cycles', [userId, plan.id, 1, formatDay(created), formatDay(firstEnd), againAt] as Row);
    activity('added', createdAt, 1, began, null);
    activity('updated', firstEndAt, 1, now, began);
    activity('rewatch', againAt, 2, ['watching', score, 0], now);
    activity('updated', updatedAt, 2, now, ['watching', score, 0]);
  } else if (status === 'completed' || status === 'dropped') {
    entry(formatDay(created), status === 'completed' ? formatDay(updated) : null, 0);
    activity('added', createdAt, 1, began, null);
    activity('updated', updatedAt, 1, now, began);
  } else {
    entry(status === 'watching' ? formatDay(created) : null, null, 0);
    activity('added', updatedAt, 1, now, null);
  }
  return { dramaId: plan.id, status, score };
}

/** status, score, progress */
type Snapshot = readonly [ListStatus, number | null, number];
