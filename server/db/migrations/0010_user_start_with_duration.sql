DROP INDEX "time_entries_user_start_idx";--> statement-breakpoint
CREATE INDEX "time_entries_user_start_idx" ON "time_entries" USING btree ("user_id","start_time","id","duration");