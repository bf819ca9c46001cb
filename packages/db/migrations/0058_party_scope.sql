-- Issue 35 item 1: the people outside the firm (roles 11, 12, 50 and 51) see only the cases they are linked to.
-- Their requests run as app_party: app_user's grants and tenant policies (it is a member, INHERIT), plus the
-- RESTRICTIVE policies below, which every row must also pass. The request's user is app.user_id, set with the
-- tenant in the same scope statement (packages/db/src/scope.ts). A repository that forgets the link still
-- finds no other case, no other case's activities, invoices, documents or reminders, and no person record.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_party') THEN
    CREATE ROLE app_party NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE INHERIT;
  END IF;
END $$;
--> statement-breakpoint
GRANT app_user TO app_party;
--> statement-breakpoint
GRANT app_party TO CURRENT_USER;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_current_user() RETURNS uuid LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.user_id', true), '')::uuid $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_current_user() TO app_user;
--> statement-breakpoint
-- A party's own links, no one else's.
CREATE POLICY party_own_links ON case_accounts AS RESTRICTIVE TO app_party
  USING (user_id = (SELECT app_current_user())) WITH CHECK (false);
--> statement-breakpoint
CREATE POLICY party_linked_cases ON cases AS RESTRICTIVE TO app_party
  USING (EXISTS (SELECT 1 FROM case_accounts ca
    WHERE ca.tenant_id = cases.tenant_id AND ca.case_id = cases.id AND ca.user_id = (SELECT app_current_user())))
  WITH CHECK (false);
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  -- What hangs off a case: only a linked case's rows, and a party writes none of them (yet).
  FOREACH t IN ARRAY ARRAY['case_activities', 'case_invoices', 'case_documents', 'case_form_editions'] LOOP
    EXECUTE format('CREATE POLICY party_linked_cases ON %I AS RESTRICTIVE TO app_party
      USING (EXISTS (SELECT 1 FROM case_accounts ca WHERE ca.tenant_id = %I.tenant_id AND ca.case_id = %I.case_id
        AND ca.user_id = (SELECT app_current_user()))) WITH CHECK (false)', t, t, t);
  END LOOP;
END $$;
--> statement-breakpoint
-- The person records (dates of birth, passports, addresses) are the firm's: a party reads none.
CREATE POLICY party_no_persons ON persons AS RESTRICTIVE TO app_party USING (false) WITH CHECK (false);
--> statement-breakpoint
-- The bell: a party's own reminders (it marks them read).
CREATE POLICY party_own_reminders ON reminders_outbox AS RESTRICTIVE TO app_party
  USING (user_id = (SELECT app_current_user()));
