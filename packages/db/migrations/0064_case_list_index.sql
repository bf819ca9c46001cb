-- Issue 37: a firm's cases list, newest first (created_on, then id), read in that order from one index, and its
-- capped count from the same: (tenant_id, created_on, id) replaces (tenant_id, created_on), which left the tie on
-- id to a sort.
DROP INDEX IF EXISTS "cases_tenant_created_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "cases_tenant_created_id_idx" ON "cases" USING btree ("tenant_id", "created_on", "id");
