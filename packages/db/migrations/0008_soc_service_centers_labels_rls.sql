-- Grants and row-level security for SOC configurations, service centers and message labels (issue 6),
-- the same shape as 0001_rls.sql. Reference tables are read-only to the app role.
GRANT SELECT ON soc_codes, couriers TO app_user;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON soc_code_configs, service_centers, message_labels TO app_user;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['soc_code_configs', 'service_centers', 'message_labels'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY system_context ON %I TO %I USING (true) WITH CHECK (true)', t, current_user);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON soc_code_configs TO app_user
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
--> statement-breakpoint
-- Labels of the platform team (tenant_id null) are seen only in the platform context, like files.
CREATE POLICY tenant_isolation ON message_labels TO app_user
  USING (tenant_id IS NOT DISTINCT FROM app_current_tenant())
  WITH CHECK (tenant_id IS NOT DISTINCT FROM app_current_tenant());
--> statement-breakpoint
-- R-SVC-014: every tenant reads the platform-level centers (tenant_id null) and its own; rows are written
-- only in their own context: a tenant cannot insert or update a platform row (WITH CHECK), and the
-- platform context cannot write a tenant's row.
CREATE POLICY tenant_isolation ON service_centers TO app_user
  USING (tenant_id IS NULL OR tenant_id = app_current_tenant())
  WITH CHECK (tenant_id IS NOT DISTINCT FROM app_current_tenant());
--> statement-breakpoint
-- DELETE is checked only against USING, which lets tenants see platform rows: this trigger keeps the
-- backstop for deletes too (the app role may delete only rows of its own context).
CREATE OR REPLACE FUNCTION service_centers_delete_guard() RETURNS trigger LANGUAGE plpgsql
  AS $$ BEGIN
    IF current_user = 'app_user' AND OLD.tenant_id IS DISTINCT FROM app_current_tenant() THEN
      RAISE EXCEPTION 'service center % belongs to another context', OLD.id USING ERRCODE = '42501';
    END IF;
    RETURN OLD;
  END $$;
--> statement-breakpoint
CREATE TRIGGER service_centers_delete_guard BEFORE DELETE ON service_centers
  FOR EACH ROW EXECUTE FUNCTION service_centers_delete_guard();
