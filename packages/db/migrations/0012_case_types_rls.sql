-- Case-type configuration (issue 5): grants and row-level security, like 0001_rls.sql.
GRANT SELECT, INSERT, UPDATE, DELETE ON case_type_settings, tenant_case_types, tenant_case_sub_types, questionnaire_templates, forms_and_letters, petition_configs, petition_config_forms TO app_user;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['case_type_settings', 'tenant_case_types', 'tenant_case_sub_types', 'questionnaire_templates', 'forms_and_letters', 'petition_configs', 'petition_config_forms'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY system_context ON %I TO %I USING (true) WITH CHECK (true)', t, current_user);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I TO app_user USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- A case links a configuration of its own tenant (cases.petition_config_id, issue 5).
ALTER TABLE cases ADD CONSTRAINT cases_petition_config_fk FOREIGN KEY (tenant_id, petition_config_id) REFERENCES petition_configs (tenant_id, id);
