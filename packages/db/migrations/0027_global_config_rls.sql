-- Issue 17: a tenant's global configuration is its own. Role 1 configures a picked tenant (cap seasons,
-- D-02): the acting tenant is set, so tenant_isolation covers its reads and writes too.
GRANT SELECT, INSERT, UPDATE ON global_configs TO app_user;
--> statement-breakpoint
ALTER TABLE global_configs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE global_configs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('CREATE POLICY system_context ON global_configs TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON global_configs TO app_user
  USING (tenant_id = (SELECT app_current_tenant())) WITH CHECK (tenant_id = (SELECT app_current_tenant()));
