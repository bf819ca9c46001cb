-- Issue 34 (parties34). 1) cases.dates is retired: 0049 copied it into cases.facts and nothing reads it since.
ALTER TABLE "cases" DROP COLUMN IF EXISTS "dates";
--> statement-breakpoint
-- 2) A law firm's case links its petitioner's portal account (role 50) by itself; `automatic` tells that link from
-- one made by hand, so a change of petitioner removes only the automatic one.
ALTER TABLE "case_accounts" ADD COLUMN "automatic" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- 3) The reminder outbox records every recipient of a due reminder: a user (status 'user', user_id), the
-- beneficiary at its own e-mail with no account ('email', email), or nobody of a configured role ('missing',
-- missing_role), so the firm sees what was not delivered. NULLs are distinct in a unique index, so the once-only
-- key is recipient_key, never null: the user id, 'email:<address>' or 'missing:<role id>'.
ALTER TABLE "reminders_outbox" ALTER COLUMN "user_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "reminders_outbox" ADD COLUMN "status" text DEFAULT 'user' NOT NULL;
--> statement-breakpoint
ALTER TABLE "reminders_outbox" ADD COLUMN "missing_role" integer;
--> statement-breakpoint
ALTER TABLE "reminders_outbox" ADD COLUMN "email" text;
--> statement-breakpoint
ALTER TABLE "reminders_outbox" ADD COLUMN "recipient_key" text;
--> statement-breakpoint
UPDATE "reminders_outbox" SET "recipient_key" = "user_id"::text WHERE "recipient_key" IS NULL;
--> statement-breakpoint
ALTER TABLE "reminders_outbox" ALTER COLUMN "recipient_key" SET NOT NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "reminders_outbox_once_uq";
--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_outbox_once_uq" ON "reminders_outbox" USING btree ("tenant_id","case_id","reminder_key","offset_days","due_on","recipient_key");
--> statement-breakpoint
CREATE INDEX "reminders_outbox_case_idx" ON "reminders_outbox" USING btree ("tenant_id","case_id","due_on");
--> statement-breakpoint
ALTER TABLE "reminders_outbox" ADD CONSTRAINT "reminders_outbox_status_ck" CHECK (
  ("status" = 'user' AND "user_id" IS NOT NULL)
  OR ("status" = 'email' AND "user_id" IS NULL AND "email" IS NOT NULL)
  OR ("status" = 'missing' AND "user_id" IS NULL AND "missing_role" IS NOT NULL)
);
