import { describe, expect, it } from 'vitest';
import { readRow } from '../export/cells';
import { AccountingExportQuerySchema, AccountingMappingSchema, mappingWithDefaults } from './contracts';
import { type ExportBatch, formatCents, formatCsv, formatIif, iifField, parseCents } from './formats';

const batch = (over: Partial<ExportBatch> = {}): ExportBatch => ({
  timeZone: 'America/Los_Angeles',
  vendor: 'Case\tport\n"Inc"',
  expenseAccount: 'Dues & Subscriptions',
  payableAccount: 'Accounts Payable',
  bankAccount: 'Checking',
  items: [
    { name: 'Legal Fee', incomeAccount: 'Legal Fees' },
    { name: 'I-129 Filing Fee', incomeAccount: 'Filing Fees Reimbursed' },
  ],
  bills: [
    {
      number: 'INV-2026-0001',
      // 03:30 UTC on Jan 2 is still Jan 1 in Los Angeles.
      issuedAt: new Date('2026-01-02T03:30:00Z'),
      dueDate: '2026-01-16',
      memo: 'Professional (01/01/2026 - 01/31/2026)',
      amountCents: 19_930,
    },
  ],
  // Paid at 06:00 UTC on Jan 6: Jan 5 in Los Angeles.
  payments: [{ billNumber: 'INV-2026-0001', paidAt: new Date('2026-01-06T06:00:00Z'), amountCents: 19_930 }],
  ...over,
});

/** Parses IIF back into header rows and transactions (TRNS + SPLs up to ENDTRNS). */
const parseIif = (text: string) => {
  const rows = text
    .split('\r\n')
    .filter(Boolean)
    .map((l) => readRow(l, '\t'));
  const headers = rows.filter((r) => r[0]?.startsWith('!')).map((r) => r[0]);
  const trns: { head: string[]; spl: string[][] }[] = [];
  for (const r of rows) {
    if (r[0] === 'TRNS') trns.push({ head: r, spl: [] });
    else if (r[0] === 'SPL') trns.at(-1)?.spl.push(r);
  }
  return { rows, headers, trns };
};

describe('accounting export formats', () => {
  it('amounts are whole cents formatted without float drift', () => {
    expect(formatCents(19_930)).toBe('199.30');
    expect(formatCents(-5)).toBe('-0.05');
    expect(formatCents(0)).toBe('0.00');
    expect(parseCents('1234567.89')).toBe(123_456_789);
    expect(() => formatCents(0.5)).toThrow();
  });

  it('IIF: a BILL per invoice and a BILLPMT per payment, each balancing to zero, on the tenant’s days', () => {
    const { headers, trns, rows } = parseIif(formatIif(batch()));
    expect(headers).toEqual(['!ACCNT', '!VEND', '!INVITEM', '!TRNS', '!SPL', '!ENDTRNS']);
    expect(trns.map((t) => t.head[2])).toEqual(['BILL', 'BILLPMT']);
    for (const t of trns) {
      expect(t.spl).toHaveLength(1);
      expect(t.spl.every((r) => r[2] === t.head[2])).toBe(true);
      expect(parseCents(t.head[6] ?? '') + t.spl.reduce((s, r) => s + parseCents(r[6] ?? ''), 0)).toBe(0);
    }
    const [bill, payment] = trns;
    // BILL: accounts payable credited (minus) with the vendor, the expense account debited (plus).
    expect(bill?.head.slice(3)).toEqual([
      '01/01/2026',
      'Accounts Payable',
      "Case port 'Inc'",
      '-199.30',
      'INV-2026-0001',
      'Professional (01/01/2026 - 01/31/2026)',
      '01/16/2026',
    ]);
    expect(bill?.spl[0]?.slice(3, 8)).toEqual(['01/01/2026', 'Dues & Subscriptions', '', '199.30', 'INV-2026-0001']);
    // BILLPMT on its paid day: the bank credited, accounts payable debited, both naming the vendor.
    expect(payment?.head.slice(3, 8)).toEqual([
      '01/05/2026',
      'Checking',
      "Case port 'Inc'",
      '-199.30',
      'INV-2026-0001',
    ]);
    expect(payment?.spl[0]?.slice(3, 7)).toEqual(['01/05/2026', 'Accounts Payable', "Case port 'Inc'", '199.30']);
    expect(rows.filter((r) => r[0] === 'ENDTRNS')).toHaveLength(2);
    // The lists: each account with its type, the vendor, the fee lines' items on their income accounts.
    expect(rows.filter((r) => r[0] === 'ACCNT').map((r) => `${r[1]}:${r[2]}`)).toEqual([
      'Accounts Payable:AP',
      'Checking:BANK',
      'Dues & Subscriptions:EXP',
      'Legal Fees:INC',
      'Filing Fees Reimbursed:INC',
    ]);
    expect(rows.filter((r) => r[0] === 'VEND')).toEqual([['VEND', "Case port 'Inc'"]]);
    expect(rows.find((r) => r[0] === 'INVITEM' && r[1] === 'I-129 Filing Fee')?.[3]).toBe('Filing Fees Reimbursed');
  });

  it('IIF: tabs, line breaks and double quotes in names cannot break a row', () => {
    expect(iifField('Acme\tCorp\r\n"West"')).toBe("Acme Corp 'West'");
    const { rows } = parseIif(formatIif(batch({ expenseAccount: 'Dues\t"Subs"' })));
    expect(rows.find((r) => r[0] === 'SPL')?.[4]).toBe("Dues 'Subs'");
    // The vendor is cut to QuickBooks' 41 characters.
    const long = parseIif(formatIif(batch({ vendor: 'V'.repeat(60) })));
    expect(long.trns[0]?.head[5]).toBe('V'.repeat(41));
    // Every row of one kind has as many fields as its header.
    const width = (h: string) => rows.find((r) => r[0] === `!${h}`)?.length;
    for (const r of rows.filter((x) => !x[0]?.startsWith('!') && x[0] !== 'ENDTRNS'))
      expect(r.length).toBe(width(r[0] ?? ''));
  });

  it('IIF and CSV of an empty range are valid files with their headers only', () => {
    const empty = batch({ bills: [], payments: [] });
    const { headers, trns } = parseIif(formatIif(empty));
    expect(headers).toContain('!TRNS');
    expect(trns).toEqual([]);
    expect(formatCsv(empty).split('\r\n').filter(Boolean)).toHaveLength(1);
  });

  it('CSV: QuickBooks Online bill columns, one row per bill; every cell quoted and formulas defused', () => {
    const lines = formatCsv(batch({ vendor: '=cmd|calc', expenseAccount: 'Dues, Subs' })).split('\r\n');
    expect(lines[0]).toBe(
      '"Bill No","Supplier","Bill Date","Due Date","Memo","Account","Line Description","Line Amount"',
    );
    expect(lines[1]).toBe(
      `"INV-2026-0001","'=cmd|calc","01/01/2026","01/16/2026","Professional (01/01/2026 - 01/31/2026)",` +
        '"Dues, Subs","Professional (01/01/2026 - 01/31/2026)","199.30"',
    );
    expect(formatCsv(batch(), ';').split('\r\n')[1]).toContain('"INV-2026-0001";"Case\tport\n""Inc""";');
    expect(lines.filter(Boolean)).toHaveLength(2);
  });

  it('issue 39: no cell of the IIF or of a CSV read with , or ; starts a formula (OWASP CSV injection)', () => {
    const payloads = ["+cmd|' /C calc'!A0", '=1+1', '@SUM(1)', '-2+3', '\t=1', '\r=1'];
    for (const p of payloads) {
      const b = batch({
        vendor: p.slice(0, 40),
        expenseAccount: p,
        payableAccount: `${p} AP`,
        items: [{ name: p, incomeAccount: `${p} income` }],
        bills: [{ ...batch().bills[0]!, number: p, memo: p }],
      });
      for (const sep of [',', ';'] as const) {
        for (const line of formatCsv(b, sep).split('\r\n').filter(Boolean)) {
          // As a spreadsheet reads it, with either separator: every cell quoted, none a formula.
          for (const readAs of [',', ';'])
            for (const cell of readRow(line, readAs)) expect(cell).not.toMatch(/^[=+@\t\r]|^-(?!\d)/);
          // Split naively on the separator (no quote handling), each piece still begins with a quote.
          for (const piece of line.split(sep)) expect(piece.startsWith('"')).toBe(true);
        }
      }
      for (const line of formatIif(b).split('\r\n').filter(Boolean)) {
        for (const piece of line.split('\t')) expect(piece.startsWith('"')).toBe(true);
        for (const cell of readRow(line, '\t')) expect(cell).not.toMatch(/^[=+@\t\r]|^-(?!\d)/);
      }
    }
  });
});

describe('accounting mapping', () => {
  const fees = [
    { code: 'I129', name: 'I-129 Filing Fee', type: 'USCIS' },
    { code: 'LEGAL', name: 'Legal Fee', type: 'other' },
  ];

  it('defaults: the Caseport bill on Dues & Subscriptions, USCIS fees to Filing Fees Reimbursed, own fees to Legal Fees', () => {
    const m = mappingWithDefaults(null, fees);
    expect(m.subscriptionBill).toEqual({
      vendor: 'Caseport',
      expenseAccount: 'Dues & Subscriptions',
      payableAccount: 'Accounts Payable',
      bankAccount: 'Checking',
    });
    expect(m.feeLines.map((f) => f.incomeAccount)).toEqual(['Filing Fees Reimbursed', 'Legal Fees']);
    expect(AccountingMappingSchema.safeParse(m).success).toBe(true);
  });

  it('refuses long or row-breaking names, payable = bank, an expense or income account on a balance account', () => {
    const m = mappingWithDefaults(null, fees);
    const bill = (over: object) => ({ ...m, subscriptionBill: { ...m.subscriptionBill, ...over } });
    const paths = (x: unknown) =>
      (AccountingMappingSchema.safeParse(x).error?.issues ?? []).map((i) => i.path.join('.'));
    expect(paths(bill({ payableAccount: 'x'.repeat(32) }))).toEqual(['subscriptionBill.payableAccount']);
    expect(paths(bill({ vendor: 'V'.repeat(41) }))).toEqual([]);
    expect(paths(bill({ vendor: 'V'.repeat(42) }))).toEqual(['subscriptionBill.vendor']);
    expect(paths(bill({ bankAccount: 'Cash\tBox' }))).toEqual(['subscriptionBill.bankAccount']);
    expect(paths(bill({ bankAccount: 'accounts payable' }))).toEqual(['subscriptionBill.bankAccount']);
    expect(paths(bill({ expenseAccount: 'Checking' }))).toEqual(['subscriptionBill.expenseAccount']);
    expect(paths(bill({ expenseAccount: 'Legal Fees' }))).toEqual(['feeLines.1.incomeAccount']);
    expect(paths({ ...m, feeLines: [{ ...m.feeLines[0], item: 'Legal Fee' }, m.feeLines[1]] })).toEqual([
      'feeLines.1.incomeAccount',
    ]);
    expect(paths({ ...m, feeLines: [m.feeLines[0], m.feeLines[0]] })).toEqual(['feeLines.1.code']);
  });

  it('reads a mapping saved in the first shape (receivables, deposits, invoice line): fee lines kept, the bill defaulted', () => {
    const old = {
      receivableAccount: 'Accounts Receivable',
      depositAccount: 'Operating Account',
      invoiceLine: { item: 'Plan', incomeAccount: 'Income:Legal Fees' },
      feeLines: [{ code: 'LEGAL', item: 'Attorney Fee', incomeAccount: 'Income:Legal Fees' }],
    };
    const m = mappingWithDefaults(old, fees);
    expect(m.subscriptionBill.vendor).toBe('Caseport');
    expect(m.feeLines[1]).toEqual({ code: 'LEGAL', item: 'Attorney Fee', incomeAccount: 'Income:Legal Fees' });
    expect(AccountingMappingSchema.safeParse(m).success).toBe(true);
    // Whatever the stored jsonb holds, the answer passes the contract.
    for (const junk of [42, 'x', [], { subscriptionBill: { vendor: 1 } }, { feeLines: [null, { code: 'LEGAL' }] }])
      expect(AccountingMappingSchema.safeParse(mappingWithDefaults(junk, fees)).success).toBe(true);
    // A saved fee line that now clashes with the bill's accounts falls back to its default.
    const clash = mappingWithDefaults(
      { ...m, feeLines: [{ code: 'LEGAL', item: 'Legal Fee', incomeAccount: 'Checking' }] },
      fees,
    );
    expect(AccountingMappingSchema.safeParse(clash).success).toBe(true);
  });

  it('an export range runs forward and within five years', () => {
    const q = (from: string, to: string) => AccountingExportQuerySchema.safeParse({ format: 'iif', from, to }).success;
    expect(q('2026-01-01', '2026-01-31')).toBe(true);
    expect(q('2026-02-01', '2026-01-31')).toBe(false);
    expect(q('2020-01-01', '2026-01-31')).toBe(false);
    expect(q('2026-02-30', '2026-03-01')).toBe(false);
  });
});
