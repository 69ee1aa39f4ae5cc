-- One ledger of hours (docs/decisions/032-one-ledger-of-hours.md): instants of time records are whole
-- seconds, a duration is computed by the database from start and end, and a task's time spent is kept
-- by the database as the sum of its entries.
UPDATE "time_entries" SET "start_time" = date_trunc('second', "start_time"), "end_time" = date_trunc('second', "end_time")
  WHERE "start_time" <> date_trunc('second', "start_time") OR "end_time" <> date_trunc('second', "end_time");--> statement-breakpoint
UPDATE "active_timers" SET "start_time" = date_trunc('second', "start_time") WHERE "start_time" <> date_trunc('second', "start_time");--> statement-breakpoint
ALTER TABLE "time_entries" drop column "duration";--> statement-breakpoint
ALTER TABLE "time_entries" ADD COLUMN "duration" integer GENERATED ALWAYS AS ((extract(epoch from (end_time - start_time)))::integer) STORED NOT NULL;--> statement-breakpoint
-- Dropping the column took the indexes that carried it along.
CREATE INDEX "time_entries_user_start_idx" ON "time_entries" USING btree ("user_id","start_time","id","duration");--> statement-breakpoint
CREATE INDEX "time_entries_user_duration_idx" ON "time_entries" USING btree ("user_id","duration");--> statement-breakpoint
CREATE INDEX "time_entries_project_start_idx" ON "time_entries" USING btree ("project_id","start_time","duration");--> statement-breakpoint
CREATE INDEX "time_entries_task_idx" ON "time_entries" USING btree ("task_id","duration");--> statement-breakpoint
CREATE FUNCTION task_time_spent_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The tasks a statement's entries name, before and after it: their sums are read again from the entries.
  IF TG_OP = 'INSERT' THEN
    UPDATE "tasks" t SET "time_spent_seconds" = coalesce((SELECT sum(e."duration") FROM "time_entries" e WHERE e."task_id" = t."id"), 0)
      WHERE t."id" IN (SELECT "task_id" FROM new_rows WHERE "task_id" IS NOT NULL);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "tasks" t SET "time_spent_seconds" = coalesce((SELECT sum(e."duration") FROM "time_entries" e WHERE e."task_id" = t."id"), 0)
      WHERE t."id" IN (SELECT "task_id" FROM old_rows WHERE "task_id" IS NOT NULL);
  ELSE
    UPDATE "tasks" t SET "time_spent_seconds" = coalesce((SELECT sum(e."duration") FROM "time_entries" e WHERE e."task_id" = t."id"), 0)
      WHERE t."id" IN (SELECT "task_id" FROM new_rows WHERE "task_id" IS NOT NULL
                       UNION SELECT "task_id" FROM old_rows WHERE "task_id" IS NOT NULL);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "time_entries_task_time_insert" AFTER INSERT ON "time_entries" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION task_time_spent_refresh();--> statement-breakpoint
CREATE TRIGGER "time_entries_task_time_update" AFTER UPDATE ON "time_entries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION task_time_spent_refresh();--> statement-breakpoint
CREATE TRIGGER "time_entries_task_time_delete" AFTER DELETE ON "time_entries" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION task_time_spent_refresh();--> statement-breakpoint
UPDATE "tasks" t SET "time_spent_seconds" = coalesce((SELECT sum(e."duration") FROM "time_entries" e WHERE e."task_id" = t."id"), 0);
