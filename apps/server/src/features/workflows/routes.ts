import { messageResponses, responses } from '@caseport/domain/api/responses';
import { isPlatformRole } from '@caseport/domain/auth/roles';
import {
  ActivityCodesSchema,
  WorkflowActiveBodySchema,
  WorkflowCloneBodySchema,
  WorkflowConfigSaveBodySchema,
  WorkflowConfigSavedSchema,
  WorkflowConfigUpdateBodySchema,
  WorkflowCreateBodySchema,
  WorkflowDetailsSchema,
  WorkflowIdBodySchema,
  WorkflowListBodySchema,
  WorkflowListSchema,
  WorkflowSavedSchema,
  WorkflowUpdateBodySchema,
} from '@caseport/domain/workflows/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingContextOf, contextOf, readInTenant, runInTenant, tenantTargetOf } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import {
  activityCodes,
  cloneWorkflow,
  createWorkflow,
  deleteWorkflow,
  findWorkflowOf,
  listWorkflows,
  saveWorkflowConfig,
  setWorkflowActive,
  updateWorkflow,
  workflowDetails,
} from './service';

const tags = ['workflows'];
const CUSTOMER_REQUIRED = 'Customer is required';

/** The workflow calls of 001 §7 at their spec paths under /api, plus delete and activity codes (D-06). */
export const workflowRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  /**
   * The context that acts on a workflow, found by a first read of its own: tenant roles only ever see their
   * own tenant's rows (another tenant's id is 404); roles 1 and 2 act on the workflow's tenant, audited as the
   * acting tenant (D-02).
   */
  const workflowContextOf = async (request: FastifyRequest, workflowId: string) => {
    const base = contextOf(request);
    const found = await runInTenant(db, base, (tx) => findWorkflowOf(tx, base, workflowId));
    const ctx = isPlatformRole(base.principal.roleId) ? await actingContextOf(request, db, found.tenantId) : base;
    return { found, ctx };
  };
  /** The tenant a new workflow goes to: role 1 picks the Customer (R-WF-011/012), others keep their own. */
  const targetOf = (request: FastifyRequest, tenantId: string | undefined) =>
    tenantTargetOf(request, db, tenantId, CUSTOMER_REQUIRED);

  app.post(
    '/api/workflow/list',
    { schema: { tags, body: WorkflowListBodySchema, response: responses(WorkflowListSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      return readInTenant(db, ctx, (tx) => listWorkflows(tx, ctx, request.body));
    },
  );
  // R-SHELL-045 reads configCompleted and active from here; R-WF-071 the whole workflow.
  app.post(
    '/api/workflow/details',
    { schema: { tags, body: WorkflowIdBodySchema, response: responses(WorkflowDetailsSchema) } },
    async (request) => {
      const { ctx } = await workflowContextOf(request, request.body.workflowId);
      return runInTenant(db, ctx, (tx) => workflowDetails(tx, ctx, request.body.workflowId));
    },
  );
  app.post(
    '/api/workflow/create',
    { schema: { tags, body: WorkflowCreateBodySchema, response: responses(WorkflowSavedSchema) } },
    async (request) => {
      const ctx = await targetOf(request, request.body.tenantId);
      return runInTenant(db, ctx, (tx) => createWorkflow(tx, ctx, request.body));
    },
  );
  app.post(
    '/api/workflow/update',
    { schema: { tags, body: WorkflowUpdateBodySchema, response: messageResponses } },
    async (request) => {
      const { ctx } = await workflowContextOf(request, request.body.workflowId);
      return runInTenant(db, ctx, (tx) => updateWorkflow(tx, ctx, clock, request.body));
    },
  );
  app.post(
    '/api/workflow/clone',
    { schema: { tags, body: WorkflowCloneBodySchema, response: responses(WorkflowSavedSchema) } },
    async (request) => {
      // R-WF-074: the source is read where the caller sees it, the copy written in the target tenant.
      const { found: source } = await workflowContextOf(request, request.body.workflowId);
      const ctx = await targetOf(request, request.body.tenantId ?? source.tenantId);
      return runInTenant(db, ctx, (tx) => cloneWorkflow(tx, ctx, source, request.body));
    },
  );
  app.post(
    '/api/workflow/manage-active-status',
    { schema: { tags, body: WorkflowActiveBodySchema, response: messageResponses } },
    async (request) => {
      const { ctx } = await workflowContextOf(request, request.body.workflowId);
      return runInTenant(db, ctx, (tx) => setWorkflowActive(tx, ctx, clock, request.body));
    },
  );
  app.post(
    '/api/workflow/delete',
    { schema: { tags, body: WorkflowIdBodySchema, response: messageResponses } },
    async (request) => {
      const { ctx } = await workflowContextOf(request, request.body.workflowId);
      return runInTenant(db, ctx, (tx) => deleteWorkflow(tx, ctx, request.body.workflowId));
    },
  );
  app.post(
    '/api/workflow/activity-codes',
    { schema: { tags, body: z.object({}).strict().optional(), response: responses(ActivityCodesSchema) } },
    () => activityCodes(),
  );
  app.post(
    '/api/workflow/config-save',
    { schema: { tags, body: WorkflowConfigSaveBodySchema, response: responses(WorkflowConfigSavedSchema) } },
    async (request) => {
      const { ctx } = await workflowContextOf(request, request.body.workflowId);
      return runInTenant(db, ctx, (tx) => saveWorkflowConfig(tx, ctx, clock, request.body));
    },
  );
  app.post(
    '/api/workflow/config-update',
    { schema: { tags, body: WorkflowConfigUpdateBodySchema, response: responses(WorkflowConfigSavedSchema) } },
    async (request) => {
      const { ctx } = await workflowContextOf(request, request.body.workflowId);
      return runInTenant(db, ctx, (tx) => saveWorkflowConfig(tx, ctx, clock, request.body));
    },
  );
};
