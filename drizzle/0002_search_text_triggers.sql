-- Keeps dramas.search_text and people.search_text (the trigram-indexed search columns) in step with
-- the names they are built from. A trigger rather than a generated column: array_to_string is not
-- IMMUTABLE, so PostgreSQL refuses it in a generated column.
CREATE OR REPLACE FUNCTION dramas_search_text() RETURNS trigger AS $$
BEGIN
  NEW.search_text := lower(concat_ws(' ', NEW.title, NEW.original_title,
    array_to_string(NEW.native_titles, ' '), array_to_string(NEW.also_known_as, ' ')));
  RETURN NEW;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER dramas_search_text BEFORE INSERT OR UPDATE OF title, original_title, native_titles, also_known_as
  ON dramas FOR EACH ROW EXECUTE FUNCTION dramas_search_text();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION people_search_text() RETURNS trigger AS $$
BEGIN
  NEW.search_text := lower(concat_ws(' ', NEW.name, NEW.native_name, array_to_string(NEW.also_known_as, ' ')));
  RETURN NEW;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER people_search_text BEFORE INSERT OR UPDATE OF name, native_name, also_known_as
  ON people FOR EACH ROW EXECUTE FUNCTION people_search_text();
