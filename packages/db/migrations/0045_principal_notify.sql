-- Issue 22, the principal cache (apps/server/src/platform/principal-cache.ts): every change to a session, a
-- user or a tenant, made by the application or directly in the database, tells each server process listening
-- on 'caseport_principal' to forget what it cached about that session, user or tenant. The payload is
-- 's:' || session id, 'u:' || user id or 't:' || tenant id. A session's touch (last_seen_at, at most once a
-- minute) changes nothing a process caches and sends nothing. The cache is only a shortcut: each read
-- re-checks the session in its own statement (packages/db/src/scope.ts), so a lost notification cannot let
-- a dead session read.
CREATE OR REPLACE FUNCTION caseport_principal_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('caseport_principal', TG_ARGV[0] || ':' || OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_principal_changed AFTER DELETE OR UPDATE OF id, user_id, created_at ON sessions
  FOR EACH ROW EXECUTE FUNCTION caseport_principal_changed('s');
--> statement-breakpoint
CREATE TRIGGER users_principal_changed AFTER DELETE OR UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION caseport_principal_changed('u');
--> statement-breakpoint
CREATE TRIGGER tenants_principal_changed AFTER DELETE OR UPDATE ON tenants
  FOR EACH ROW EXECUTE FUNCTION caseport_principal_changed('t');
