import { z } from 'zod';
import { listOf } from '../api/responses';

/**
 * A case's documents (issue 34 item 4): files uploaded on the case and letters filled for it, the wire contracts
 * of /api/cases/documents/*. The upload is multipart (`caseId` and one `files` part), checked by content against
 * the 'caseDocument' purpose (files/purposes.ts).
 */

export const CASE_DOCUMENT_KINDS = ['upload', 'letter'] as const;
export type CaseDocumentKind = (typeof CASE_DOCUMENT_KINDS)[number];

/** How each kind reads in the documents list. */
export const CASE_DOCUMENT_KIND_LABELS: Record<CaseDocumentKind, string> = {
  upload: 'Uploaded',
  letter: 'Filled letter',
};

export const CASE_DOCUMENT_MESSAGES = {
  uploaded: 'Document uploaded successfully',
  deleted: 'Document deleted successfully',
  oneFile: 'Upload one file at a time',
  caseRequired: 'Case is required',
} as const;

/** A case holds at most this many documents in its list (one page, no paging: a case's papers, not a log). */
export const CASE_DOCUMENTS_MAX = 500;

export const CaseDocumentsBodySchema = z.object({ caseId: z.uuid() }).strict();
export type CaseDocumentsBody = z.infer<typeof CaseDocumentsBodySchema>;

export const CaseDocumentIdBodySchema = z.object({ caseDocumentId: z.uuid() }).strict();
export type CaseDocumentIdBody = z.infer<typeof CaseDocumentIdBodySchema>;

export const CaseDocumentSchema = z.object({
  _id: z.string(),
  caseId: z.string(),
  kind: z.enum(CASE_DOCUMENT_KINDS),
  name: z.string(),
  extn: z.string(),
  mimetype: z.string(),
  size: z.number(),
  /** The letter template a filled letter came from (null for an upload): the checklist's 'Filled' state. */
  formAndLetterId: z.string().nullable(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdOn: z.string(),
});
export type CaseDocument = z.infer<typeof CaseDocumentSchema>;

export const CaseDocumentListSchema = listOf(CaseDocumentSchema);
export const CaseDocumentSavedSchema = z.object({ message: z.string(), item: CaseDocumentSchema });
