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
// `last_run_at` is the last time a run changed figures (content-freshness reads it to know the
// pre-rendered pages are out of date); `last_result` says what the last run did.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { logger } from '../logger.ts';
import { catalogueChanged } from '../services/catalogue-events.ts';
import { recomputeCatalogueStats } from '../services/catalogue-stats.ts';

export const STATS_JOB = 'catalogue-stats';
/** how long a claimed run may take before another instance may take over */
const CLAIM_SECONDS = 600;

export interface StatsRun {
  dramas: number;
  people: number;
  ms: number;
}

/**
 * Runs the job unless another run holds it or it ran less than `intervalSeconds` ago: what it
 * changed, or undefined when it did not run.
 */
export async function runCatalogueStatsJob(db: Database, intervalSeconds: number): Promise<StatsRun | undefined> {
  await db.execute(sql`INSERT INTO job_runs (name) VALUES (${STATS_JOB}) ON CONFLICT DO NOTHING`);
  const claimed = await db.execute(sql`
    UPDATE job_runs SET locked_until = now() + make_interval(secs => ${CLAIM_SECONDS})
    WHERE name = ${STATS_JOB} AND (locked_until IS NULL OR locked_until <= now())
    RETURNING name`);
  if (!claimed.rows.length) return undefined;
  const started = performance.now();
  try {
    const changed = await db.transaction((tx) => recomputeCatalogueStats(tx));
    const ms = Math.round(performance.now() - started);
    const touched = changed.dramas + changed.people > 0;
    await db.execute(sql`
      UPDATE job_runs SET locked_until = now() + make_interval(secs => ${intervalSeconds}),
        last_result = ${`${changed.dramas} dramas and ${changed.people} people changed in ${ms} ms`}
        ${touched ? sql`, last_run_at = now()` : sql``}
      WHERE name = ${STATS_JOB}`);
    if (touched) catalogueChanged();
    return { ...changed, ms };
  } catch (error) {
    // let the next tick try again
    await db.execute(sql`UPDATE job_runs SET locked_until = NULL, last_result = ${`failed: ${String(error)}`} WHERE name = ${STATS_JOB}`);
    throw error;
  }
}

/** Tries the job every `intervalSeconds` (and once now); answers a function that stops it. */
export function scheduleCatalogueStats(db: Database, intervalSeconds: number): () => void {
  const tick = () =>
    runCatalogueStatsJob(db, intervalSeconds).then(
      (run) => run && (run.dramas || run.people) && logger.info(run, 'derived figures refreshed'),
      (error) => logger.error({ err: error }, 'derived figures job failed'),
    );
  void tick();
  const timer = setInterval(tick, intervalSeconds * 1000).unref();
  return () => clearInterval(timer);
}
