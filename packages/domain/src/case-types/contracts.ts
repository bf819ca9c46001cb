import { z } from 'zod';
import { listOf } from '../api/responses';
import { IntIdSchema, int4, text } from '../api/scalars';
import { DateRangeSchema } from '../list/list-query';

/** 001 §9: the questionnaire and workflow pickers list 25 per page; forms and letters load 1000000. */
export const PICKER_PER_PAGE = 25;
export const FORM_LETTER_PER_PAGE = 1_000_000;
/** 001 §9: petition types are loaded with a very large page size. */
export const PETITION_TYPES_PER_PAGE = 100_000_000;

/** R-CASETYPE-016: the form-type options; R-CASETYPE-019: a record may also be an audit response. */
export const FORM_TYPE_OPTIONS = ['Form', 'Letter'] as const;
export const FORM_LETTER_TYPES = ['Form', 'Letter', 'audit_response'] as const;
export type FormLetterType = (typeof FORM_LETTER_TYPES)[number];

export const ONE_QUESTIONNAIRE_MESSAGE =
  "You have one Questionnaire available at the moment, if you need a new Questionnaire contact the product's support team";
export const LINKED_TITLE = 'Configuration is already linked with Case(s)';
export const QUESTIONNAIRE_REQUIRED_MESSAGE = 'Please select a Questionnaire';

/** R-CASETYPE-010: the notice shows when exactly one questionnaire can be picked. */
export const showsOneQuestionnaireNotice = (totalCount: number) => totalCount === 1;

/** R-CASETYPE-003: a sub-type switch is disabled while its case type is off. */
export const subTypeSwitchDisabled = (caseTypeSelected: boolean) => !caseTypeSelected;

/** R-CASETYPE-026: the Custom Code popup title. */
export const customCodeTitle = (existing: boolean, name: string) =>
  `${existing ? 'Edit Custom Code' : 'Add Custom Code'} ${name}`;

/**
 * D-23 (issue 38): the refusal of a custom code while the tenant's global configuration (the Reminders screen's
 * 'Allow custom case numbers', `allowCustonCaseNo`) is off. The spec has no message for it.
 */
export const CUSTOM_CODES_OFF_MESSAGE =
  "Custom case numbers are switched off: turn on 'Allow custom case numbers' on the Reminders screen";

/** R-CASETYPE-004/005: POST /petition-config/manage-case-types | manage-case-sub-types. */
export const ManageSelectionBodySchema = z
  .object({
    selList: z
      .array(z.object({ id: IntIdSchema, selected: z.boolean(), isCaseTypeSelected: z.boolean().optional() }).strict())
      .min(1)
      .max(500),
  })
  .strict();
export type ManageSelectionBody = z.infer<typeof ManageSelectionBodySchema>;

/** R-CASETYPE-020 / R-CASECODE-024: POST /petition-config/list. */
export const PetitionConfigListBodySchema = z
  .object({
    filters: z
      .object({
        tenantIds: z.array(z.uuid()).max(1).optional(),
        tenantCustomId: text().max(50).optional(),
        typeIds: z.array(IntIdSchema).max(500).optional(),
        subTypeIds: z.array(IntIdSchema).max(1000).optional(),
        statusList: z.array(z.boolean()).max(2).optional(),
        activeList: z.array(z.boolean()).max(2).optional(),
        createdDateRange: DateRangeSchema.optional(),
      })
      .strict()
      .default({}),
    page: int4().min(1).max(1_000_000).default(1),
    perpage: int4().min(1).max(PETITION_TYPES_PER_PAGE).default(PETITION_TYPES_PER_PAGE),
    getAll: z.boolean().optional(),
    getByPetitionType: z.boolean().optional(),
  })
  .strict();
export type PetitionConfigListBody = z.infer<typeof PetitionConfigListBodySchema>;

/** R-CASETYPE-017 (+ `code` and `isCaseTypeSelected` of sub-types, R-CASECODE-024). */
const CasenoConfigDetailsSchema = z.object({ _id: z.string(), code: z.string() }).nullable();
export const CaseTypeSubTypeSchema = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  isCaseTypeSelected: z.boolean(),
  configDetails: z
    .object({
      _id: z.string(),
      questionnaireTplId: z.string(),
      questionnaireName: z.string(),
      formAndLetterIds: z.array(z.string()),
      linkedCases: z.number(),
    })
    .nullable(),
  /** `subTypeId` null: the case type's workflow link, used while the sub-type has none of its own. */
  workflowConfigDetails: z
    .object({ _id: z.string(), workflowId: z.string(), workflowName: z.string(), subTypeId: z.number().nullable() })
    .nullable(),
  casenoConfigDetails: CasenoConfigDetailsSchema,
});
export type CaseTypeSubType = z.infer<typeof CaseTypeSubTypeSchema>;
export const CaseTypeConfigSchema = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  /** petition_types.category: which facts a case of this type holds (issue 34, cases/facts.ts). */
  category: z.string(),
  isCaseTypeSelected: z.boolean(),
  subTypes: z.array(CaseTypeSubTypeSchema),
  casenoConfigDetails: CasenoConfigDetailsSchema,
});
export type CaseTypeConfig = z.infer<typeof CaseTypeConfigSchema>;
export const PetitionConfigListResponseSchema = listOf(CaseTypeConfigSchema).extend({
  /** D-23: whether the Custom Code popup is offered: the tenant's global configuration's allowCustonCaseNo. */
  allowCustonCaseNo: z.boolean(),
});
export type PetitionConfigListResponse = z.infer<typeof PetitionConfigListResponseSchema>;
export const PetitionConfigSavedSchema = z.object({ message: z.string(), petitionConfigId: z.string() });

/** R-CASETYPE-021/022: POST /petition-config/create | update. */
export const PetitionConfigSaveBodySchema = z
  .object({
    typeId: IntIdSchema,
    subTypeId: IntIdSchema,
    questionnaireTplId: z.uuid({ error: QUESTIONNAIRE_REQUIRED_MESSAGE }),
    formAndLetterIds: z.array(z.uuid()).max(500).default([]),
    insertTo: text().max(50).nullable().optional(),
    showPetitionAlert: z.boolean().optional(),
    active: z.boolean().optional(),
    updateAction: z.enum(['create', 'update']).nullable().optional(),
    petitionConfigId: z.uuid().nullable().optional(),
    /** Issue 21: role 1 edits a tenant's configuration on Case Configuration (D-02); ignored for other roles. */
    tenantId: z.uuid().optional(),
  })
  .strict();
export type PetitionConfigSaveBody = z.infer<typeof PetitionConfigSaveBodySchema>;

/** R-CASETYPE-009: POST /questionnaire/list. */
export const QuestionnaireListBodySchema = z
  .object({
    page: int4().min(1).max(1_000_000).default(1),
    perpage: int4().min(1).max(1000).default(PICKER_PER_PAGE),
    filters: z
      .object({ entityType: text().max(50).optional() })
      .strict()
      .default({}),
  })
  .strict();
export type QuestionnaireListBody = z.infer<typeof QuestionnaireListBodySchema>;
/** Issue 21: the platform's published questionnaires; `tenantId` is null for a platform template. */
export const QuestionnaireTemplateSchema = z.object({
  _id: z.string(),
  name: z.string(),
  entityType: z.string(),
  tenantId: z.string().nullable(),
});
export type QuestionnaireTemplate = z.infer<typeof QuestionnaireTemplateSchema>;
export const QuestionnaireListSchema = listOf(QuestionnaireTemplateSchema);

// The forms & letters list and its records moved to ../letters/contracts.ts (issue 20).
