import type { Executor } from '@caseport/db/client';
import {
  centsToDollars,
  type InvoiceItem,
  type InvoiceListBody,
  type InvoiceStatusId,
  invoiceDocumentPath,
  invoiceStatusName,
} from '@caseport/domain/billing/invoices';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { renderInvoicePdf } from './invoice-pdf';
import * as repo from './repository';

/** R-BILL-030: the list's wire shape of a stored invoice. */
const view = (row: repo.InvoiceRow): InvoiceItem => ({
  _id: row.id,
  refId: row.refId,
  subscriberDetails: { email: row.subscriberEmail },
  planDetails: { name: row.planName },
  totalAmount: centsToDollars(row.totalCents),
  currency: row.currency,
  createdOn: row.createdOn.toISOString(),
  dueDate: row.dueDate,
  paidOn: row.paidOn?.toISOString() ?? null,
  statusId: row.statusId as InvoiceStatusId,
  statusDetails: { name: invoiceStatusName(row.statusId) },
  document: invoiceDocumentPath(row.id),
});

export const listInvoices = async (tx: Executor, ctx: RequestContext, body: InvoiceListBody) => {
  // Only tenant users open the Billing & Payments tab (R-SHELL-014); a tenant-less caller has no invoices.
  if (!ctx.tenantId) return { list: [], totalCount: 0 };
  const page = await repo.listInvoices(tx, ctx.tenantId, body);
  return { list: page.list.map(view), totalCount: page.totalCount };
};

/** R-BILL-029: the PDF of one of the caller's invoices; any other id is 404 (SECURITY: another tenant's ids). */
export const invoicePdf = async (tx: Executor, ctx: RequestContext, invoiceId: string) => {
  const row = ctx.tenantId ? await repo.findInvoice(tx, ctx.tenantId, invoiceId) : null;
  if (!row) throw notFound('Invoice');
  const billedTo = await repo.tenantName(tx, row.tenantId);
  return { filename: `${row.refId}.pdf`, data: await renderInvoicePdf(row, billedTo) };
};
