import { centsToDollars, formatUsd, InvoiceStatus, invoiceStatusName } from '@caseport/domain/billing/invoices';
import type { PDFFont } from 'pdf-lib';
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
 * changes once paid, so the document cannot drift from the list). Standard fonts only: nothing is fetched.
 */
export const renderInvoicePdf = async (
  invoice: InvoiceRow,
  billedTo: string,
  timeZone: string,
): Promise<Uint8Array> => {
  // Loaded on the first invoice PDF, not at every server start (warm start, issue 15).
  const { PDFDocument, rgb, StandardFonts } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Invoice ${invoice.refId}`);
  pdf.setAuthor('Caseport');
  pdf.setCreationDate(invoice.createdOn);
  const page = pdf.addPage([612, 792]); // US Letter
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.13, 0.15, 0.2);
  const muted = rgb(0.42, 0.45, 0.5);
  const text = (value: string, x: number, y: number, size = 11, font: PDFFont = regular, color = ink) =>
    page.drawText(value, { x, y, size, font, color });
  const right = (value: string, xRight: number, y: number, size = 11, font: PDFFont = regular) =>
    text(value, xRight - font.widthOfTextAtSize(value, size), y, size, font);

  text('Caseport', 56, 730, 20, bold);
  text('Immigration case-management portal', 56, 712, 10, regular, muted);
  right('INVOICE', 556, 730, 20, bold);
  right(invoice.refId, 556, 712, 11);

  const isPaid = invoice.statusId === InvoiceStatus.Paid;
  const facts: [string, string][] = [
    ['Invoice date', usDate(invoice.createdOn, timeZone)],
    ['Due date', invoice.dueDate ? usDate(invoice.dueDate, timeZone) : '-'],
    [
      'Status',
      isPaid && invoice.paidOn ? `Paid on ${usDate(invoice.paidOn, timeZone)}` : invoiceStatusName(invoice.statusId),
    ],
  ];
  facts.forEach(([label, value], n) => {
    text(label, 340, 660 - n * 18, 10, regular, muted);
    right(value, 556, 660 - n * 18, 10, bold);
  });

  text('Billed to', 56, 660, 10, regular, muted);
  text(billedTo, 56, 642, 12, bold);
  text(invoice.subscriberEmail, 56, 626, 10);

  const top = 560;
  page.drawRectangle({ x: 56, y: top - 6, width: 500, height: 22, color: rgb(0.94, 0.95, 0.97) });
  text('Description', 64, top, 10, bold);
  right('Amount', 548, top, 10, bold);
  text(`${invoice.planName} plan`, 64, top - 30, 11);
  text(
    `Service period ${usDate(invoice.periodStart, timeZone)} - ${usDate(invoice.periodEnd, timeZone)}`,
    64,
    top - 46,
    9,
    regular,
    muted,
  );
  const amount = `${formatUsd(centsToDollars(invoice.totalCents))} ${invoice.currency}`;
  right(amount, 548, top - 30, 11);
  page.drawLine({ start: { x: 56, y: top - 66 }, end: { x: 556, y: top - 66 }, thickness: 0.5, color: muted });
  right('Total', 440, top - 88, 12, bold);
  right(amount, 548, top - 88, 12, bold);

  text('Thank you for your business.', 56, 90, 10, regular, muted);
  return pdf.save();
};
