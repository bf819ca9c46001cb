-- Row-level security backstop (ARCHITECTURE §3, SECURITY 5). Requests run inside a transaction that does
-- SET LOCAL ROLE app_user and set_config('app.tenant_id', <session tenant>, true); these policies then hold
-- even if a repository forgets its tenant filter. The connecting (owner) role keeps a policy of its own for
-- the few system-context reads (login, session lookup, migrations, seed).
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_user') THEN
    CREATE ROLE app_user NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT;
  END IF;
END $$;
--> statement-breakpoint
GRANT app_user TO CURRENT_USER;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_current_tenant() RETURNS uuid LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.tenant_id', true), '')::uuid $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO app_user;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_current_tenant() TO app_user;
--> statement-breakpoint
GRANT SELECT ON countries, states, cities, user_roles, petition_types, petition_sub_types, template_types TO app_user;
--> statement-breakpoint
GRANT SELECT, UPDATE ON tenants TO app_user;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON users, files, workflows TO app_user;
--> statement-breakpoint
GRANT SELECT, INSERT ON audit_log TO app_user;
--> statement-breakpoint
GRANT USAGE ON SEQUENCE audit_log_id_seq TO app_user;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  -- Every table holding tenant or account data: RLS on and FORCE'd; the owner's system policy.
  FOREACH t IN ARRAY ARRAY['tenants', 'users', 'sessions', 'login_failures', 'audit_log', 'files', 'workflows'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY system_context ON %I TO %I USING (true) WITH CHECK (true)', t, current_user);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON tenants TO app_user
  USING (id = app_current_tenant()) WITH CHECK (id = app_current_tenant());
--> statement-breakpoint
CREATE POLICY tenant_isolation ON users TO app_user
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
--> statement-breakpoint
-- Platform-level files (tenant_id null) are visible only in the platform context (no tenant set).
CREATE POLICY tenant_isolation ON files TO app_user
  USING (tenant_id IS NOT DISTINCT FROM app_current_tenant())
  WITH CHECK (tenant_id IS NOT DISTINCT FROM app_current_tenant());
--> statement-breakpoint
CREATE POLICY tenant_isolation ON workflows TO app_user
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
--> statement-breakpoint
CREATE POLICY tenant_isolation ON audit_log TO app_user
  USING (tenant_id IS NOT DISTINCT FROM app_current_tenant() OR acting_tenant_id = app_current_tenant())
  WITH CHECK (tenant_id IS NOT DISTINCT FROM app_current_tenant() OR acting_tenant_id = app_current_tenant());
--> statement-breakpoint
-- sessions and login_failures: no grant and no policy for app_user (system context only).
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql
  AS $$ BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
