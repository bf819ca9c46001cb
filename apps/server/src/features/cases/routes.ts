import { responses } from '@caseport/domain/api/responses';
import {
  CaseAccountBodySchema,
  CaseCreateBodySchema,
  CaseCreatedSchema,
  CaseDetailsSchema,
  CaseFactOptionsBodySchema,
  CaseFactOptionsSchema,
  CaseHistoryBodySchema,
  CaseHistorySchema,
  CaseIdBodySchema,
  CaseInviteAccountBodySchema,
  CaseInvitedSchema,
  CaseListBodySchema,
  CaseListSchema,
  CaseSavedSchema,
  CaseUpdateBodySchema,
} from '@caseport/domain/cases/contracts';
import { CaseFormEditionsBodySchema, CaseFormEditionsSchema } from '@caseport/domain/platform-library/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readInTenant, runInTenant, tenantContextOf } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { originOf } from '../../platform/one-time-links';
import {
  caseDetails,
  caseFactOptions,
  caseHistory,
  createCase,
  inviteCaseAccount,
  linkCaseAccount,
  listCaseFormEditions,
  listCases,
  unlinkCaseAccount,
  updateCase,
} from './service';

const tags = ['cases'];

/**
 * Cases (issue 5, issue 34): opened by roles 3 and 4, numbered by the case-ID generator (D-17), naming their
 * people as records and holding their facts (packages/domain/src/cases/facts.ts).
 */
export const caseRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, clock, mailer, publicUrl, tenantAreas },
) => {
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
  app.post(
    '/api/cases/details',
    { schema: { tags, body: CaseIdBodySchema, response: responses(CaseDetailsSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Case');
      return readInTenant(db, ctx, (tx) => caseDetails(tx, ctx, request.body.caseId));
    },
  );
  // Issue 34: the SOC code, service center and owner choices, without the settings tabs that list them.
  app.post(
    '/api/cases/fact-options',
    { schema: { tags, body: CaseFactOptionsBodySchema, response: responses(CaseFactOptionsSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request);
      return readInTenant(db, ctx, (tx) => caseFactOptions(tx, ctx));
    },
  );
  app.post(
    '/api/cases/update',
    { schema: { tags, body: CaseUpdateBodySchema, response: responses(CaseSavedSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Case');
      return runInTenant(db, ctx, (tx) => updateCase(tx, ctx, clock, request.body));
    },
  );
  app.post(
    '/api/cases/link-account',
    { schema: { tags, body: CaseAccountBodySchema, response: responses(CaseSavedSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Case');
      return runInTenant(db, ctx, (tx) => linkCaseAccount(tx, ctx, request.body));
    },
  );
  // Issue 35 item 1: someone without an account yet, invited (the firm's invitation) and linked in one step.
  app.post(
    '/api/cases/invite-account',
    { schema: { tags, body: CaseInviteAccountBodySchema, response: responses(CaseInvitedSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Case');
      return inviteCaseAccount({ db, clock, mailer, tenantAreas }, ctx, request.body, originOf(request, publicUrl));
    },
  );
  app.post(
    '/api/cases/unlink-account',
    { schema: { tags, body: CaseAccountBodySchema, response: responses(CaseSavedSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Case');
      return runInTenant(db, ctx, (tx) => unlinkCaseAccount(tx, ctx, request.body));
    },
  );
  app.post(
    '/api/cases/history',
    { schema: { tags, body: CaseHistoryBodySchema, response: responses(CaseHistorySchema) } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Case');
      return readInTenant(db, ctx, (tx) => caseHistory(tx, ctx, request.body));
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
