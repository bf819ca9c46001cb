-- Questionnaire Templates (issue 21): grants and row-level security, like 0012 and 0021.
-- Every user reads the platform's templates (tenant_id NULL) and their published versions, to pick and
-- preview them in the case-type configuration; only the platform context (roles 1 and 2 without an acting
-- tenant, app_platform) writes them. The tenant policies stay plain equalities (no tenant rows exist today).
GRANT SELECT, INSERT, UPDATE, DELETE ON questionnaire_versions TO app_user;
--> statement-breakpoint
ALTER TABLE questionnaire_versions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE questionnaire_versions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
DO $$ BEGIN
  EXECUTE format('CREATE POLICY system_context ON questionnaire_versions TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON questionnaire_versions TO app_user
  USING (tenant_id = (SELECT app_current_tenant())) WITH CHECK (tenant_id = (SELECT app_current_tenant()));
--> statement-breakpoint
CREATE POLICY platform_library_read ON questionnaire_versions FOR SELECT TO app_user
  USING (tenant_id IS NULL AND status = 'published');
--> statement-breakpoint
CREATE POLICY platform_rows ON questionnaire_versions TO app_platform
  USING (tenant_id IS NULL AND (SELECT app_current_tenant()) IS NULL)
  WITH CHECK (tenant_id IS NULL AND (SELECT app_current_tenant()) IS NULL);
--> statement-breakpoint
ALTER POLICY tenant_isolation ON questionnaire_templates
  USING (tenant_id = (SELECT app_current_tenant())) WITH CHECK (tenant_id = (SELECT app_current_tenant()));
--> statement-breakpoint
CREATE POLICY platform_library_read ON questionnaire_templates FOR SELECT TO app_user USING (tenant_id IS NULL);
--> statement-breakpoint
CREATE POLICY platform_rows ON questionnaire_templates TO app_platform
  USING (tenant_id IS NULL AND (SELECT app_current_tenant()) IS NULL)
  WITH CHECK (tenant_id IS NULL AND (SELECT app_current_tenant()) IS NULL);
