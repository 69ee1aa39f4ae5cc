ALTER TABLE "settings" ADD COLUMN "setup_dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "intro_dismissed_at" timestamp with time zone;