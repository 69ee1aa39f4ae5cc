ALTER TABLE "attendance_records" ADD COLUMN "missed_clock_out_notified_at" timestamp with time zone;--> statement-breakpoint
-- Records closed before this migration were seen on the alerts page already: only open ones are notified.
UPDATE "attendance_records" SET "missed_clock_out_notified_at" = now() WHERE "clock_out" IS NOT NULL;
