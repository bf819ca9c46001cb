-- Workflows area (ARCHITECTURE §3): grants and row-level security for workflow_configs, and the platform
-- read of workflows. Roles 1 and 2 list workflows across tenants and pick the customer (D-02): the request
-- transaction sets app.platform = 'on' only for them; writes still follow app.tenant_id (the acting tenant).
GRANT SELECT, INSERT, UPDATE, DELETE ON workflow_configs TO app_user;
--> statement-breakpoint
ALTER TABLE workflow_configs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE workflow_configs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
DO $$ BEGIN
  EXECUTE format('CREATE POLICY system_context ON workflow_configs TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON workflow_configs TO app_user
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
--> statement-breakpoint
-- One policy per table (the RLS catalog test): the platform context may also read (and, through USING,
-- delete) other tenants' workflows, but WITH CHECK keeps every written row in the acting tenant; the
-- repository filters every UPDATE and DELETE by the acting tenant.
DROP POLICY tenant_isolation ON workflows;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON workflows TO app_user
  USING (tenant_id = app_current_tenant() OR app_is_platform()) WITH CHECK (tenant_id = app_current_tenant());
