CREATE TABLE "billing_cuts" (
	"entry_id" uuid NOT NULL,
	"side" text NOT NULL,
	"cut_day" date NOT NULL,
	"user_id" uuid NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"span" integer NOT NULL,
	"project_id" uuid,
	"task_id" uuid,
	"client_id" uuid,
	"billable" boolean NOT NULL,
	"invoiced" boolean NOT NULL,
	"day_rounded" boolean NOT NULL,
	"secs" bigint NOT NULL,
	"bsecs" bigint NOT NULL,
	"currency" text,
	"amount" bigint,
	"cost_currency" text,
	"cost" bigint,
	CONSTRAINT "billing_cuts_entry_id_side_cut_day_pk" PRIMARY KEY("entry_id","side","cut_day")
);
--> statement-breakpoint
CREATE TABLE "billing_days" (
	"day" date NOT NULL,
	"project_id" uuid,
	"task_id" uuid,
	"client_id" uuid,
	"billable" boolean NOT NULL,
	"invoiced" boolean NOT NULL,
	"currency" text,
	"cost_currency" text,
	"n" bigint NOT NULL,
	"secs" bigint NOT NULL,
	"bsecs" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"cost" bigint NOT NULL,
	CONSTRAINT "billing_days_key" UNIQUE NULLS NOT DISTINCT("day","project_id","task_id","client_id","billable","invoiced","currency","cost_currency")
);
--> statement-breakpoint
ALTER TABLE "billing_entries" ADD COLUMN "day_rounded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_cuts" ADD CONSTRAINT "billing_cuts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_cuts_day_idx" ON "billing_cuts" USING btree ("cut_day","side","user_id");--> statement-breakpoint
CREATE INDEX "billing_cuts_user_idx" ON "billing_cuts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "billing_days_empty_idx" ON "billing_days" USING btree ("day") WHERE "billing_days"."n" = 0;
--> statement-breakpoint
-- The kept rows summed per day (docs/decisions/050-billing-day-sums.md): every change of
-- `billing_entries` adds its rows' sums to `billing_days` and takes the old rows' away, in the same
-- transaction, grouped and in key order (two writers lock the sums they share in one order); a sum
-- left with no entry is removed.
CREATE FUNCTION billing_days_sum() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed text := CASE TG_OP
  WHEN 'INSERT' THEN 'SELECT *, 1 AS sign FROM new_rows'
  WHEN 'DELETE' THEN 'SELECT *, -1 AS sign FROM old_rows'
  ELSE 'SELECT *, -1 AS sign FROM old_rows UNION ALL SELECT *, 1 FROM new_rows' END;
BEGIN
  EXECUTE format($q$
    INSERT INTO "billing_days" AS d ("day", "project_id", "task_id", "client_id", "billable", "invoiced",
      "currency", "cost_currency", "n", "secs", "bsecs", "amount", "cost")
    SELECT "first_day", "project_id", "task_id", "client_id", "billable", "invoiced", "currency", "cost_currency",
      sum(sign), sum(sign * "secs"), sum(sign * "bsecs"), coalesce(sum(sign * "amount"), 0), coalesce(sum(sign * "cost"), 0)
    FROM (%s) c GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ON CONSTRAINT "billing_days_key" DO UPDATE SET "n" = d."n" + excluded."n",
      "secs" = d."secs" + excluded."secs", "bsecs" = d."bsecs" + excluded."bsecs",
      "amount" = d."amount" + excluded."amount", "cost" = d."cost" + excluded."cost"$q$, changed);
  DELETE FROM "billing_days" WHERE "n" = 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "billing_entries_days_insert" AFTER INSERT ON "billing_entries" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION billing_days_sum();--> statement-breakpoint
CREATE TRIGGER "billing_entries_days_update" AFTER UPDATE ON "billing_entries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION billing_days_sum();--> statement-breakpoint
CREATE TRIGGER "billing_entries_days_delete" AFTER DELETE ON "billing_entries" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION billing_days_sum();--> statement-breakpoint
-- The day sums of the rows kept so far; then everyone's entries are priced again (their cuts and
-- whether they are rounded per day are new).
INSERT INTO "billing_days" ("day", "project_id", "task_id", "client_id", "billable", "invoiced", "currency",
    "cost_currency", "n", "secs", "bsecs", "amount", "cost")
  SELECT "first_day", "project_id", "task_id", "client_id", "billable", "invoiced", "currency", "cost_currency",
    count(*), sum("secs"), sum("bsecs"), coalesce(sum("amount"), 0), coalesce(sum("cost"), 0)
  FROM "billing_entries" GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;--> statement-breakpoint
INSERT INTO "billing_stale" ("user_id", "lo", "hi")
  SELECT DISTINCT "user_id", '-infinity'::timestamptz, 'infinity'::timestamptz FROM "time_entries";
