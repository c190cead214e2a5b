import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

// The derived figures of the catalogue, recomputed from members' data with set-based SQL: one
// statement per table, because every row version written to dramas or people also writes all of
// their indexes (trigram GIN included), so figures that change together are written together.
// Each UPDATE touches only rows whose figures changed: refreshing a settled catalogue writes little.
// Run it inside a transaction to publish the figures of both tables at once. Derived figures never
// bump updated_at: they are not edits (see services/content-freshness).

/** anything that runs SQL: the pool, a transaction, or the seed's own connection inside its BEGIN */
type SqlRunner = Pick<Database, 'execute'>;

/**
 * Dramas: rating = mean of members' scores (0 when none), votes = number of scores, watchers = list
 * entries, popularity = rank by watchers (1 = most watched, ties by id, every drama), ranked = rank
 * by rating among dramas with 100 or more votes (more votes first on a tie, then id; null otherwise).
 */
export async function recomputeDramaFigures(db: SqlRunner): Promise<number> {
  const result = await db.execute(sql`
    WITH agg AS (
      SELECT drama_id, avg(score) AS rating, count(score)::int AS votes, count(*)::int AS watchers
      FROM list_entries GROUP BY drama_id
    ), fresh AS (
      SELECT d.id, coalesce(agg.rating, 0)::real AS rating, coalesce(agg.votes, 0) AS votes, coalesce(agg.watchers, 0) AS watchers
      FROM dramas d LEFT JOIN agg ON agg.drama_id = d.id
    ), ranks AS (
      SELECT id, rating, votes, watchers,
        row_number() OVER (ORDER BY watchers DESC, id)::int AS popularity,
        CASE WHEN votes >= 100
          THEN row_number() OVER (PARTITION BY votes >= 100 ORDER BY rating DESC, votes DESC, id)::int END AS ranked
      FROM fresh
    )
    UPDATE dramas d
    SET rating = r.rating, votes = r.votes, watchers = r.watchers, popularity = r.popularity, ranked = r.ranked
    FROM ranks r
    WHERE d.id = r.id
      AND (d.rating, d.votes, d.watchers, d.popularity, d.ranked)
        IS DISTINCT FROM (r.rating, r.votes, r.watchers, r.popularity, r.ranked)`);
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
    const recount = await db.execute(sql`
      WITH given AS (SELECT person_id, count(*)::int AS hearts FROM person_hearts GROUP BY person_id),
      counted AS (SELECT p.id, coalesce(g.hearts, 0) AS hearts FROM people p LEFT JOIN given g ON g.person_id = p.id)
      UPDATE people p SET hearts = c.hearts FROM counted c WHERE p.id = c.id AND p.hearts IS DISTINCT FROM c.hearts`);
    changed += recount.rowCount ?? 0;
  }
  const result = await db.execute(sql`
    WITH reach AS (
      SELECT c.person_id, sum(d.watchers) AS watchers
      FROM (SELECT DISTINCT person_id, drama_id FROM credits) c JOIN dramas d ON d.id = c.drama_id
      GROUP BY c.person_id
    ), ranks AS (
      SELECT p.id, row_number() OVER (ORDER BY p.hearts DESC, coalesce(r.watchers, 0) DESC, p.id)::int AS popularity
      FROM people p LEFT JOIN reach r ON r.person_id = p.id
    )
    UPDATE people p SET popularity = r.popularity
    FROM ranks r
    WHERE p.id = r.id AND p.popularity IS DISTINCT FROM r.popularity`);
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
