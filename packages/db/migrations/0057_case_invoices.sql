-- Issue 34 item 5: a case's invoices. Completing CREATE_INVOICE issues one from the lines the firm confirmed;
-- undoing the activity voids it (status 'void', voided_on). A row is never deleted: its number stays taken and its
-- PDF is rendered from it on every download. activity_id has no foreign key: the run's rows may be rebuilt.
CREATE TABLE "case_invoices" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "tenant_id" uuid NOT NULL REFERENCES "tenants"("id"),
  "case_id" uuid NOT NULL,
  "activity_id" uuid,
  "invoice_number" text NOT NULL,
  "issued_on" date NOT NULL,
  "billed_to" text NOT NULL,
  "lines" jsonb NOT NULL,
  "total_cents" bigint NOT NULL,
  "status" text DEFAULT 'issued' NOT NULL,
  "created_by" uuid REFERENCES "users"("id") ON DELETE set null,
  "created_on" timestamp with time zone DEFAULT now() NOT NULL,
  "voided_on" timestamp with time zone,
  CONSTRAINT "case_invoices_tenant_id_uq" UNIQUE("tenant_id","id"),
  CONSTRAINT "case_invoices_number_uq" UNIQUE("tenant_id","invoice_number"),
  CONSTRAINT "case_invoices_case_fk" FOREIGN KEY ("tenant_id","case_id") REFERENCES "cases"("tenant_id","id") ON DELETE cascade,
  CONSTRAINT "case_invoices_status_ck" CHECK (("status" = 'issued' and "voided_on" is null) or ("status" = 'void' and "voided_on" is not null))
);
--> statement-breakpoint
CREATE INDEX "case_invoices_case_idx" ON "case_invoices" ("tenant_id", "case_id", "created_on");
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON case_invoices TO app_user;
--> statement-breakpoint
ALTER TABLE case_invoices ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE case_invoices FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
DO $$ BEGIN
  EXECUTE format('CREATE POLICY system_context ON case_invoices TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON case_invoices TO app_user USING (tenant_id = (SELECT app_current_tenant())) WITH CHECK (tenant_id = (SELECT app_current_tenant()));
