import { responses } from '@caseport/domain/api/responses';
import {
  CaseActivitiesBodySchema,
  CaseActivitiesSavedSchema,
  CaseActivitiesSchema,
  CaseActivityActBodySchema,
  CaseActivitySetDueBodySchema,
} from '@caseport/domain/cases/run-contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readInTenant, runInTenant, tenantContextOf } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { actOnActivity, listCaseActivities, setActivityDue, startCaseActivities } from './activities-service';

const tags = ['cases'];

/**
 * Issue 34 item 5: the workflow run of a case (its Activities tab), for roles 3 and 4 like the cases; within
 * them, who acts on an activity is the run's rule (run-rules.ts, checked by the service).
 */
export const caseActivityRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  app.post(
    '/api/cases/activities/list',
    { schema: { tags, body: CaseActivitiesBodySchema, response: responses(CaseActivitiesSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Case');
      return readInTenant(db, ctx, (tx) => listCaseActivities(tx, ctx, request.body.caseId));
    },
  );
  app.post(
    '/api/cases/activities/start',
    { schema: { tags, body: CaseActivitiesBodySchema, response: responses(CaseActivitiesSavedSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Case');
      return runInTenant(db, ctx, (tx) => startCaseActivities(tx, ctx, clock, request.body.caseId));
    },
  );
  app.post(
    '/api/cases/activities/act',
    { schema: { tags, body: CaseActivityActBodySchema, response: responses(CaseActivitiesSavedSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Case');
      return runInTenant(db, ctx, (tx) => actOnActivity(tx, ctx, clock, request.body));
    },
  );
  app.post(
    '/api/cases/activities/set-due',
    { schema: { tags, body: CaseActivitySetDueBodySchema, response: responses(CaseActivitiesSavedSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Case');
      return runInTenant(db, ctx, (tx) => setActivityDue(tx, ctx, request.body));
    },
  );
};
