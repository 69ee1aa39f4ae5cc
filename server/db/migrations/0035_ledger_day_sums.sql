CREATE TABLE "ledger_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"n" bigint NOT NULL,
	"secs" bigint NOT NULL,
	CONSTRAINT "ledger_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "ledger_days" ADD CONSTRAINT "ledger_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_days_cover_idx" ON "ledger_days" USING btree ("user_id","day","secs");--> statement-breakpoint
CREATE INDEX "ledger_days_empty_idx" ON "ledger_days" USING btree ("user_id") WHERE "ledger_days"."n" = 0;--> statement-breakpoint
-- The kept pieces summed per person and day (docs/decisions/051-ledger-day-sums.md): every change of
-- `ledger_pieces` adds its rows' seconds to `ledger_days` and takes the old rows' away, in the same
-- transaction; a day left with no piece is removed. A person being deleted (their pieces go with
-- them) has no sums to keep.
CREATE FUNCTION ledger_days_sum() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed text := CASE TG_OP
  WHEN 'INSERT' THEN 'SELECT "user_id", "day", "secs", 1 AS sign FROM new_rows'
  WHEN 'DELETE' THEN 'SELECT "user_id", "day", "secs", -1 AS sign FROM old_rows'
  ELSE 'SELECT "user_id", "day", "secs", -1 AS sign FROM old_rows UNION ALL SELECT "user_id", "day", "secs", 1 FROM new_rows' END;
BEGIN
  EXECUTE format($q$
    INSERT INTO "ledger_days" AS d ("user_id", "day", "n", "secs")
    SELECT c."user_id", c."day", sum(sign), sum(sign * c."secs")
    FROM (%s) c WHERE EXISTS (SELECT 1 FROM "users" u WHERE u."id" = c."user_id")
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("user_id", "day") DO UPDATE SET "n" = d."n" + excluded."n", "secs" = d."secs" + excluded."secs"$q$,
    changed);
  DELETE FROM "ledger_days" WHERE "n" = 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_pieces_days_insert" AFTER INSERT ON "ledger_pieces" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_days_sum();--> statement-breakpoint
CREATE TRIGGER "ledger_pieces_days_update" AFTER UPDATE ON "ledger_pieces" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_days_sum();--> statement-breakpoint
CREATE TRIGGER "ledger_pieces_days_delete" AFTER DELETE ON "ledger_pieces" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_days_sum();--> statement-breakpoint
INSERT INTO "ledger_days" ("user_id", "day", "n", "secs")
  SELECT "user_id", "day", count(*), sum("secs") FROM "ledger_pieces" GROUP BY 1, 2;
