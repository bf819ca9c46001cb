-- Issue 21 (lib21): tenants read the platform's questionnaire library through two views instead of an extra
-- read policy, so every tenant policy on the questionnaire tables is a plain equality again. The views run as
-- their owner (the migration role: its system_context policy, or a superuser) and show only the platform's
-- rows: the templates, and their published versions. Writes still go to the tables (app_platform's policies).
CREATE VIEW "platform_questionnaire_templates" AS
  SELECT * FROM "questionnaire_templates" WHERE "tenant_id" IS NULL;
--> statement-breakpoint
CREATE VIEW "published_questionnaire_versions" AS
  SELECT * FROM "questionnaire_versions" WHERE "tenant_id" IS NULL AND "status" = 'published';
--> statement-breakpoint
GRANT SELECT ON "platform_questionnaire_templates", "published_questionnaire_versions" TO app_user;
--> statement-breakpoint
DROP POLICY platform_library_read ON "questionnaire_templates";
--> statement-breakpoint
DROP POLICY platform_library_read ON "questionnaire_versions";
