import type { Executor } from '@caseport/db/client';
import {
  BILLING_MESSAGES,
  type CustomerDetails,
  type UpdateBillingDetailsBody,
} from '@caseport/domain/billing/billing-details';
import {
  centsToDollars,
  type InvoiceItem,
  type InvoiceListBody,
  type InvoiceStatusId,
  invoiceDocumentPath,
  invoiceStatusName,
} from '@caseport/domain/billing/invoices';
import { isInvoiceOverdue } from '@caseport/domain/billing/proration';
import { dayIn } from '@caseport/domain/tenants/tenant-day';
import { resolveAddress } from '../../platform/address';
import { recordAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { tenantZone } from '../../platform/tenant-day';
import { renderInvoicePdf } from './invoice-pdf';
import * as repo from './repository';
import { billingWriter } from './writer';

/**
 * R-BILL-030: the list's wire shape of a stored invoice, with its lines and whether it is overdue on `today` (the
 * tenant's day, issue 38 finding 1).
 */
export const invoiceView = (row: repo.InvoiceRow, today: string): InvoiceItem => ({
  _id: row.id,
  refId: row.refId,
  subscriberDetails: { email: row.subscriberEmail },
  planDetails: { name: row.planName },
  totalAmount: centsToDollars(row.totalCents),
  listAmount: centsToDollars(row.listCents),
  discountAmount: centsToDollars(row.discountCents),
  couponCode: row.couponCode,
  creditAmount: centsToDollars(row.creditCents),
  taxAmount: centsToDollars(row.taxCents),
  currency: row.currency,
  createdOn: row.createdOn.toISOString(),
  dueDate: row.dueDate,
  paidOn: row.paidOn?.toISOString() ?? null,
  statusId: row.statusId as InvoiceStatusId,
  statusDetails: { name: invoiceStatusName(row.statusId) },
  isOverdue: isInvoiceOverdue(row, today),
  document: invoiceDocumentPath(row.id),
});

export const listInvoices = async (tx: Executor, ctx: RequestContext, clock: Clock, body: InvoiceListBody) => {
  // Only tenant users open the Billing & Payments tab (R-SHELL-014); a tenant-less caller has no invoices.
  if (!ctx.tenantId) return { list: [], totalCount: 0 };
  // The tenant's zone: its "today" (overdue marks) and the days its date filters pick (tenant-day.ts).
  const zone = await tenantZone(tx, ctx.tenantId);
  const page = await repo.listInvoices(tx, ctx.tenantId, body, zone);
  const today = dayIn(clock(), zone);
  return { list: page.list.map((row) => invoiceView(row, today)), totalCount: page.totalCount };
};

/** R-BILL-029: the PDF of one of the caller's invoices; any other id is 404 (SECURITY: another tenant's ids). */
export const invoicePdf = async (tx: Executor, ctx: RequestContext, clock: Clock, invoiceId: string) => {
  const row = ctx.tenantId ? await repo.findInvoice(tx, ctx.tenantId, invoiceId) : null;
  if (!row) throw notFound('Invoice');
  const billedTo = await repo.tenantName(tx, row.tenantId);
  return {
    filename: `${row.refId}.pdf`,
    data: await renderInvoicePdf(row, billedTo, await tenantZone(tx, row.tenantId), clock()),
  };
};

/** R-BILL-018: the customer as billing knows it; the tenant is the session's whatever the body's subscriber says. */
export const customerDetails = async (tx: Executor, ctx: RequestContext): Promise<CustomerDetails> => {
  const billingDetails = ctx.tenantId ? await repo.readBillingDetails(tx, ctx.tenantId) : undefined;
  if (billingDetails === undefined) throw notFound('Customer');
  return { billingDetails };
};

/**
 * R-BILL-017: saves the Billing Details. The body was checked by the shared schema (R-BILL-011..014); the
 * address is checked against master data here (R-BILL-015) and stored with its detail objects.
 */
export const updateBillingDetails = async (
  tx: Executor,
  ctx: RequestContext,
  clock: Clock,
  body: UpdateBillingDetailsBody,
) => {
  const { tenantId } = await billingWriter(tx, ctx, 'details');
  const before = await repo.readBillingDetails(tx, tenantId);
  if (before === undefined) throw notFound('Customer');
  const { authPerson } = body.billingDetails;
  const billingDetails = {
    ...body.billingDetails,
    authPerson: {
      ...authPerson,
      address: await resolveAddress(tx, 'billingDetails.authPerson.address', authPerson.address),
    },
  };
  await repo.saveBillingDetails(tx, tenantId, billingDetails, clock());
  await recordAudit(tx, ctx, {
    entity: 'tenant_billing_details',
    entityId: tenantId,
    action: 'update',
    before,
    after: billingDetails,
  });
  return { message: BILLING_MESSAGES.saved, billingDetails };
};
