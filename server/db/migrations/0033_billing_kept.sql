CREATE TABLE "billing_entries" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"project_id" uuid,
	"task_id" uuid,
	"client_id" uuid,
	"billable" boolean NOT NULL,
	"invoiced" boolean NOT NULL,
	"secs" bigint NOT NULL,
	"bsecs" bigint NOT NULL,
	"currency" text,
	"amount" bigint,
	"cost_currency" text,
	"cost" bigint
);
--> statement-breakpoint
CREATE TABLE "billing_people" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"zone" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_stale" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"lo" timestamp with time zone NOT NULL,
	"hi" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_entries" ADD CONSTRAINT "billing_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_people" ADD CONSTRAINT "billing_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_entries_cover_idx" ON "billing_entries" USING btree ("user_id","first_day","last_day","project_id","task_id","client_id","billable","invoiced","secs","bsecs","currency","amount","cost_currency","cost");--> statement-breakpoint
CREATE INDEX "billing_entries_multi_idx" ON "billing_entries" USING btree ("last_day","user_id","first_day") WHERE "billing_entries"."last_day" > "billing_entries"."first_day";--> statement-breakpoint
CREATE INDEX "billing_stale_user_idx" ON "billing_stale" USING btree ("user_id","lo");--> statement-breakpoint
-- The billing's kept rows (docs/decisions/049-billing-kept-rows.md): a write that can change what an
-- entry is billed marks the instants of the entries it touches, per person, in its own transaction;
-- the refresh job prices those entries again. Entries: any change of what billing reads of them.
CREATE FUNCTION billing_mark_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "billing_stale" ("user_id", "lo", "hi")
      SELECT "user_id", min("start_time"), max("end_time") FROM new_rows GROUP BY "user_id";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "billing_stale" ("user_id", "lo", "hi")
      SELECT "user_id", min("start_time"), max("end_time") FROM old_rows GROUP BY "user_id";
  ELSE
    INSERT INTO "billing_stale" ("user_id", "lo", "hi")
      SELECT "user_id", min("start_time"), max("end_time") FROM (
        SELECT o."user_id", o."start_time", o."end_time" FROM old_rows o JOIN new_rows n ON n."id" = o."id"
          WHERE (o."user_id", o."start_time", o."end_time", o."project_id", o."task_id", o."billable", o."invoice_id")
            IS DISTINCT FROM (n."user_id", n."start_time", n."end_time", n."project_id", n."task_id", n."billable", n."invoice_id")
        UNION ALL
        SELECT n."user_id", n."start_time", n."end_time" FROM old_rows o JOIN new_rows n ON n."id" = o."id"
          WHERE (o."user_id", o."start_time", o."end_time", o."project_id", o."task_id", o."billable", o."invoice_id")
            IS DISTINCT FROM (n."user_id", n."start_time", n."end_time", n."project_id", n."task_id", n."billable", n."invoice_id")
      ) changed GROUP BY "user_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "time_entries_billing_insert" AFTER INSERT ON "time_entries" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION billing_mark_entries();--> statement-breakpoint
CREATE TRIGGER "time_entries_billing_update" AFTER UPDATE ON "time_entries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION billing_mark_entries();--> statement-breakpoint
CREATE TRIGGER "time_entries_billing_delete" AFTER DELETE ON "time_entries" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION billing_mark_entries();--> statement-breakpoint
-- A project's billable default, rounding or client: every entry of the project, per person.
CREATE FUNCTION billing_mark_projects() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "billing_stale" ("user_id", "lo", "hi")
    SELECT e."user_id", min(e."start_time"), max(e."end_time")
    FROM old_rows o JOIN new_rows n ON n."id" = o."id"
    JOIN "time_entries" e ON e."project_id" = n."id"
    WHERE (o."billable", o."rounding_minutes", o."rounding_scope", o."client_id")
      IS DISTINCT FROM (n."billable", n."rounding_minutes", n."rounding_scope", n."client_id")
    GROUP BY e."user_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "projects_billing_update" AFTER UPDATE ON "projects" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION billing_mark_projects();--> statement-breakpoint
-- A rate added, changed or removed: the entries of its scope from two days before it took effect on
-- (an entry's day is its person's, at most a day away from the date in any zone).
CREATE FUNCTION billing_mark_rate(r "rates") RETURNS void LANGUAGE sql AS $$
  INSERT INTO "billing_stale" ("user_id", "lo", "hi")
    SELECT e."user_id", min(e."start_time"), max(e."end_time")
    FROM "time_entries" e
    WHERE e."end_time" >= r."effective_from" - interval '2 days' AND CASE
      WHEN r."kind" = 'cost' THEN e."user_id" = r."user_id"
      WHEN r."project_id" IS NOT NULL THEN e."project_id" = r."project_id"
        AND (r."user_id" IS NULL OR e."user_id" = r."user_id")
      WHEN r."client_id" IS NOT NULL THEN e."project_id" IN (SELECT p."id" FROM "projects" p WHERE p."client_id" = r."client_id")
      ELSE true END
    GROUP BY e."user_id";
$$;--> statement-breakpoint
CREATE FUNCTION billing_mark_rates() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r "rates";
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    FOR r IN SELECT * FROM new_rows LOOP PERFORM billing_mark_rate(r); END LOOP;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    FOR r IN SELECT * FROM old_rows LOOP PERFORM billing_mark_rate(r); END LOOP;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "rates_billing_insert" AFTER INSERT ON "rates" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION billing_mark_rates();--> statement-breakpoint
CREATE TRIGGER "rates_billing_update" AFTER UPDATE ON "rates" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION billing_mark_rates();--> statement-breakpoint
CREATE TRIGGER "rates_billing_delete" AFTER DELETE ON "rates" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION billing_mark_rates();--> statement-breakpoint
-- Everyone's entries are priced into the kept rows once, by the job, after this migration.
INSERT INTO "billing_stale" ("user_id", "lo", "hi")
  SELECT DISTINCT "user_id", '-infinity'::timestamptz, 'infinity'::timestamptz FROM "time_entries";
