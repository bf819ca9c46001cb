import { calendarDateIn } from '../case-codes/case-id';
import { QB_CUSTOMER_MAX } from './contracts';

/**
 * The pure formatting of an accounting export (issue 21): what the server's exporters write. Money is whole
 * cents from end to end (never a float), dates are the tenant's calendar days.
 */

export interface ExportInvoiceLine {
  item: string;
  incomeAccount: string;
  description: string;
  quantity: number;
  unitCents: number;
}
export interface ExportInvoice {
  number: string;
  customer: string;
  /** The instant the invoice was issued: its date is the tenant's calendar day of it. */
  issuedAt: Date;
  /** A calendar day (YYYY-MM-DD) or none. */
  dueDate: string | null;
  memo: string;
  lines: ExportInvoiceLine[];
}
export interface ExportPayment {
  invoiceNumber: string;
  customer: string;
  paidAt: Date;
  amountCents: number;
}
export interface ExportBatch {
  timeZone: string;
  receivableAccount: string;
  depositAccount: string;
  /** Every mapped item with its income account (the item list QuickBooks Desktop creates on import). */
  items: { name: string; incomeAccount: string }[];
  invoices: ExportInvoice[];
  payments: ExportPayment[];
}

/** 12345 → "123.45", -5 → "-0.05". Refuses a non-integer: a fraction of a cent is a bug upstream. */
export const formatCents = (cents: number): string => {
  if (!Number.isSafeInteger(cents)) throw new Error('amount must be whole cents');
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** "123.45" → 12345: the inverse of formatCents, exact (string arithmetic, no float). */
export const parseCents = (amount: string): number => {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(amount.trim());
  if (!m) throw new Error(`not an amount: ${amount}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3]));
};

export const lineCents = (l: ExportInvoiceLine): number => l.quantity * l.unitCents;
export const invoiceCents = (inv: ExportInvoice): number => inv.lines.reduce((sum, l) => sum + lineCents(l), 0);

/** QuickBooks' US date, MM/DD/YYYY, of an instant in the tenant's time zone. */
export const qbDateOf = (instant: Date, timeZone: string): string => {
  const d = calendarDateIn(instant, timeZone);
  return `${d.month}/${d.day}/${d.year}`;
};
/** A calendar day YYYY-MM-DD as MM/DD/YYYY. */
export const qbDay = (day: string): string => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/**
 * An IIF field: IIF has no quoting, so a tab or line break would split the row; they become one space. A
 * double quote makes QuickBooks read the field as quoted text: it becomes a single quote.
 */
export const iifField = (value: string): string =>
  value
    .replace(/[\t\r\n]+/g, ' ')
    .replace(/"/g, "'")
    .trim();

const customerName = (name: string) => iifField(name).slice(0, QB_CUSTOMER_MAX);

const EOL = '\r\n';
const row = (fields: readonly string[]) => fields.join('\t');

export const IIF_HEADERS = {
  accnt: ['!ACCNT', 'NAME', 'ACCNTTYPE'],
  invitem: ['!INVITEM', 'NAME', 'INVITEMTYPE', 'ACCNT'],
  trns: ['!TRNS', 'TRNSID', 'TRNSTYPE', 'DATE', 'ACCNT', 'NAME', 'AMOUNT', 'DOCNUM', 'MEMO', 'DUEDATE'],
  spl: ['!SPL', 'SPLID', 'TRNSTYPE', 'DATE', 'ACCNT', 'NAME', 'AMOUNT', 'DOCNUM', 'MEMO', 'INVITEM', 'QNTY', 'PRICE'],
  endtrns: ['!ENDTRNS'],
} as const;

/**
 * QuickBooks Desktop IIF: the accounts and items the mapping names (so an import into a new company file
 * creates them with the right types), then one INVOICE per invoice (TRNS to receivables, one SPL per line to
 * its income account) and one PAYMENT per payment (TRNS to the deposit account, SPL from receivables). Every
 * TRNS amount equals minus the sum of its SPLs, so each transaction balances.
 */
export const formatIif = (batch: ExportBatch): string => {
  const out: string[] = [];
  const incomeAccounts = [...new Set(batch.items.map((i) => iifField(i.incomeAccount)))];
  out.push(row(IIF_HEADERS.accnt));
  out.push(row(['ACCNT', iifField(batch.receivableAccount), 'AR']));
  out.push(row(['ACCNT', iifField(batch.depositAccount), 'OCASSET']));
  for (const a of incomeAccounts) out.push(row(['ACCNT', a, 'INC']));
  out.push(row(IIF_HEADERS.invitem));
  for (const i of batch.items) out.push(row(['INVITEM', iifField(i.name), 'SERV', iifField(i.incomeAccount)]));
  out.push(row(IIF_HEADERS.trns), row(IIF_HEADERS.spl), row(IIF_HEADERS.endtrns));
  for (const inv of batch.invoices) {
    const date = qbDateOf(inv.issuedAt, batch.timeZone);
    const name = customerName(inv.customer);
    const doc = iifField(inv.number);
    out.push(
      row([
        'TRNS',
        '',
        'INVOICE',
        date,
        iifField(batch.receivableAccount),
        name,
        formatCents(invoiceCents(inv)),
        doc,
        iifField(inv.memo),
        inv.dueDate ? qbDay(inv.dueDate) : '',
      ]),
    );
    for (const l of inv.lines) {
      // QuickBooks writes an invoice line's quantity negative, like its amount (the credit side).
      out.push(
        row([
          'SPL',
          '',
          'INVOICE',
          date,
          iifField(l.incomeAccount),
          name,
          formatCents(-lineCents(l)),
          doc,
          iifField(l.description),
          iifField(l.item),
          String(-l.quantity),
          formatCents(l.unitCents),
        ]),
      );
    }
    out.push('ENDTRNS');
  }
  for (const p of batch.payments) {
    const date = qbDateOf(p.paidAt, batch.timeZone);
    const name = customerName(p.customer);
    const doc = iifField(p.invoiceNumber);
    const memo = `Payment of ${doc}`;
    out.push(
      row([
        'TRNS',
        '',
        'PAYMENT',
        date,
        iifField(batch.depositAccount),
        name,
        formatCents(p.amountCents),
        doc,
        memo,
        '',
      ]),
      row([
        'SPL',
        '',
        'PAYMENT',
        date,
        iifField(batch.receivableAccount),
        name,
        formatCents(-p.amountCents),
        doc,
        memo,
        '',
        '',
        '',
      ]),
      'ENDTRNS',
    );
  }
  return out.join(EOL) + EOL;
};

/** The columns of QuickBooks Online's invoice import (Settings → Import data → Invoices). */
export const CSV_COLUMNS = [
  'InvoiceNo',
  'Customer',
  'InvoiceDate',
  'DueDate',
  'Memo',
  'Item(Product/Service)',
  'ItemDescription',
  'ItemQuantity',
  'ItemRate',
  'ItemAmount',
] as const;

/**
 * A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled. A text that
 * a spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe (OWASP CSV injection).
 */
export const csvField = (value: string, isText = true): string => {
  const v = isText && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
};

/** QuickBooks Online invoice CSV: one row per invoice line; the lines of one invoice share its number. */
export const formatCsv = (batch: ExportBatch): string => {
  const out = [CSV_COLUMNS.join(',')];
  for (const inv of batch.invoices) {
    const date = qbDateOf(inv.issuedAt, batch.timeZone);
    for (const l of inv.lines) {
      out.push(
        [
          csvField(inv.number),
          csvField(inv.customer.slice(0, QB_CUSTOMER_MAX)),
          date,
          inv.dueDate ? qbDay(inv.dueDate) : '',
          csvField(inv.memo),
          csvField(l.item),
          csvField(l.description),
          String(l.quantity),
          formatCents(l.unitCents),
          formatCents(lineCents(l)),
        ].join(','),
      );
    }
  }
  return out.join(EOL) + EOL;
};
