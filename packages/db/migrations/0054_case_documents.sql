-- Issue 34 item 4: a case's documents, uploaded on the case or letters filled for it. The bytes are the tenant's
-- stored file (files.stored_name). A delete sets deleted_on (the row and the file stay). form_letter_id has no
-- foreign key: a letter deleted in Settings leaves the letters already filled for cases as they are.
CREATE TABLE "case_documents" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "tenant_id" uuid NOT NULL REFERENCES "tenants"("id"),
  "case_id" uuid NOT NULL,
  "kind" text NOT NULL,
  "name" text NOT NULL,
  "file_path" text NOT NULL REFERENCES "files"("stored_name"),
  "form_letter_id" uuid,
  "created_by" uuid REFERENCES "users"("id") ON DELETE set null,
  "created_on" timestamp with time zone DEFAULT now() NOT NULL,
  "deleted_on" timestamp with time zone,
  "deleted_by" uuid REFERENCES "users"("id") ON DELETE set null,
  CONSTRAINT "case_documents_tenant_id_uq" UNIQUE("tenant_id","id"),
  CONSTRAINT "case_documents_case_fk" FOREIGN KEY ("tenant_id","case_id") REFERENCES "cases"("tenant_id","id") ON DELETE cascade,
  CONSTRAINT "case_documents_kind_ck" CHECK (("kind" = 'upload' and "form_letter_id" is null) or ("kind" = 'letter' and "form_letter_id" is not null))
);
--> statement-breakpoint
CREATE INDEX "case_documents_case_idx" ON "case_documents" ("tenant_id", "case_id", "created_on");
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON case_documents TO app_user;
--> statement-breakpoint
ALTER TABLE case_documents ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE case_documents FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
DO $$ BEGIN
  EXECUTE format('CREATE POLICY system_context ON case_documents TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON case_documents TO app_user USING (tenant_id = (SELECT app_current_tenant())) WITH CHECK (tenant_id = (SELECT app_current_tenant()));
