-- Keeps drama_search_words (the vocabulary of dramas.search_words) complete, in the transaction that
-- writes dramas, for the typo correction of title search. Inserts add their words once per statement
-- from a transition table, so the seed's batches of thousands of dramas cost one insert of their
-- distinct words; a rename adds the new words of that row. Words are inserted in order so that
-- concurrent writers wait on the same words in the same order (no deadlock). Words are never removed
-- on delete or rename: a stale word only adds an alternative that matches nothing.
CREATE OR REPLACE FUNCTION drama_search_words_add() RETURNS trigger AS $$
BEGIN
  INSERT INTO drama_search_words (word)
  SELECT DISTINCT w FROM added, unnest(added.search_words) AS w ORDER BY w
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION drama_search_words_add_row() RETURNS trigger AS $$
BEGIN
  INSERT INTO drama_search_words (word)
  SELECT DISTINCT w FROM unnest(NEW.search_words) AS w ORDER BY w
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION drama_search_words_clear() RETURNS trigger AS $$
BEGIN
  DELETE FROM drama_search_words;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER drama_search_words_insert AFTER INSERT ON dramas
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION drama_search_words_add();
--> statement-breakpoint
CREATE TRIGGER drama_search_words_update AFTER UPDATE OF title, original_title, native_titles, also_known_as ON dramas
  FOR EACH ROW WHEN (OLD.search_words IS DISTINCT FROM NEW.search_words)
  EXECUTE FUNCTION drama_search_words_add_row();
--> statement-breakpoint
-- TRUNCATE fires no row triggers (the seed's --force empties dramas this way).
CREATE TRIGGER drama_search_words_truncate AFTER TRUNCATE ON dramas
  FOR EACH STATEMENT EXECUTE FUNCTION drama_search_words_clear();
--> statement-breakpoint
-- The dramas already there.
INSERT INTO drama_search_words (word)
SELECT DISTINCT w FROM dramas, unnest(dramas.search_words) AS w ORDER BY w
ON CONFLICT (word) DO NOTHING;
--> statement-breakpoint
-- 0005 rewrote dramas (the generated column): fresh statistics let the planner estimate word matches.
ANALYZE dramas, drama_search_words;
