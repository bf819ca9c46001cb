import { fileResponses, responses } from '@caseport/domain/api/responses';
import { CaseInvoiceQuerySchema } from '@caseport/domain/cases/case-invoices';
import { CaseIdBodySchema } from '@caseport/domain/cases/contracts';
import { MyCaseDetailsSchema, MyCaseListBodySchema, MyCaseListSchema } from '@caseport/domain/cases/my-cases';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileHeaders } from '../../platform/content-disposition';
import { readInTenant, tenantContextOf } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { listMyCases, myCaseDetails, myCaseInvoicePdf } from './my-cases-service';

const tags = ['cases'];

/**
 * Issue 35 item 1: 'My cases' of the people outside the firm (roles 11, 12, 50 and 51): the cases linked to them,
 * what waits on them there, and the invoices addressed to them. Read-only; app_party's row-level security
 * (migration 0058) holds them to their linked cases whatever a query asks.
 */
export const myCaseRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.post(
    '/api/my-cases/list',
    { schema: { tags, body: MyCaseListBodySchema, response: responses(MyCaseListSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request);
      return readInTenant(db, ctx, (tx) => listMyCases(tx, ctx, request.body));
    },
  );
  app.post(
    '/api/my-cases/details',
    { schema: { tags, body: CaseIdBodySchema, response: responses(MyCaseDetailsSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Case');
      return readInTenant(db, ctx, (tx) => myCaseDetails(tx, ctx, request.body.caseId));
    },
  );
  app.post(
    '/api/my-cases/invoice-pdf',
    { schema: { tags, body: CaseInvoiceQuerySchema, response: fileResponses(['application/pdf']) } },
    async (request, reply) => {
      const ctx = tenantContextOf(request, 'Invoice');
      const { caseId, invoiceId } = request.body;
      const { filename, data } = await readInTenant(db, ctx, (tx) => myCaseInvoicePdf(tx, ctx, caseId, invoiceId));
      reply.headers(fileHeaders('application/pdf', 'attachment', filename));
      return reply.send(Buffer.from(data));
    },
  );
};
