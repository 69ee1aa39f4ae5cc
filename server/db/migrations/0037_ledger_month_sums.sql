CREATE TABLE "ledger_months" (
	"user_id" uuid NOT NULL,
	"month" date NOT NULL,
	"n" bigint NOT NULL,
	"secs" bigint NOT NULL,
	CONSTRAINT "ledger_months_user_id_month_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
ALTER TABLE "ledger_months" ADD CONSTRAINT "ledger_months_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_months_cover_idx" ON "ledger_months" USING btree ("user_id","month","secs");--> statement-breakpoint
CREATE INDEX "ledger_months_empty_idx" ON "ledger_months" USING btree ("user_id") WHERE "ledger_months"."n" = 0;--> statement-breakpoint
-- The day sums summed per person and month (docs/decisions/052-ledger-month-sums.md): every change of
-- `ledger_days` (its trigger's upserts and removals) adds its rows' seconds to `ledger_months` and
-- takes the old rows' away, in the same transaction; a month left with no day is removed. A person
-- being deleted (their days go with them) has no sums to keep.
CREATE FUNCTION ledger_months_sum() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed text := CASE TG_OP
  WHEN 'INSERT' THEN 'SELECT "user_id", "day", "secs", 1 AS sign FROM new_rows'
  WHEN 'DELETE' THEN 'SELECT "user_id", "day", "secs", -1 AS sign FROM old_rows'
  ELSE 'SELECT "user_id", "day", "secs", -1 AS sign FROM old_rows UNION ALL SELECT "user_id", "day", "secs", 1 FROM new_rows' END;
BEGIN
  EXECUTE format($q$
    INSERT INTO "ledger_months" AS m ("user_id", "month", "n", "secs")
    SELECT c."user_id", date_trunc('month', c."day")::date, sum(sign), sum(sign * c."secs")
    FROM (%s) c WHERE EXISTS (SELECT 1 FROM "users" u WHERE u."id" = c."user_id")
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("user_id", "month") DO UPDATE SET "n" = m."n" + excluded."n", "secs" = m."secs" + excluded."secs"$q$,
    changed);
  DELETE FROM "ledger_months" WHERE "n" = 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_days_months_insert" AFTER INSERT ON "ledger_days" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_months_sum();--> statement-breakpoint
CREATE TRIGGER "ledger_days_months_update" AFTER UPDATE ON "ledger_days" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_months_sum();--> statement-breakpoint
CREATE TRIGGER "ledger_days_months_delete" AFTER DELETE ON "ledger_days" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_months_sum();--> statement-breakpoint
INSERT INTO "ledger_months" ("user_id", "month", "n", "secs")
  SELECT "user_id", date_trunc('month', "day")::date, count(*), sum("secs") FROM "ledger_days" GROUP BY 1, 2;
