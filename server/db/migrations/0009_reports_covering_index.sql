DROP INDEX "time_entries_start_idx";--> statement-breakpoint
CREATE INDEX "time_entries_start_cover_idx" ON "time_entries" USING btree ("start_time","end_time","user_id","project_id");