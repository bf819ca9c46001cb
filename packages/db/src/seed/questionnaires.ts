import { STARTER_QUESTIONNAIRES } from '@caseport/domain/questionnaires/starters';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { questionnaireTemplates, questionnaireVersions } from '../schema/index';

/**
 * The starter questionnaires as published version 1 of platform templates (issue 21). Idempotent and run at
 * every start: a template that already has a version (the platform team may have published more) is left
 * alone; the headers themselves are created by migration 0038 (the same ids), which moved the tenants'
 * existing references onto them.
 *
 * Issue 38 finding 11 (start time): every start used to send both inserts, the definitions included (~0.2 s of
 * a warm start); one count of the starters' version 1 rows now tells whether there is anything to insert. When
 * every starter has its version 1, both inserts would do nothing (a version needs its template, foreign key).
 */
export const seedQuestionnaires = async (db: Executor): Promise<void> => {
  const ids = STARTER_QUESTIONNAIRES.map((s) => s.id);
  const [present] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(questionnaireVersions)
    .where(and(inArray(questionnaireVersions.questionnaireId, ids), eq(questionnaireVersions.version, 1)));
  if ((present?.n ?? 0) === ids.length) return;
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
