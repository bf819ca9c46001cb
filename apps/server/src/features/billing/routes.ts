import { fileResponses, paymentResponses, responses } from '@caseport/domain/api/responses';
import { text } from '@caseport/domain/api/scalars';
import {
  BillingDetailsSavedSchema,
  CustomerDetailsBodySchema,
  CustomerDetailsSchema,
  UpdateBillingDetailsBodySchema,
} from '@caseport/domain/billing/billing-details';
import {
  AttachPaymentMethodBodySchema,
  AttachPaymentMethodSchema,
  CardListBodySchema,
  CardListSchema,
  PayTermsBodySchema,
  PayTermsSchema,
} from '@caseport/domain/billing/cards';
import {
  InvoiceListBodySchema,
  InvoiceListSchema,
  InvoiceViewfileQuerySchema,
} from '@caseport/domain/billing/invoices';
import {
  PlanListBodySchema,
  PlanListSchema,
  SelectedPlanSchema,
  SubscribeBodySchema,
  SubscribeSchema,
  ValidateCouponBodySchema,
  ValidateCouponSchema,
} from '@caseport/domain/billing/plans';
import {
  ChangePreviewSchema,
  PayInvoiceBodySchema,
  PayInvoiceSchema,
  PreviewChangeBodySchema,
} from '@caseport/domain/billing/proration';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileHeaders } from '../../platform/content-disposition';
import { contextOf, readInTenant, runInTenant } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { customerDetails, invoicePdf, listInvoices, updateBillingDetails } from './service';
import {
  acceptPayTerms,
  attachPaymentMethod,
  listCards,
  listPlans,
  payInvoice,
  previewChange,
  selectedPlan,
  subscribe,
  validateCoupon,
} from './subscription';

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

export const billingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock, payments }) => {
  app.post(
    '/api/billing/selected-plan',
    { schema: { tags: ['billing'], body: SelectedPlanBody, response: responses(SelectedPlanSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      return readInTenant(db, ctx, (tx) => selectedPlan(tx, ctx, clock));
    },
  );

  // R-BILL-019: the subscription service — plans, card details, attach payment method, validate coupon,
  // subscribe (the selected plan is above); R-BILL-005 the payment terms.
  app.post(
    '/api/subscription/plans',
    { schema: { tags: ['billing'], body: PlanListBodySchema, response: responses(PlanListSchema) } },
    async () => listPlans(),
  );
  app.post(
    '/api/subscription/cards',
    { schema: { tags: ['billing'], body: CardListBodySchema, response: responses(CardListSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      return readInTenant(db, ctx, (tx) => listCards(tx, ctx));
    },
  );
  app.post(
    '/api/subscription/attach-payment-method',
    {
      schema: {
        tags: ['billing'],
        body: AttachPaymentMethodBodySchema,
        response: responses(AttachPaymentMethodSchema),
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      return runInTenant(db, ctx, (tx) => attachPaymentMethod(tx, ctx, clock, payments, request.body));
    },
  );
  app.post(
    '/api/subscription/validate-coupon',
    { schema: { tags: ['billing'], body: ValidateCouponBodySchema, response: responses(ValidateCouponSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      return readInTenant(db, ctx, (tx) => validateCoupon(tx, ctx, clock, request.body.couponCode));
    },
  );
  app.post(
    '/api/subscription/subscribe',
    { schema: { tags: ['billing'], body: SubscribeBodySchema, response: paymentResponses(SubscribeSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      return runInTenant(db, ctx, (tx) => subscribe(tx, ctx, clock, payments, request.body));
    },
  );
  // Issue 38 finding 1: what a plan change would charge now and from when (the confirmation), and Pay now.
  app.post(
    '/api/subscription/preview-change',
    { schema: { tags: ['billing'], body: PreviewChangeBodySchema, response: responses(ChangePreviewSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      return readInTenant(db, ctx, (tx) => previewChange(tx, ctx, clock, request.body));
    },
  );
  app.post(
    '/api/invoices/pay',
    { schema: { tags: ['billing'], body: PayInvoiceBodySchema, response: paymentResponses(PayInvoiceSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      return runInTenant(db, ctx, (tx) => payInvoice(tx, ctx, clock, payments, request.body));
    },
  );
  app.post(
    '/api/tenant/pay-terms-accepted',
    { schema: { tags: ['billing'], body: PayTermsBodySchema, response: responses(PayTermsSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      return runInTenant(db, ctx, (tx) => acceptPayTerms(tx, ctx, clock));
    },
  );

  // R-BILL-032: the invoice list of the Billing & Payments tab.
  app.post(
    '/api/invoices/list',
    { schema: { tags: ['billing'], body: InvoiceListBodySchema, response: responses(InvoiceListSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      return readInTenant(db, ctx, (tx) => listInvoices(tx, ctx, clock, request.body));
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
      const { filename, data } = await runInTenant(db, ctx, (tx) =>
        invoicePdf(tx, ctx, clock, request.query.invoiceId),
      );
      reply.headers(fileHeaders('application/pdf', 'inline', filename));
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
