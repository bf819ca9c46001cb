-- Issue 21: the platform library is platform data (no tenant): every request reads it, only the platform
-- role (roles 1 and 2, app_platform) writes it. A tenant's user (app_user) has SELECT only, so even a
-- route that forgot its permission check could not change the library.
GRANT SELECT ON platform_forms, platform_form_editions, platform_case_configs TO app_user;
--> statement-breakpoint
GRANT INSERT, UPDATE, DELETE ON platform_forms, platform_form_editions, platform_case_configs TO app_platform;
--> statement-breakpoint
GRANT INSERT, UPDATE ON petition_types, petition_sub_types TO app_platform;
--> statement-breakpoint
-- Tenant-owned links: row-level security like 0012_case_types_rls.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON petition_config_platform_forms, case_form_editions TO app_user;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['petition_config_platform_forms', 'case_form_editions'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY system_context ON %I TO %I USING (true) WITH CHECK (true)', t, current_user);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I TO app_user USING (tenant_id = (SELECT app_current_tenant())) WITH CHECK (tenant_id = (SELECT app_current_tenant()))', t);
  END LOOP;
END $$;
