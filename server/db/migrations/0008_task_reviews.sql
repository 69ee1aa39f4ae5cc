CREATE TABLE "task_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"reviewer_id" uuid,
	"decision" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	"comments" text,
	CONSTRAINT "task_reviews_decision_check" CHECK ("task_reviews"."decision" in ('approved','rework'))
);
--> statement-breakpoint
ALTER TABLE "task_reviews" ADD CONSTRAINT "task_reviews_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_reviews" ADD CONSTRAINT "task_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_reviews_decided_idx" ON "task_reviews" USING btree ("decided_at");--> statement-breakpoint
CREATE INDEX "task_reviews_task_idx" ON "task_reviews" USING btree ("task_id","decided_at");--> statement-breakpoint
-- The latest decision of every task reviewed before this table existed: what was known then.
INSERT INTO "task_reviews" ("task_id", "reviewer_id", "decision", "submitted_at", "decided_at", "comments")
SELECT "id", "reviewed_by_id", "review_status", "submitted_at", "reviewed_at", "review_comments"
FROM "tasks"
WHERE "review_status" IN ('approved', 'rework') AND "submitted_at" IS NOT NULL AND "reviewed_at" IS NOT NULL;
