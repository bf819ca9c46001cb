import { z } from 'zod';
import { listOf, timestamp } from '../api/responses';
import { int4, text } from '../api/scalars';
import { DefinitionSchema, QUESTIONNAIRE_LIMITS } from './definition';

/**
 * Questionnaire Templates (tab questionnaireTemplateList, role 1; issue 21): the platform's library of
 * questionnaires. A questionnaire has numbered versions; a published version never changes, editing works on
 * the one draft (created from the latest published version when there is none), and publishing turns the
 * draft into the next published version. Tenants pick published questionnaires in their case-type
 * configuration (`/api/questionnaire/list`, the spec's call).
 */
/**
 * Who fills a questionnaire in: the beneficiary (or applicant), the petitioner company's contact, or the sponsor of
 * a family case (the U.S. citizen or permanent resident relative of an I-130, who has no petitioner company).
 */
export const ENTITY_TYPES = ['beneficiary', 'petitioner', 'sponsor'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];
export const ENTITY_TYPE_LABELS: Record<EntityType, string> = {
  beneficiary: 'Beneficiary / applicant',
  petitioner: 'Petitioner',
  sponsor: 'Sponsor',
};
export const VERSION_STATUSES = ['draft', 'published'] as const;
export type VersionStatus = (typeof VERSION_STATUSES)[number];

export const QUESTIONNAIRES_EMPTY_TEXT = 'No Results Found';
export const QUESTIONNAIRE_DUPLICATE_MESSAGE = 'A questionnaire with this name already exists';
export const NO_DRAFT_MESSAGE = 'There is no draft to publish';
export const PUBLISHED_IMMUTABLE_MESSAGE = 'A published version never changes: edit the draft instead';

export const QuestionnaireNameSchema = text()
  .trim()
  .min(1, 'Name is required')
  .max(QUESTIONNAIRE_LIMITS.name, `Name must be at most ${QUESTIONNAIRE_LIMITS.name} characters`);

const headerFields = {
  name: QuestionnaireNameSchema,
  entityType: z.enum(ENTITY_TYPES, { error: 'Choose who fills it in' }),
  definition: DefinitionSchema,
};

export const QuestionnaireCreateBodySchema = z.object(headerFields).strict();
export type QuestionnaireCreateBody = z.infer<typeof QuestionnaireCreateBodySchema>;

/** Saves the draft (making one from the latest published version when there is none). */
export const QuestionnaireSaveDraftBodySchema = z.object({ questionnaireId: z.uuid(), ...headerFields }).strict();
export type QuestionnaireSaveDraftBody = z.infer<typeof QuestionnaireSaveDraftBodySchema>;

export const QuestionnaireIdBodySchema = z.object({ questionnaireId: z.uuid() }).strict();
export type QuestionnaireIdBody = z.infer<typeof QuestionnaireIdBodySchema>;

export const QuestionnaireVersionBodySchema = z.object({ questionnaireId: z.uuid(), version: int4().min(1) }).strict();
export type QuestionnaireVersionBody = z.infer<typeof QuestionnaireVersionBodySchema>;

export const QuestionnaireLibraryListBodySchema = z
  .object({
    page: int4().min(1).max(1_000_000).default(1),
    perpage: int4().min(1).max(100).default(25),
    searchString: text().max(100).optional(),
  })
  .strict();
export type QuestionnaireLibraryListBody = z.infer<typeof QuestionnaireLibraryListBodySchema>;

export const QuestionnaireSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  entityType: z.string(),
  /** The latest published version's number; null while only a draft exists. */
  publishedVersion: z.number().nullable(),
  /** The draft's number, when there is one. */
  draftVersion: z.number().nullable(),
  updatedOn: timestamp(),
});
export type QuestionnaireSummary = z.input<typeof QuestionnaireSummarySchema>;
export const QuestionnaireLibraryListSchema = listOf(QuestionnaireSummarySchema);

export const QuestionnaireVersionSchema = z.object({
  version: z.number(),
  status: z.enum(VERSION_STATUSES),
  name: z.string(),
  entityType: z.string(),
  definition: DefinitionSchema,
  publishedOn: timestamp().nullable(),
  publishedByName: z.string().nullable(),
  updatedOn: timestamp(),
});
export type QuestionnaireVersion = z.input<typeof QuestionnaireVersionSchema>;

export const QuestionnaireDetailsSchema = z.object({
  _id: z.string(),
  name: z.string(),
  entityType: z.string(),
  /** The versions, newest first, without their definitions. */
  versions: z.array(QuestionnaireVersionSchema.omit({ definition: true })),
  /** The draft when there is one, else the latest published version: what the builder opens. */
  current: QuestionnaireVersionSchema,
});
export type QuestionnaireDetails = z.input<typeof QuestionnaireDetailsSchema>;

export const QuestionnaireSavedSchema = z.object({
  message: z.string(),
  questionnaire: QuestionnaireDetailsSchema,
});

/** The case-type configuration's Preview (roles 3 and 4): a published questionnaire's latest version. */
export const QuestionnairePreviewBodySchema = z.object({ questionnaireId: z.uuid() }).strict();
export type QuestionnairePreviewBody = z.infer<typeof QuestionnairePreviewBodySchema>;
export const QuestionnairePreviewSchema = z.object({ version: QuestionnaireVersionSchema });
