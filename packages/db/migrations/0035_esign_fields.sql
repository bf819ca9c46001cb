-- Issue 20: the fields placed on a prepared e-sign document (R-ESIGN-011 made real), one row per document.
CREATE TABLE "esign_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"document_path" text NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" uuid,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "esign_fields_array_ck" CHECK (jsonb_typeof("esign_fields"."fields") = 'array' and jsonb_array_length("esign_fields"."fields") <= 100)
);
--> statement-breakpoint
ALTER TABLE "esign_fields" ADD CONSTRAINT "esign_fields_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "esign_fields_document_uq" ON "esign_fields" USING btree (coalesce("tenant_id", '00000000-0000-0000-0000-000000000000'::uuid),"document_path");
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON esign_fields TO app_user;
--> statement-breakpoint
-- Like the templates (0016, 0021): a tenant's rows are its own; the platform team's (tenant_id null) are seen
-- only in the platform context.
ALTER TABLE esign_fields ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE esign_fields FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
DO $$ BEGIN
  EXECUTE format('CREATE POLICY system_context ON esign_fields TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON esign_fields TO app_user
  USING (tenant_id = (SELECT app_current_tenant()))
  WITH CHECK (tenant_id = (SELECT app_current_tenant()));
--> statement-breakpoint
CREATE POLICY platform_rows ON esign_fields TO app_platform
  USING (tenant_id IS NULL AND (SELECT app_current_tenant()) IS NULL)
  WITH CHECK (tenant_id IS NULL AND (SELECT app_current_tenant()) IS NULL);
