-- Master data of the template area (R-ESIGN-010 sign_doc_tpl, R-AGREE-008 agreement_types). The rows ship
-- with the migration so an existing data dir gets them too (reference data is otherwise seeded only into an
-- empty database). Hand-written for US immigration practice; ids are fixed.
INSERT INTO sign_doc_types (id, name) VALUES
  (1, 'LCA Posting Notice'),
  (2, 'Public Access File Memorandum'),
  (3, 'Employer Support Letter'),
  (4, 'Client Engagement Letter'),
  (5, 'Employment Verification Letter'),
  (6, 'Other')
ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
INSERT INTO agreement_types (id, name) VALUES
  (1, 'Immigration Legal Services Agreement'),
  (2, 'Retainer Agreement'),
  (3, 'Master Services Agreement')
ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
GRANT SELECT ON sign_doc_types, agreement_types TO app_user;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON esign_templates, contract_templates, agreements TO app_user;
--> statement-breakpoint
-- Like message labels: a tenant's templates are its own; the platform team's (tenant_id null) are seen only
-- in the platform context. Policies use the sub-select form of migration 0014 (one evaluation per statement).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['esign_templates', 'contract_templates', 'agreements'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY system_context ON %I TO %I USING (true) WITH CHECK (true)', t, current_user);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I TO app_user '
      'USING (tenant_id IS NOT DISTINCT FROM (SELECT app_current_tenant())) '
      'WITH CHECK (tenant_id IS NOT DISTINCT FROM (SELECT app_current_tenant()))',
      t
    );
  END LOOP;
END $$;
