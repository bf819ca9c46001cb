import { centsToDollars, formatUsd, InvoiceStatus, invoiceStatusName } from '@caseport/domain/billing/invoices';
import { invoiceDate, renderInvoiceDocument } from '../../platform/invoice-document';
import type { InvoiceRow } from './repository';

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
      ['Invoice date', invoiceDate(invoice.createdOn, timeZone)],
      ['Due date', invoice.dueDate ? invoiceDate(invoice.dueDate, timeZone) : '-'],
      [
        'Status',
        isPaid && invoice.paidOn
          ? `Paid on ${invoiceDate(invoice.paidOn, timeZone)}`
          : invoiceStatusName(invoice.statusId),
      ],
    ],
    billedTo: [billedTo, invoice.subscriberEmail],
    lines: [
      {
        description: `${invoice.planName} plan`,
        detail: `Service period ${invoiceDate(invoice.periodStart, timeZone)} - ${invoiceDate(invoice.periodEnd, timeZone)}`,
        amount,
      },
    ],
    total: amount,
    footer: 'Thank you for your business.',
    createdOn: invoice.createdOn,
  });
};
