import {
  centsToDollars,
  formatUsd,
  InvoiceStatus,
  invoiceStatusName,
  OVERDUE_LABEL,
} from '@caseport/domain/billing/invoices';
import { isInvoiceOverdue } from '@caseport/domain/billing/proration';
import { dayIn } from '@caseport/domain/tenants/tenant-day';
import { invoiceDate, renderInvoiceDocument } from '../../platform/invoice-document';
import type { InvoiceRow } from './repository';

/** What a prorated invoice records of its days (issue 38 finding 1, `invoices.proration`). */
export interface InvoiceProration {
  days: number;
  periodDays: number;
  planListCents: number;
  interval: 'month' | 'year';
  creditDays: number;
  creditPlan: string | null;
}

const usd = (cents: number, currency: string) => `${formatUsd(centsToDollars(cents))} ${currency}`;

/**
 * R-BILL-029: the invoice PDF, rendered from the stored invoice on each download (an invoice row never
 * changes once paid, so the document cannot drift from the list), in the product's one invoice layout.
 * Issue 38 finding 1: its lines are the plan's list price (prorated, with its days, when the invoice covers part of a
 * period), the discount (the coupon, 0.00 without one), the credit for unused days of the plan it replaced, tax
 * (0.00 where none) and the total; an unpaid invoice past its due date says Overdue.
 */
export const renderInvoicePdf = async (
  invoice: InvoiceRow,
  billedTo: string,
  timeZone: string,
  now: Date,
): Promise<Uint8Array> => {
  const isPaid = invoice.statusId === InvoiceStatus.Paid;
  const cur = invoice.currency;
  const proration = invoice.proration as InvoiceProration | null;
  const period = `Service period ${invoiceDate(invoice.periodStart, timeZone)} - ${invoiceDate(invoice.periodEnd, timeZone)}`;
  const listDetail = proration
    ? `List price ${usd(proration.planListCents, cur)} a ${proration.interval}${
        proration.days < proration.periodDays ? `, prorated for ${proration.days} of ${proration.periodDays} days` : ''
      }. ${period}`
    : `List price. ${period}`;
  const overdue = isInvoiceOverdue(invoice, dayIn(now, timeZone));
  const lines = [
    { description: `${invoice.planName} plan`, detail: listDetail, amount: usd(invoice.listCents, cur) },
    {
      description: invoice.couponCode ? `Discount (coupon ${invoice.couponCode})` : 'Discount',
      detail: invoice.couponCode ? undefined : 'No coupon',
      amount: `-${usd(invoice.discountCents, cur)}`,
    },
    ...(invoice.creditCents > 0
      ? [
          {
            description: 'Credit for unused time',
            detail: proration?.creditPlan
              ? `${proration.creditPlan} plan, ${proration.creditDays} unused days`
              : undefined,
            amount: `-${usd(invoice.creditCents, cur)}`,
          },
        ]
      : []),
    { description: 'Tax', detail: invoice.taxCents ? undefined : 'No tax applies', amount: usd(invoice.taxCents, cur) },
  ];
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
          : overdue
            ? `${invoiceStatusName(invoice.statusId)} (${OVERDUE_LABEL})`
            : invoiceStatusName(invoice.statusId),
      ],
    ],
    billedTo: [billedTo, invoice.subscriberEmail],
    lines,
    total: usd(invoice.totalCents, cur),
    footer: 'Thank you for your business.',
    createdOn: invoice.createdOn,
  });
};
