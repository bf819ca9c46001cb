import { type Executor, schema } from '@caseport/db/client';
import { CASE_DOCUMENTS_MAX } from '@caseport/domain/cases/documents-contracts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';

/**
 * The statements of a case's documents (issue 34 item 4): the cases feature lists, serves and deletes them; the
 * letters feature records a filled letter (case-documents.ts). Deleted rows (deleted_on set) are never read.
 */
const d = schema.caseDocuments;
const f = schema.files;
const u = schema.users;
const k = schema.cases;

export type NewCaseDocument = Omit<typeof d.$inferInsert, 'tenantId' | 'id' | 'createdOn'>;

export const insertCaseDocument = async (tx: Executor, tenantId: string, values: NewCaseDocument) => {
  const [row] = await tx
    .insert(d)
    .values({ ...values, tenantId })
    .returning({ id: d.id });
  return row!.id;
};

/** Whether the case is the tenant's (another tenant's: false, and the caller answers 404). */
export const caseExists = async (tx: Executor, tenantId: string, caseId: string) => {
  const [row] = await tx
    .select({ id: k.id })
    .from(k)
    .where(and(eq(k.tenantId, tenantId), eq(k.id, caseId)));
  return Boolean(row);
};

/** A case's documents, newest first, or the one `id` names (of any of the tenant's cases). */
export const listCaseDocuments = (tx: Executor, tenantId: string, by: { caseId: string } | { id: string }) =>
  tx
    .select({
      id: d.id,
      caseId: d.caseId,
      kind: d.kind,
      name: d.name,
      filePath: d.filePath,
      formLetterId: d.formLetterId,
      createdBy: d.createdBy,
      createdByName: sql<string | null>`nullif(trim(${u.firstName} || ' ' || ${u.lastName}), '')`,
      createdOn: d.createdOn,
      extn: f.extn,
      mimetype: f.mimetype,
      size: f.size,
    })
    .from(d)
    .innerJoin(f, eq(f.storedName, d.filePath))
    .leftJoin(u, eq(u.id, d.createdBy))
    .where(
      and(eq(d.tenantId, tenantId), isNull(d.deletedOn), 'caseId' in by ? eq(d.caseId, by.caseId) : eq(d.id, by.id)),
    )
    .orderBy(desc(d.createdOn), desc(d.id))
    .limit(CASE_DOCUMENTS_MAX);

export type CaseDocumentRow = Awaited<ReturnType<typeof listCaseDocuments>>[number];

/** Sets deleted_on (the row and its file stay); false when it was not there (or already deleted). */
export const markCaseDocumentDeleted = async (
  tx: Executor,
  tenantId: string,
  id: string,
  deletedBy: string | null,
  at: Date,
) => {
  const rows = await tx
    .update(d)
    .set({ deletedOn: at.toISOString(), deletedBy })
    .where(and(eq(d.tenantId, tenantId), eq(d.id, id), isNull(d.deletedOn)))
    .returning({ id: d.id });
  return rows.length > 0;
};
