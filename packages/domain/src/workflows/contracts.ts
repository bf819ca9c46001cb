import { z } from 'zod';
import { listOf, responseOf } from '../api/responses';
import { IntIdSchema, int4, text } from '../api/scalars';
import { DateRangeSchema, listQuerySchema } from '../list/list-query';
import { ACTIVITY_CODES, TEMPLATE_TYPE_IDS, type TemplateTypeId } from './catalogue';
import { type Activity, ASSIGN_USERS_ON, RFE_HANDLING, WORKFLOW_TYPES, type WorkflowDraft } from './rules';

/** Wire contracts of the workflow calls (001 §7, D-06, D-07). Strict: unknown keys are refused. */

export const YesNoSchema = z.enum(['Yes', 'No']);
export type YesNo = z.infer<typeof YesNoSchema>;

/** R-WF-026: Yes/No on the server, booleans in the UI. */
export const toYesNo = (b: boolean): YesNo => (b ? 'Yes' : 'No');
export const fromYesNo = (v: YesNo): boolean => v === 'Yes';

export const RoleRefSchema = z.object({ roleId: int4().min(1).max(1000), roleName: text().max(100) }).strict();

export const ActivityWireSchema = z
  .object({
    code: z.enum(ACTIVITY_CODES),
    name: text().max(200),
    description: text().max(1000),
    step: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    showMe: z.boolean(),
    optional: z.boolean(),
    include: YesNoSchema,
    actionRequired: YesNoSchema,
    editors: z.array(RoleRefSchema).max(50),
    watchers: z.array(RoleRefSchema).max(50),
    confirmRequired: z.boolean(),
    confirmRequiredVal: z.boolean(),
    canAssignAllUsers: z.boolean(),
    canAssignAllUsersVal: z.boolean(),
    approvedPwdReqForAdvEvidences: z.boolean(),
    restrictPermDraftByAdvConfig: z.boolean(),
    manageRfeCase: z.enum(RFE_HANDLING).nullable(),
  })
  .strict();
export type ActivityWire = z.infer<typeof ActivityWireSchema>;

export const activityToWire = (a: Activity): ActivityWire => ({
  ...a,
  include: toYesNo(a.include),
  actionRequired: toYesNo(a.actionRequired),
});
export const activityFromWire = (a: ActivityWire): Activity => ({
  ...a,
  include: fromYesNo(a.include),
  actionRequired: fromYesNo(a.actionRequired),
});

const NameSchema = text().max(100);
const ConfigSchema = z.array(ActivityWireSchema).max(100);
const TplTypeSchema = z.union(
  TEMPLATE_TYPE_IDS.map((n) => z.literal(n)) as [z.ZodLiteral<TemplateTypeId>, ...z.ZodLiteral<TemplateTypeId>[]],
);

/** POST /workflow/create {name, config, tenantId, active, configCompleted} (R-WF-073); tenantId only from role 1. */
export const WorkflowCreateBodySchema = z
  .object({
    name: NameSchema,
    tplTypeId: TplTypeSchema.default(1),
    config: ConfigSchema.optional(),
    tenantId: z.uuid().optional(),
    active: z.boolean().default(false),
    configCompleted: z.boolean().default(false),
    workflowType: z.enum(WORKFLOW_TYPES).optional(),
    assignUsersOn: z.enum(ASSIGN_USERS_ON).optional(),
    manageRfeCase: z.enum(RFE_HANDLING).optional(),
    showPetitionAlert: z.boolean().optional(),
  })
  .strict();
export type WorkflowCreateBody = z.infer<typeof WorkflowCreateBodySchema>;

/** POST /workflow/update (R-WF-072). */
export const WorkflowUpdateBodySchema = z
  .object({
    workflowId: z.uuid(),
    name: NameSchema,
    workflowType: z.enum(WORKFLOW_TYPES),
    assignUsersOn: z.enum(ASSIGN_USERS_ON),
    config: ConfigSchema,
    configCompleted: z.boolean(),
    active: z.boolean(),
    manageRfeCase: z.enum(RFE_HANDLING),
    showPetitionAlert: z.boolean(),
  })
  .strict();
export type WorkflowUpdateBody = z.infer<typeof WorkflowUpdateBodySchema>;

/** POST /workflow/clone {name, workflowId, tenantId} (R-WF-074). */
export const WorkflowCloneBodySchema = z
  .object({ name: NameSchema, workflowId: z.uuid(), tenantId: z.uuid().optional() })
  .strict();
export const WorkflowIdBodySchema = z.object({ workflowId: z.uuid() }).strict();
export const WorkflowActiveBodySchema = z.object({ workflowId: z.uuid(), active: z.boolean() }).strict();

/** POST /workflow/config-save and config-update (R-WF-075..077, R-WF-067: the case type is required). */
export const WorkflowConfigSaveBodySchema = z
  .object({
    workflowId: z.uuid(),
    petitionTypeId: int4({ error: 'Case type is required' }).min(1),
    petitionSubTypeId: IntIdSchema.nullable().optional(),
    questionnaireId: z.uuid().nullable().optional(),
    active: z.boolean().optional(),
  })
  .strict();
export const WorkflowConfigUpdateBodySchema = WorkflowConfigSaveBodySchema.extend({
  workflowConfigId: z.uuid(),
}).strict();

/** POST /workflow/list (R-WF-069/070): filters title, createdDateRange, activeList, configList, tenantIds. */
export const WorkflowListBodySchema = listQuerySchema({
  sortPaths: ['name', 'createdOn', 'updatedOn', 'tplTypeId'],
  defaultSort: { path: 'createdOn', order: -1 },
  filters: {
    title: text().max(100).optional(),
    createdDateRange: DateRangeSchema.optional(),
    activeList: z
      .array(z.enum(['Active', 'Inactive']))
      .max(2)
      .optional(),
    configList: z
      .array(z.enum(['Complete', 'Pending']))
      .max(2)
      .optional(),
    tenantIds: z.array(z.uuid()).max(10_000).optional(),
  },
}).extend({ getMasterData: z.boolean().optional(), getAll: z.boolean().optional() });
export type WorkflowListBody = z.infer<typeof WorkflowListBodySchema>;

export interface WorkflowListItem {
  _id: string;
  name: string;
  tplTypeId: TemplateTypeId;
  workflowType: string;
  assignUsersOn: string;
  configCompleted: boolean;
  active: boolean;
  isDefault: boolean;
  tenantId: string;
  tenantDetails: { tenantId: string; name: string; tenantType: 1 | 2 };
  createdOn: string;
  updatedOn: string;
}

/** R-WF-019: the workflow as /workflow/details answers it. */
export interface WorkflowWire extends Omit<WorkflowDraft, 'config'> {
  _id: string;
  tenantId: string;
  tenantDetails: { tenantId: string; name: string; tenantType: 1 | 2 };
  configCompleted: boolean;
  active: boolean;
  isDefault: boolean;
  config: ActivityWire[];
  createdOn: string;
  updatedOn: string;
}

export const draftFromWire = (
  w: Omit<
    WorkflowWire,
    '_id' | 'tenantId' | 'tenantDetails' | 'configCompleted' | 'active' | 'isDefault' | 'createdOn' | 'updatedOn'
  >,
): WorkflowDraft => ({
  name: w.name,
  tplTypeId: w.tplTypeId,
  workflowType: w.workflowType,
  assignUsersOn: w.assignUsersOn,
  manageRfeCase: w.manageRfeCase,
  showPetitionAlert: w.showPetitionAlert,
  config: w.config.map(activityFromWire),
});

/** The update body that saves a workflow as its details answered it, with `change` applied (tests, demo seed). */
export const updateBodyFromWire = (w: WorkflowWire, change: Partial<WorkflowWire> = {}) => {
  const { name, workflowType, assignUsersOn, config, configCompleted, active, manageRfeCase, showPetitionAlert } = {
    ...w,
    ...change,
  };
  return {
    workflowId: w._id,
    name,
    workflowType,
    assignUsersOn,
    config,
    configCompleted,
    active,
    manageRfeCase,
    showPetitionAlert,
  };
};

// ---- answers (ARCHITECTURE 13) ----

const TenantDetailsOfWorkflowSchema = z.object({ tenantId: z.string(), name: z.string(), tenantType: z.number() });
export const WorkflowListItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  tplTypeId: z.number(),
  workflowType: z.string(),
  assignUsersOn: z.string(),
  configCompleted: z.boolean(),
  active: z.boolean(),
  isDefault: z.boolean(),
  tenantId: z.string(),
  tenantDetails: TenantDetailsOfWorkflowSchema,
  createdOn: z.string(),
  updatedOn: z.string(),
});
export const WorkflowListSchema = listOf(WorkflowListItemSchema);
/** R-WF-019: POST /api/workflow/details. */
export const WorkflowDetailsSchema = z.object({
  workflow: z.object({
    _id: z.string(),
    tenantId: z.string(),
    tenantDetails: TenantDetailsOfWorkflowSchema,
    name: z.string(),
    tplTypeId: TplTypeSchema,
    workflowType: z.enum(WORKFLOW_TYPES),
    assignUsersOn: z.enum(ASSIGN_USERS_ON),
    manageRfeCase: z.enum(RFE_HANDLING),
    showPetitionAlert: z.boolean(),
    configCompleted: z.boolean(),
    active: z.boolean(),
    isDefault: z.boolean(),
    config: z.array(responseOf(ActivityWireSchema)),
    createdOn: z.string(),
    updatedOn: z.string(),
  }),
});
export const WorkflowSavedSchema = z.object({ message: z.string(), workflowId: z.string() });
export const WorkflowConfigSavedSchema = z.object({ message: z.string(), workflowConfigId: z.string() });
export const ActivityCodesSchema = z.object({
  list: z.array(
    z.object({ code: z.enum(ACTIVITY_CODES), name: z.string(), description: z.string(), step: z.number() }),
  ),
});
