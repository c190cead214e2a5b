import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { credits, dramas, listEntries, people, personHearts } from '../../db/schema/index.ts';

// The derived figures of the catalogue, recomputed from members' data with set-based SQL: one
// statement per table, because every row version written to dramas or people also writes all of
// their indexes (trigram GIN included), so figures that change together are written together.
// Each UPDATE touches only rows whose figures changed: refreshing a settled catalogue writes little.
// Run it inside a transaction to publish the figures of both tables at once. Derived figures never
// bump updated_at: they are not edits (see services/content-freshness).

/** anything that runs queries: the pool, a transaction, or the seed's own connection inside its BEGIN */
type SqlRunner = Pick<Database, '$with' | 'with' | 'select' | 'selectDistinct'>;

/**
 * Dramas: rating = mean of members' scores (0 when none), votes = number of scores, watchers = list
 * entries, popularity = rank by watchers (1 = most watched, ties by id, every drama), ranked = rank
 * by rating among dramas with 100 or more votes (more votes first on a tie, then id; null otherwise).
 */
export async function recomputeDramaFigures(db: SqlRunner): Promise<number> {
  // drizzle names a CTE's computed field by its alias alone (unqualified): each alias is unique in
  // the statement, so none can be read as a column of dramas or people
  const agg = db.$with('agg').as(
    db
      .select({
        dramaId: listEntries.dramaId,
        rating: sql<number>`avg(${listEntries.score})`.as('agg_rating'),
        votes: sql<number>`count(${listEntries.score})::int`.as('agg_votes'),
        watchers: sql<number>`count(*)::int`.as('agg_watchers'),
      })
      .from(listEntries)
      .groupBy(listEntries.dramaId),
  );
  const fresh = db.$with('fresh').as(
    db
      .select({
        id: dramas.id,
        rating: sql<number>`coalesce(${agg.rating}, 0)::real`.as('fresh_rating'),
        votes: sql<number>`coalesce(${agg.votes}, 0)`.as('fresh_votes'),
        watchers: sql<number>`coalesce(${agg.watchers}, 0)`.as('fresh_watchers'),
      })
      .from(dramas)
      .leftJoin(agg, eq(agg.dramaId, dramas.id)),
  );
  const ranks = db.$with('ranks').as(
    db
      .select({
        id: fresh.id,
        rating: sql<number>`${fresh.rating}`.as('new_rating'),
        votes: sql<number>`${fresh.votes}`.as('new_votes'),
        watchers: sql<number>`${fresh.watchers}`.as('new_watchers'),
        popularity: sql<number>`row_number() OVER (ORDER BY ${fresh.watchers} DESC, ${fresh.id})::int`.as('new_popularity'),
        ranked: sql<number | null>`CASE WHEN ${fresh.votes} >= 100
          THEN row_number() OVER (PARTITION BY ${fresh.votes} >= 100 ORDER BY ${fresh.rating} DESC, ${fresh.votes} DESC, ${fresh.id})::int END`.as('new_ranked'),
      })
      .from(fresh),
  );
  const result = await db
    .with(agg, fresh, ranks)
    .update(dramas)
    .set({
      rating: sql`${ranks.rating}`,
      votes: sql`${ranks.votes}`,
      watchers: sql`${ranks.watchers}`,
      popularity: sql`${ranks.popularity}`,
      ranked: sql`${ranks.ranked}`,
    })
    .from(ranks)
    .where(
      and(
        eq(dramas.id, ranks.id),
        sql`(${dramas.rating}, ${dramas.votes}, ${dramas.watchers}, ${dramas.popularity}, ${dramas.ranked})
          IS DISTINCT FROM (${ranks.rating}, ${ranks.votes}, ${ranks.watchers}, ${ranks.popularity}, ${ranks.ranked})`,
      ),
    );
  return result.rowCount ?? 0;
}

/**
 * People: popularity = rank by hearts, then by the watchers of the dramas they are credited in,
 * then id. Reads dramas.watchers: recompute the dramas first. people.hearts is kept exact by each
 * heart's own transaction (services/hearts.ts), so the periodic job ranks from it and never writes
 * it: a count read from its snapshot would undo a heart committed meanwhile. `recountHearts` (the
 * seed, which loads person_hearts in bulk) sets it from the rows first.
 */
export async function recomputePersonFigures(db: SqlRunner, { recountHearts = false } = {}): Promise<number> {
  let changed = 0;
  if (recountHearts) {
    const given = db.$with('given').as(
      db
        .select({ personId: personHearts.personId, hearts: sql<number>`count(*)::int`.as('given_hearts') })
        .from(personHearts)
        .groupBy(personHearts.personId),
    );
    const counted = db.$with('counted').as(
      db
        .select({ id: people.id, hearts: sql<number>`coalesce(${given.hearts}, 0)`.as('counted_hearts') })
        .from(people)
        .leftJoin(given, eq(given.personId, people.id)),
    );
    const recount = await db
      .with(given, counted)
      .update(people)
      .set({ hearts: sql`${counted.hearts}` })
      .from(counted)
      .where(and(eq(people.id, counted.id), sql`${people.hearts} IS DISTINCT FROM ${counted.hearts}`));
    changed += recount.rowCount ?? 0;
  }
  const credited = db.selectDistinct({ personId: credits.personId, dramaId: credits.dramaId }).from(credits).as('c');
  const reach = db.$with('reach').as(
    db
      .select({ personId: credited.personId, watchers: sql<number>`sum(${dramas.watchers})`.as('reach_watchers') })
      .from(credited)
      .innerJoin(dramas, eq(dramas.id, credited.dramaId))
      .groupBy(credited.personId),
  );
  const ranks = db.$with('ranks').as(
    db
      .select({
        id: people.id,
        popularity: sql<number>`row_number() OVER (ORDER BY ${people.hearts} DESC, coalesce(${reach.watchers}, 0) DESC, ${people.id})::int`.as('new_popularity'),
      })
      .from(people)
      .leftJoin(reach, eq(reach.personId, people.id)),
  );
  const result = await db
    .with(reach, ranks)
    .update(people)
    .set({ popularity: sql`${ranks.popularity}` })
    .from(ranks)
    .where(and(eq(people.id, ranks.id), sql`${people.popularity} IS DISTINCT FROM ${ranks.popularity}`));
  return changed + (result.rowCount ?? 0);
}

/**
 * Recomputes every derived figure of dramas, then of people (whose popularity reads the dramas'):
 * how many rows of each changed.
 */
export async function recomputeCatalogueStats(db: SqlRunner, options: { recountHearts?: boolean } = {}): Promise<{ dramas: number; people: number }> {
  const dramas = await recomputeDramaFigures(db);
  const people = await recomputePersonFigures(db, options);
  return { dramas, people };
}
