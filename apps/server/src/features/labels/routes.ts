import { responses } from '@caseport/domain/api/responses';
import {
  LabelCreateBodySchema,
  LabelListBodySchema,
  LabelListSchema,
  LabelSavedSchema,
  LabelUpdateBodySchema,
} from '@caseport/domain/labels/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, readInTenant, runInTenant } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { listLabels } from './repository';
import { createLabel, updateLabel } from './service';

/** Message labels (001 §2.7, §7; D-06 paths; D-20 fields). Roles 1/2 keep the platform's own labels. */
export const labelRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  app.post(
    '/api/message-label/list',
    { schema: { tags: ['labels'], body: LabelListBodySchema, response: responses(LabelListSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      return readInTenant(db, ctx, (tx) => listLabels(tx, ctx.tenantId, request.body));
    },
  );
  app.post(
    '/api/message-label/create',
    { schema: { tags: ['labels'], body: LabelCreateBodySchema, response: responses(LabelSavedSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      return runInTenant(db, ctx, (tx) => createLabel(tx, ctx, clock, request.body));
    },
  );
  app.post(
    '/api/message-label/update',
    { schema: { tags: ['labels'], body: LabelUpdateBodySchema, response: responses(LabelSavedSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      return runInTenant(db, ctx, (tx) => updateLabel(tx, ctx, clock, request.body));
    },
  );
};
