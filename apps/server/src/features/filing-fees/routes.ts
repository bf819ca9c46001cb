import { messageResponses, responses } from '@caseport/domain/api/responses';
import {
  FeeCategoriesSchema,
  FeeEstimateBodySchema,
  FeeEstimateSchema,
  FeeGetBodySchema,
  FeeSaveBodySchema,
} from '@caseport/domain/filing-fees/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readInTenant, runInTenant, tenantContextOf } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { caseEstimate, getCategories, saveCategories } from './service';

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
};
