import { schema } from '@caseport/db/client';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, runInTenant } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';

const DetailsBody = z.object({ workflowId: z.uuid() }).strict();

export const workflowRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  // R-SHELL-045: configCompleted and active decide whether the workflow tab opens.
  app.post('/api/workflow/details', { schema: { tags: ['workflows'], body: DetailsBody } }, async (request) => {
    return runInTenant(db, contextOf(request), async (tx) => {
      const [w] = await tx.select().from(schema.workflows).where(eq(schema.workflows.id, request.body.workflowId));
      if (!w) throw notFound('Workflow');
      return {
        workflow: {
          _id: w.id,
          name: w.name,
          tplTypeId: w.tplTypeId,
          workflowType: w.workflowType,
          assignUsersOn: w.assignUsersOn,
          configCompleted: w.configCompleted,
          active: w.active,
          activities: w.activities,
        },
      };
    });
  });
};
