import { gt, sql } from 'drizzle-orm';
import { dramas, people } from '../../db/schema/index.ts';
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
  const result = await db.execute<{ v: string }>(sql`select concat_ws('|',
      (select count(*) from dramas), (select max(updated_at) from dramas),
      (select count(*) from people), (select max(updated_at) from people),
      (select max(last_run_at) from job_runs)) as v`);
  return result.rows[0]?.v ?? '';
}
