import { responses } from '@caseport/domain/api/responses';
import { CompanyListBodySchema, CompanyListSchema } from '@caseport/domain/companies/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, readInTenant } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { listCompanies } from './repository';

/**
 * R-CASECODE-022: the petitioner list of the caller's tenant. Role 2 belongs to no tenant and picks none
 * on the case-code screens, so its list is empty rather than every tenant's petitioners.
 */
export const companyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.post(
    '/api/company/list',
    { schema: { tags: ['company'], body: CompanyListBodySchema, response: responses(CompanyListSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      const tenantId = ctx.tenantId;
      if (!tenantId) return { list: [], totalCount: 0 };
      return readInTenant(db, ctx, (tx) => listCompanies(tx, tenantId, request.body));
    },
  );
};
