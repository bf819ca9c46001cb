import type { PDFFont, PDFPage } from 'pdf-lib';

/**
 * One invoice layout for every invoice the product prints: the platform's subscription invoices (R-BILL-029,
 * billing/invoice-pdf.ts) and a firm's case invoices (issue 34, cases/invoices-service.ts). US Letter, standard
 * fonts only (nothing is fetched); the lines run onto more pages when they do not fit.
 */
export interface InvoiceDocument {
  /** The word at the top right: 'INVOICE' unless said (issue 36: a case's 'FEE ESTIMATE' is no invoice). */
  title?: string;
  /** Who issues it: a name in large type and a line under it. */
  issuer: { name: string; tagline: string };
  number: string;
  /** Label and value pairs at the top right (invoice date, due date, status...). */
  facts: [string, string][];
  /** 'Billed to' (or `billedToLabel`): the first line in bold, the others under it. */
  billedTo: string[];
  billedToLabel?: string;
  lines: { description: string; detail?: string; amount: string }[];
  total: string;
  /** A word stamped across the first page (a voided invoice says 'VOID'). */
  stamp?: string;
  footer: string;
  createdOn: Date;
}

/** A day as an invoice prints it ('Nov 29, 2026'): a stored calendar date as it is, an instant as `timeZone`'s day. */
export const invoiceDate = (value: string | Date, timeZone = 'UTC') =>
  new Date(typeof value === 'string' ? `${value.slice(0, 10)}T12:00:00Z` : value).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: typeof value === 'string' ? 'UTC' : timeZone,
  });

const TOP = 560;
const LINE_HEIGHT = 36;
const BOTTOM = 130;

export const renderInvoiceDocument = async (doc: InvoiceDocument): Promise<Uint8Array> => {
  // Loaded on the first invoice PDF, not at every server start (warm start, issue 15).
  const { PDFDocument, rgb, StandardFonts, degrees } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  const title = doc.title ?? 'INVOICE';
  pdf.setTitle(`${title.charAt(0)}${title.slice(1).toLowerCase()} ${doc.number}`);
  pdf.setAuthor(doc.issuer.name);
  pdf.setCreationDate(doc.createdOn);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  // The standard fonts cover Latin-1 (WinAnsi): any other character (a name in Chinese script, an emoji) prints as
  // '?' rather than failing the download.
  const covered = new Set(regular.getCharacterSet());
  const printable = (value: string) =>
    Array.from(value, (ch) => (covered.has(ch.codePointAt(0) ?? 0) ? ch : '?')).join('');
  const ink = rgb(0.13, 0.15, 0.2);
  const muted = rgb(0.42, 0.45, 0.5);
  let page: PDFPage = pdf.addPage([612, 792]);
  const text = (value: string, x: number, y: number, size = 11, font: PDFFont = regular, color = ink) =>
    page.drawText(printable(value), { x, y, size, font, color });
  /** A line cut to the width it has, with an ellipsis (a long source must not run under the amounts). */
  const fit = (value: string, width: number, size: number) => {
    let out = printable(value);
    if (regular.widthOfTextAtSize(out, size) <= width) return out;
    while (out.length > 1 && regular.widthOfTextAtSize(`${out}…`, size) > width) out = out.slice(0, -1);
    return `${out.trimEnd()}…`;
  };
  const right = (value: string, xRight: number, y: number, size = 11, font: PDFFont = regular) =>
    text(value, xRight - font.widthOfTextAtSize(printable(value), size), y, size, font);
  const header = () => {
    page.drawRectangle({ x: 56, y: TOP - 6, width: 500, height: 22, color: rgb(0.94, 0.95, 0.97) });
    text('Description', 64, TOP, 10, bold);
    right('Amount', 548, TOP, 10, bold);
  };

  text(doc.issuer.name, 56, 730, 20, bold);
  text(doc.issuer.tagline, 56, 712, 10, regular, muted);
  right(title, 556, 730, 20, bold);
  right(doc.number, 556, 712, 11);
  doc.facts.forEach(([label, value], n) => {
    text(label, 340, 660 - n * 18, 10, regular, muted);
    right(value, 556, 660 - n * 18, 10, bold);
  });
  text(doc.billedToLabel ?? 'Billed to', 56, 660, 10, regular, muted);
  doc.billedTo.forEach((line, n) => {
    text(line, 56, 642 - (n === 0 ? 0 : 2 + n * 14), n === 0 ? 12 : 10, n === 0 ? bold : regular);
  });
  if (doc.stamp)
    page.drawText(doc.stamp, {
      x: 170,
      y: 300,
      size: 110,
      font: bold,
      color: rgb(0.8, 0.2, 0.2),
      opacity: 0.25,
      rotate: degrees(30),
    });
  header();

  let y = TOP - 30;
  for (const line of doc.lines) {
    if (y < BOTTOM) {
      page = pdf.addPage([612, 792]);
      right(`${doc.number} (continued)`, 556, 730, 11);
      header();
      y = TOP - 30;
    }
    text(fit(line.description, 380, 11), 64, y, 11);
    if (line.detail) text(fit(line.detail, 484, 9), 64, y - 16, 9, regular, muted);
    right(line.amount, 548, y, 11);
    y -= LINE_HEIGHT;
  }
  if (y < BOTTOM) {
    page = pdf.addPage([612, 792]);
    right(`${doc.number} (continued)`, 556, 730, 11);
    y = TOP - 30;
  }
  const rule = y + 6;
  page.drawLine({ start: { x: 56, y: rule }, end: { x: 556, y: rule }, thickness: 0.5, color: muted });
  right('Total', 440, rule - 22, 12, bold);
  right(doc.total, 548, rule - 22, 12, bold);

  text(fit(doc.footer, 500, 10), 56, 90, 10, regular, muted);
  return pdf.save();
};
