-- Issue 17 (beyond the spec): the dates a case's reminders count from, and the reminders outbox the engine writes.
ALTER TABLE "cases" ADD COLUMN "dates" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
CREATE TABLE "reminders_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"reminder_key" text NOT NULL,
	"offset_days" integer NOT NULL,
	"due_on" date NOT NULL,
	"user_id" uuid NOT NULL,
	"date_key" text NOT NULL,
	"anchor_on" date NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"emailed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "reminders_outbox" ADD CONSTRAINT "reminders_outbox_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reminders_outbox" ADD CONSTRAINT "reminders_outbox_case_fk" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reminders_outbox" ADD CONSTRAINT "reminders_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Written once: running a day twice, or two server processes at once, inserts ON CONFLICT DO NOTHING.
CREATE UNIQUE INDEX "reminders_outbox_once_uq" ON "reminders_outbox" USING btree ("tenant_id","case_id","reminder_key","offset_days","due_on","user_id");
--> statement-breakpoint
CREATE INDEX "reminders_outbox_user_idx" ON "reminders_outbox" USING btree ("tenant_id","user_id","due_on");
