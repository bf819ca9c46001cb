import type { Executor, Tx } from '@caseport/db/client';
import { ACTIVITIES, type TemplateTypeId } from '@caseport/domain/workflows/catalogue';
import {
  activityToWire,
  draftFromWire,
  type WorkflowCreateBody,
  type WorkflowListBody,
  type WorkflowUpdateBody,
  type WorkflowWire,
} from '@caseport/domain/workflows/contracts';
import {
  NAME_EXISTS,
  NAME_REQUIRED,
  newWorkflow,
  normalize,
  type RuleContext,
  ruleBreaches,
  validateWorkflow,
  type WorkflowDraft,
} from '@caseport/domain/workflows/rules';
import { recordAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { AppError, duplicateField, fieldError, fieldErrors, formError, notFound } from '../../platform/errors';
import { filterDayZone } from '../../platform/tenant-day';
import * as repo from './repository';

const ENTITY = 'workflow';
export const LINKED_MESSAGE =
  'Workflow is already linked with Case(s). Save your changes as a new workflow with a new name.';

const ruleContext = (ctx: RequestContext): RuleContext => ({ tenantType: ctx.tenantType ?? 1 });

/** R-WF-059: a trimmed, non-empty name. */
const cleanName = (name: string) => {
  const trimmed = name.trim();
  if (!trimmed) throw fieldError('name', NAME_REQUIRED);
  return trimmed;
};

const assertNameFree = async (tx: Tx, tenantId: string, name: string, exceptId?: string) => {
  if (await repo.nameTaken(tx, tenantId, name, exceptId)) {
    throw duplicateField('name', NAME_EXISTS);
  }
};

/** The server never trusts the editor: every rule of the engine is re-checked (ARCHITECTURE conventions 1). */
const assertValid = (draft: WorkflowDraft, rules: RuleContext) => {
  const fields = [...ruleBreaches(draft, rules), ...validateWorkflow(draft, rules)];
  if (fields.length) throw fieldErrors(fields);
};

const valuesOf = (d: WorkflowDraft) => ({
  name: d.name,
  tplTypeId: d.tplTypeId,
  workflowType: d.workflowType,
  assignUsersOn: d.assignUsersOn,
  manageRfeCase: d.manageRfeCase,
  showPetitionAlert: d.showPetitionAlert,
  activities: d.config.map(activityToWire),
});

/** A stored row as a draft, brought up to the current catalogue (rows seeded before a rule changed). */
const draftOf = (row: repo.WorkflowRow): WorkflowDraft =>
  draftFromWire({
    name: row.name,
    tplTypeId: row.tplTypeId as TemplateTypeId,
    workflowType: row.workflowType as WorkflowDraft['workflowType'],
    assignUsersOn: row.assignUsersOn as WorkflowDraft['assignUsersOn'],
    manageRfeCase: row.manageRfeCase as WorkflowDraft['manageRfeCase'],
    showPetitionAlert: row.showPetitionAlert,
    config: row.activities as WorkflowWire['config'],
  });

export const toWire = (row: repo.WorkflowRow): WorkflowWire => {
  const draft = normalize(draftOf(row), { tenantType: row.tenantType as 1 | 2 });
  return {
    _id: row._id,
    ...draft,
    config: draft.config.map(activityToWire),
    tenantId: row.tenantId,
    tenantDetails: { tenantId: row.tenantId, name: row.tenantName, tenantType: row.tenantType as 1 | 2 },
    configCompleted: row.configCompleted,
    active: row.active,
    isDefault: row.isDefault,
    createdOn: row.createdOn.toISOString(),
    updatedOn: row.updatedOn.toISOString(),
  };
};

const listItem = ({
  tenantName,
  tenantType,
  createdOn,
  updatedOn,
  manageRfeCase: _m,
  showPetitionAlert: _s,
  ...row
}: Omit<repo.WorkflowRow, 'activities'>) => ({
  ...row,
  tenantDetails: { tenantId: row.tenantId, name: tenantName, tenantType },
  createdOn: createdOn.toISOString(),
  updatedOn: updatedOn.toISOString(),
});

const insert = async (
  tx: Tx,
  ctx: RequestContext,
  draft: WorkflowDraft,
  flags: { configCompleted: boolean; active: boolean },
  action: string,
) => {
  const tenantId = ctx.tenantId as string;
  await assertNameFree(tx, tenantId, draft.name);
  const values = { ...valuesOf(draft), ...flags };
  const id = await repo.insertWorkflow(tx, tenantId, ctx.principal.userId, values);
  await recordAudit(tx, ctx, { entity: ENTITY, entityId: id, action, after: values });
  return id;
};

/** The workflow a caller may see (another tenant's is 404 for a tenant role); roles 1 and 2 see every tenant's. */
export const findWorkflowOf = async (tx: Executor, ctx: RequestContext, workflowId: string) => {
  const found = await repo.findWorkflow(tx, ctx.tenantId, workflowId);
  if (!found) throw notFound('Workflow');
  return found;
};

/** The workflow in the context that acts on it (routes.ts: workflowContextOf), read again in its transaction. */
const loadWorkflow = async (tx: Tx, ctx: RequestContext, workflowId: string) => {
  const row = await repo.findWorkflow(tx, ctx.tenantId, workflowId);
  if (!row) throw notFound('Workflow');
  return row;
};

export const listWorkflows = async (tx: Executor, ctx: RequestContext, body: WorkflowListBody) => {
  const zone = await filterDayZone(tx, ctx, body.filters.createdDateRange);
  const page = await repo.listWorkflows(tx, ctx.tenantId, body, zone);
  return { list: page.list.map(listItem), totalCount: page.totalCount };
};

export const workflowDetails = async (tx: Tx, ctx: RequestContext, workflowId: string) => ({
  workflow: toWire(await loadWorkflow(tx, ctx, workflowId)),
});

export const createWorkflow = async (tx: Tx, ctx: RequestContext, body: WorkflowCreateBody) => {
  const rules = ruleContext(ctx);
  const name = cleanName(body.name);
  const base = newWorkflow(name, body.tplTypeId, rules);
  const draft: WorkflowDraft = body.config
    ? draftFromWire({
        name,
        tplTypeId: body.tplTypeId,
        workflowType: body.workflowType ?? base.workflowType,
        assignUsersOn: body.assignUsersOn ?? base.assignUsersOn,
        manageRfeCase: body.manageRfeCase ?? base.manageRfeCase,
        showPetitionAlert: body.showPetitionAlert ?? false,
        config: body.config,
      })
    : normalize(
        {
          ...base,
          workflowType: body.workflowType ?? base.workflowType,
          assignUsersOn: body.assignUsersOn ?? base.assignUsersOn,
          manageRfeCase: body.manageRfeCase ?? base.manageRfeCase,
          showPetitionAlert: body.showPetitionAlert ?? false,
        },
        rules,
      );
  assertValid(draft, rules);
  const workflowId = await insert(
    tx,
    ctx,
    draft,
    { configCompleted: body.configCompleted, active: body.active },
    'create',
  );
  return { message: 'Workflow created successfully', workflowId };
};

export const updateWorkflow = async (tx: Tx, ctx: RequestContext, clock: Clock, body: WorkflowUpdateBody) => {
  const row = await loadWorkflow(tx, ctx, body.workflowId);
  const rules = ruleContext(ctx);
  const name = cleanName(body.name);
  const draft = draftFromWire({ ...body, name, tplTypeId: row.tplTypeId as TemplateTypeId });
  assertValid(draft, rules);
  const tenantId = ctx.tenantId as string;
  await assertNameFree(tx, tenantId, name, row._id);
  // R-API-003: a workflow cases already run on is not changed under them.
  if ((await repo.countLinkedCases(tx, tenantId, row._id)) > 0)
    throw new AppError('LINKED_WITH_PETITION', LINKED_MESSAGE);
  const values = { ...valuesOf(draft), configCompleted: body.configCompleted, active: body.active };
  await repo.updateWorkflow(tx, tenantId, row._id, values, clock());
  await recordAudit(tx, ctx, {
    entity: ENTITY,
    entityId: row._id,
    action: 'update',
    before: toWire(row),
    after: values,
  });
  return { message: 'Workflow updated successfully' };
};

/**
 * R-WF-074: the copy goes to the picked Customer (role 1) or the caller's tenant, re-shaped by the target
 * tenant's rules (a petitioner company's copy loses its fee activities), Pending and inactive.
 */
export const cloneWorkflow = async (tx: Tx, ctx: RequestContext, source: repo.WorkflowRow, body: { name: string }) => {
  const rules = ruleContext(ctx);
  // normalize re-shapes the copy for the target tenant, so it breaks no rule; editors are checked when
  // the copy (Pending) is set up.
  const draft = normalize({ ...draftOf(source), name: cleanName(body.name) }, rules);
  const workflowId = await insert(tx, ctx, draft, { configCompleted: false, active: false }, 'clone');
  return { message: 'Workflow cloned successfully', workflowId };
};

export const setWorkflowActive = async (
  tx: Tx,
  ctx: RequestContext,
  clock: Clock,
  body: { workflowId: string; active: boolean },
) => {
  const { active } = body;
  const row = await loadWorkflow(tx, ctx, body.workflowId);
  if (active && !row.configCompleted) {
    throw formError('Complete the workflow setup before activating it');
  }
  await repo.updateWorkflow(tx, row.tenantId, row._id, { active }, clock());
  await recordAudit(tx, ctx, {
    entity: ENTITY,
    entityId: row._id,
    action: 'status',
    before: { active: row.active },
    after: { active },
  });
  return { message: active ? 'Workflow activated successfully' : 'Workflow inactivated successfully' };
};

export const deleteWorkflow = async (tx: Tx, ctx: RequestContext, workflowId: string) => {
  const row = await loadWorkflow(tx, ctx, workflowId);
  if (row.isDefault) throw formError('The default workflow cannot be deleted');
  if ((await repo.countLinkedCases(tx, row.tenantId, row._id)) > 0)
    throw new AppError('LINKED_WITH_PETITION', 'Workflow is already linked with Case(s)');
  if ((await repo.countConfigLinks(tx, row.tenantId, row._id)) > 0) {
    throw formError('Workflow is configured for a case type. Change that configuration first.');
  }
  await repo.deleteWorkflow(tx, row.tenantId, row._id);
  await recordAudit(tx, ctx, { entity: ENTITY, entityId: row._id, action: 'delete', before: toWire(row) });
  return { message: 'Workflow deleted successfully' };
};

export const activityCodes = () => ({
  list: ACTIVITIES.map(({ code, name, description, step }) => ({ code, name, description, step })),
});

/** R-WF-075..077, R-WF-067: link a workflow to a case type (and sub-type). */
export const saveWorkflowConfig = async (
  tx: Tx,
  ctx: RequestContext,
  clock: Clock,
  body: {
    workflowId: string;
    petitionTypeId: number;
    petitionSubTypeId?: number | null;
    questionnaireId?: string | null;
    active?: boolean;
    workflowConfigId?: string;
  },
) => {
  const row = await loadWorkflow(tx, ctx, body.workflowId);
  if (!(await repo.petitionTypeExists(tx, body.petitionTypeId, body.petitionSubTypeId))) {
    throw fieldError('petitionTypeId', 'Case type is required');
  }
  const values = {
    workflowId: row._id,
    petitionTypeId: body.petitionTypeId,
    petitionSubTypeId: body.petitionSubTypeId ?? null,
    questionnaireId: body.questionnaireId ?? null,
    active: body.active ?? true,
  };
  const tenantId = row.tenantId;
  const existing = await repo.configLinkFor(tx, tenantId, values.petitionTypeId, values.petitionSubTypeId);
  if (body.workflowConfigId) {
    const link = await repo.findConfigLink(tx, tenantId, body.workflowConfigId);
    if (!link) throw notFound('Workflow configuration');
    if (existing && existing !== link.id)
      throw new AppError('DUPLICATE', 'This case type already has a workflow configuration');
    await repo.updateConfigLink(tx, tenantId, link.id, values, clock());
    await recordAudit(tx, ctx, {
      entity: 'workflow_config',
      entityId: link.id,
      action: 'update',
      before: link,
      after: values,
    });
    return { message: 'Workflow configuration updated successfully', workflowConfigId: link.id };
  }
  if (existing) throw new AppError('DUPLICATE', 'This case type already has a workflow configuration');
  const id = await repo.insertConfigLink(tx, tenantId, ctx.principal.userId, values);
  await recordAudit(tx, ctx, { entity: 'workflow_config', entityId: id, action: 'create', after: values });
  return { message: 'Workflow configured successfully', workflowConfigId: id };
};
