import { responses } from '@caseport/domain/api/responses';
import {
  CaseCreateBodySchema,
  CaseCreatedSchema,
  CaseListBodySchema,
  CaseListSchema,
} from '@caseport/domain/cases/contracts';
import { CaseFormEditionsBodySchema, CaseFormEditionsSchema } from '@caseport/domain/platform-library/contracts';
import {
  CaseDatesBodySchema,
  CaseDatesDetailsSchema,
  CaseDatesSavedSchema,
  CaseDatesUpdateBodySchema,
} from '@caseport/domain/reminders/case-dates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readInTenant, runInTenant, tenantContextOf } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { caseDates, createCase, listCaseFormEditions, listCases, updateCaseDates } from './service';

const tags = ['cases'];

/** Minimal cases (issue 5): opened by roles 3 and 4, numbered by the case-ID generator (D-17). */
export const caseRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  app.post(
    '/api/cases/create',
    { schema: { tags, body: CaseCreateBodySchema, response: responses(CaseCreatedSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request);
      return runInTenant(db, ctx, (tx) => createCase(tx, ctx, clock, request.body));
    },
  );
  app.post(
    '/api/cases/list',
    { schema: { tags, body: CaseListBodySchema, response: responses(CaseListSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request);
      return readInTenant(db, ctx, (tx) => listCases(tx, ctx, request.body));
    },
  );
  // Issue 17: the dates the reminder engine counts from.
  app.post(
    '/api/cases/dates',
    { schema: { tags, body: CaseDatesBodySchema, response: responses(CaseDatesDetailsSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Case');
      return readInTenant(db, ctx, (tx) => caseDates(tx, ctx, request.body.caseId));
    },
  );
  app.post(
    '/api/cases/update-dates',
    { schema: { tags, body: CaseDatesUpdateBodySchema, response: responses(CaseDatesSavedSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Case');
      return runInTenant(db, ctx, (tx) => updateCaseDates(tx, ctx, request.body));
    },
  );
  // Issue 21: the form editions a case was opened with.
  app.post(
    '/api/cases/form-editions',
    { schema: { tags, body: CaseFormEditionsBodySchema, response: responses(CaseFormEditionsSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request);
      return readInTenant(db, ctx, (tx) => listCaseFormEditions(tx, ctx, request.body.caseId));
    },
  );
};
