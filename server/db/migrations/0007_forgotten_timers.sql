ALTER TABLE "settings" ADD COLUMN "auto_stop_timer_hours" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "time_entries" ADD COLUMN "auto_stopped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_auto_stop_hours" CHECK ("settings"."auto_stop_timer_hours" between 1 and 24);