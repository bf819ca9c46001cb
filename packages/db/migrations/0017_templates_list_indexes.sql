CREATE INDEX "agreements_tenant_created_idx" ON "agreements" USING btree ("tenant_id","created_on","id");--> statement-breakpoint
CREATE INDEX "agreements_tenant_name_idx" ON "agreements" USING btree ("tenant_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "contract_templates_tenant_name_idx" ON "contract_templates" USING btree ("tenant_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "esign_templates_tenant_name_idx" ON "esign_templates" USING btree ("tenant_id",lower("name"),"id");