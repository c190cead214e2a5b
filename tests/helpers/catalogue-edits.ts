// An applied catalogue edit as the site sees it, without the edit API: the record's row and its
// updated_at changed in one transaction, then the change announced (catalogueChanged), as the edit
// service does once it commits.
//
// Freshness compares updated_at with a build's start to the microsecond, and two clocks meet there
// (Date's whole milliseconds, the database's microseconds; on PGlite both tick in whole
// milliseconds). So the tests never take "now" on either side: a build starts at
// `instantAfterChanges()`, and an edit after it says when (`at`).
import { eq, sql } from 'drizzle-orm';
import { dramas, people } from '../../src/lib/server/db/schema/index.ts';
import { getDb } from '../../src/lib/server/db/client.ts';
import type { Executor } from '../../src/lib/server/db/transactions.ts';
import { catalogueChanged } from '../../src/lib/server/services/catalogue/catalogue-events.ts';

type DramaFields = Partial<Omit<typeof dramas.$inferInsert, 'id' | 'updatedAt'>>;
type PersonFields = Partial<Omit<typeof people.$inferInsert, 'id' | 'updatedAt'>>;
type EditOptions = { db?: Executor; at?: Date };

export async function applyDramaEdit(id: number, fields: DramaFields, { db, at }: EditOptions = {}): Promise<void> {
  const on = db ?? (await getDb());
  await on.transaction(async (tx) => {
    await tx.update(dramas).set({ ...fields, updatedAt: at ?? sql`now()` }).where(eq(dramas.id, id));
  });
  catalogueChanged();
}

export async function applyPersonEdit(id: number, fields: PersonFields, { db, at }: EditOptions = {}): Promise<void> {
  const on = db ?? (await getDb());
  await on.transaction(async (tx) => {
    await tx.update(people).set({ ...fields, updatedAt: at ?? sql`now()` }).where(eq(people.id, id));
  });
  catalogueChanged();
}

/** A millisecond after the newest drama or person change so far: a build that starts then finds nothing stale. */
export async function instantAfterChanges(db?: Executor): Promise<Date> {
  const on = db ?? (await getDb());
  // whole milliseconds since the epoch, rounded down; one more is after it, microseconds included
  const [row] = await on.select({
    newestMs: sql<string>`floor(extract(epoch from greatest(
      (select max(${dramas.updatedAt}) from ${dramas}), (select max(${people.updatedAt}) from ${people}), 'epoch'::timestamptz)) * 1000)::bigint::text`,
  }).from(sql`(select 1) as one`);
  return new Date(Number(row!.newestMs) + 1);
}

/** `ms` milliseconds after `instant` */
export const after = (instant: Date, ms = 1) => new Date(instant.getTime() + ms);
