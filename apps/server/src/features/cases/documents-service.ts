import type { Executor, Tx } from '@caseport/db/client';
import {
  CASE_DOCUMENT_KINDS,
  CASE_DOCUMENT_MESSAGES,
  type CaseDocument,
  type CaseDocumentKind,
} from '@caseport/domain/cases/documents-contracts';
import { recordAudit } from '../../platform/audit';
import { recordCaseDocument } from '../../platform/case-documents';
import type { Clock } from '../../platform/clock';
import type { TenantContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import type { FileStorage } from '../../platform/file-storage';
import { downloadName, type IncomingFile, storeUploads } from '../../platform/files';
import * as repo from './documents-repository';

const kindOf = (kind: string): CaseDocumentKind =>
  (CASE_DOCUMENT_KINDS as readonly string[]).includes(kind) ? (kind as CaseDocumentKind) : 'upload';

const documentOf = (r: repo.CaseDocumentRow): CaseDocument => ({
  _id: r.id,
  caseId: r.caseId,
  kind: kindOf(r.kind),
  name: r.name,
  extn: r.extn,
  mimetype: r.mimetype,
  size: r.size,
  formAndLetterId: r.formLetterId,
  createdBy: r.createdBy ? { id: r.createdBy, name: r.createdByName ?? '' } : null,
  createdOn: r.createdOn.toISOString(),
});

const oneOf = async (tx: Executor, tenantId: string, id: string) => {
  const [row] = await repo.listCaseDocuments(tx, tenantId, { id });
  if (!row) throw notFound('Document');
  return row;
};

/** Issue 34 item 4: the case's documents, newest first (another tenant's case: 404). */
export const listCaseDocuments = async (tx: Executor, ctx: TenantContext, caseId: string) => {
  if (!(await repo.caseExists(tx, ctx.tenantId, caseId))) throw notFound('Case');
  const list = (await repo.listCaseDocuments(tx, ctx.tenantId, { caseId })).map(documentOf);
  return { list, totalCount: list.length };
};

/**
 * A file uploaded on the case: one file, checked by content (PDF, DOCX, JPEG, PNG; the 'caseDocument' purpose)
 * before anything is stored; the case is looked up first, so another tenant's case stores nothing either.
 */
export const uploadCaseDocument = async (
  tx: Tx,
  ctx: TenantContext,
  storage: FileStorage,
  caseId: string,
  files: IncomingFile[],
) => {
  if (!(await repo.caseExists(tx, ctx.tenantId, caseId))) throw notFound('Case');
  if (files.length > 1) {
    throw new AppError('VALIDATION_ERROR', CASE_DOCUMENT_MESSAGES.oneFile, [
      { name: 'files', message: CASE_DOCUMENT_MESSAGES.oneFile },
    ]);
  }
  const [stored] = await storeUploads(tx, ctx, storage, 'caseDocument', 'private', files, { audit: false });
  const id = await recordCaseDocument(tx, ctx, {
    caseId,
    kind: 'upload',
    name: stored!.name,
    filePath: stored!.path,
    formLetterId: null,
  });
  return { message: CASE_DOCUMENT_MESSAGES.uploaded, item: documentOf(await oneOf(tx, ctx.tenantId, id)) };
};

/** The document's bytes, saved under its name with the extension its content was sniffed as. */
export const readCaseDocument = async (tx: Executor, ctx: TenantContext, storage: FileStorage, id: string) => {
  const row = await oneOf(tx, ctx.tenantId, id);
  const data = await storage.get(row.filePath);
  if (!data) throw notFound('Document');
  return {
    data,
    mimetype: row.mimetype,
    filename: downloadName(undefined, { originalName: row.name, extn: row.extn }),
  };
};

/** Deletes a document from the case's list: the row is marked deleted, its file stays (an undo by hand). */
export const deleteCaseDocument = async (tx: Tx, ctx: TenantContext, clock: Clock, id: string) => {
  const before = documentOf(await oneOf(tx, ctx.tenantId, id));
  if (!(await repo.markCaseDocumentDeleted(tx, ctx.tenantId, id, ctx.principal.userId, clock()))) {
    throw notFound('Document');
  }
  await recordAudit(tx, ctx, { entity: 'case_document', entityId: id, action: 'delete', before });
  return { message: CASE_DOCUMENT_MESSAGES.deleted };
};
