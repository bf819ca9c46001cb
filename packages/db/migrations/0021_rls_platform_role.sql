-- Row-level security with one role per context, so a tenant's policies are plain equalities the planner
-- can use (bench, issue 2).
-- A policy written `NOT (tenant_id IS DISTINCT FROM (SELECT app_current_tenant()))`, or an OR of a tenant
-- branch and a platform branch, gives the planner no estimate. It assumes one row where a tenant has
-- 1,000. The label page then read all 1,000 rows and sorted them (6.9 ms) instead of walking the
-- (tenant_id, created_on, id) index backwards for 25 rows (0.2 ms).
-- `tenant_id = (SELECT app_current_tenant())` joins the query's own `tenant_id = $1` in one equivalence
-- class: the estimate is right, and the policy becomes a one-time filter.
-- The platform branches now belong to a role of their own:
--   * app_user: every request of a tenant's user (roles 3 and up). Its policies are equalities only.
--   * app_platform: requests of roles 1 and 2, with or without an acting tenant (D-02).
--     It is a member of app_user and INHERITs its grants and policies (permissive policies are OR'd).
--     Its own policies add what the platform alone may see: its null-tenant rows, the tenant directory,
--     and every tenant's workflows and case-number configs to read.
-- This replaces the app.platform setting and app_is_platform(). The rules are the same as before, with one
-- exception: the platform's cross-tenant view of workflows and case-number configs is now read-only.
-- Before, it also let a platform admin delete another tenant's rows.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_platform') THEN
    CREATE ROLE app_platform NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE INHERIT;
  END IF;
END $$;
--> statement-breakpoint
GRANT app_user TO app_platform;
--> statement-breakpoint
GRANT app_platform TO CURRENT_USER;
--> statement-breakpoint
-- Tables whose null-tenant rows are the platform's own (labels, files, templates, agreements).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['message_labels', 'files', 'esign_templates', 'contract_templates', 'agreements'] LOOP
    EXECUTE format(
      'ALTER POLICY tenant_isolation ON %I USING (tenant_id = (SELECT app_current_tenant())) WITH CHECK (tenant_id = (SELECT app_current_tenant()))',
      t);
    EXECUTE format(
      'CREATE POLICY platform_rows ON %I TO app_platform USING (tenant_id IS NULL AND (SELECT app_current_tenant()) IS NULL) WITH CHECK (tenant_id IS NULL AND (SELECT app_current_tenant()) IS NULL)',
      t);
  END LOOP;
END $$;
--> statement-breakpoint
ALTER POLICY tenant_isolation ON audit_log
  USING (tenant_id = (SELECT app_current_tenant()) OR acting_tenant_id = (SELECT app_current_tenant()))
  WITH CHECK (tenant_id = (SELECT app_current_tenant()) OR acting_tenant_id = (SELECT app_current_tenant()));
--> statement-breakpoint
CREATE POLICY platform_rows ON audit_log TO app_platform
  USING (tenant_id IS NULL AND (SELECT app_current_tenant()) IS NULL)
  WITH CHECK (tenant_id IS NULL AND (SELECT app_current_tenant()) IS NULL);
--> statement-breakpoint
-- Service centers: a tenant reads the platform's centers beside its own (001 §2.6); the platform writes
-- its own null-tenant centers.
ALTER POLICY tenant_isolation ON service_centers
  USING (tenant_id IS NULL OR tenant_id = (SELECT app_current_tenant()))
  WITH CHECK (tenant_id = (SELECT app_current_tenant()));
--> statement-breakpoint
CREATE POLICY platform_rows ON service_centers TO app_platform
  USING (tenant_id IS NULL AND (SELECT app_current_tenant()) IS NULL)
  WITH CHECK (tenant_id IS NULL AND (SELECT app_current_tenant()) IS NULL);
--> statement-breakpoint
-- Workflows: the platform reads every tenant's (the clone source of D-02); writes follow the acting tenant.
ALTER POLICY tenant_isolation ON workflows
  USING (tenant_id = (SELECT app_current_tenant()))
  WITH CHECK (tenant_id = (SELECT app_current_tenant()));
--> statement-breakpoint
CREATE POLICY platform_read ON workflows FOR SELECT TO app_platform USING (true);
--> statement-breakpoint
-- Case-number configs: the platform context (no acting tenant) reads every tenant's.
ALTER POLICY tenant_isolation ON case_id_configs
  USING (tenant_id = (SELECT app_current_tenant()))
  WITH CHECK (tenant_id = (SELECT app_current_tenant()));
--> statement-breakpoint
CREATE POLICY platform_read ON case_id_configs FOR SELECT TO app_platform
  USING ((SELECT app_current_tenant()) IS NULL);
--> statement-breakpoint
ALTER POLICY tenant_isolation ON case_id_config_sub_types
  USING (tenant_id = (SELECT app_current_tenant()))
  WITH CHECK (tenant_id = (SELECT app_current_tenant()));
--> statement-breakpoint
CREATE POLICY platform_read ON case_id_config_sub_types FOR SELECT TO app_platform
  USING ((SELECT app_current_tenant()) IS NULL);
--> statement-breakpoint
-- The tenant directory (the customer pickers of D-02).
DROP POLICY platform_directory ON tenants;
--> statement-breakpoint
CREATE POLICY platform_directory ON tenants FOR SELECT TO app_platform USING (true);
--> statement-breakpoint
DROP FUNCTION app_is_platform();
