import { z } from 'zod';
import { listOf } from '../api/responses';
import { int4, text } from '../api/scalars';
import { IsoDateSchema, listQuerySchema } from '../list/list-query';
import { requiredRichText } from '../rich-text/rich-text';

/** 001 §2.5, §3, §4, §5, §7: SOC (occupation code) configuration. */
export const SOC_NAME_MAX = 15;
export const SOC_LIST_KEY = 'soc_codes';
export const SOC_SORT_PATHS = ['name', 'createdOn', 'updatedOn'] as const;
export const SOC_MAX_DOCUMENTS = 10;
export const WORD_ONLY_MESSAGE = 'Upload Only MS Word Files';
export const SOC_DUPLICATE_MESSAGE = 'SOC code already exists';
export const SOC_NAME_LOCKED_MESSAGE = 'Name cannot be changed';
export const WORD_MIMETYPES = [
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;

/** D-24: 'No SOC Codes Found' without a search (the spec's 'No Case Types Found' is a copy slip), R-SOC-020 after one. */
export const socEmptyText = (searching: boolean) => (searching ? 'No Results Found' : 'No SOC Codes Found');

/** R-SOC-029: a Word file by mimetype (msword or docx) or, where the browser gives none, by extension. */
export const isWordFile = (file: { name: string; type?: string }): boolean =>
  (WORD_MIMETYPES as readonly string[]).includes(file.type ?? '') || (!file.type && /\.(docx?)$/i.test(file.name));

export const SocDocumentSchema = z.object({
  name: z.string(),
  extn: z.string(),
  path: z.string(),
  mimetype: z.string(),
  uploadedBy: z.string(),
  uploadedByName: z.string(),
  uploadedByRoleId: z.number(),
  uploadedByRoleName: z.string(),
  status: z.boolean().optional(),
});
export type SocDocument = z.infer<typeof SocDocumentSchema>;

/** R-SOC-008/009/010/011: what a row offers. */
export const socRowActions = (row: { status: boolean; document: readonly unknown[] }) => ({
  view: row.document.length > 0,
  download: row.document.length === 0 ? null : row.document.length === 1 ? ('direct' as const) : ('documents' as const),
  statusAction: row.status ? ('Inactivate' as const) : ('Activate' as const),
});

/** R-SOC-014/015, D-25: the status confirm dialog; only inactivating asks for a New SOC Code (R-SOC-016). */
export const statusConfirm = (currentStatus: boolean) =>
  currentStatus
    ? { title: 'Inactivate SOC Configuration', message: 'Are you sure of Inactivate this?', needsNewCode: true }
    : { title: 'Activate SOC Configuration', message: 'Are you sure of Activate this?', needsNewCode: false };

/** A document as the client sends it back: what the upload answered, or an existing document. */
export const SocDocumentInputSchema = z
  .object({
    name: text().min(1).max(255),
    path: text().min(1).max(200),
    extn: text().max(10).optional(),
    mimetype: text().max(200).optional(),
    size: int4().nonnegative().optional(),
    secureType: z.enum(['public', 'private']).optional(),
    uploadedBy: text().max(64).optional(),
    uploadedByName: text().max(200).optional(),
    uploadedByRoleId: int4().optional(),
    uploadedByRoleName: text().max(200).optional(),
    status: z.boolean().optional(),
  })
  .strict();

const SocName = text()
  .trim()
  .min(1, 'Name is required')
  .max(SOC_NAME_MAX, `Name must be at most ${SOC_NAME_MAX} characters`);

/** R-SOC-024/032: the add payload `{name, designation, jobTitles, description, socId, socDetails, document, attachments}`. */
export const SocAddBodySchema = z
  .object({
    name: SocName,
    designation: text().trim().min(1, 'Designation is required').max(200, 'Designation must be at most 200 characters'),
    description: requiredRichText('Description'),
    jobTitles: requiredRichText('Job Titles'),
    /** The picked master-data SOC code (R-SOC-038), if any. */
    socId: int4().positive().nullable().optional(),
    /** The picked master entry as the form shows it; informative only, the server keeps name/designation. */
    socDetails: z
      .object({ name: text().max(200).optional(), designation: text().max(200).optional() })
      .strict()
      .nullable()
      .optional(),
    /** Documents kept (on edit: the existing ones the user did not remove). */
    document: z.array(SocDocumentInputSchema).max(SOC_MAX_DOCUMENTS).default([]),
    /** Files just uploaded in this form (R-SOC-028: templates are optional). */
    attachments: z.array(SocDocumentInputSchema).max(SOC_MAX_DOCUMENTS).default([]),
  })
  .strict();
export type SocAddBody = z.infer<typeof SocAddBodySchema>;

export const SocUpdateBodySchema = SocAddBodySchema.extend({ socCodeConfigId: z.uuid() }).strict();
export type SocUpdateBody = z.infer<typeof SocUpdateBodySchema>;

/** R-SOC-034/017/018: newSocCode only (and required) when inactivating. */
export const SocManageStatusBodySchema = z.discriminatedUnion('status', [
  z
    .object({
      socCodeConfigId: z.uuid(),
      status: z.literal(false),
      newSocCode: text()
        .trim()
        .min(1, 'New SOC Code is required')
        .max(SOC_NAME_MAX, `New SOC Code must be at most ${SOC_NAME_MAX} characters`),
    })
    .strict(),
  z.object({ socCodeConfigId: z.uuid(), status: z.literal(true) }).strict(),
]);
export type SocManageStatusBody = z.infer<typeof SocManageStatusBodySchema>;

/** R-SOC-035, R-SOC-030: at least one uploaded file, applied to every selected SOC. */
export const SocUpdateDocumentsBodySchema = z
  .object({
    socCodeConfigIds: z.array(z.uuid()).min(1, 'Select at least one SOC').max(100),
    document: z.array(SocDocumentInputSchema).min(1, 'Upload at least one file').max(SOC_MAX_DOCUMENTS),
  })
  .strict();
export type SocUpdateDocumentsBody = z.infer<typeof SocUpdateDocumentsBodySchema>;

export const SocDetailsBodySchema = z.object({ socCodeConfigId: z.uuid() }).strict();

/** R-SOC-031: `{page, perpage, filters {title, createdDateRange, statusList [boolean]}, sorting {path, order}}`. */
export const SocListBodySchema = listQuerySchema({
  sortPaths: SOC_SORT_PATHS,
  defaultSort: { path: 'createdOn', order: -1 },
  filters: {
    title: text().max(100).optional(),
    createdDateRange: z.union([z.tuple([]), z.tuple([IsoDateSchema, IsoDateSchema])]).optional(),
    statusList: z.array(z.boolean()).max(2).optional(),
  },
});
export type SocListBody = z.infer<typeof SocListBodySchema>;

/** R-SOC-003: the filter sends one boolean; Active (true) by default. */
export const DEFAULT_SOC_STATUS_FILTER = true;

/** R-SOC-021. */
export const SocCodeConfigSchema = z.object({
  _id: z.string(),
  socDetails: z.object({ name: z.string(), designation: z.string(), description: z.string(), jobTitles: z.string() }),
  socId: z.number().nullable(),
  document: z.array(SocDocumentSchema),
  status: z.boolean(),
  newSocCode: z.string().nullable(),
  createdOn: z.string(),
  updatedOn: z.string(),
});
export type SocCodeConfig = z.infer<typeof SocCodeConfigSchema>;
export const SocCodeConfigListSchema = listOf(SocCodeConfigSchema);
export const SocCodeConfigAddedSchema = z.object({ message: z.string(), socCodeConfigId: z.string() });
export const SocCodeConfigDetailsSchema = z.object({ socCodeConfig: SocCodeConfigSchema });

/** R-SOC-037: /messages/list {category: LETTER_VARIABLES} → messages.LETTER_VARIABLES. Placeholders a Word
 *  template may hold (docxtemplater-style {tags}); the letter areas fill them. */
export const MESSAGE_CATEGORIES = ['LETTER_VARIABLES'] as const;
export const MessagesListBodySchema = z.object({ category: z.enum(MESSAGE_CATEGORIES) }).strict();
export const LETTER_VARIABLES = [
  { key: '{socCode}', label: 'SOC code' },
  { key: '{socDesignation}', label: 'SOC designation (occupation title)' },
  { key: '{jobTitle}', label: 'Job title offered' },
  { key: '{beneficiaryFullName}', label: 'Beneficiary full name' },
  { key: '{petitionerName}', label: 'Petitioner (employer) name' },
  { key: '{petitionerAddress}', label: 'Petitioner address' },
  { key: '{worksiteAddress}', label: 'Work site address' },
  { key: '{offeredWage}', label: 'Offered wage' },
  { key: '{startDate}', label: 'Employment start date' },
  { key: '{todayDate}', label: "Today's date" },
] as const;

/** R-SOC-037's answer: the placeholders under the asked category. */
export const MessagesListSchema = z.object({
  messages: z.record(z.enum(MESSAGE_CATEGORIES), z.array(z.object({ key: z.string(), label: z.string() })).readonly()),
});
