-- Row-level security for the profile area (ARCHITECTURE §3): role 50's petitioner profiles.
GRANT SELECT, INSERT, UPDATE, DELETE ON petitioner_profiles TO app_user;
--> statement-breakpoint
ALTER TABLE petitioner_profiles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE petitioner_profiles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
DO $$ BEGIN
  EXECUTE format('CREATE POLICY system_context ON petitioner_profiles TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON petitioner_profiles TO app_user
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
