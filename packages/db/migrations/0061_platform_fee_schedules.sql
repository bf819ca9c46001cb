-- Issue 36: the fee schedule versions the platform administrator publishes: each one's first day (after the day
-- it was published), its source, and the amounts it changes on top of the version before it (filing-fees/schedule.ts
-- PublishedSchedule). The versions written in code come first. Platform data (no tenant): every request reads it
-- (app_user SELECT: a firm's estimate follows the platform), only the platform role (roles 1 and 2) writes it, as
-- platform_fee_line_ends (0056). An upcoming version may be withdrawn (deleted, audited with what it held).
CREATE TABLE "platform_fee_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"effective_from" date NOT NULL,
	"source" text NOT NULL,
	"changes" jsonb NOT NULL,
	"published_by" uuid,
	"published_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_fee_schedules_day_uq" UNIQUE("effective_from")
);
--> statement-breakpoint
GRANT SELECT ON platform_fee_schedules TO app_user;
--> statement-breakpoint
GRANT INSERT, DELETE ON platform_fee_schedules TO app_platform;
