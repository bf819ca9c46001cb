import { describe, expect, it } from 'vitest';
import { AccountingExportQuerySchema, AccountingMappingSchema, mappingWithDefaults } from './contracts';
import { csvField, type ExportBatch, formatCents, formatCsv, formatIif, iifField, parseCents } from './formats';

const batch = (over: Partial<ExportBatch> = {}): ExportBatch => ({
  timeZone: 'America/Los_Angeles',
  receivableAccount: 'Accounts Receivable',
  depositAccount: 'Undeposited Funds',
  items: [
    { name: 'Legal Fees', incomeAccount: 'Legal Fees' },
    { name: 'I-129 Filing Fee', incomeAccount: 'Filing Fees Reimbursed' },
  ],
  invoices: [
    {
      number: 'INV-2026-0001',
      customer: 'Acme\tCorp\n"West"',
      // 03:30 UTC on Jan 2 is still Jan 1 in Los Angeles.
      issuedAt: new Date('2026-01-02T03:30:00Z'),
      dueDate: '2026-01-16',
      memo: 'Professional',
      lines: [
        {
          item: 'Legal Fees',
          incomeAccount: 'Legal Fees',
          description: 'Professional',
          quantity: 1,
          unitCents: 19_900,
        },
        // 0.1 + 0.2 style amounts: 3 × $0.10 must be exactly $0.30.
        {
          item: 'I-129 Filing Fee',
          incomeAccount: 'Filing Fees Reimbursed',
          description: 'Fee',
          quantity: 3,
          unitCents: 10,
        },
      ],
    },
  ],
  payments: [
    { invoiceNumber: 'INV-2026-0001', customer: 'Acme', paidAt: new Date('2026-01-05T12:00:00Z'), amountCents: 19_930 },
  ],
  ...over,
});

/** Parses IIF back into header rows and transactions (TRNS + SPLs up to ENDTRNS). */
const parseIif = (text: string) => {
  const rows = text
    .split('\r\n')
    .filter(Boolean)
    .map((l) => l.split('\t'));
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

  it('IIF: header rows, and each TRNS equals minus the sum of its SPLs', () => {
    const { headers, trns, rows } = parseIif(formatIif(batch()));
    expect(headers).toEqual(['!ACCNT', '!INVITEM', '!TRNS', '!SPL', '!ENDTRNS']);
    expect(trns.map((t) => t.head[2])).toEqual(['INVOICE', 'PAYMENT']);
    for (const t of trns) {
      expect(t.spl.length).toBeGreaterThan(0);
      expect(parseCents(t.head[6] ?? '') + t.spl.reduce((s, r) => s + parseCents(r[6] ?? ''), 0)).toBe(0);
    }
    const [invoice] = trns;
    expect(invoice?.head[6]).toBe('199.30');
    expect(invoice?.spl.map((r) => r[6])).toEqual(['-199.00', '-0.30']);
    // The tenant's day (Los Angeles), not the UTC one.
    expect(invoice?.head[3]).toBe('01/01/2026');
    expect(invoice?.head[9]).toBe('01/16/2026');
    expect(rows.filter((r) => r[0] === 'ENDTRNS')).toHaveLength(2);
    expect(rows.find((r) => r[0] === 'INVITEM' && r[1] === 'I-129 Filing Fee')?.[3]).toBe('Filing Fees Reimbursed');
  });

  it('IIF: tabs, line breaks and double quotes in names cannot break a row', () => {
    expect(iifField('Acme\tCorp\r\n"West"')).toBe("Acme Corp 'West'");
    const { rows } = parseIif(formatIif(batch()));
    const trns = rows.find((r) => r[0] === 'TRNS');
    expect(trns?.[5]).toBe("Acme Corp 'West'");
    // Every row of one kind has as many fields as its header.
    const width = (h: string) => rows.find((r) => r[0] === `!${h}`)?.length;
    for (const r of rows.filter((x) => !x[0]?.startsWith('!') && x[0] !== 'ENDTRNS'))
      expect(r.length).toBe(width(r[0] ?? ''));
  });

  it('IIF and CSV of an empty range are valid files with their headers only', () => {
    const empty = batch({ invoices: [], payments: [] });
    const { headers, trns } = parseIif(formatIif(empty));
    expect(headers).toContain('!TRNS');
    expect(trns).toEqual([]);
    expect(formatCsv(empty).split('\r\n').filter(Boolean)).toHaveLength(1);
  });

  it('CSV: fields with commas, quotes and line breaks are quoted; formulas are defused', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-0.30', false)).toBe('-0.30');
    const csv = formatCsv(batch());
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'InvoiceNo,Customer,InvoiceDate,DueDate,Memo,Item(Product/Service),ItemDescription,ItemQuantity,ItemRate,ItemAmount',
    );
    expect(csv).toContain('"Acme\tCorp\n""West"""');
    expect(csv).toContain(',3,0.10,0.30');
  });
});

describe('accounting mapping', () => {
  const fees = [
    { code: 'I129', name: 'I-129 Filing Fee', type: 'USCIS' },
    { code: 'LEGAL', name: 'Legal Fee', type: 'other' },
  ];

  it('defaults: USCIS fees to Filing Fees Reimbursed, own fees and invoices to Legal Fees', () => {
    const m = mappingWithDefaults(null, fees);
    expect(m.receivableAccount).toBe('Accounts Receivable');
    expect(m.depositAccount).toBe('Undeposited Funds');
    expect(m.invoiceLine).toEqual({ item: 'Legal Fees', incomeAccount: 'Legal Fees' });
    expect(m.feeLines.map((f) => f.incomeAccount)).toEqual(['Filing Fees Reimbursed', 'Legal Fees']);
    expect(AccountingMappingSchema.safeParse(m).success).toBe(true);
  });

  it('refuses long or row-breaking names, one item on two accounts, and a receivable used as income', () => {
    const m = mappingWithDefaults(null, fees);
    const paths = (x: unknown) =>
      (AccountingMappingSchema.safeParse(x).error?.issues ?? []).map((i) => i.path.join('.'));
    expect(paths({ ...m, receivableAccount: 'x'.repeat(32) })).toEqual(['receivableAccount']);
    expect(paths({ ...m, depositAccount: 'Cash\tBox' })).toEqual(['depositAccount']);
    expect(paths({ ...m, depositAccount: 'accounts receivable' })).toContain('depositAccount');
    expect(paths({ ...m, feeLines: [{ ...m.feeLines[0], item: 'Legal Fees' }, m.feeLines[1]] })).toEqual([
      'feeLines.0.incomeAccount',
    ]);
    expect(paths({ ...m, invoiceLine: { item: 'Legal Fees', incomeAccount: 'Undeposited Funds' } })).toContain(
      'invoiceLine.incomeAccount',
    );
    expect(paths({ ...m, feeLines: [m.feeLines[0], m.feeLines[0]] })).toEqual(['feeLines.1.code']);
  });

  it('an export range runs forward and within five years', () => {
    const q = (from: string, to: string) => AccountingExportQuerySchema.safeParse({ format: 'iif', from, to }).success;
    expect(q('2026-01-01', '2026-01-31')).toBe(true);
    expect(q('2026-02-01', '2026-01-31')).toBe(false);
    expect(q('2020-01-01', '2026-01-31')).toBe(false);
    expect(q('2026-02-30', '2026-03-01')).toBe(false);
  });
});
