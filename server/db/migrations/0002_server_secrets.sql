CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Codes issued so far were hashed with a key every user can see (the user id): they expire now
-- (verifying says so and a new code is one click away), and their plain-text copies leave the outbox.
UPDATE "verification_codes" SET "expires_at" = least("expires_at", now()) WHERE "consumed_at" IS NULL;--> statement-breakpoint
UPDATE "outbox" SET "text" = replace("text", "data"->>'code', '[used or expired]'), "data" = "data" - 'code' WHERE "kind" = 'verification' AND "data"->>'code' IS NOT NULL;
