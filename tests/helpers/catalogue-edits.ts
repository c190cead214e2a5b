// An applied catalogue edit as the site sees it, without the edit API (issue 22's editing routes are
// built elsewhere): the record's row and its updated_at changed in one transaction, then the change
// announced (catalogueChanged), as the edit service does once it commits.
import { eq, sql } from 'drizzle-orm';
import { dramas, people } from '../../src/lib/server/db/schema/index.ts';
import { getDb } from '../../src/lib/server/db/client.ts';
import type { Executor } from '../../src/lib/server/db/transactions.ts';
import { catalogueChanged } from '../../src/lib/server/services/catalogue/catalogue-events.ts';

type DramaFields = Partial<Omit<typeof dramas.$inferInsert, 'id' | 'updatedAt'>>;
type PersonFields = Partial<Omit<typeof people.$inferInsert, 'id' | 'updatedAt'>>;

export async function applyDramaEdit(id: number, fields: DramaFields, db?: Executor): Promise<void> {
  const on = db ?? (await getDb());
  await on.transaction(async (tx) => {
    await tx.update(dramas).set({ ...fields, updatedAt: sql`now()` }).where(eq(dramas.id, id));
  });
  catalogueChanged();
}

export async function applyPersonEdit(id: number, fields: PersonFields, db?: Executor): Promise<void> {
  const on = db ?? (await getDb());
  await on.transaction(async (tx) => {
    await tx.update(people).set({ ...fields, updatedAt: sql`now()` }).where(eq(people.id, id));
  });
  catalogueChanged();
}
