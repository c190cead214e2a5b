-- Keeps people_facet_counts (how many people share each nationality list and gender) exact, in the
-- transaction that changes people, for the totals of the people search. Inserts and deletes are
-- counted once per statement from transition tables, so the seed's batches of thousands of rows cost
-- one upsert per facet rather than one per row. Updates are counted per row, and only when the
-- nationality or the gender changes: hearts and popularity updates never touch the counts. Facets are
-- upserted in key order so that concurrent inserts lock counter rows in the same order.
CREATE OR REPLACE FUNCTION people_facet_counts_add() RETURNS trigger AS $$
BEGIN
  INSERT INTO people_facet_counts AS f (nationality, gender, people)
  SELECT nationality, coalesce(gender::text, ''), count(*)::int FROM added GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (nationality, gender) DO UPDATE SET people = f.people + excluded.people;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION people_facet_counts_remove() RETURNS trigger AS $$
BEGIN
  UPDATE people_facet_counts f SET people = f.people - r.people
  FROM (SELECT nationality, coalesce(gender::text, '') AS gender, count(*)::int AS people FROM removed GROUP BY 1, 2) r
  WHERE f.nationality = r.nationality AND f.gender = r.gender;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION people_facet_counts_move() RETURNS trigger AS $$
BEGIN
  UPDATE people_facet_counts SET people = people - 1
  WHERE nationality = OLD.nationality AND gender = coalesce(OLD.gender::text, '');
  INSERT INTO people_facet_counts AS f (nationality, gender, people)
  VALUES (NEW.nationality, coalesce(NEW.gender::text, ''), 1)
  ON CONFLICT (nationality, gender) DO UPDATE SET people = f.people + 1;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION people_facet_counts_clear() RETURNS trigger AS $$
BEGIN
  DELETE FROM people_facet_counts;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER people_facet_counts_insert AFTER INSERT ON people
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION people_facet_counts_add();
--> statement-breakpoint
CREATE TRIGGER people_facet_counts_delete AFTER DELETE ON people
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION people_facet_counts_remove();
--> statement-breakpoint
CREATE TRIGGER people_facet_counts_update AFTER UPDATE OF nationality, gender ON people FOR EACH ROW
  WHEN (OLD.nationality IS DISTINCT FROM NEW.nationality OR OLD.gender IS DISTINCT FROM NEW.gender)
  EXECUTE FUNCTION people_facet_counts_move();
--> statement-breakpoint
-- TRUNCATE fires no row or delete triggers (the seed's --force empties people this way).
CREATE TRIGGER people_facet_counts_truncate AFTER TRUNCATE ON people
  FOR EACH STATEMENT EXECUTE FUNCTION people_facet_counts_clear();
--> statement-breakpoint
-- The people already there.
INSERT INTO people_facet_counts (nationality, gender, people)
SELECT nationality, coalesce(gender::text, ''), count(*)::int FROM people GROUP BY 1, 2;
