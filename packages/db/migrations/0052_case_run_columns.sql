-- Issue 34 item 5: what the workflow run engine (packages/domain/src/cases/run.ts, RunActivity) holds per activity
-- beyond 0049's columns: its kind (what completing it records), the outside person it waits for, the role an
-- ASSIGN_* activity picks a user of, the activities it waits on, and the USCIS responses recorded on
-- UPDATE_USCIS_RESPONSE. Stored at instantiation so the run never re-reads the (editable) workflow.
ALTER TABLE "case_activities" ADD COLUMN "kind" text DEFAULT 'step' NOT NULL;
--> statement-breakpoint
ALTER TABLE "case_activities" ADD COLUMN "waits_for" text;
--> statement-breakpoint
ALTER TABLE "case_activities" ADD COLUMN "assigns" integer;
--> statement-breakpoint
ALTER TABLE "case_activities" ADD COLUMN "depends_on" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
ALTER TABLE "case_activities" ADD COLUMN "uscis_responses" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
ALTER TABLE "case_activities" ADD CONSTRAINT "case_activities_status_ck" CHECK ("status" in ('waiting', 'open', 'done', 'skipped'));
