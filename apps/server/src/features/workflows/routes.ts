import {
  WorkflowActiveBodySchema,
  WorkflowCloneBodySchema,
  WorkflowConfigSaveBodySchema,
  WorkflowConfigUpdateBodySchema,
  WorkflowCreateBodySchema,
  WorkflowIdBodySchema,
  WorkflowListBodySchema,
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

  app.post('/api/workflow/list', { schema: { tags, body: WorkflowListBodySchema } }, (request) =>
    service.list(request, request.body),
  );
  // R-SHELL-045 reads configCompleted and active from here; R-WF-071 the whole workflow.
  app.post('/api/workflow/details', { schema: { tags, body: WorkflowIdBodySchema } }, (request) =>
    service.details(request, request.body.workflowId),
  );
  app.post('/api/workflow/create', { schema: { tags, body: WorkflowCreateBodySchema } }, (request) =>
    service.create(request, request.body),
  );
  app.post('/api/workflow/update', { schema: { tags, body: WorkflowUpdateBodySchema } }, (request) =>
    service.update(request, request.body),
  );
  app.post('/api/workflow/clone', { schema: { tags, body: WorkflowCloneBodySchema } }, (request) =>
    service.clone(request, request.body),
  );
  app.post('/api/workflow/manage-active-status', { schema: { tags, body: WorkflowActiveBodySchema } }, (request) =>
    service.setActive(request, request.body.workflowId, request.body.active),
  );
  app.post('/api/workflow/delete', { schema: { tags, body: WorkflowIdBodySchema } }, (request) =>
    service.remove(request, request.body.workflowId),
  );
  app.post('/api/workflow/activity-codes', { schema: { tags, body: z.object({}).strict().optional() } }, () =>
    service.activityCodes(),
  );
  app.post('/api/workflow/config-save', { schema: { tags, body: WorkflowConfigSaveBodySchema } }, (request) =>
    service.saveConfig(request, request.body),
  );
  app.post('/api/workflow/config-update', { schema: { tags, body: WorkflowConfigUpdateBodySchema } }, (request) =>
    service.saveConfig(request, request.body),
  );
};
