ALTER TABLE "settings" ADD COLUMN "oidc_issuer" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "oidc_client_id" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "oidc_client_secret" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "oidc_provider_name" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "oidc_auto_approve_domains" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "password_sign_in" boolean DEFAULT true NOT NULL;