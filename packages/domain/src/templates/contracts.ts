import { z } from 'zod';
import { listOf, timestamp } from '../api/responses';
import { int4, text } from '../api/scalars';
import { listQuerySchema } from '../list/list-query';

/**
 * Document templates (002 §2.6-2.9, §3.5-3.7, §5.4-5.5, §7.5-7.7): e-sign templates, contract templates and
 * the service agreement. Each holds one PDF "template document" uploaded through /api/common/upload
 * (purpose 'pdf'); the template refers to it by the stored path the upload answered (`templateId` of
 * contracts and agreements, `prepareTemplateId` of e-sign templates — the spec's names for the document id
 * in the document service, which is ours).
 */

/** 002 §9 / R-ESIGN-007. */
export const WORK_LOCATION_OPTIONS = [1, 2, 3] as const;
export const TEMPLATE_NAME_MAX = 100;
/** R-LIST-010. */
export const TEMPLATES_EMPTY_TEXT = 'No Results Found';
/** R-LIST-011: every template list but letters. */
export const TEMPLATE_DELETE_QUESTION = 'Are you sure to continue?';
/** R-AGREE-006. */
export const ONE_AGREEMENT_MESSAGE = 'Already One Service Agreement Present';
/** R-LIST-012: roles that see the Add button (and may create, update and delete: the server holds the same). */
export const TEMPLATE_EDITOR_ROLES = [1, 2, 3] as const;
/** R-ESIGN-010 / R-AGREE-008: the type lists' master-data page size. */
export const TEMPLATE_TYPE_PAGE_SIZE = 10000;
/** R-LIST-008: on the template lists only createdOn starts descending. */
export const TEMPLATE_DESCENDING_PATHS = ['createdOn'] as const;

export const TEMPLATE_MESSAGES = {
  nameRequired: 'Name is required',
  typeRequired: 'Type is required',
  workLocationsRequired: 'No of Work Locations is required',
  documentRequired: 'Template Document is required',
  agreementDocumentRequired: 'Agreement Document is required',
} as const;

/** A stored upload's path, "private/<32 hex>.<ext>" (see apps/server platform/file-storage). */
export const DocumentRefSchema = (message: string) =>
  text({ error: message })
    .trim()
    .min(1, message)
    .max(200)
    .regex(/^private\/[a-f0-9]{32}\.[a-z0-9]{1,5}$/, message);

export const TemplateNameSchema = text({ error: TEMPLATE_MESSAGES.nameRequired })
  .trim()
  .min(1, TEMPLATE_MESSAGES.nameRequired)
  .max(TEMPLATE_NAME_MAX, `Name must be at most ${TEMPLATE_NAME_MAX} characters`);

const IntTypeSchema = (message: string) =>
  int4({ error: message }).int(message).min(1, message).max(1_000_000, message);

// ---- lists (R-ESIGN-012, R-CONTRACT-006, R-AGREE-009): {filters {title}, page, perpage, sorting} ----

const listBody = <const Paths extends readonly [string, ...string[]]>(sortPaths: Paths) =>
  listQuerySchema({
    sortPaths,
    defaultSort: { path: 'createdOn', order: -1 } as { path: Paths[number]; order: -1 },
    filters: { title: text().max(100).optional() },
  });

export const ESIGN_SORT_PATHS = ['name', 'tplTypeName', 'noOfWorkLocations', 'createdOn'] as const;
export const CONTRACT_SORT_PATHS = ['name', 'createdOn'] as const;
export const AGREEMENT_SORT_PATHS = ['serviceTypeName', 'name', 'createdOn'] as const;

export const EsignListBodySchema = listBody(ESIGN_SORT_PATHS);
export const ContractListBodySchema = listBody(CONTRACT_SORT_PATHS);
export const AgreementListBodySchema = listBody(AGREEMENT_SORT_PATHS);
export type EsignListBody = z.infer<typeof EsignListBodySchema>;
export type ContractListBody = z.infer<typeof ContractListBodySchema>;
export type AgreementListBody = z.infer<typeof AgreementListBodySchema>;

// ---- e-sign (R-ESIGN-004..009, 013..015) ----

export const EsignSaveBodySchema = z
  .object({
    name: TemplateNameSchema,
    tplType: IntTypeSchema(TEMPLATE_MESSAGES.typeRequired),
    prepareTemplateId: DocumentRefSchema(TEMPLATE_MESSAGES.documentRequired),
    noOfWorkLocations: z.union([z.literal(1), z.literal(2), z.literal(3)], {
      error: TEMPLATE_MESSAGES.workLocationsRequired,
    }),
  })
  .strict();
export const EsignUpdateBodySchema = EsignSaveBodySchema.extend({ templateId: z.uuid() }).strict();
export const EsignDeleteBodySchema = z.object({ templateId: z.uuid() }).strict();
export type EsignSaveBody = z.infer<typeof EsignSaveBodySchema>;
export type EsignUpdateBody = z.infer<typeof EsignUpdateBodySchema>;

// ---- contract templates (R-CONTRACT-003..009) ----

export const ContractCreateBodySchema = z
  .object({ name: TemplateNameSchema, templateId: DocumentRefSchema(TEMPLATE_MESSAGES.documentRequired) })
  .strict();
export const ContractUpdateBodySchema = ContractCreateBodySchema.extend({ contractTemplateId: z.uuid() }).strict();
export const ContractDeleteBodySchema = z.object({ contractTemplateId: z.uuid() }).strict();
export type ContractCreateBody = z.infer<typeof ContractCreateBodySchema>;
export type ContractUpdateBody = z.infer<typeof ContractUpdateBodySchema>;

// ---- service agreements (R-AGREE-003..012) ----

export const AgreementCreateBodySchema = z
  .object({
    name: TemplateNameSchema,
    serviceType: IntTypeSchema(TEMPLATE_MESSAGES.typeRequired),
    /** Sent by the client as the spec says; the server stores the master-data name of `serviceType`. */
    serviceTypeName: text().max(200).optional(),
    templateId: DocumentRefSchema(TEMPLATE_MESSAGES.agreementDocumentRequired),
  })
  .strict();
export const AgreementUpdateBodySchema = AgreementCreateBodySchema.extend({ agreementId: z.uuid() }).strict();
export const AgreementDeleteBodySchema = z.object({ agreementId: z.uuid() }).strict();
export type AgreementCreateBody = z.infer<typeof AgreementCreateBodySchema>;
export type AgreementUpdateBody = z.infer<typeof AgreementUpdateBodySchema>;

// ---- the document frame (R-ESIGN-011, R-API-017) ----

export const TEMPLATE_KINDS = ['esign', 'contract', 'agreement'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/**
 * POST /pdf-sign/get-tpl-prepare-iframe-url {type, editing, templateId}: `templateId` is the document's stored
 * path; the answer's `url` shows it in a frame. Preparing a new agreement (editing false) while one exists is
 * refused (R-AGREE-006).
 */
export const PrepareUrlBodySchema = z
  .object({
    type: z.enum(TEMPLATE_KINDS),
    editing: z.boolean(),
    templateId: DocumentRefSchema(TEMPLATE_MESSAGES.documentRequired),
  })
  .strict();
export type PrepareUrlBody = z.infer<typeof PrepareUrlBodySchema>;
export const PrepareUrlAnswerSchema = z.object({ url: z.string(), templateId: z.string() });
export type PrepareUrlAnswer = z.infer<typeof PrepareUrlAnswerSchema>;

// ---- list items ----

export const TemplateDocumentSchema = z.object({ path: z.string(), name: z.string() });
export type TemplateDocument = z.infer<typeof TemplateDocumentSchema>;

const TemplateBaseSchema = z.object({
  _id: z.string(),
  name: z.string(),
  document: TemplateDocumentSchema,
  createdOn: timestamp(),
  updatedOn: timestamp(),
});
/** R-ESIGN-009. */
export const EsignTemplateItemSchema = TemplateBaseSchema.extend({
  tplType: z.number(),
  tplTypeName: z.string(),
  prepareTemplateId: z.string(),
  noOfWorkLocations: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  templateId: z.string(),
});
/** As the web reads it (dates as text). */
export type EsignTemplateItem = z.input<typeof EsignTemplateItemSchema>;
/** R-CONTRACT-005. */
export const ContractTemplateItemSchema = TemplateBaseSchema.extend({ templateId: z.string() });
/** As the web reads it (dates as text). */
export type ContractTemplateItem = z.input<typeof ContractTemplateItemSchema>;
/** R-AGREE-007. */
export const AgreementItemSchema = TemplateBaseSchema.extend({
  serviceType: z.number(),
  serviceTypeName: z.string(),
  templateId: z.string(),
});
/** As the web reads it (dates as text). */
export type AgreementItem = z.input<typeof AgreementItemSchema>;
export const EsignTemplateListSchema = listOf(EsignTemplateItemSchema);
export const ContractTemplateListSchema = listOf(ContractTemplateItemSchema);
export const AgreementListSchema = listOf(AgreementItemSchema);
/**
 * A save answers the template as its list shows it (null only if it vanished meanwhile): an e-sign template,
 * an agreement or a contract template. The richest shape is tried first, so none of their fields is dropped.
 */
export const TemplateSavedSchema = z.object({
  message: z.string(),
  item: z.union([EsignTemplateItemSchema, AgreementItemSchema, ContractTemplateItemSchema]).nullable(),
});
