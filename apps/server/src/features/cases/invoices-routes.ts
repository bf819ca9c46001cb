import { fileResponses, responses } from '@caseport/domain/api/responses';
import { CaseInvoiceQuerySchema, CaseInvoicesSchema } from '@caseport/domain/cases/case-invoices';
import { CaseIdBodySchema } from '@caseport/domain/cases/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileHeaders } from '../../platform/content-disposition';
import { readInTenant, tenantContextOf } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { caseInvoicePdf, listCaseInvoices } from './invoices-service';

const tags = ['cases'];

/**
 * Issue 34 item 5: a case's invoices (its Fees tab), issued by the CREATE_INVOICE activity (activities-service.ts),
 * for roles 3 and 4 like the cases; the PDF is rendered from the stored invoice on each download.
 */
export const caseInvoiceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.post(
    '/api/cases/invoices/list',
    { schema: { tags, body: CaseIdBodySchema, response: responses(CaseInvoicesSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Case');
      return readInTenant(db, ctx, (tx) => listCaseInvoices(tx, ctx, request.body.caseId));
    },
  );
  app.post(
    '/api/cases/invoices/pdf',
    { schema: { tags, body: CaseInvoiceQuerySchema, response: fileResponses(['application/pdf']) } },
    async (request, reply) => {
      const ctx = tenantContextOf(request, 'Invoice');
      const { caseId, invoiceId } = request.body;
      const { filename, data } = await readInTenant(db, ctx, (tx) => caseInvoicePdf(tx, ctx, caseId, invoiceId));
      reply.headers(fileHeaders('application/pdf', 'attachment', filename));
      return reply.send(Buffer.from(data));
    },
  );
};
