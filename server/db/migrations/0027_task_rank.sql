ALTER TABLE "tasks" ADD COLUMN "rank" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing tasks keep the cards' order (newest first) on the board: 1024 apart, so drops fit between.
UPDATE "tasks" SET "rank" = "ordered"."n" * 1024 FROM (SELECT "id", row_number() OVER (ORDER BY "created_at" DESC, "id" DESC) AS "n" FROM "tasks") AS "ordered" WHERE "tasks"."id" = "ordered"."id";--> statement-breakpoint
CREATE INDEX "tasks_status_rank_idx" ON "tasks" USING btree ("status","rank","id");--> statement-breakpoint
CREATE INDEX "tasks_rank_idx" ON "tasks" USING btree ("rank","id");