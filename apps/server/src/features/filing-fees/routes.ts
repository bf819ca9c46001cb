import { messageResponses, responses } from '@caseport/domain/api/responses';
import {
  DatedLineEndBodySchema,
  FeeCategoriesSchema,
  FeeEstimateBodySchema,
  FeeEstimateSchema,
  FeeGetBodySchema,
  FeeSaveBodySchema,
  FeeVersionImpactSchema,
  PlatformFeeSchedulesBodySchema,
  PlatformFeeSchedulesSchema,
} from '@caseport/domain/filing-fees/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, readInTenant, runInTenant, tenantContextOf } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import {
  caseEstimate,
  getCategories,
  getVersionImpact,
  platformSchedules,
  saveCategories,
  setDatedLineEnd,
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
};
