-- Issue 16: a tenant's branches are its own, like every tenant table (no platform rows: tenant_id is never null).
GRANT SELECT, INSERT, UPDATE, DELETE ON branches TO app_user;
--> statement-breakpoint
ALTER TABLE branches ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE branches FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
DO $$ BEGIN
  EXECUTE format('CREATE POLICY system_context ON branches TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON branches TO app_user
  USING (tenant_id = (SELECT app_current_tenant())) WITH CHECK (tenant_id = (SELECT app_current_tenant()));
