import { schema } from '@caseport/db/client';
import { fileResponses, responses } from '@caseport/domain/api/responses';
import { text } from '@caseport/domain/api/scalars';
import {
  BillingDetailsSavedSchema,
  CustomerDetailsBodySchema,
  CustomerDetailsSchema,
  UpdateBillingDetailsBodySchema,
} from '@caseport/domain/billing/billing-details';
import {
  InvoiceListBodySchema,
  InvoiceListSchema,
  InvoiceViewfileQuerySchema,
  SelectedPlanSchema,
} from '@caseport/domain/billing/invoices';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../platform/content-disposition';
import { contextOf, readInTenant, runInTenant } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { customerDetails, invoicePdf, listInvoices, updateBillingDetails } from './service';

/** R-SHELL-048: the payload the shell sends when it loads the current plan. */
const SelectedPlanBody = z
  .object({
    subscriber: z
      .object({
        name: text().max(200),
        email: text().max(254),
        phone: text().max(30).optional().default(''),
        phoneCode: text().max(8).optional().default(''),
      })
      .strict(),
    plans: z.array(text().max(100)).max(50),
    serviceTypeId: z.literal(1),
    methodTypeId: z.literal(1),
    today: text().regex(/^\d{4}-\d{2}-\d{2}$/),
    timezone: text().max(64),
  })
  .strict();

export const billingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  app.post(
    '/api/billing/selected-plan',
    { schema: { tags: ['billing'], body: SelectedPlanBody, response: responses(SelectedPlanSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      return runInTenant(db, ctx, async (tx) => {
        const [t] = await tx
          .select({ plan: schema.tenants.subscriptionPlan, card: schema.tenants.cardToken })
          .from(schema.tenants)
          .where(eq(schema.tenants.id, ctx.tenantId ?? '00000000-0000-0000-0000-000000000000'));
        if (!t) throw notFound('Tenant');
        return { plan: t.plan ? { code: t.plan } : null, hasCard: !!t.card };
      });
    },
  );

  // R-BILL-032: the invoice list of the Billing & Payments tab.
  app.post(
    '/api/invoices/list',
    { schema: { tags: ['billing'], body: InvoiceListBodySchema, response: responses(InvoiceListSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      return readInTenant(db, ctx, (tx) => listInvoices(tx, ctx, request.body));
    },
  );
  // R-BILL-029: the payments service's viewfile of an invoice, opened in a new tab (a PDF shown inline).
  app.get(
    '/api/payments/viewfile',
    {
      schema: {
        tags: ['billing'],
        querystring: InvoiceViewfileQuerySchema,
        response: fileResponses(['application/pdf']),
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      const { filename, data } = await runInTenant(db, ctx, (tx) => invoicePdf(tx, ctx, request.query.invoiceId));
      reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition('inline', filename))
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff');
      return reply.send(Buffer.from(data));
    },
  );
  // R-BILL-018: the Billing Details panel reads the customer; R-BILL-017 saves its details.
  app.post(
    '/api/billing/get-customer-details',
    { schema: { tags: ['billing'], body: CustomerDetailsBodySchema, response: responses(CustomerDetailsSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      return runInTenant(db, ctx, (tx) => customerDetails(tx, ctx));
    },
  );
  app.post(
    '/api/tenant/update-billing-details',
    {
      schema: {
        tags: ['billing'],
        body: UpdateBillingDetailsBodySchema,
        response: responses(BillingDetailsSavedSchema),
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      return runInTenant(db, ctx, (tx) => updateBillingDetails(tx, ctx, clock, request.body));
    },
  );
};
