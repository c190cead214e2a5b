import { gte, inArray, sql } from 'drizzle-orm';
import { RANKED_LIST_KEYS, canonicalListPath } from '../../../ranked-lists/ranked-lists.ts';
import { credits, dramas, jobRuns, people } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transactions.ts';

/**
 * The pre-rendered pages that show drama cards (title, year, rating, pictures): the home rows and
 * page 1 of each ranked list under both its paths. Any drama changed since the build may be on them
 * (or, its status or dates changed, belong on them now), so they are stale with it.
 */
export const DRAMA_LIST_PATHS: readonly string[] = ['/', ...RANKED_LIST_KEYS.flatMap((key) => [canonicalListPath(key), `/${key}`])];

/**
 * Paths of pre-rendered pages whose content changed at or after the build's start (a change in the
 * same instant may have missed the build, so it counts): the site server serves
 * these on demand (fresh from the database) instead of the stale file, until the next build
 * (docs/decisions/038 "Live at once and the rebuild"). A changed drama: its page, the home and the
 * ranked lists and the pages of the people it credits (their filmography shows its title). A
 * changed person: their pages and the pages of the dramas crediting them (the cast shows their name
 * and picture).
 */
export async function listStalePaths(db: Executor, builtAt: Date): Promise<string[]> {
  const changedDramas = db.select({ id: dramas.id }).from(dramas).where(gte(dramas.updatedAt, builtAt));
  const changedPeople = db.select({ id: people.id }).from(people).where(gte(people.updatedAt, builtAt));
  type Kind = 'drama' | 'person' | 'credit';
  const kind = (k: Kind) => sql<Kind>`${k}::text`.as('kind');
  // one statement: on the embedded database there is one connection, so nothing gained by several
  const rows = await db
    .select({ kind: kind('drama'), id: dramas.id })
    .from(dramas)
    .where(gte(dramas.updatedAt, builtAt))
    .union(db.select({ kind: kind('person'), id: people.id }).from(people).where(gte(people.updatedAt, builtAt)))
    .union(db.select({ kind: kind('credit'), id: credits.dramaId }).from(credits).where(inArray(credits.personId, changedPeople)))
    .union(db.select({ kind: kind('person'), id: credits.personId }).from(credits).where(inArray(credits.dramaId, changedDramas)));
  const dramaIds = new Set(rows.filter((r) => r.kind !== 'person').map((r) => r.id));
  const personIds = new Set(rows.filter((r) => r.kind === 'person').map((r) => r.id));
  return [
    ...(rows.some((r) => r.kind === 'drama') ? DRAMA_LIST_PATHS : []),
    ...[...dramaIds].map((id) => `/drama/${id}`),
    ...[...personIds].flatMap((id) => [`/people/${id}`, `/person/${id}`]),
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
