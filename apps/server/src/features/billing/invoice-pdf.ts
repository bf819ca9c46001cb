import { centsToDollars, formatUsd, InvoiceStatus, invoiceStatusName } from '@caseport/domain/billing/invoices';
import { renderInvoiceDocument } from '../../platform/invoice-document';
import type { InvoiceRow } from './repository';

/** A day as the invoice prints it: a stored date as it is, an instant as the tenant's day (issue 38 finding 2). */
const usDate = (value: string | Date, timeZone: string) =>
  new Date(typeof value === 'string' ? `${value.slice(0, 10)}T12:00:00Z` : value).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: typeof value === 'string' ? 'UTC' : timeZone,
  });

/**
 * R-BILL-029: the invoice PDF, rendered from the stored invoice on each download (an invoice row never
 * changes once paid, so the document cannot drift from the list), in the product's one invoice layout.
 */
export const renderInvoicePdf = async (
  invoice: InvoiceRow,
  billedTo: string,
  timeZone: string,
): Promise<Uint8Array> => {
  const isPaid = invoice.statusId === InvoiceStatus.Paid;
  const amount = `${formatUsd(centsToDollars(invoice.totalCents))} ${invoice.currency}`;
  return renderInvoiceDocument({
    issuer: { name: 'Caseport', tagline: 'Immigration case-management portal' },
    number: invoice.refId,
    facts: [
      ['Invoice date', usDate(invoice.createdOn, timeZone)],
      ['Due date', invoice.dueDate ? usDate(invoice.dueDate, timeZone) : '-'],
      [
        'Status',
        isPaid && invoice.paidOn ? `Paid on ${usDate(invoice.paidOn, timeZone)}` : invoiceStatusName(invoice.statusId),
      ],
    ],
    billedTo: [billedTo, invoice.subscriberEmail],
    lines: [
      {
        description: `${invoice.planName} plan`,
        detail: `Service period ${usDate(invoice.periodStart, timeZone)} - ${usDate(invoice.periodEnd, timeZone)}`,
        amount,
      },
    ],
    total: amount,
    footer: 'Thank you for your business.',
    createdOn: invoice.createdOn,
  });
};
