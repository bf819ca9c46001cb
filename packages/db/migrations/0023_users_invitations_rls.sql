-- Issue 16: invitation / reset tokens and the mail outbox are a tenant's own; the platform's (tenant_id
-- null: links for platform users) are seen only in the platform context, as in migration 0021.
GRANT SELECT, INSERT, UPDATE, DELETE ON user_tokens TO app_user;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON mail_outbox TO app_user;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['user_tokens', 'mail_outbox'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY system_context ON %I TO %I USING (true) WITH CHECK (true)', t, current_user);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I TO app_user USING (tenant_id = (SELECT app_current_tenant())) WITH CHECK (tenant_id = (SELECT app_current_tenant()))',
      t);
    EXECUTE format(
      'CREATE POLICY platform_rows ON %I TO app_platform USING (tenant_id IS NULL AND (SELECT app_current_tenant()) IS NULL) WITH CHECK (tenant_id IS NULL AND (SELECT app_current_tenant()) IS NULL)',
      t);
  END LOOP;
END $$;
--> statement-breakpoint
-- Role 1 creates tenants (issue 16). The new row is then updated and staffed in its own scope (the
-- transaction re-scopes to the new tenant), so tenant_isolation still guards every other write.
GRANT INSERT ON tenants TO app_platform;
--> statement-breakpoint
CREATE POLICY platform_create ON tenants FOR INSERT TO app_platform WITH CHECK ((SELECT app_current_tenant()) IS NULL);
--> statement-breakpoint
-- The outbox of a platform admin holds the invitations of the tenants they created (written in the new
-- tenant's scope): the platform context reads every tenant's messages; the repository shows each admin
-- only the ones their own actions wrote (created_by).
CREATE POLICY platform_read ON mail_outbox FOR SELECT TO app_platform USING ((SELECT app_current_tenant()) IS NULL);
