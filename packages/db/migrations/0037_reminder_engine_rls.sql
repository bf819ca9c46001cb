-- Issue 17: a tenant's reminders are its own. The engine's runner writes them in each tenant's scope; a user
-- reads and marks only their own (the service adds user_id to every query).
GRANT SELECT, INSERT, UPDATE, DELETE ON reminders_outbox TO app_user;
--> statement-breakpoint
ALTER TABLE reminders_outbox ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE reminders_outbox FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
DO $$ BEGIN
  EXECUTE format('CREATE POLICY system_context ON reminders_outbox TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON reminders_outbox TO app_user
  USING (tenant_id = (SELECT app_current_tenant())) WITH CHECK (tenant_id = (SELECT app_current_tenant()));
