import { z } from 'zod';
import { int4 } from '../api/scalars';
import { DocumentRefSchema, TEMPLATE_MESSAGES, TemplateDocumentSchema } from '../templates/contracts';

/**
 * E-sign field placement (issue 20, R-ESIGN-011 made real): the fields a signer fills, placed on the
 * prepared template document (the PDF `prepareTemplateId` names) per signer role. Positions are PDF user-space
 * points of the page they sit on (x, y = the box's lower-left corner, as pdf-lib draws), whole points
 * (SECURITY 13 scalars; a point is 0.35 mm).
 */

/** Who signs (002 §3.5 e-sign, the roles of 000 §2 that sign: authorized signatory 12, petitioner 50 ...). */
export const ESIGN_SIGNER_ROLES = ['signatory', 'petitioner', 'attorney', 'beneficiary'] as const;
export type EsignSignerRole = (typeof ESIGN_SIGNER_ROLES)[number];
export const ESIGN_SIGNER_ROLE_LABELS: Record<EsignSignerRole, string> = {
  signatory: 'Authorized Signatory',
  petitioner: 'Petitioner',
  attorney: 'Attorney',
  beneficiary: 'Beneficiary',
};

export const ESIGN_FIELD_TYPES = ['signature', 'initials', 'date', 'text'] as const;
export type EsignFieldType = (typeof ESIGN_FIELD_TYPES)[number];
export const ESIGN_FIELD_TYPE_LABELS: Record<EsignFieldType, string> = {
  signature: 'Signature',
  initials: 'Initials',
  date: 'Date',
  text: 'Text',
};
/** The size a dropped field starts with, in points. */
export const ESIGN_FIELD_DEFAULT_SIZE: Record<EsignFieldType, { width: number; height: number }> = {
  signature: { width: 160, height: 36 },
  initials: { width: 60, height: 30 },
  date: { width: 90, height: 20 },
  text: { width: 140, height: 20 },
};

export const ESIGN_MAX_FIELDS = 100;
export const ESIGN_MAX_PAGES = 2000;
/** Smallest field a signer can still fill (points). */
export const ESIGN_MIN_FIELD_SIZE = 8;
/** Far beyond any page (PDF's own limit is 14,400 points); the page box check narrows it. */
const COORD_MAX = 100_000;

export const ESIGN_FIELD_MESSAGES = {
  outside: 'The field must lie inside its page',
  noPage: 'The document has no such page',
  tooMany: `At most ${ESIGN_MAX_FIELDS} fields`,
  saved: 'Signature fields saved successfully',
} as const;

const coordinate = () =>
  int4().min(-COORD_MAX, ESIGN_FIELD_MESSAGES.outside).max(COORD_MAX, ESIGN_FIELD_MESSAGES.outside);
const size = () =>
  int4()
    .min(ESIGN_MIN_FIELD_SIZE, `A field is at least ${ESIGN_MIN_FIELD_SIZE} points wide and high`)
    .max(COORD_MAX, ESIGN_FIELD_MESSAGES.outside);

export const EsignFieldSchema = z
  .object({
    page: int4().min(1, ESIGN_FIELD_MESSAGES.noPage).max(ESIGN_MAX_PAGES, ESIGN_FIELD_MESSAGES.noPage),
    x: coordinate(),
    y: coordinate(),
    width: size(),
    height: size(),
    role: z.enum(ESIGN_SIGNER_ROLES),
    type: z.enum(ESIGN_FIELD_TYPES),
  })
  .strict();
export type EsignField = z.infer<typeof EsignFieldSchema>;

const documentRef = () => DocumentRefSchema(TEMPLATE_MESSAGES.documentRequired);

/** POST /api/pdf-sign/template-fields {templateId}: the prepared document (its stored path) and its fields. */
export const EsignFieldsQuerySchema = z.object({ templateId: documentRef() }).strict();
export const EsignFieldsSchema = z.object({
  templateId: z.string(),
  document: TemplateDocumentSchema,
  /** The caller may save (roles that see Add, R-LIST-012); the page is read-only otherwise. */
  canEdit: z.boolean(),
  fields: z.array(EsignFieldSchema),
});
export type EsignFields = z.infer<typeof EsignFieldsSchema>;

/** POST /api/pdf-sign/save-template-fields: the whole set replaces the stored one, or nothing changes. */
export const EsignFieldsSaveBodySchema = z
  .object({
    templateId: documentRef(),
    fields: z.array(EsignFieldSchema).max(ESIGN_MAX_FIELDS, ESIGN_FIELD_MESSAGES.tooMany),
  })
  .strict();
export type EsignFieldsSaveBody = z.infer<typeof EsignFieldsSaveBodySchema>;
export const EsignFieldsSavedSchema = z.object({ message: z.string(), fields: z.array(EsignFieldSchema) });

/** GET /api/pdf-sign/flattened-preview?templateId=: the PDF with the fields drawn on it. */
export const EsignPreviewQuerySchema = z
  .object({ templateId: documentRef(), download: z.enum(['0', '1']).optional() })
  .strict();
