ALTER TABLE "messages" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', "content")) STORED;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', "name"), 'A') || setweight(to_tsvector('simple', "description"), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', "title"), 'A') || setweight(to_tsvector('simple', "description"), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', "first_name" || ' ' || "last_name" || ' ' || "email")) STORED;--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "tasks_search_idx" ON "tasks" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search_document");