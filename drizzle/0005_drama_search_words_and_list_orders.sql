CREATE TABLE "drama_search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "dramas_popularity_index";--> statement-breakpoint
DROP INDEX "dramas_rating_votes_index";--> statement-breakpoint
DROP INDEX "dramas_year_index";--> statement-breakpoint
ALTER TABLE "dramas" ADD COLUMN "search_words" text[] GENERATED ALWAYS AS (tsvector_to_array(to_tsvector('simple'::regconfig, search_text))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "drama_search_words_trgm" ON "drama_search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dramas_search_words_gin" ON "dramas" USING gin ("search_words");--> statement-breakpoint
CREATE INDEX "dramas_popularity_order" ON "dramas" USING btree ("popularity","id","country","year","type","status","episodes","rating");--> statement-breakpoint
CREATE INDEX "dramas_rating_order" ON "dramas" USING btree ("rating" DESC NULLS LAST,"votes" DESC NULLS LAST,"id","country","year","type","status","episodes");--> statement-breakpoint
CREATE INDEX "dramas_newest_order" ON "dramas" USING btree ("year" DESC NULLS LAST,"aired_start" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "dramas_oldest_order" ON "dramas" USING btree ("year","aired_start","id");--> statement-breakpoint
CREATE INDEX "dramas_upcoming_order" ON "dramas" USING btree ("status","aired_start","id");