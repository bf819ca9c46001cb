-- Issue 18: filing fees are a tenant's own (no platform rows: the platform schedule is reference data in
-- packages/domain/src/fees/schedule.ts). Grants and row-level security as in 0012 and 0023.
GRANT SELECT, INSERT, UPDATE, DELETE ON filing_fee_versions, filing_fee_lines, filing_fee_names TO app_user;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['filing_fee_versions', 'filing_fee_lines', 'filing_fee_names'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY system_context ON %I TO %I USING (true) WITH CHECK (true)', t, current_user);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I TO app_user USING (tenant_id = (SELECT app_current_tenant())) WITH CHECK (tenant_id = (SELECT app_current_tenant()))',
      t);
  END LOOP;
END $$;
