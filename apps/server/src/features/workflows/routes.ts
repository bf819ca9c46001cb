import { messageResponses, responses } from '@caseport/domain/api/responses';
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { makeWorkflowService } from './service';

const tags = ['workflows'];

/** The workflow calls of 001 §7 at their spec paths under /api, plus delete and activity codes (D-06). */
export const workflowRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = makeWorkflowService(deps);

  app.post(
    '/api/workflow/list',
    { schema: { tags, body: WorkflowListBodySchema, response: responses(WorkflowListSchema) } },
    (request) => service.list(request, request.body),
  );
  // R-SHELL-045 reads configCompleted and active from here; R-WF-071 the whole workflow.
  app.post(
    '/api/workflow/details',
    { schema: { tags, body: WorkflowIdBodySchema, response: responses(WorkflowDetailsSchema) } },
    (request) => service.details(request, request.body.workflowId),
  );
  app.post(
    '/api/workflow/create',
    { schema: { tags, body: WorkflowCreateBodySchema, response: responses(WorkflowSavedSchema) } },
    (request) => service.create(request, request.body),
  );
  app.post(
    '/api/workflow/update',
    { schema: { tags, body: WorkflowUpdateBodySchema, response: messageResponses } },
    (request) => service.update(request, request.body),
  );
  app.post(
    '/api/workflow/clone',
    { schema: { tags, body: WorkflowCloneBodySchema, response: responses(WorkflowSavedSchema) } },
    (request) => service.clone(request, request.body),
  );
  app.post(
    '/api/workflow/manage-active-status',
    { schema: { tags, body: WorkflowActiveBodySchema, response: messageResponses } },
    (request) => service.setActive(request, request.body.workflowId, request.body.active),
  );
  app.post(
    '/api/workflow/delete',
    { schema: { tags, body: WorkflowIdBodySchema, response: messageResponses } },
    (request) => service.remove(request, request.body.workflowId),
  );
  app.post(
    '/api/workflow/activity-codes',
    { schema: { tags, body: z.object({}).strict().optional(), response: responses(ActivityCodesSchema) } },
    () => service.activityCodes(),
  );
  app.post(
    '/api/workflow/config-save',
    { schema: { tags, body: WorkflowConfigSaveBodySchema, response: responses(WorkflowConfigSavedSchema) } },
    (request) => service.saveConfig(request, request.body),
  );
  app.post(
    '/api/workflow/config-update',
    { schema: { tags, body: WorkflowConfigUpdateBodySchema, response: responses(WorkflowConfigSavedSchema) } },
    (request) => service.saveConfig(request, request.body),
  );
};
