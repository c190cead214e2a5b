CREATE TYPE "public"."reply_control" AS ENUM('everyone', 'following', 'nobody');--> statement-breakpoint
DROP INDEX "post_reposts_user_id_created_at_index";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "spoiler" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "reply_control" "reply_control" DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "quote_detached" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "post_reposts_user_timeline_index" ON "post_reposts" USING btree ("user_id","created_at","post_id");--> statement-breakpoint
CREATE INDEX "posts_timeline_index" ON "posts" USING btree ("created_at","id") WHERE "posts"."kind" <> 'reply' AND "posts"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "posts_author_timeline_index" ON "posts" USING btree ("author_id","created_at","id") WHERE "posts"."kind" <> 'reply' AND "posts"."deleted_at" IS NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_counts_min" CHECK ("posts"."replies_count" >= 0 AND "posts"."reposts_count" >= 0 AND "posts"."likes_count" >= 0);--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_parent_kind" CHECK ("posts"."kind" <> 'post' OR "posts"."parent_id" IS NULL);