-- Roles 1 and 2 pick a customer (tenant) in the workflow, case-code and service-center screens (D-02).
-- The request transaction sets app.platform = 'on' only for them; it opens the tenant directory for
-- reading, nothing else (tenant-owned rows still follow app.tenant_id).
CREATE OR REPLACE FUNCTION app_is_platform() RETURNS boolean LANGUAGE sql STABLE
  AS $$ SELECT coalesce(current_setting('app.platform', true), '') = 'on' $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_is_platform() TO app_user;
--> statement-breakpoint
CREATE POLICY platform_directory ON tenants FOR SELECT TO app_user USING (app_is_platform());
