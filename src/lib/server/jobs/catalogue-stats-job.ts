// The derived-figures job: ratings, votes, watchers, popularity and ranks of dramas, hearts rank of
// people, recomputed from members' data every STATS_INTERVAL_SECONDS (docs/decisions/005).
//
// Why a job and not the writing transaction: popularity and ranked are ranks over the whole
// catalogue: one member's new score can move thousands of other dramas' ranks, so recomputing them
// inside every list change would make each change rewrite thousands of rows and serialise all
// writers on those rows. The job recomputes everything set-wise and writes only rows whose figures
// changed. Freshness: every figure shown is at most one interval (+ the run time) old. Person
// hearts are the exception: they are exact at once (services/hearts.ts moves the counter in the
// heart's own transaction).
//
// Several instances may run the scheduler: a run is claimed with one conditional UPDATE of its
// job_runs row (locked_until), so one instance runs it per interval; a crashed run's claim expires.
// The next run is due one interval after the previous one STARTED (locked_until = last_started_at
// + interval, on the database's clock), and every instance tries four times per interval (with
// jitter), so runs start at most a quarter of an interval late, however many instances there are.
// `last_run_by` names the instance (host:pid) that ran it; `last_run_at` is the last time a run
// changed figures (content-freshness reads it to know the pre-rendered pages are out of date);
// `last_result` says what the last run did.
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { jobRuns } from '../db/schema/index.ts';
import { withTransaction, type Transaction } from '../db/transactions.ts';
import { isConnectionError } from '../db/connection-errors.ts';
import { logger } from '../logger.ts';
import { repeatAfterEachRun } from './repeat.ts';
import { catalogueChanged, INSTANCE_ID } from '../services/catalogue/catalogue-events.ts';
import { recomputeCatalogueStats } from '../services/catalogue/catalogue-stats.ts';

export const STATS_JOB = 'catalogue-stats';
/** how long a claimed run may take before another instance may take over */
const CLAIM_SECONDS = 600;
/** how many times per interval each instance looks whether a run is due */
const TICKS_PER_INTERVAL = 4;

export interface StatsRun {
  dramas: number;
  people: number;
  ms: number;
}

export interface StatsJobOptions {
  /** who runs it (recorded in job_runs.last_run_by); this process by default */
  instance?: string;
  /** the work itself (tests replace it to control how long a run takes) */
  recompute?: (tx: Transaction) => Promise<{ dramas: number; people: number }>;
}

/**
 * Runs the job unless another run holds it or it is not due (the last run started less than
 * `intervalSeconds` ago): what it changed, or undefined when it did not run.
 */
export async function runCatalogueStatsJob(db: Database, intervalSeconds: number, options: StatsJobOptions = {}): Promise<StatsRun | undefined> {
  const { instance = INSTANCE_ID, recompute = (tx: Transaction) => recomputeCatalogueStats(tx) } = options;
  await db.insert(jobRuns).values({ name: STATS_JOB }).onConflictDoNothing();
  const claimed = await db
    .update(jobRuns)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`, lastStartedAt: sql`now()`, lastRunBy: instance })
    .where(and(eq(jobRuns.name, STATS_JOB), or(isNull(jobRuns.lockedUntil), lte(jobRuns.lockedUntil, sql`now()`))))
    .returning({ name: jobRuns.name });
  if (!claimed.length) return undefined;
  const started = performance.now();
  try {
    const changed = await withTransaction(db, (tx) => recompute(tx));
    const ms = Math.round(performance.now() - started);
    const touched = changed.dramas + changed.people > 0;
    await db
      .update(jobRuns)
      .set({
        lockedUntil: sql`${jobRuns.lastStartedAt} + make_interval(secs => ${intervalSeconds})`,
        lastResult: `${changed.dramas} dramas and ${changed.people} people changed in ${ms} ms`,
        ...(touched ? { lastRunAt: sql`now()` } : {}),
      })
      .where(eq(jobRuns.name, STATS_JOB));
    if (touched) catalogueChanged();
    return { ...changed, ms };
  } catch (error) {
    // let the next tick try again (unless the database is away: then this fails too, and the claim
    // expires after CLAIM_SECONDS)
    await db
      .update(jobRuns)
      .set({ lockedUntil: null, lastResult: `failed: ${String(error)}` })
      .where(eq(jobRuns.name, STATS_JOB))
      .catch(() => {});
    throw error;
  }
}

/**
 * Looks whether the job is due TICKS_PER_INTERVAL times per `intervalSeconds` (and once now) and
 * runs it then; answers a function that stops it and resolves once a run under way has finished
 * (so a graceful stop closes the database after it, not under it).
 */
export function scheduleCatalogueStats(db: Database, intervalSeconds: number, options: StatsJobOptions = {}): () => Promise<void> {
  let failures = 0;
  const run = async () => {
    try {
      const result = await runCatalogueStatsJob(db, intervalSeconds, options);
      if (result && (result.dramas || result.people)) logger.info(result, 'derived figures refreshed');
      failures = 0;
    } catch (error) {
      // while the database is away every tick fails: say so once, then now and then
      if (failures++ % 20 === 0) {
        if (isConnectionError(error)) logger.warn({ err: error }, 'derived figures job: database unavailable');
        else logger.error({ err: error }, 'derived figures job failed');
      }
    }
  };
  // a tenth of jitter either way, so instances started together do not all ask at once
  const period = (intervalSeconds * 1000) / TICKS_PER_INTERVAL;
  return repeatAfterEachRun(run, () => period * (0.9 + Math.random() * 0.2));
}
