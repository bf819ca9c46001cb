import { type Executor, schema, type Tx } from '@caseport/db/client';
import type { QuestionnaireLibraryListBody } from '@caseport/domain/questionnaires/contracts';
import { and, asc, count, desc, eq, isNull, max, sql } from 'drizzle-orm';
import { containsText, pageWindow, toPage } from '../../platform/list';

const t = schema.questionnaireTemplates;
const v = schema.questionnaireVersions;

export type VersionRow = typeof v.$inferSelect;

// Spelled out with table names: Drizzle leaves the columns of a one-table select's fields unqualified, and
// `id` inside this subquery would then be the version's own.
const latestOf = (status: 'draft' | 'published') =>
  sql<number | null>`(select max(qv.version) from ${v} qv
    where qv.questionnaire_id = ${sql.identifier('questionnaire_templates')}.id and qv.status = ${status})`;

/**
 * The platform library, by name (issue 21); only platform templates exist (tenant_id null).
 * @platformScope the platform questionnaire library (tenant_id null, issue 21); tenants read it only through the published view
 */
export const listLibrary = async (tx: Executor, q: QuestionnaireLibraryListBody) => {
  const where = and(isNull(t.tenantId), containsText(t.name, q.searchString));
  const { limit, offset } = pageWindow(q);
  const rows = tx
    .select({
      _id: t.id,
      name: t.name,
      entityType: t.entityType,
      publishedVersion: latestOf('published'),
      draftVersion: latestOf('draft'),
      updatedOn: t.updatedOn,
    })
    .from(t)
    .where(where)
    .orderBy(asc(sql`lower(${t.name})`), asc(t.id))
    .limit(limit)
    .offset(offset);
  return toPage(rows, tx.select({ n: count() }).from(t).where(where));
};

/** @platformScope the platform questionnaire library (tenant_id null, issue 21); tenants read it only through the published view */
export const findTemplate = async (tx: Executor, id: string) => {
  const [row] = await tx
    .select()
    .from(t)
    .where(and(eq(t.id, id), isNull(t.tenantId)));
  return row ?? null;
};

/** @platformScope the platform questionnaire library (tenant_id null, issue 21); tenants read it only through the published view */
export const nameTaken = async (tx: Executor, name: string, exceptId?: string) => {
  const rows = await tx
    .select({ id: t.id })
    .from(t)
    .where(and(isNull(t.tenantId), sql`lower(${t.name}) = lower(${name})`));
  return rows.some((r) => r.id !== exceptId);
};

/** @platformScope the platform questionnaire library (tenant_id null, issue 21); tenants read it only through the published view */
export const versionsOf = (tx: Executor, questionnaireId: string) =>
  tx.select().from(v).where(eq(v.questionnaireId, questionnaireId)).orderBy(desc(v.version));

/** @platformScope the platform questionnaire library (tenant_id null, issue 21); tenants read it only through the published view */
export const findVersion = async (tx: Executor, questionnaireId: string, version: number) => {
  const [row] = await tx
    .select()
    .from(v)
    .where(and(eq(v.questionnaireId, questionnaireId), eq(v.version, version)));
  return row ?? null;
};

/**
 * The latest published version, read through the view a tenant may read too (migration 0048).
 * @platformScope the platform questionnaire library (tenant_id null, issue 21); tenants read it only through the published view
 */
export const latestPublished = async (tx: Executor, questionnaireId: string) => {
  const pv = schema.publishedQuestionnaireVersions;
  const [row] = await tx
    .select()
    .from(pv)
    .where(eq(pv.questionnaireId, questionnaireId))
    .orderBy(desc(pv.version))
    .limit(1);
  return row ?? null;
};

/** @platformScope the platform questionnaire library (tenant_id null, issue 21); tenants read it only through the published view */
export const nextVersion = async (tx: Executor, questionnaireId: string) => {
  const [row] = await tx
    .select({ n: max(v.version) })
    .from(v)
    .where(eq(v.questionnaireId, questionnaireId));
  return (row?.n ?? 0) + 1;
};

/** @platformScope the platform questionnaire library (tenant_id null, issue 21); tenants read it only through the published view */
export const insertTemplate = async (tx: Tx, row: typeof t.$inferInsert) => {
  const [saved] = await tx.insert(t).values(row).returning();
  return saved!;
};

/** @platformScope the platform questionnaire library (tenant_id null, issue 21); tenants read it only through the published view */
export const updateTemplate = (tx: Tx, id: string, values: Partial<typeof t.$inferInsert>) =>
  tx
    .update(t)
    .set(values)
    .where(and(eq(t.id, id), isNull(t.tenantId)));

/** @platformScope the platform questionnaire library (tenant_id null, issue 21); tenants read it only through the published view */
export const insertVersion = async (tx: Tx, row: typeof v.$inferInsert) => {
  const [saved] = await tx.insert(v).values(row).returning();
  return saved!;
};

/**
 * Only a draft is ever updated (a trigger refuses a published row, migration 0038).
 * @platformScope the platform questionnaire library (tenant_id null, issue 21); tenants read it only through the published view
 */
export const updateDraft = async (tx: Tx, id: string, values: Partial<typeof v.$inferInsert>) => {
  const [saved] = await tx
    .update(v)
    .set(values)
    .where(and(eq(v.id, id), eq(v.status, 'draft')))
    .returning();
  return saved ?? null;
};
