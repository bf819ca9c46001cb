-- Issue 35 item 2: questionnaires answered. The firm sends the case's pinned questionnaire version to a person linked
-- to the case (the questionnaire's audience: the beneficiary, or the petitioner contact); the row keeps its own copy
-- of the definition (a later version changes no response, and the person reads no library table). The person saves
-- drafts and submits; the firm accepts or sends it back with a comment. At most one open response per case.
CREATE TABLE "questionnaire_responses" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "tenant_id" uuid NOT NULL REFERENCES "tenants"("id"),
  "case_id" uuid NOT NULL,
  "questionnaire_version_id" uuid REFERENCES "questionnaire_versions"("id") ON DELETE set null,
  "name" text NOT NULL,
  "questionnaire_version" integer NOT NULL,
  "definition" jsonb NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id"),
  "status" text DEFAULT 'sent' NOT NULL,
  "answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "comment" text,
  "version" integer DEFAULT 0 NOT NULL,
  "sent_by" uuid REFERENCES "users"("id") ON DELETE set null,
  "created_on" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_on" timestamp with time zone DEFAULT now() NOT NULL,
  "submitted_on" timestamp with time zone,
  "reviewed_on" timestamp with time zone,
  "reviewed_by" uuid REFERENCES "users"("id") ON DELETE set null,
  CONSTRAINT "questionnaire_responses_tenant_id_uq" UNIQUE("tenant_id","id"),
  CONSTRAINT "questionnaire_responses_case_fk" FOREIGN KEY ("tenant_id","case_id") REFERENCES "cases"("tenant_id","id") ON DELETE cascade,
  CONSTRAINT "questionnaire_responses_status_ck" CHECK ("status" in ('sent', 'submitted', 'accepted', 'returned'))
);
--> statement-breakpoint
CREATE INDEX "questionnaire_responses_case_idx" ON "questionnaire_responses" ("tenant_id", "case_id", "created_on");
--> statement-breakpoint
CREATE INDEX "questionnaire_responses_user_idx" ON "questionnaire_responses" ("tenant_id", "user_id", "status");
--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_responses_one_open" ON "questionnaire_responses" ("tenant_id", "case_id")
  WHERE "status" in ('sent', 'submitted', 'returned');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON questionnaire_responses TO app_user;
--> statement-breakpoint
ALTER TABLE questionnaire_responses ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE questionnaire_responses FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
DO $$ BEGIN
  EXECUTE format('CREATE POLICY system_context ON questionnaire_responses TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON questionnaire_responses TO app_user
  USING (tenant_id = (SELECT app_current_tenant())) WITH CHECK (tenant_id = (SELECT app_current_tenant()));
--> statement-breakpoint
-- A person outside the firm (app_party, 0058) sees and answers only the responses sent to them on a case they are
-- still linked to; never inserts or deletes one.
CREATE POLICY party_own_responses ON questionnaire_responses AS RESTRICTIVE TO app_party
  USING (user_id = (SELECT app_current_user()) AND EXISTS (SELECT 1 FROM case_accounts ca
    WHERE ca.tenant_id = questionnaire_responses.tenant_id AND ca.case_id = questionnaire_responses.case_id
    AND ca.user_id = (SELECT app_current_user())))
  WITH CHECK (user_id = (SELECT app_current_user()));
--> statement-breakpoint
CREATE POLICY party_no_insert ON questionnaire_responses AS RESTRICTIVE FOR INSERT TO app_party WITH CHECK (false);
--> statement-breakpoint
CREATE POLICY party_no_delete ON questionnaire_responses AS RESTRICTIVE FOR DELETE TO app_party USING (false);
