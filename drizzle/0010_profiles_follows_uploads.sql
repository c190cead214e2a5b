-- Profile views: one row per viewer and profile with the time the last view counted (a view counts
-- again 24 hours later), instead of one row per day (docs/decisions/024). Existing rows keep the
-- latest day each viewer counted, as that day's start (UTC).
ALTER TABLE "profile_views" ADD COLUMN "counted_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "profile_views" SET "counted_at" = ("day"::timestamp AT TIME ZONE 'UTC');--> statement-breakpoint
DELETE FROM "profile_views" AS v USING "profile_views" AS later
  WHERE later."profile_user_id" = v."profile_user_id" AND later."viewer_id" = v."viewer_id" AND later."day" > v."day";--> statement-breakpoint
ALTER TABLE "profile_views" DROP CONSTRAINT "profile_views_profile_user_id_viewer_id_day_pk";--> statement-breakpoint
ALTER TABLE "profile_views" ADD CONSTRAINT "profile_views_profile_user_id_viewer_id_pk" PRIMARY KEY("profile_user_id","viewer_id");--> statement-breakpoint
ALTER TABLE "profile_views" DROP COLUMN "day";--> statement-breakpoint
-- Uploads: what became of each (pending, used, active, deleted); rows written before this were images in use.
ALTER TABLE "uploads" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
UPDATE "uploads" SET "status" = 'active';--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_status" CHECK ("uploads"."status" in ('pending', 'used', 'active', 'deleted'));--> statement-breakpoint
CREATE INDEX "uploads_public_url_index" ON "uploads" USING btree ("public_url");--> statement-breakpoint
-- GET /users/{id}/following: a member's follows, newest first.
CREATE INDEX "follows_follower_id_created_at_index" ON "follows" USING btree ("follower_id","created_at");
