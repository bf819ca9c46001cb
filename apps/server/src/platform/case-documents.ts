import type { Tx } from '@caseport/db/client';
import type { CaseDocumentKind } from '@caseport/domain/cases/documents-contracts';
import { recordAudit } from './audit';
import { insertCaseDocument } from './case-documents-repository';
import type { TenantContext } from './context';

/**
 * Records a stored file as one of a case's documents, with its one audit row (SECURITY 19): an upload on the
 * case page, or a letter filled for the case once the filled file is handed to the user (issue 34 item 4).
 * The file is already stored (platform/files.ts storeUploads, called without its own audit row).
 */
export const recordCaseDocument = async (
  tx: Tx,
  ctx: TenantContext,
  doc: { caseId: string; kind: CaseDocumentKind; name: string; filePath: string; formLetterId: string | null },
) => {
  const id = await insertCaseDocument(tx, ctx.tenantId, { ...doc, createdBy: ctx.principal.userId });
  await recordAudit(tx, ctx, {
    entity: 'case_document',
    entityId: id,
    action: doc.kind === 'letter' ? 'fill' : 'upload',
    after: {
      caseId: doc.caseId,
      kind: doc.kind,
      name: doc.name,
      path: doc.filePath,
      formAndLetterId: doc.formLetterId,
    },
  });
  return id;
};
