import type { Tx } from '@caseport/db/client';
import { isAllowed, PERMISSIONS } from '@caseport/domain/auth/permissions';
import {
  ESIGN_FIELD_MESSAGES,
  ESIGN_FIELD_TYPE_LABELS,
  ESIGN_SIGNER_ROLE_LABELS,
  type EsignField,
  type EsignFieldsSaveBody,
  type EsignSignerRole,
} from '@caseport/domain/esign-fields/contracts';
import { fieldProblems, normalizeRotation, type PageBox } from '@caseport/domain/esign-fields/geometry';
import { TEMPLATE_MESSAGES } from '@caseport/domain/templates/contracts';
import type { PDFDocument } from 'pdf-lib';
import { recordAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { fieldError, fieldErrors, notFound } from '../../platform/errors';
import type { FileStorage } from '../../platform/file-storage';
import { findFileByPath } from '../../platform/files-repository';
import * as repo from './repository';

const documentError = () => fieldError('templateId', TEMPLATE_MESSAGES.documentRequired);

/**
 * The prepared document: the caller's own uploaded PDF (another tenant's or an unknown path is 404, like any
 * id; a file that is not a PDF is the document field's error), with its bytes.
 */
const documentOf = async (tx: Tx, ctx: RequestContext, storage: FileStorage, path: string) => {
  const file = await findFileByPath(tx, ctx.tenantId, path);
  if (!file) throw notFound('Template');
  if (file.mimetype !== 'application/pdf') throw documentError();
  const data = await storage.get(file.storedName);
  if (!data) throw notFound('Template');
  return { path: file.storedName, name: file.originalName, data };
};

// pdf-lib is loaded on first use, not at every server start (~0.1 s of a start, issue 38 finding 11).
const pdfLib = () => import('pdf-lib');

const loadPdf = async (data: Buffer) => {
  const { PDFDocument } = await pdfLib();
  try {
    return await PDFDocument.load(data, { ignoreEncryption: true, updateMetadata: false });
  } catch {
    throw documentError();
  }
};

/** Each page's view box (the crop box, which pdf-lib falls back to the media box for), page 1 first. */
const pageBoxesOf = (pdf: PDFDocument): PageBox[] =>
  pdf.getPages().map((p) => {
    const b = p.getCropBox();
    return [b.x, b.y, b.x + b.width, b.y + b.height] as const;
  });

const mayEdit = (ctx: RequestContext) =>
  isAllowed(PERMISSIONS['POST /api/pdf-sign/save-template-fields'], ctx.principal);

export const getFields = async (tx: Tx, ctx: RequestContext, storage: FileStorage, path: string) => {
  const doc = await documentOf(tx, ctx, storage, path);
  const row = await repo.findFields(tx, ctx.tenantId, doc.path);
  return {
    templateId: doc.path,
    document: { path: doc.path, name: doc.name },
    canEdit: mayEdit(ctx),
    fields: row?.fields ?? [],
  };
};

/**
 * Replaces the document's whole set of fields, after checking every field against the document's own pages:
 * one field outside its page refuses the set and nothing changes. Audited with the set before and after.
 */
export const saveFields = async (
  tx: Tx,
  ctx: RequestContext,
  storage: FileStorage,
  clock: Clock,
  body: EsignFieldsSaveBody,
) => {
  const doc = await documentOf(tx, ctx, storage, body.templateId);
  const problems = fieldProblems(body.fields, pageBoxesOf(await loadPdf(doc.data)));
  if (problems.length) throw fieldErrors(problems);
  const fields: EsignField[] = body.fields.map((f) => ({ ...f }));
  const existing = await repo.findFields(tx, ctx.tenantId, doc.path);
  const values = { fields, updatedBy: ctx.principal.userId, updatedOn: clock() };
  let id = existing?.id;
  if (id) await repo.updateFields(tx, ctx.tenantId, id, values);
  else id = await repo.insertFields(tx, ctx.tenantId, { ...values, documentPath: doc.path });
  await recordAudit(tx, ctx, {
    entity: 'esign_fields',
    entityId: id,
    action: existing ? 'update' : 'create',
    before: existing ? { documentPath: doc.path, fields: existing.fields } : null,
    after: { documentPath: doc.path, fields },
  });
  return { message: ESIGN_FIELD_MESSAGES.saved, fields };
};

/** One colour per signer role, so a reviewer tells the signers apart on the preview. */
const ROLE_COLOURS: Record<EsignSignerRole, [number, number, number]> = {
  signatory: [0.09, 0.4, 0.78],
  petitioner: [0.1, 0.55, 0.3],
  attorney: [0.6, 0.25, 0.7],
  beneficiary: [0.85, 0.45, 0.05],
};

/**
 * The "flattened preview": the document with every field drawn on its page as a box labelled with its role
 * and type, what a signer will be asked to fill. Labels follow the page's rotation so they read upright.
 */
export const flattenedPreview = async (tx: Tx, ctx: RequestContext, storage: FileStorage, path: string) => {
  const doc = await documentOf(tx, ctx, storage, path);
  const row = await repo.findFields(tx, ctx.tenantId, doc.path);
  const pdf = await loadPdf(doc.data);
  const { degrees, rgb, StandardFonts } = await pdfLib();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const pages = pdf.getPages();
  for (const field of row?.fields ?? []) {
    const page = pages[field.page - 1];
    if (!page) continue;
    const [r, g, b] = ROLE_COLOURS[field.role];
    const colour = rgb(r, g, b);
    page.drawRectangle({
      x: field.x,
      y: field.y,
      width: field.width,
      height: field.height,
      borderColor: colour,
      borderWidth: 1,
      color: colour,
      opacity: 0.08,
      borderOpacity: 1,
    });
    const rotation = normalizeRotation(page.getRotation().angle);
    const label = `${ESIGN_SIGNER_ROLE_LABELS[field.role]} ${ESIGN_FIELD_TYPE_LABELS[field.type]}`;
    const across = rotation === 90 || rotation === 270 ? field.height : field.width;
    const size = Math.max(4, Math.min(9, (across - 4) / Math.max(1, font.widthOfTextAtSize(label, 1))));
    // Upright on screen: the text turns with the page's rotation, starting from the box's corner that shows
    // as its top-left-ish reading origin.
    const origin =
      rotation === 0
        ? { x: field.x + 2, y: field.y + 2 }
        : rotation === 90
          ? { x: field.x + field.width - 2, y: field.y + 2 }
          : rotation === 180
            ? { x: field.x + field.width - 2, y: field.y + field.height - 2 }
            : { x: field.x + 2, y: field.y + field.height - 2 };
    page.drawText(label, { ...origin, size, font, color: colour, rotate: degrees(rotation) });
  }
  return { name: doc.name, data: Buffer.from(await pdf.save()) };
};
