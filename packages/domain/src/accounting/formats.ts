import { type ExportCell, exportRow } from '../export/cells';
import { calendarDateIn } from '../tenants/tenant-day';
import { QB_CUSTOMER_MAX } from './contracts';

/**
 * The pure formatting of an accounting export (issue 21): what the server's exporters write. Money is whole
 * cents from end to end (never a float), dates are the tenant's calendar days.
 */

/**
 * One invoice of the invoice list as the firm's books hold it: a bill from the vendor (Caseport), one line on
 * the expense account.
 */
export interface ExportBill {
  number: string;
  /** The instant the invoice was issued: its date is the tenant's calendar day of it. */
  issuedAt: Date;
  /** A calendar day (YYYY-MM-DD) or none. */
  dueDate: string | null;
  /** The plan and its period. */
  memo: string;
  amountCents: number;
}
/** A paid invoice: the firm paid the bill from its bank account (an invoice is paid whole, once). */
export interface ExportBillPayment {
  billNumber: string;
  paidAt: Date;
  amountCents: number;
}
export interface ExportBatch {
  timeZone: string;
  vendor: string;
  expenseAccount: string;
  payableAccount: string;
  bankAccount: string;
  /** The firm's fee-line items with their income accounts (the item list QuickBooks Desktop creates). */
  items: { name: string; incomeAccount: string }[];
  bills: ExportBill[];
  payments: ExportBillPayment[];
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

/** QuickBooks' US date, MM/DD/YYYY, of an instant in the tenant's time zone. */
export const qbDateOf = (instant: Date, timeZone: string): string => {
  const d = calendarDateIn(instant, timeZone);
  return `${d.month}/${d.day}/${d.year}`;
};
/** A calendar day YYYY-MM-DD as MM/DD/YYYY. */
export const qbDay = (day: string): string => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/**
 * An IIF field's text: a tab or line break would split the row; they become one space. A double quote becomes
 * a single quote (QuickBooks reads quotes as the field's quoting). The cell is then quoted and neutralised by
 * exportCell like every export cell (SECURITY 27).
 */
export const iifField = (value: string): string =>
  value
    .replace(/[\t\r\n]+/g, ' ')
    .replace(/"/g, "'")
    .trim();

const vendorName = (name: string) => iifField(name).slice(0, QB_CUSTOMER_MAX);

const EOL = '\r\n';
const row = (fields: readonly ExportCell[]) => exportRow(fields, '\t');
const amount = (cents: number): ExportCell => ({ number: formatCents(cents) });

export const IIF_HEADERS = {
  accnt: ['!ACCNT', 'NAME', 'ACCNTTYPE'],
  vend: ['!VEND', 'NAME'],
  invitem: ['!INVITEM', 'NAME', 'INVITEMTYPE', 'ACCNT'],
  trns: ['!TRNS', 'TRNSID', 'TRNSTYPE', 'DATE', 'ACCNT', 'NAME', 'AMOUNT', 'DOCNUM', 'MEMO', 'DUEDATE'],
  spl: ['!SPL', 'SPLID', 'TRNSTYPE', 'DATE', 'ACCNT', 'NAME', 'AMOUNT', 'DOCNUM', 'MEMO'],
  endtrns: ['!ENDTRNS'],
} as const;

/**
 * QuickBooks Desktop IIF, the firm's books: the accounts the mapping names with their types (so an import into
 * a new company file creates them right: payable AP, bank BANK, expense EXP, the fee lines' income INC), the
 * vendor, the fee-line items; then one BILL per invoice (TRNS on accounts payable, minus the amount, NAME the
 * vendor; SPL on the expense account, plus the amount, no NAME: on a bill's split it names a billable
 * customer) and one BILLPMT per payment (TRNS on the bank account, minus; SPL on accounts payable, plus, NAME
 * the vendor). Every TRNS amount equals minus the sum of its SPLs, so each transaction balances.
 */
export const formatIif = (batch: ExportBatch): string => {
  const out: string[] = [];
  const vendor = vendorName(batch.vendor);
  const payable = iifField(batch.payableAccount);
  const bank = iifField(batch.bankAccount);
  const expense = iifField(batch.expenseAccount);
  out.push(row(IIF_HEADERS.accnt));
  out.push(row(['ACCNT', payable, 'AP']), row(['ACCNT', bank, 'BANK']), row(['ACCNT', expense, 'EXP']));
  for (const a of new Set(batch.items.map((i) => iifField(i.incomeAccount)))) out.push(row(['ACCNT', a, 'INC']));
  out.push(row(IIF_HEADERS.vend), row(['VEND', vendor]));
  out.push(row(IIF_HEADERS.invitem));
  for (const i of batch.items) out.push(row(['INVITEM', iifField(i.name), 'SERV', iifField(i.incomeAccount)]));
  out.push(row(IIF_HEADERS.trns), row(IIF_HEADERS.spl), row(IIF_HEADERS.endtrns));
  for (const bill of batch.bills) {
    const date = qbDateOf(bill.issuedAt, batch.timeZone);
    const doc = iifField(bill.number);
    const memo = iifField(bill.memo);
    const due = bill.dueDate ? qbDay(bill.dueDate) : '';
    out.push(
      row(['TRNS', '', 'BILL', date, payable, vendor, amount(-bill.amountCents), doc, memo, due]),
      row(['SPL', '', 'BILL', date, expense, '', amount(bill.amountCents), doc, memo]),
      row(['ENDTRNS']),
    );
  }
  for (const p of batch.payments) {
    const date = qbDateOf(p.paidAt, batch.timeZone);
    const doc = iifField(p.billNumber);
    const memo = `Payment of ${doc}`;
    out.push(
      row(['TRNS', '', 'BILLPMT', date, bank, vendor, amount(-p.amountCents), doc, memo, '']),
      row(['SPL', '', 'BILLPMT', date, payable, vendor, amount(p.amountCents), doc, memo]),
      row(['ENDTRNS']),
    );
  }
  return out.join(EOL) + EOL;
};

/**
 * The columns of QuickBooks Online's bill import (Settings → Import data → Bills). Intuit's own template could
 * not be confirmed here; these are the columns its import screen maps (docs/decisions.md, issue 21).
 */
export const CSV_COLUMNS = [
  'Bill No',
  'Supplier',
  'Bill Date',
  'Due Date',
  'Memo',
  'Account',
  'Line Description',
  'Line Amount',
] as const;

/**
 * QuickBooks Online bill CSV: one row per bill (one line each, on the expense account). Every cell goes through
 * exportCell (quoted, a leading formula character neutralised); `separator` ';' is for spreadsheets of locales
 * that read ';' (the file is safe read either way, SECURITY 27).
 */
export const formatCsv = (batch: ExportBatch, separator: ',' | ';' = ','): string => {
  const out = [exportRow(CSV_COLUMNS, separator)];
  for (const bill of batch.bills)
    out.push(
      exportRow(
        [
          bill.number,
          batch.vendor.slice(0, QB_CUSTOMER_MAX),
          qbDateOf(bill.issuedAt, batch.timeZone),
          bill.dueDate ? qbDay(bill.dueDate) : '',
          bill.memo,
          batch.expenseAccount,
          bill.memo,
          { number: formatCents(bill.amountCents) },
        ],
        separator,
      ),
    );
  return out.join(EOL) + EOL;
};
