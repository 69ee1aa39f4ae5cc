DROP INDEX "attendance_user_date_idx";--> statement-breakpoint
DROP INDEX "messages_conversation_created_idx";--> statement-breakpoint
DROP INDEX "projects_created_idx";--> statement-breakpoint
DROP INDEX "tasks_assignee_created_idx";--> statement-breakpoint
DROP INDEX "tasks_created_idx";--> statement-breakpoint
DROP INDEX "tasks_status_created_idx";--> statement-breakpoint
DROP INDEX "tasks_project_created_idx";--> statement-breakpoint
DROP INDEX "time_entries_user_start_idx";--> statement-breakpoint
DROP INDEX "users_created_idx";--> statement-breakpoint
CREATE INDEX "time_entries_user_duration_idx" ON "time_entries" USING btree ("user_id","duration");--> statement-breakpoint
CREATE INDEX "attendance_user_date_idx" ON "attendance_records" USING btree ("user_id","date","clock_in");--> statement-breakpoint
CREATE INDEX "messages_conversation_created_idx" ON "messages" USING btree ("conversation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_created_idx" ON "projects" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_assignee_created_idx" ON "tasks" USING btree ("assignee_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_created_idx" ON "tasks" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_status_created_idx" ON "tasks" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_project_created_idx" ON "tasks" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "time_entries_user_start_idx" ON "time_entries" USING btree ("user_id","start_time","id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");