CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_target_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "scope" text DEFAULT 'write' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
-- Existing rows are chained in the order they happened (docs/decisions/030-account-security.md).
UPDATE "audit_log" SET "seq" = r.n FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS n FROM "audit_log") r WHERE r."id" = "audit_log"."id";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('audit_log', 'seq'), greatest((SELECT max("seq") FROM "audit_log"), 1), (SELECT count(*) > 0 FROM "audit_log"));--> statement-breakpoint
-- E-mail addresses leave the hashed details, so anonymisation can still erase them.
UPDATE "audit_log" SET "email" = "details"->>'email', "details" = "details" - 'email' WHERE "details" ? 'email';--> statement-breakpoint
CREATE FUNCTION audit_log_hash(prev text, seq bigint, at timestamptz, action text, actor uuid, target uuid, details jsonb) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(concat_ws(chr(31), coalesce(prev, ''), seq::text,
    to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), action, coalesce(actor::text, ''),
    coalesce(target::text, ''), coalesce(details::text, '')), 'UTF8')), 'hex')
$$;--> statement-breakpoint
DO $$
DECLARE
  r record;
  prev text := NULL;
BEGIN
  FOR r IN SELECT "id", "seq", "created_at", "action", "actor_id", "target_user_id", "details" FROM "audit_log" ORDER BY "seq" LOOP
    UPDATE "audit_log" SET "prev_hash" = prev,
      "hash" = audit_log_hash(prev, r."seq", r."created_at", r."action", r."actor_id", r."target_user_id", r."details")
    WHERE "id" = r."id" RETURNING "hash" INTO prev;
  END LOOP;
END $$;--> statement-breakpoint
-- Append-only: nothing but anonymisation's overwrite of "email" may change a row, and no row may go.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW."id", NEW."seq", NEW."actor_id", NEW."action", NEW."target_user_id", NEW."details",
      NEW."created_at", NEW."prev_hash", NEW."hash")
    IS NOT DISTINCT FROM (OLD."id", OLD."seq", OLD."actor_id", OLD."action", OLD."target_user_id", OLD."details",
      OLD."created_at", OLD."prev_hash", OLD."hash") THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'The audit log is append-only' USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_seq_unique" UNIQUE("seq");--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_scope_check" CHECK ("api_tokens"."scope" in ('read','write'));