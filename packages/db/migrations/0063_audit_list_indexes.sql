-- Issue 37: the audit trail's page costs about the same at 100 rows as at 100,000. A tenant reads its own rows
-- and the rows written acting on it; each scope has an index in the list's order (at, then id), so a page is one
-- ordered index read per scope (apps/server/src/platform/audit-rows.ts), and the count an index-only count. The
-- old (tenant_id, at) index is replaced by its longer twin; a case's History reads its own rows by entity id.
DROP INDEX IF EXISTS "audit_log_tenant_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_tenant_at_idx" ON "audit_log" USING btree ("tenant_id", "at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_acting_at_idx" ON "audit_log" USING btree ("acting_tenant_id", "at", "id")
  WHERE "acting_tenant_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_case_at_idx" ON "audit_log" USING btree ("entity_id", "at", "id")
  WHERE "entity" = 'case';
