-- Invoices are a tenant's own (R-BILL-032 lists only the caller's tenant). They are issued and paid, never
-- deleted: app_user gets no DELETE. Policy in the sub-select form of migration 0014.
GRANT SELECT, INSERT, UPDATE ON invoices TO app_user;
--> statement-breakpoint
ALTER TABLE invoices ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invoices FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('CREATE POLICY system_context ON invoices TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoices TO app_user
  USING (tenant_id = (SELECT app_current_tenant()))
  WITH CHECK (tenant_id = (SELECT app_current_tenant()));
