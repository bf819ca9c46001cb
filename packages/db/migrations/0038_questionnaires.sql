-- Questionnaire Templates (issue 21): the platform's library of versioned questionnaires replaces the
-- per-tenant starter rows of issue 5. `questionnaire_templates` keeps its name (the case-type configuration
-- and its foreign key point at it) and becomes the library's header: tenant_id NULL is a platform template.
-- Each questionnaire has numbered versions; a published version never changes (trigger below).
ALTER TABLE "petition_configs" DROP CONSTRAINT "petition_configs_questionnaire_fk";
--> statement-breakpoint
ALTER TABLE "questionnaire_templates" ALTER COLUMN "tenant_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "questionnaire_templates" ADD COLUMN "updated_on" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_templates_platform_name_uq" ON "questionnaire_templates" (lower("name")) WHERE "tenant_id" IS NULL;
--> statement-breakpoint
CREATE TABLE "questionnaire_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid REFERENCES "tenants"("id"),
	"questionnaire_id" uuid NOT NULL REFERENCES "questionnaire_templates"("id") ON DELETE CASCADE,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"name" text NOT NULL,
	"entity_type" text NOT NULL,
	"definition" jsonb NOT NULL,
	"created_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by_name" text,
	"published_on" timestamp with time zone,
	CONSTRAINT "questionnaire_versions_uq" UNIQUE("questionnaire_id","version"),
	CONSTRAINT "questionnaire_versions_status_ck" CHECK ("status" IN ('draft', 'published'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_versions_one_draft" ON "questionnaire_versions" ("questionnaire_id") WHERE "status" = 'draft';
--> statement-breakpoint
-- A published version never changes and is never deleted: the backstop under the service's own check.
CREATE OR REPLACE FUNCTION questionnaire_version_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'published' THEN
    RAISE EXCEPTION 'a published questionnaire version never changes' USING ERRCODE = 'check_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER questionnaire_versions_immutable BEFORE UPDATE OR DELETE ON "questionnaire_versions"
  FOR EACH ROW EXECUTE FUNCTION questionnaire_version_immutable();
--> statement-breakpoint
-- The starter questionnaires (packages/domain/src/questionnaires/starters.ts, same ids and names); their
-- published version 1 is loaded by the idempotent seed at start-up.
INSERT INTO "questionnaire_templates" ("id", "tenant_id", "name", "entity_type")
SELECT * FROM (VALUES
  ('3a1f0c52-7d4e-4b8a-9c21-000000000001'::uuid, NULL::uuid, 'H-1B Beneficiary Questionnaire', 'beneficiary'),
  ('3a1f0c52-7d4e-4b8a-9c21-000000000002'::uuid, NULL::uuid, 'H-1B Employer (Petitioner) Questionnaire', 'petitioner'),
  ('3a1f0c52-7d4e-4b8a-9c21-000000000003'::uuid, NULL::uuid, 'L-1 Intracompany Transferee Questionnaire', 'beneficiary'),
  ('3a1f0c52-7d4e-4b8a-9c21-000000000004'::uuid, NULL::uuid, 'O-1 Extraordinary Ability Questionnaire', 'beneficiary'),
  ('3a1f0c52-7d4e-4b8a-9c21-000000000005'::uuid, NULL::uuid, 'PERM and I-140 Beneficiary Questionnaire', 'beneficiary'),
  ('3a1f0c52-7d4e-4b8a-9c21-000000000006'::uuid, NULL::uuid, 'I-485 Adjustment of Status Questionnaire', 'beneficiary'),
  ('3a1f0c52-7d4e-4b8a-9c21-000000000007'::uuid, NULL::uuid, 'I-130 Petition for Alien Relative Questionnaire', 'petitioner'),
  ('3a1f0c52-7d4e-4b8a-9c21-000000000008'::uuid, NULL::uuid, 'N-400 Naturalization Questionnaire', 'beneficiary')
) AS v(id, tenant_id, name, entity_type)
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
-- Existing references move to the platform template of the same name (every tenant's rows were copies of
-- these starters), else to the H-1B starter of the same audience.
CREATE TEMPORARY TABLE questionnaire_moves AS
SELECT t.id AS old_id, coalesce(
  (SELECT p.id FROM questionnaire_templates p WHERE p.tenant_id IS NULL AND p.name = t.name),
  CASE t.entity_type WHEN 'petitioner' THEN '3a1f0c52-7d4e-4b8a-9c21-000000000002'::uuid
    ELSE '3a1f0c52-7d4e-4b8a-9c21-000000000001'::uuid END) AS new_id
FROM questionnaire_templates t WHERE t.tenant_id IS NOT NULL;
--> statement-breakpoint
UPDATE "petition_configs" pc SET "questionnaire_tpl_id" = m.new_id FROM questionnaire_moves m WHERE pc.questionnaire_tpl_id = m.old_id;
--> statement-breakpoint
UPDATE "workflow_configs" wc SET "questionnaire_id" = m.new_id FROM questionnaire_moves m WHERE wc.questionnaire_id = m.old_id;
--> statement-breakpoint
DELETE FROM "questionnaire_templates" WHERE "tenant_id" IS NOT NULL;
--> statement-breakpoint
DROP TABLE questionnaire_moves;
--> statement-breakpoint
ALTER TABLE "petition_configs" ADD CONSTRAINT "petition_configs_questionnaire_fk" FOREIGN KEY ("questionnaire_tpl_id") REFERENCES "public"."questionnaire_templates"("id");
