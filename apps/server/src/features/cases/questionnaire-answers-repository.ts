import { type Executor, schema } from '@caseport/db/client';
import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';

// Issue 35 item 2: the questionnaires sent from a case and their answers.
const r = schema.questionnaireResponses;
const k = schema.cases;
const u = schema.users;
const qv = schema.publishedQuestionnaireVersions;

export type ResponseRow = typeof r.$inferSelect & { respondentName: string; respondentEmail: string };

/** The case's pinned questionnaire version (published: the view every tenant reads), with its definition. */
export const findPinnedVersion = async (tx: Executor, tenantId: string, versionId: string) => {
  const [row] = await tx
    .select({ id: qv.id, name: qv.name, version: qv.version, entityType: qv.entityType, definition: qv.definition })
    .from(qv)
    .where(and(eq(qv.id, versionId), or(eq(qv.tenantId, tenantId), isNull(qv.tenantId))));
  return row ?? null;
};

const select = (tx: Executor) =>
  tx
    .select({ response: r, respondentName: u.firstName, respondentLast: u.lastName, respondentEmail: u.email })
    .from(r)
    .innerJoin(u, eq(u.id, r.userId));

const flat = (row: {
  response: typeof r.$inferSelect;
  respondentName: string | null;
  respondentLast: string | null;
  respondentEmail: string;
}): ResponseRow => ({
  ...row.response,
  respondentName: `${row.respondentName ?? ''} ${row.respondentLast ?? ''}`.trim(),
  respondentEmail: row.respondentEmail,
});

/** One response of the tenant (of `caseId` when given), locked for the change that follows when `lock`. */
export const findResponse = async (
  tx: Executor,
  tenantId: string,
  id: string,
  { caseId, lock = false }: { caseId?: string; lock?: boolean } = {},
) => {
  const q = select(tx).where(and(eq(r.tenantId, tenantId), eq(r.id, id), ...(caseId ? [eq(r.caseId, caseId)] : [])));
  const [row] = lock ? await q.for('update', { of: r }) : await q;
  return row ? flat(row) : null;
};

/** The case's latest response (the open one when there is one). */
export const latestResponseOfCase = async (tx: Executor, tenantId: string, caseId: string) => {
  const [row] = await select(tx)
    .where(and(eq(r.tenantId, tenantId), eq(r.caseId, caseId)))
    .orderBy(desc(r.createdOn), desc(r.id))
    .limit(1);
  return row ? flat(row) : null;
};

export const openResponseOfCase = async (tx: Executor, tenantId: string, caseId: string) => {
  const [row] = await tx
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.tenantId, tenantId), eq(r.caseId, caseId), inArray(r.status, ['sent', 'submitted', 'returned'])));
  return row ?? null;
};

export const insertResponse = async (
  tx: Executor,
  tenantId: string,
  values: Omit<typeof r.$inferInsert, 'id' | 'tenantId' | 'status' | 'version' | 'createdOn' | 'updatedOn'>,
) => {
  const [row] = await tx
    .insert(r)
    .values({ ...values, tenantId })
    .returning({ id: r.id });
  return (row as { id: string }).id;
};

/** Writes a response if it still holds `version`; false when it changed meanwhile. */
export const updateResponse = async (
  tx: Executor,
  tenantId: string,
  id: string,
  version: number,
  set: Partial<
    Pick<typeof r.$inferInsert, 'status' | 'answers' | 'comment' | 'submittedOn' | 'reviewedOn' | 'reviewedBy'>
  >,
) => {
  const rows = await tx
    .update(r)
    .set({ ...set, version: version + 1, updatedOn: new Date() })
    .where(and(eq(r.tenantId, tenantId), eq(r.id, id), eq(r.version, version)))
    .returning({ id: r.id });
  return rows.length === 1;
};

/** The responses sent to a person (or the one of them), newest first, with their case's number and firm. */
export const responsesOfUser = (tx: Executor, tenantId: string, userId: string, responseId?: string) =>
  tx
    .select({
      id: r.id,
      caseId: r.caseId,
      name: r.name,
      status: r.status,
      comment: r.comment,
      createdOn: r.createdOn,
      caseNumber: k.caseNumber,
      firmName: schema.tenants.name,
    })
    .from(r)
    .innerJoin(k, and(eq(k.tenantId, r.tenantId), eq(k.id, r.caseId)))
    .innerJoin(schema.tenants, eq(schema.tenants.id, r.tenantId))
    .where(and(eq(r.tenantId, tenantId), eq(r.userId, userId), ...(responseId ? [eq(r.id, responseId)] : [])))
    .orderBy(desc(r.createdOn), desc(r.id));

/** The names of a case's documents among `ids` (the answers' uploads). */
export const caseDocumentNames = async (tx: Executor, tenantId: string, caseId: string, ids: string[]) => {
  if (!ids.length) return [];
  const d = schema.caseDocuments;
  return tx
    .select({ _id: d.id, name: d.name })
    .from(d)
    .where(and(eq(d.tenantId, tenantId), eq(d.caseId, caseId), inArray(d.id, ids), isNull(d.deletedOn)));
};
