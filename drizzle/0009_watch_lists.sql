CREATE TYPE "public"."activity_kind" AS ENUM('added', 'updated', 'rewatch');--> statement-breakpoint
CREATE TABLE "list_entry_cycles" (
	"user_id" integer NOT NULL,
	"drama_id" integer NOT NULL,
	"cycle" smallint NOT NULL,
	"started_at" date,
	"finished_at" date,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "list_entry_cycles_user_id_drama_id_cycle_pk" PRIMARY KEY("user_id","drama_id","cycle")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "lists_private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "kind" "activity_kind" DEFAULT 'updated' NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "previous_status" "list_status";--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "previous_score" smallint;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "previous_progress" integer;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "cycle" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "list_entries" ADD COLUMN "rewatch_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "list_entries" ADD COLUMN "started_at" date;--> statement-breakpoint
ALTER TABLE "list_entries" ADD COLUMN "finished_at" date;--> statement-breakpoint
ALTER TABLE "list_entry_cycles" ADD CONSTRAINT "list_entry_cycles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_entry_cycles" ADD CONSTRAINT "list_entry_cycles_drama_id_dramas_id_fk" FOREIGN KEY ("drama_id") REFERENCES "public"."dramas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_user_id_drama_id_created_at_index" ON "activities" USING btree ("user_id","drama_id","created_at");--> statement-breakpoint
ALTER TABLE "list_entries" ADD CONSTRAINT "list_entries_rewatch_min" CHECK ("list_entries"."rewatch_count" >= 0);--> statement-breakpoint
ALTER TABLE "list_entries" ADD CONSTRAINT "list_entries_dates_order" CHECK ("list_entries"."finished_at" IS NULL OR "list_entries"."started_at" IS NULL OR "list_entries"."finished_at" >= "list_entries"."started_at");--> statement-breakpoint
-- Entries and activity items written before this migration: the dates their history implies, and
-- each item's kind and previous values (docs/decisions/020). Days are UTC days.
UPDATE "list_entries" SET "started_at" = ("created_at" AT TIME ZONE 'UTC')::date
  WHERE "status" <> 'plan_to_watch' AND "started_at" IS NULL;--> statement-breakpoint
UPDATE "list_entries" SET "finished_at" = greatest(("updated_at" AT TIME ZONE 'UTC')::date, "started_at")
  WHERE "status" = 'completed' AND "finished_at" IS NULL;--> statement-breakpoint
WITH "h" AS (
  SELECT "id", row_number() OVER "w" AS "n", lag("new_status") OVER "w" AS "ps", lag("score") OVER "w" AS "psc", lag("progress") OVER "w" AS "pp"
  FROM "activities" WINDOW "w" AS (PARTITION BY "user_id", "drama_id" ORDER BY "created_at", "id")
)
UPDATE "activities" "a" SET "kind" = CASE WHEN "h"."n" = 1 THEN 'added'::"activity_kind" ELSE 'updated'::"activity_kind" END,
  "previous_status" = "h"."ps", "previous_score" = "h"."psc", "previous_progress" = "h"."pp"
FROM "h" WHERE "h"."id" = "a"."id";
