DROP INDEX "cases_tenant_number_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "cases_tenant_number_uq" ON "cases" USING btree ("tenant_id","case_number");