CREATE TABLE "ledger_people" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"zone" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_pieces" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"entry_id" uuid NOT NULL,
	"project_id" uuid,
	"task_id" uuid,
	"secs" bigint NOT NULL,
	CONSTRAINT "ledger_pieces_user_id_day_entry_id_pk" PRIMARY KEY("user_id","day","entry_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_stale" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"lo" timestamp with time zone NOT NULL,
	"hi" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_people" ADD CONSTRAINT "ledger_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_pieces" ADD CONSTRAINT "ledger_pieces_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_pieces_cover_idx" ON "ledger_pieces" USING btree ("user_id","day","project_id","task_id","entry_id","secs");--> statement-breakpoint
CREATE INDEX "ledger_stale_user_idx" ON "ledger_stale" USING btree ("user_id","lo");--> statement-breakpoint
-- The ledger's kept sums (docs/decisions/042-ledger-rollup.md): every write to time_entries marks the
-- instants it touched stale, per person and statement, in the write's own transaction; the refresh job
-- counts those days again. An update that changes none of what the ledger counts marks nothing.
CREATE FUNCTION ledger_mark_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "ledger_stale" ("user_id", "lo", "hi")
      SELECT "user_id", min("start_time"), max("end_time") FROM new_rows GROUP BY "user_id";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "ledger_stale" ("user_id", "lo", "hi")
      SELECT "user_id", min("start_time"), max("end_time") FROM old_rows GROUP BY "user_id";
  ELSE
    INSERT INTO "ledger_stale" ("user_id", "lo", "hi")
      SELECT "user_id", min("start_time"), max("end_time") FROM (
        SELECT o."user_id", o."start_time", o."end_time" FROM old_rows o JOIN new_rows n ON n."id" = o."id"
          WHERE (o."user_id", o."start_time", o."end_time", o."project_id", o."task_id")
            IS DISTINCT FROM (n."user_id", n."start_time", n."end_time", n."project_id", n."task_id")
        UNION ALL
        SELECT n."user_id", n."start_time", n."end_time" FROM old_rows o JOIN new_rows n ON n."id" = o."id"
          WHERE (o."user_id", o."start_time", o."end_time", o."project_id", o."task_id")
            IS DISTINCT FROM (n."user_id", n."start_time", n."end_time", n."project_id", n."task_id")
      ) changed GROUP BY "user_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "time_entries_ledger_insert" AFTER INSERT ON "time_entries" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_mark_stale();--> statement-breakpoint
CREATE TRIGGER "time_entries_ledger_update" AFTER UPDATE ON "time_entries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_mark_stale();--> statement-breakpoint
CREATE TRIGGER "time_entries_ledger_delete" AFTER DELETE ON "time_entries" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_mark_stale();--> statement-breakpoint
-- Everyone's days are counted into the kept sums once, by the job, after this migration.
INSERT INTO "ledger_stale" ("user_id", "lo", "hi")
  SELECT DISTINCT "user_id", '-infinity'::timestamptz, 'infinity'::timestamptz FROM "time_entries";
