CREATE TABLE "digest_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"digested_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "attendance_records" ADD COLUMN "missed_clock_out_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "digest_items" ADD CONSTRAINT "digest_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "digest_items_waiting_idx" ON "digest_items" USING btree ("user_id","created_at") WHERE "digest_items"."digested_at" is null;--> statement-breakpoint
-- Records closed before this migration were seen on the alerts page already: only open ones are notified.
UPDATE "attendance_records" SET "missed_clock_out_notified_at" = now() WHERE "clock_out" IS NOT NULL;
