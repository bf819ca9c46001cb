-- Case codes and minimal cases (issue 5): grants and row-level security, like 0001_rls.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON case_id_configs, case_id_config_sub_types, case_id_counters, cases, case_number_codes TO app_user;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['case_id_configs', 'case_id_config_sub_types', 'case_id_counters', 'cases', 'case_number_codes'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY system_context ON %I TO %I USING (true) WITH CHECK (true)', t, current_user);
  END LOOP;
END $$;
--> statement-breakpoint
-- The case-code list of roles 1 and 2 spans customers (Customer filter, D-02; tenantCustomId, D-05): in the
-- platform context with no tenant picked they may read every configuration. Writes always carry a tenant:
-- roles 1/2 act on a picked tenant, so WITH CHECK stays the tenant's.
CREATE POLICY tenant_isolation ON case_id_configs TO app_user
  USING (tenant_id = app_current_tenant() OR (app_current_tenant() IS NULL AND app_is_platform()))
  WITH CHECK (tenant_id = app_current_tenant());
--> statement-breakpoint
CREATE POLICY tenant_isolation ON case_id_config_sub_types TO app_user
  USING (tenant_id = app_current_tenant() OR (app_current_tenant() IS NULL AND app_is_platform()))
  WITH CHECK (tenant_id = app_current_tenant());
--> statement-breakpoint
CREATE POLICY tenant_isolation ON case_id_counters TO app_user
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
--> statement-breakpoint
CREATE POLICY tenant_isolation ON cases TO app_user
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
--> statement-breakpoint
CREATE POLICY tenant_isolation ON case_number_codes TO app_user
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
