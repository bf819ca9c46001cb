-- Issue 21 (lib21): the platform's default case configuration names its questionnaire by id (one of the
-- platform's questionnaire templates), not by a starter's name; stored defaults move to the template of the
-- same name (none found: no questionnaire, as a missing name was before). A case records the questionnaire
-- version it was opened with (a platform row: a plain foreign key), like its form editions.
ALTER TABLE "platform_case_configs" ADD COLUMN "questionnaire_id" uuid REFERENCES "questionnaire_templates"("id");
--> statement-breakpoint
UPDATE "platform_case_configs" c SET "questionnaire_id" = (
  SELECT q."id" FROM "questionnaire_templates" q
  WHERE q."tenant_id" IS NULL AND lower(q."name") = lower(c."questionnaire_name")
)
WHERE c."questionnaire_name" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "platform_case_configs" DROP COLUMN "questionnaire_name";
--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "questionnaire_version_id" uuid REFERENCES "questionnaire_versions"("id");
