ALTER TABLE "uploads" DROP CONSTRAINT "uploads_status";--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_status" CHECK ("uploads"."status" in ('pending', 'claimed', 'used', 'active', 'deleted'));