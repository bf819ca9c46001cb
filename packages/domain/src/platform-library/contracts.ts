import { z } from 'zod';
import { listOf } from '../api/responses';
import { IntIdSchema, text } from '../api/scalars';
import { IsoDateSchema } from '../list/list-query';

/**
 * Issue 21: the platform's library (Forms and Letters tab, roles 1 and 2), its default case configurations
 * (Case Configuration tab, roles 1 and 2) and the case-type catalogue (Case Types tab: role 1 edits).
 */
export const PLATFORM_FORM_KINDS = ['Form', 'Letter'] as const;
export type PlatformFormKind = (typeof PLATFORM_FORM_KINDS)[number];
export const FORM_TITLE_MAX = 200;
export const FORM_NUMBER_MAX = 20;
export const FORM_DESCRIPTION_MAX = 1000;
/** A USCIS form number: letters, digits and dashes ("I-129", "N-400", "I-821D"). */
export const FORM_NUMBER_PATTERN = /^[A-Za-z]{1,4}-?[0-9]{1,4}[A-Za-z]{0,3}$/;
export const FORM_NUMBER_REQUIRED = 'Form number is required for a form';
export const FORM_NUMBER_TAKEN = 'A form with this number already exists';
export const EDITION_TAKEN = 'This form already has an edition of that date';
export const EDITION_DOCUMENT_MESSAGE = 'Upload the edition as a PDF file';
export const LETTER_DOCUMENT_MESSAGE = 'Upload the letter as a PDF or Word file';
export const LIBRARY_EMPTY_TEXT = 'No Results Found';

/** USCIS writes edition dates as MM/DD/YY ("Edition 01/17/25"); we store the ISO date. */
export const formatEdition = (isoDate: string): string => {
  const [y, m, d] = isoDate.split('-');
  return `${m}/${d}/${(y ?? '').slice(2)}`;
};

/** The edition new cases get: the newest edition date (ISO dates sort as text). */
export const currentEditionOf = <E extends { editionDate: string }>(editions: readonly E[]): E | null =>
  editions.reduce<E | null>((best, e) => (!best || e.editionDate > best.editionDate ? e : best), null);

/**
 * Whether a library entry is offered in the checklist of a sub-type: it names the sub-type, or its case type,
 * or nothing at all (a form every case may need, such as the G-28).
 */
export const isOfferedFor = (
  entry: { caseTypeIds: readonly number[]; caseSubTypeIds: readonly number[] },
  typeId: number,
  subTypeId: number,
): boolean =>
  (entry.caseTypeIds.length === 0 && entry.caseSubTypeIds.length === 0) ||
  entry.caseTypeIds.includes(typeId) ||
  entry.caseSubTypeIds.includes(subTypeId);

/** A checklist entry's scope (absent ids: offered everywhere). */
export const libraryScope = (f: { caseTypeIds?: readonly number[]; caseSubTypeIds?: readonly number[] }) => ({
  caseTypeIds: f.caseTypeIds ?? [],
  caseSubTypeIds: f.caseSubTypeIds ?? [],
});

/** The Download link of a platform entry in a tenant's checklist (the current edition's document). */
export const libraryDocumentUrl = (formId: string) =>
  `/api/platform-library/forms/document?formId=${encodeURIComponent(formId)}`;

const DocumentSchema = z.object({ path: z.string(), name: z.string() });

export const FormEditionSchema = z.object({
  _id: z.string(),
  editionDate: z.string(),
  document: DocumentSchema.nullable(),
});
export type FormEdition = z.infer<typeof FormEditionSchema>;

export const PlatformFormSchema = z.object({
  _id: z.string(),
  kind: z.enum(PLATFORM_FORM_KINDS),
  formNumber: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  /** The spec's `fromTenant`: the tenant a shared letter came from. */
  fromTenant: z.object({ _id: z.string(), name: z.string() }).nullable(),
  caseTypeIds: z.array(z.number()),
  caseSubTypeIds: z.array(z.number()),
  active: z.boolean(),
  /** Newest first; the first is the current edition. */
  editions: z.array(FormEditionSchema),
});
export type PlatformForm = z.infer<typeof PlatformFormSchema>;
export const PlatformFormListSchema = listOf(PlatformFormSchema);

export const PlatformFormListBodySchema = z
  .object({
    kind: z.enum(PLATFORM_FORM_KINDS).optional(),
    searchString: text().max(100).optional(),
  })
  .strict();
export type PlatformFormListBody = z.infer<typeof PlatformFormListBodySchema>;

export const PlatformFormSaveBodySchema = z
  .object({
    /** Absent: a new entry. */
    formId: z.uuid().optional(),
    kind: z.enum(PLATFORM_FORM_KINDS),
    formNumber: text()
      .trim()
      .max(FORM_NUMBER_MAX)
      .regex(FORM_NUMBER_PATTERN, 'Form number looks like I-129')
      .nullable()
      .optional(),
    title: text()
      .trim()
      .min(1, 'Title is required')
      .max(FORM_TITLE_MAX, `Title must be at most ${FORM_TITLE_MAX} characters`),
    description: text().trim().max(FORM_DESCRIPTION_MAX).nullable().optional(),
    fromTenantId: z.uuid().nullable().optional(),
    caseTypeIds: z.array(IntIdSchema).max(200).default([]),
    caseSubTypeIds: z.array(IntIdSchema).max(1000).default([]),
    active: z.boolean().default(true),
  })
  .strict()
  .refine((b) => b.kind !== 'Form' || !!b.formNumber, { message: FORM_NUMBER_REQUIRED, path: ['formNumber'] });
export type PlatformFormSaveBody = z.input<typeof PlatformFormSaveBodySchema>;
export const PlatformFormSavedSchema = z.object({ message: z.string(), form: PlatformFormSchema });

export const FormEditionAddBodySchema = z
  .object({
    formId: z.uuid(),
    editionDate: IsoDateSchema,
    /** The stored path of the document the caller uploaded (POST /api/common/upload). */
    documentPath: text().max(200),
  })
  .strict();
export type FormEditionAddBody = z.infer<typeof FormEditionAddBodySchema>;

/** Case Configuration (petitionConfigList): the platform's default per sub-type. */
export const PlatformCaseConfigSchema = z.object({
  /** A platform questionnaire template; a tenant's configuration gets its latest published version. */
  questionnaireId: z.string().nullable(),
  questionnaireName: z.string().nullable(),
  linkDefaultWorkflow: z.boolean(),
  formIds: z.array(z.string()),
});
export type PlatformCaseConfig = z.infer<typeof PlatformCaseConfigSchema>;
export const PlatformCaseConfigRowSchema = z.object({
  typeId: z.number(),
  typeName: z.string(),
  typeCode: z.string(),
  subTypeId: z.number(),
  subTypeName: z.string(),
  subTypeCode: z.string(),
  config: PlatformCaseConfigSchema.nullable(),
});
export type PlatformCaseConfigRow = z.infer<typeof PlatformCaseConfigRowSchema>;
/** A published platform questionnaire a configuration may pick, with its latest published version. */
export const PublishedQuestionnaireSchema = z.object({
  _id: z.string(),
  name: z.string(),
  entityType: z.string(),
  version: z.number(),
});
export type PublishedQuestionnaire = z.infer<typeof PublishedQuestionnaireSchema>;
export const PlatformCaseConfigListSchema = listOf(PlatformCaseConfigRowSchema).extend({
  /** The questionnaires a default may pick: the platform's published ones (the tenants' picker lists the same). */
  questionnaireOptions: z.array(PublishedQuestionnaireSchema),
});
export type PlatformCaseConfigList = z.infer<typeof PlatformCaseConfigListSchema>;
export const PlatformCaseConfigListBodySchema = z
  .object({ typeIds: z.array(IntIdSchema).max(200).optional() })
  .strict();
export const UNKNOWN_QUESTIONNAIRE = 'Choose a published questionnaire';
export const PlatformCaseConfigSaveBodySchema = z
  .object({
    typeId: IntIdSchema,
    subTypeId: IntIdSchema,
    questionnaireId: z.uuid({ error: UNKNOWN_QUESTIONNAIRE }).nullable(),
    linkDefaultWorkflow: z.boolean(),
    formIds: z.array(z.uuid()).max(200),
  })
  .strict();
export type PlatformCaseConfigSaveBody = z.infer<typeof PlatformCaseConfigSaveBodySchema>;
export const PlatformCaseConfigDeleteBodySchema = z.object({ subTypeId: IntIdSchema }).strict();

/** A case's platform forms and the edition each was opened with, and its questionnaire version. */
export const CaseFormEditionsBodySchema = z.object({ caseId: z.uuid() }).strict();
export const CaseFormEditionsSchema = listOf(
  z.object({
    formId: z.string(),
    formNumber: z.string().nullable(),
    title: z.string(),
    editionId: z.string(),
    editionDate: z.string(),
  }),
).extend({
  caseNumber: z.string(),
  /** The questionnaire version recorded when the case was opened (null: its configuration had none). */
  questionnaire: z.object({ questionnaireId: z.string(), name: z.string(), version: z.number() }).nullable(),
});
export type CaseFormEditions = z.infer<typeof CaseFormEditionsSchema>;

/** GET /api/platform-library/forms/document: the current edition's document of a library entry. */
export const LibraryDocumentQuerySchema = z.object({ formId: z.uuid() }).strict();
