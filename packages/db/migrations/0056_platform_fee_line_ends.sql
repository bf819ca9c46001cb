-- Issue 36: the last day of a platform dated fee line (the H-1B proclamation payment of 19 Sep 2025), set or
-- extended by the platform administrator. Platform data (no tenant): every request reads it (app_user SELECT),
-- only the platform role (roles 1 and 2, app_platform) writes it, as in 0041_platform_library_rls.sql.
CREATE TABLE "platform_fee_line_ends" (
	"code" text PRIMARY KEY NOT NULL,
	"until" date NOT NULL,
	"updated_by" uuid,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
GRANT SELECT ON platform_fee_line_ends TO app_user;
--> statement-breakpoint
GRANT INSERT, UPDATE ON platform_fee_line_ends TO app_platform;
