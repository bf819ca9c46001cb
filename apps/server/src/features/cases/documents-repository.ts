// Issue 34 item 4: a case's documents. The statements are shared with the letters feature (a filled letter is
// recorded there), so they live in platform/case-documents-repository.ts; this is the cases feature's door to them.
export {
  type CaseDocumentRow,
  caseExists,
  listCaseDocuments,
  markCaseDocumentDeleted,
} from '../../platform/case-documents-repository';
