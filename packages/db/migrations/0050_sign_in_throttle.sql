-- Issue 39 (findings 1 and 9): second-step codes counted per account and per challenge, and the addresses an
-- account signs in from (strangers' password failures slow strangers, not the owner at a usual address).
ALTER TABLE "users" ADD COLUMN "mfa_failures" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mfa_locked_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "user_tokens" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TABLE "sign_in_addresses" (
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_addresses_email_ip_pk" PRIMARY KEY("email","ip")
);
--> statement-breakpoint
-- Like login_failures: system context only, no policy for app_user.
ALTER TABLE "sign_in_addresses" ENABLE ROW LEVEL SECURITY;
