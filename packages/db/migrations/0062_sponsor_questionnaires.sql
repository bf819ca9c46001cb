-- Issue 35 item 2: a questionnaire may be answered by the sponsor (role 51). The I-130 starter asks about the
-- relative who petitions: a family case has no petitioner company, so its questionnaire had nobody to go to. Its
-- header and its versions (the published starter and any later one: one audience per questionnaire) name the
-- sponsor as the one who answers.
-- A published version never changes (trigger questionnaire_versions_immutable): this one correction of the
-- starter's audience is made with the trigger off for the statement and back on after it; its questions and
-- answers stay as they were.
UPDATE "questionnaire_templates" SET "entity_type" = 'sponsor'
  WHERE "id" = '3a1f0c52-7d4e-4b8a-9c21-000000000007' AND "entity_type" = 'petitioner';
--> statement-breakpoint
ALTER TABLE "questionnaire_versions" DISABLE TRIGGER "questionnaire_versions_immutable";
--> statement-breakpoint
UPDATE "questionnaire_versions" SET "entity_type" = 'sponsor'
  WHERE "questionnaire_id" = '3a1f0c52-7d4e-4b8a-9c21-000000000007' AND "entity_type" = 'petitioner';
--> statement-breakpoint
ALTER TABLE "questionnaire_versions" ENABLE TRIGGER "questionnaire_versions_immutable";
