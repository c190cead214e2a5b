-- Tags in any case (docs/decisions/038 "Tags in any case"): one tag per name whatever its case, so
-- an edit naming 'time travel' lands on 'Time Travel', even two edits applied at once. Tags that
-- already differ only in case (made by edits before this index) become one first: the oldest keeps
-- its name and takes the dramas of the others, which are then removed (their drama_tags cascade).
INSERT INTO "drama_tags" ("drama_id", "tag_id")
SELECT dt."drama_id", keep."id"
FROM "drama_tags" dt
JOIN "tags" t ON t."id" = dt."tag_id"
JOIN LATERAL (SELECT min(k."id") AS "id" FROM "tags" k WHERE lower(k."name") = lower(t."name")) keep ON keep."id" <> t."id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM "tags" t USING "tags" k WHERE lower(k."name") = lower(t."name") AND k."id" < t."id";--> statement-breakpoint
ALTER TABLE "tags" DROP CONSTRAINT "tags_name_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_lower_key" ON "tags" USING btree (lower("name"));
