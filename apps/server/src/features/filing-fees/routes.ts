import { fileResponses, messageResponses, responses } from '@caseport/domain/api/responses';
import {
  DatedLineEndBodySchema,
  FeeCategoriesSchema,
  FeeEstimateBodySchema,
  FeeEstimateSchema,
  FeeGetBodySchema,
  FeeSaveBodySchema,
  FeeScheduleCompareBodySchema,
  FeeScheduleDiffSchema,
  FeeSchedulePublishBodySchema,
  FeeScheduleWithdrawBodySchema,
  FeeVersionImpactSchema,
  FeeVersionWithdrawBodySchema,
  PlatformFeeSchedulesBodySchema,
  PlatformFeeSchedulesSchema,
} from '@caseport/domain/filing-fees/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileHeaders } from '../../platform/content-disposition';
import { contextOf, readInTenant, runInTenant, tenantContextOf } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import {
  caseEstimate,
  caseEstimatePdf,
  compareSchedules,
  getCategories,
  getVersionImpact,
  platformSchedules,
  publishSchedule,
  saveCategories,
  setDatedLineEnd,
  withdrawSchedule,
  withdrawVersion,
} from './service';

const tags = ['filing-fees'];

/** Filing fees (002 §2.3, §3.3, §7.2; D-21; issue 18 versions and case estimate). */
export const filingFeeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  app.post(
    '/api/invoices/get-case-type-filing-fee-categories',
    { schema: { tags, body: FeeGetBodySchema, response: responses(FeeCategoriesSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request);
      return readInTenant(db, ctx, (tx) => getCategories(tx, ctx, clock, request.body));
    },
  );
  app.post(
    '/api/invoices/save-case-type-filing-fee-categories',
    { schema: { tags, body: FeeSaveBodySchema, response: messageResponses } },
    async (request) => {
      const ctx = tenantContextOf(request);
      return runInTenant(db, ctx, (tx) => saveCategories(tx, ctx, clock, request.body));
    },
  );
  app.post(
    '/api/invoices/case-fee-estimate',
    { schema: { tags, body: FeeEstimateBodySchema, response: responses(FeeEstimateSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request);
      return readInTenant(db, ctx, (tx) => caseEstimate(tx, ctx, request.body.caseId));
    },
  );
  // Issue 36: the estimate printed for the client.
  app.post(
    '/api/invoices/case-fee-estimate-pdf',
    { schema: { tags, body: FeeEstimateBodySchema, response: fileResponses(['application/pdf']) } },
    async (request, reply) => {
      const ctx = tenantContextOf(request, 'Case');
      const { filename, data } = await readInTenant(db, ctx, (tx) =>
        caseEstimatePdf(tx, ctx, clock, request.body.caseId),
      );
      reply.headers(fileHeaders('application/pdf', 'attachment', filename));
      return reply.send(Buffer.from(data));
    },
  );
  // Issue 36: a version that has not started yet is withdrawn.
  app.post(
    '/api/invoices/withdraw-filing-fee-version',
    { schema: { tags, body: FeeVersionWithdrawBodySchema, response: messageResponses } },
    async (request) => {
      const ctx = tenantContextOf(request);
      return runInTenant(db, ctx, (tx) => withdrawVersion(tx, ctx, clock, request.body));
    },
  );
  // Issue 36: the open cases a firm version would change, asked before a version dated in the past is saved.
  app.post(
    '/api/invoices/filing-fee-version-impact',
    { schema: { tags, body: FeeSaveBodySchema, response: responses(FeeVersionImpactSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request);
      return readInTenant(db, ctx, (tx) => getVersionImpact(tx, ctx, request.body));
    },
  );
  // Issue 36: the platform administrator's fee schedule versions and dated lines (roles 1 and 2).
  app.post(
    '/api/platform/fee-schedules/list',
    { schema: { tags, body: PlatformFeeSchedulesBodySchema, response: responses(PlatformFeeSchedulesSchema) } },
    (request) => readInTenant(db, contextOf(request), (tx) => platformSchedules(tx, clock)),
  );
  app.post(
    '/api/platform/fee-schedules/set-line-end',
    { schema: { tags, body: DatedLineEndBodySchema, response: messageResponses } },
    (request) => {
      const ctx = contextOf(request);
      return runInTenant(db, ctx, (tx) => setDatedLineEnd(tx, ctx, clock, request.body));
    },
  );
  app.post(
    '/api/platform/fee-schedules/publish',
    { schema: { tags, body: FeeSchedulePublishBodySchema, response: messageResponses } },
    (request) => {
      const ctx = contextOf(request);
      return runInTenant(db, ctx, (tx) => publishSchedule(tx, ctx, clock, request.body));
    },
  );
  app.post(
    '/api/platform/fee-schedules/withdraw',
    { schema: { tags, body: FeeScheduleWithdrawBodySchema, response: messageResponses } },
    (request) => {
      const ctx = contextOf(request);
      return runInTenant(db, ctx, (tx) => withdrawSchedule(tx, ctx, clock, request.body.id));
    },
  );
  app.post(
    '/api/platform/fee-schedules/compare',
    { schema: { tags, body: FeeScheduleCompareBodySchema, response: responses(FeeScheduleDiffSchema) } },
    (request) => readInTenant(db, contextOf(request), (tx) => compareSchedules(tx, request.body)),
  );
};
