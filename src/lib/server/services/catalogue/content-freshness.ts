import { gt, sql } from 'drizzle-orm';
import { dramas, jobRuns, people } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transactions.ts';

/**
 * Paths of pre-rendered pages whose record changed after the build started: the site server serves
 * these on demand (fresh from the database) instead of the stale file, until the next build.
 */
export async function listStalePaths(db: Executor, builtAt: Date): Promise<string[]> {
  const [changedDramas, changedPeople] = await Promise.all([
    db.select({ id: dramas.id }).from(dramas).where(gt(dramas.updatedAt, builtAt)),
    db.select({ id: people.id }).from(people).where(gt(people.updatedAt, builtAt)),
  ]);
  return [
    ...changedDramas.map((d) => `/drama/${d.id}`),
    ...changedPeople.flatMap((p) => [`/people/${p.id}`, `/person/${p.id}`]),
  ];
}

/**
 * A fingerprint of what the pre-rendered pages show: record counts, the newest record change and
 * the last refresh of derived figures. `npm start` rebuilds only when it differs from the build's.
 */
export async function getCatalogueVersion(db: Executor): Promise<string> {
  // one row: counting dramas aggregates its table whatever it holds
  const [row] = await db
    .select({
      v: sql<string>`concat_ws('|',
        count(*), max(${dramas.updatedAt}),
        (select count(*) from ${people}), (select max(${people.updatedAt}) from ${people}),
        (select max(${jobRuns.lastRunAt}) from ${jobRuns}))`,
    })
    .from(dramas);
  return row?.v ?? '';
}
