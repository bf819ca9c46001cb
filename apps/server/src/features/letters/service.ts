import type { Db, Tx } from '@caseport/db/client';
import { FORM_TYPE_OPTIONS, type FormLetterType } from '@caseport/domain/case-types/contracts';
import { letterValuesOf, missingFieldsOf } from '@caseport/domain/cases/sources';
import type { UploadPurposeKey } from '@caseport/domain/files/purposes';
import {
  type FormLetterCreateBody,
  type FormLetterFillBody,
  type FormLetterListBody,
  type FormLetterRecord,
  type FormLetterUpdateBody,
  HEADER_DOC_TYPE,
  LETTER_MESSAGES,
} from '@caseport/domain/letters/contracts';
import { recordAudit } from '../../platform/audit';
import { recordCaseDocument } from '../../platform/case-documents';
import { caseViewOf } from '../../platform/case-view';
import type { Clock } from '../../platform/clock';
import { readInTenant, runInTenant, type TenantContext } from '../../platform/context';
import { checkDocxTemplate, fillDocxTemplate, tooComplex } from '../../platform/docx-worker';
import { fieldError, notFound } from '../../platform/errors';
import type { FileStorage } from '../../platform/file-storage';
import { type IncomingFile, keepingUploads, recordUploads, writeUploads } from '../../platform/files';
import { findFileByPath } from '../../platform/files-repository';
import { offeredPlatformForms } from '../../platform/library-offer';
import { ensureLibrary } from '../../platform/starter-library';
import { tenantDay } from '../../platform/tenant-day';
import { docxToPdf } from './docx';
import * as repo from './repository';

type Row = Awaited<ReturnType<typeof repo.listFormLetters>>['list'][number];
/** R-LETTER-015's record (and the case-type configuration's picker fields). */
const recordOf = (r: Row): FormLetterRecord => ({
  _id: r._id,
  name: r.name,
  type: r.type as FormLetterType,
  docTypeId: r.docTypeId === HEADER_DOC_TYPE ? HEADER_DOC_TYPE : null,
  description: r.description,
  edition: r.edition,
  tenantId: r.tenantId,
  fromTenant: r.fromTenant,
  caseTypeDetails: r.caseTypeId ? { id: r.caseTypeId, name: r.caseTypeName ?? '' } : null,
  caseSubTypeDetails: r.caseSubTypeId ? { id: r.caseSubTypeId, name: r.caseSubTypeName ?? '' } : null,
  docTypeDetails: r.docTypeId === HEADER_DOC_TYPE ? { name: 'Header Template' } : { name: r.type },
  createdOn: r.createdOn,
  document: { path: r.documentPath, name: r.documentName },
  prepareTemplateId: r.documentPath,
  tplType: r.docTypeId ?? r.type,
});

const ONE: FormLetterListBody = { page: 1, perpage: 1, filters: {} };
const itemOf = async (tx: Tx, tenantId: string, id: string) => {
  const row = (await repo.listFormLetters(tx, tenantId, ONE, id)).list[0];
  return row ? recordOf(row) : null;
};

/** R-CASETYPE-014, R-LETTER-012..014. The starter library is created on the tenant's first read. */
export const listFormLetters = async (tx: Tx, ctx: TenantContext, storage: FileStorage, q: FormLetterListBody) => {
  // Role 1 reading a tenant's checklist does not create the tenant's starter library (a read).
  if (!ctx.actingTenantId) await ensureLibrary(tx, ctx, storage);
  const page = await repo.listFormLetters(tx, ctx.tenantId, q);
  const own = page.list.map((r) => ({ ...recordOf(r), library: 'tenant' as const }));
  // Issue 21: the case-type checklist asks for the platform library's entries too (a few dozen), after the
  // tenant's own on the first page. It asks with the spec's own call, {page, perpage, getMasterData}
  // (R-CASETYPE-014), or with withPlatformLibrary (role 1 reading a tenant's checklist); the Letter and Header
  // Templates lists send neither, so a filter there never decides it.
  const platform = q.withPlatformLibrary || q.getMasterData ? await offeredPlatformForms(tx) : [];
  return {
    list: q.page === 1 ? [...own, ...platform] : own,
    totalCount: page.totalCount + platform.length,
    ...(q.getMasterData ? { masterData: { formTypes: FORM_TYPE_OPTIONS } } : {}),
  };
};

/** R-CASETYPE-015, R-LETTER-006: deletes a form or letter (and takes it out of every configuration). */
export const deleteFormLetter = async (tx: Tx, ctx: TenantContext, formAndLetterId: string) => {
  const row = await repo.findFormLetter(tx, ctx.tenantId, formAndLetterId);
  if (!row) throw notFound('Form or letter');
  await repo.deleteFormLetter(tx, ctx.tenantId, formAndLetterId);
  await recordAudit(tx, ctx, {
    entity: 'form_letter',
    entityId: row.id,
    action: 'delete',
    before: { name: row.name, type: row.type, docTypeId: row.docTypeId },
  });
  return { message: 'Form or letter deleted successfully' };
};

/** The letter's document, read and checked before the save's transaction (checkedLetterDocument). */
export type LetterDocument = { path: string; name: string } | { refused: Error };

/**
 * The saved document must be the caller's own upload, a real .docx (a zip with word/document.xml: a .doc or a
 * renamed file is refused) within the issue 39 limits whose {tags} compile: "{beneficiary_name" without its
 * brace is a 400 naming it. Issue 39: the parse runs in a document worker, outside any transaction (the
 * upload's row is read in a short one of its own); the save throws the refusal in its turn (after the name).
 */
export const checkedLetterDocument = async (
  db: Db,
  ctx: TenantContext,
  storage: FileStorage,
  path: string,
): Promise<LetterDocument> => {
  const file = await runInTenant(db, ctx, (tx) => findFileByPath(tx, ctx.tenantId, path));
  if (!file) return { refused: fieldError('templateId', LETTER_MESSAGES.documentRequired) };
  const data = file.extn === 'docx' ? await storage.get(file.storedName) : null;
  const problem = data ? await checkDocxTemplate(data) : { kind: 'not-docx' as const };
  if (problem?.kind === 'not-docx') return { refused: fieldError('templateId', LETTER_MESSAGES.notWord) };
  if (problem?.kind === 'tags') return { refused: fieldError('templateId', problem.message) };
  if (problem?.kind === 'too-complex') return { refused: tooComplex('templateId', problem) };
  return { path: file.storedName, name: file.originalName };
};

const checkedCaseTypes = async (tx: Tx, body: FormLetterCreateBody) => {
  const typeId = body.caseTypeId ?? null;
  const subTypeId = body.caseSubTypeId ?? null;
  if (typeId && !(await repo.caseTypeExists(tx, typeId))) {
    throw fieldError('caseTypeId', LETTER_MESSAGES.caseTypeRequired);
  }
  if (subTypeId && (!typeId || (await repo.subTypeOf(tx, subTypeId)) !== typeId)) {
    throw fieldError('caseSubTypeId', 'Case Subtype does not belong to the Case Type');
  }
  return { caseTypeId: typeId, caseSubTypeId: subTypeId };
};

/** R-LETTER-010 (id null) and R-LETTER-011: the editor's callbacks. */
const save = async (
  tx: Tx,
  ctx: TenantContext,
  clock: Clock,
  id: string | null,
  body: FormLetterCreateBody,
  doc: LetterDocument,
) => {
  const before = id ? await itemOf(tx, ctx.tenantId, id) : null;
  if (id && !before) throw notFound('Letter');
  const docTypeId = body.docTypeId ?? null;
  if (await repo.nameTaken(tx, ctx.tenantId, body.name, docTypeId, id ?? undefined)) {
    throw fieldError('name', docTypeId ? 'Letter header name already exists' : 'Letter name already exists');
  }
  if ('refused' in doc) throw doc.refused;
  const values = {
    name: body.name,
    type: body.type,
    docTypeId,
    description: body.description ?? null,
    edition: body.edition ?? null,
    fromTenant: body.fromTenant ?? true,
    ...(await checkedCaseTypes(tx, body)),
    documentPath: doc.path,
    documentName: doc.name,
    updatedOn: clock(),
  };
  const savedId = id ?? (await repo.insertFormLetter(tx, ctx.tenantId, values));
  if (id) await repo.updateFormLetter(tx, ctx.tenantId, id, values);
  const item = await itemOf(tx, ctx.tenantId, savedId);
  await recordAudit(tx, ctx, {
    entity: 'form_letter',
    entityId: savedId,
    action: id ? 'update' : 'create',
    before,
    after: item,
  });
  const noun = docTypeId ? 'Letter header' : 'Letter';
  return { message: `${noun} ${id ? 'updated' : 'created'} successfully`, item };
};

export const createFormLetter = (
  tx: Tx,
  ctx: TenantContext,
  clock: Clock,
  body: FormLetterCreateBody,
  doc: LetterDocument,
) => save(tx, ctx, clock, null, body, doc);

export const updateFormLetter = (
  tx: Tx,
  ctx: TenantContext,
  clock: Clock,
  body: FormLetterUpdateBody,
  doc: LetterDocument,
) => save(tx, ctx, clock, body.formAndLetterId, body, doc);

/**
 * The letter filled for one of the tenant's cases (issue 20, issue 34 item 6): every tag's value from the case's
 * people and facts (letterValuesOf), dates as the firm's calendar dates; stored as the tenant's file and
 * downloaded through /common/viewfile. `missing` names the tags left blank, `missingFields` where each is held.
 */
export const fillFormLetter = async (
  db: Db,
  ctx: TenantContext,
  storage: FileStorage,
  clock: Clock,
  body: FormLetterFillBody,
) => {
  // Issue 39: the letter and the case are read first (read batches, no transaction: on PGlite each of its
  // statements waits its turn, so another tenant's requests are served between them), the document is filled in
  // a document worker with nothing held, and the filled file is stored in a transaction of its own.
  const { letter, view } = await readInTenant(db, ctx, async (tx) => {
    const letter = await repo.findFormLetter(tx, ctx.tenantId, body.formAndLetterId);
    if (!letter) throw notFound('Letter');
    const view = await caseViewOf(tx, ctx.tenantId, body.caseId, await tenantDay(tx, ctx.tenantId, clock()));
    if (!view) throw notFound('Case');
    return { letter, view };
  });
  const data = await storage.get(letter.documentPath);
  if (!data) throw notFound('File');
  const values = letterValuesOf(view);
  const filled = await fillDocxTemplate(data, values);
  if (filled.kind === 'not-docx') throw fieldError('formAndLetterId', LETTER_MESSAGES.notWord);
  if (filled.kind === 'tags') throw fieldError('formAndLetterId', filled.message);
  if (filled.kind === 'too-complex') throw tooComplex('formAndLetterId', filled);
  const missing = filled.missing.map((m) => `{${m}}`);
  const missingFields = missingFieldsOf(filled.missing);
  // Issue 34: a fill that finds tags without a value only lists them and stores nothing; the file is made (and
  // becomes one of the case's documents) when the user asks for it anyway.
  if (missing.length && !body.anyway) {
    return { message: 'Some values are missing', document: null, missing, missingFields };
  }
  const base = `${letter.name} - ${view.caseNumber}`;
  // Checked in the document process (docx-job.ts): stored without inflating it again on the request thread.
  let file: IncomingFile & { purpose: UploadPurposeKey } = {
    filename: `${base}.docx`,
    data: filled.data,
    checked: filled.type,
    purpose: 'word',
  };
  if (body.format === 'pdf') {
    const pdf = await docxToPdf(filled.data);
    if (!pdf) throw fieldError('format', PDF_UNAVAILABLE);
    if (pdf === 'failed') throw fieldError('format', PDF_FAILED);
    file = { filename: `${base}.pdf`, data: pdf, purpose: 'pdf' };
  }
  const written = await writeUploads(storage, file.purpose, 'private', [
    { filename: file.filename.replace(/[\\/]/g, '-'), data: file.data, checked: file.checked },
  ]);
  const stored = await keepingUploads(written, () =>
    runInTenant(db, ctx, async (tx) => {
      const [stored] = await recordUploads(tx, ctx, written, { audit: false });
      // Issue 34: the filled letter is one of the case's documents; its row is the audit of the fill (SECURITY 19).
      await recordCaseDocument(tx, ctx, {
        caseId: body.caseId,
        kind: 'letter',
        name: stored!.name,
        filePath: stored!.path,
        formLetterId: letter.id,
      });
      return stored;
    }),
  );
  return {
    message: missing.length ? 'Letter filled; some values are missing' : 'Letter filled successfully',
    document: { path: stored!.path, name: stored!.name },
    missing,
    missingFields,
  };
};

export const PDF_FAILED = 'LibreOffice could not convert this letter to PDF: download the .docx';
export const PDF_UNAVAILABLE = 'PDF needs LibreOffice on the server, which is not installed: download the .docx';
