import { STARTER_QUESTIONNAIRES } from '@caseport/domain/questionnaires/starters';
import type { Executor } from '../client';
import { questionnaireTemplates, questionnaireVersions } from '../schema/index';

/**
 * The starter questionnaires as published version 1 of platform templates (issue 21). Idempotent and run at
 * every start: a template that already has a version (the platform team may have published more) is left
 * alone; the headers themselves are created by migration 0038 (the same ids), which moved the tenants'
 * existing references onto them.
 */
export const seedQuestionnaires = async (db: Executor): Promise<void> => {
  await db
    .insert(questionnaireTemplates)
    .values(STARTER_QUESTIONNAIRES.map((s) => ({ id: s.id, tenantId: null, name: s.name, entityType: s.entityType })))
    .onConflictDoNothing();
  await db
    .insert(questionnaireVersions)
    .values(
      STARTER_QUESTIONNAIRES.map((s) => ({
        tenantId: null,
        questionnaireId: s.id,
        version: 1,
        status: 'published' as const,
        name: s.name,
        entityType: s.entityType,
        definition: s.definition,
        publishedByName: 'Caseport',
        publishedOn: new Date('2026-11-26T00:00:00Z'),
      })),
    )
    .onConflictDoNothing();
};
