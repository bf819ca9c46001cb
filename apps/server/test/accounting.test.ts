import { parseCents } from '@caseport/domain/accounting/formats';
import { readRow } from '@caseport/domain/export/cells';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/calls';
import { type Caller, createTestApp, DEMO, type TestApp } from './support/test-app';

let t: TestApp;
let lawAdmin: Caller;
let lawManager: Caller;
let otherAdmin: Caller;
let platformAdmin: Caller;
let platformOps: Caller;
let lawPetitioner: Caller;
let coSignatory: Caller;

type Json = Record<string, unknown>;
const SETTINGS = '/api/accounting/settings';
const SAVE = '/api/accounting/save-settings';
const EXPORT = '/api/accounting/export';
const OTHER_PLAN = 'Otherfirm Only Plan';
/** Every invoice day of the demo (set once the invoices are dated). */
const ALL = { from: '', to: '' };

/** The saved rows and the audit count: what "nothing changed" compares. */
const snapshot = async () => {
  const rows = await t.database.db.execute(
    sql`select tenant_id, mapping, updated_on from accounting_settings order by tenant_id`,
  );
  const audit = await t.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from audit_log where entity = 'accounting_settings'`,
  );
  return { rows: JSON.stringify(rows.rows), audit: audit.rows[0]?.n };
};

const addFees = async (tenantId: string, fees: [string, string, 'USCIS' | 'other'][]) => {
  const v = await t.database.db.execute<{ id: string }>(
    sql`insert into filing_fee_versions (tenant_id, type_id, effective_from) values (${tenantId}, 1, '2024-04-01') returning id`,
  );
  const versionId = v.rows[0]?.id;
  let position = 0;
  for (const [code, name, type] of fees)
    await t.database.db.execute(sql`insert into filing_fee_lines (tenant_id, version_id, sub_type_id, position, code, name, amount, type)
      select ${tenantId}::uuid, ${versionId}::uuid, s.id, ${position++}, ${code}, ${name}, 100, ${type}
      from petition_sub_types s where s.petition_type_id = 1 order by s.id limit 1`);
};

/** Invoices of a tenant moved into 2001-2003 so the export ranges below are fixed days. */
const dateInvoices = async (tenantId: string) =>
  t.database.db.execute(sql`update invoices set created_on = created_on - interval '25 years',
    paid_on = paid_on - interval '25 years' where tenant_id = ${tenantId}`);

const parseIif = (text: string) => {
  const rows = text
    .split('\r\n')
    .filter(Boolean)
    .map((l) => readRow(l, '\t'));
  const trns: { head: string[]; spl: string[][] }[] = [];
  for (const r of rows) {
    if (r[0] === 'TRNS') trns.push({ head: r, spl: [] });
    else if (r[0] === 'SPL') trns.at(-1)?.spl.push(r);
  }
  return { rows, headers: rows.filter((r) => r[0]?.startsWith('!')).map((r) => r[0]), trns };
};

beforeAll(async () => {
  t = await createTestApp();
  [lawAdmin, lawManager, otherAdmin, platformAdmin, platformOps, lawPetitioner, coSignatory] = await signIn(
    t,
    'lawAdmin',
    'lawManager',
    'otherAdmin',
    'platformAdmin',
    'platformOps',
    'lawPetitioner',
    'coSignatory',
  );
  await addFees(t.tenants.lawfirm, [
    ['I129', 'I-129 Filing Fee', 'USCIS'],
    ['LEGAL', 'Legal Fee', 'other'],
  ]);
  await addFees(t.tenants.otherfirm, [['SECRETFEE', 'Other firm only', 'other']]);
  await dateInvoices(t.tenants.lawfirm);
  await dateInvoices(t.tenants.otherfirm);
  // A mark the other firm's invoices carry, so a file can show it never holds them.
  await t.database.db.execute(
    sql`update invoices set plan_name = ${OTHER_PLAN} where tenant_id = ${t.tenants.otherfirm}`,
  );
  const [span] = (
    await t.database.db.execute<{ from: string; to: string }>(
      sql`select min(created_on)::date::text as "from", max(greatest(created_on, paid_on))::date::text as "to" from invoices
        where tenant_id in (${t.tenants.lawfirm}, ${t.tenants.otherfirm})`,
    )
  ).rows;
  Object.assign(ALL, { from: span?.from, to: span?.to });
});
afterAll(() => t.close());

const defaults = async (c: Caller, body: Json = {}) => {
  const res = await c.post(SETTINGS, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('accounting settings (quickbooksSettings)', () => {
  it('R-SHELL-026: roles 1, 3 and 4 read the mapping; roles 2, 12 and 50 get 403', async () => {
    for (const c of [lawAdmin, lawManager]) expect((await c.post(SETTINGS, {})).statusCode).toBe(200);
    expect((await platformAdmin.post(SETTINGS, { tenantId: t.tenants.lawfirm })).statusCode).toBe(200);
    for (const c of [platformOps, lawPetitioner, coSignatory]) {
      expect((await c.post(SETTINGS, {})).statusCode).toBe(403);
      expect((await c.post(EXPORT, { format: 'iif', ...ALL })).statusCode).toBe(403);
    }
  });

  it('a tenant starts from the defaults: the Caseport bill, USCIS fees to Filing Fees Reimbursed, own fees to Legal Fees', async () => {
    const s = await defaults(lawAdmin);
    expect(s._id).toBeNull();
    expect(s.mapping.subscriptionBill).toEqual({
      vendor: 'Caseport',
      expenseAccount: 'Dues & Subscriptions',
      payableAccount: 'Accounts Payable',
      bankAccount: 'Checking',
    });
    expect(s.mapping.feeLines).toEqual([
      { code: 'I129', item: 'I-129 Filing Fee', incomeAccount: 'Filing Fees Reimbursed' },
      { code: 'LEGAL', item: 'Legal Fee', incomeAccount: 'Legal Fees' },
    ]);
    // Another firm's fee lines are never listed.
    expect(JSON.stringify(s)).not.toContain('SECRETFEE');
  });

  it('role 1 must pick a customer; an unknown one is refused; a tenant role naming another tenant gets 404', async () => {
    const none = await platformAdmin.post(SETTINGS, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual([{ name: 'tenantId', message: 'Customer is required' }]);
    // A tenant id nobody has is refused on its field by the shared reference check (issue 25, finding 2).
    const unknown = await platformAdmin.post(SETTINGS, { tenantId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.map((f: { name: string }) => f.name)).toEqual(['tenantId']);
    // SECURITY 3: a tenant role naming another tenant is refused (the reference check), and learns nothing.
    const other = await otherAdmin.post(SETTINGS, { tenantId: t.tenants.lawfirm });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('I129');
    expect((await defaults(otherAdmin)).mapping.feeLines.map((f: { code: string }) => f.code)).toEqual(['SECRETFEE']);
  });

  it('a mapping that breaks a rule (payable = bank, …) is a 400 with its fields and writes nothing', async () => {
    const { mapping } = await defaults(lawAdmin);
    const bill = (over: Json) => ({ ...mapping, subscriptionBill: { ...mapping.subscriptionBill, ...over } });
    const before = await snapshot();
    const cases: [Json, string][] = [
      [bill({ bankAccount: 'Accounts Payable' }), 'mapping.subscriptionBill.bankAccount'],
      [bill({ payableAccount: 'x'.repeat(32) }), 'mapping.subscriptionBill.payableAccount'],
      [bill({ vendor: 'V'.repeat(42) }), 'mapping.subscriptionBill.vendor'],
      [bill({ bankAccount: 'Cash\tDrawer' }), 'mapping.subscriptionBill.bankAccount'],
      [bill({ expenseAccount: 'checking' }), 'mapping.subscriptionBill.expenseAccount'],
      [bill({ expenseAccount: 'Legal Fees' }), 'mapping.feeLines.1.incomeAccount'],
      // One item on two accounts: the later line is the one refused.
      [
        { ...mapping, feeLines: [mapping.feeLines[0], { ...mapping.feeLines[1], item: 'I-129 Filing Fee' }] },
        'mapping.feeLines.1.incomeAccount',
      ],
      [
        { ...mapping, feeLines: [{ code: 'NOPE', item: 'Nope', incomeAccount: 'Legal Fees' }] },
        'mapping.feeLines.0.code',
      ],
      [
        { ...mapping, feeLines: [{ code: 'SECRETFEE', item: 'X', incomeAccount: 'Legal Fees' }] },
        'mapping.feeLines.0.code',
      ],
      // The first shape (receivables, deposits, an invoice line) is no longer accepted on save.
      [
        { receivableAccount: 'A', depositAccount: 'B', invoiceLine: { item: 'I', incomeAccount: 'C' }, feeLines: [] },
        'mapping.subscriptionBill',
      ],
    ];
    for (const [m, field] of cases) {
      const res = await lawAdmin.post(SAVE, { mapping: m });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields.map((f: { name: string }) => f.name)).toContain(field);
    }
    expect((await lawAdmin.post(SAVE, { mapping, tenantType: 2 })).statusCode).toBe(400);
    expect((await lawAdmin.post(SAVE, { mapping: { ...mapping, extra: 1 } })).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('role 4 saves the mapping; it is read back with one audit row per save; role 1 saves for a picked tenant', async () => {
    const { mapping } = await defaults(lawManager);
    const next = {
      ...mapping,
      subscriptionBill: {
        vendor: 'Caseport Inc.',
        expenseAccount: 'Software:Subscriptions',
        payableAccount: 'A/P',
        bankAccount: 'Operating Account',
      },
    };
    const res = await lawManager.post(SAVE, { mapping: next });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Accounting settings saved successfully');
    const back = await defaults(lawAdmin);
    expect(back._id).toEqual(expect.any(String));
    expect(back.mapping).toEqual(next);
    const audit = async () =>
      (
        await t.database.db.execute<{ action: string; tenant_id: string }>(
          sql`select action, coalesce(acting_tenant_id, tenant_id) as tenant_id from audit_log where entity = 'accounting_settings' order by id`,
        )
      ).rows;
    // Role 1's row names the tenant it acted for (acting_tenant_id); a tenant role's its own.
    expect(await audit()).toEqual([{ action: 'create', tenant_id: t.tenants.lawfirm }]);
    // A second save of the same tenant updates the row and writes one more audit row.
    expect((await lawAdmin.post(SAVE, { mapping: next })).statusCode).toBe(200);
    expect(await audit()).toEqual([
      { action: 'create', tenant_id: t.tenants.lawfirm },
      { action: 'update', tenant_id: t.tenants.lawfirm },
    ]);
    const other = await defaults(platformAdmin, { tenantId: t.tenants.otherfirm });
    const saved = await platformAdmin.post(SAVE, {
      tenantId: t.tenants.otherfirm,
      mapping: { ...other.mapping, subscriptionBill: { ...other.mapping.subscriptionBill, vendor: 'Vendor Other' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await audit()).at(-1)).toEqual({ action: 'create', tenant_id: t.tenants.otherfirm });
    expect((await audit()).length).toBe(3);
    expect((await defaults(otherAdmin)).mapping.subscriptionBill.vendor).toBe('Vendor Other');
    expect((await defaults(lawAdmin)).mapping.subscriptionBill.vendor).toBe('Caseport Inc.');
  });
});

/** The tenant's invoices as the file must carry them. */
const invoicesOf = async (tenantId: string) =>
  (
    await t.database.db.execute<{ ref_id: string; total_cents: number; paid: boolean }>(
      sql`select ref_id, total_cents, paid_on is not null as paid from invoices where tenant_id = ${tenantId} order by created_on, ref_id`,
    )
  ).rows;

/** Every BILL and BILLPMT of a file balances, and they are exactly the tenant's invoices and payments. */
const expectBooksOf = async (body: string, tenantId: string) => {
  const { headers, trns } = parseIif(body);
  expect(headers).toEqual(['!ACCNT', '!VEND', '!INVITEM', '!TRNS', '!SPL', '!ENDTRNS']);
  expect(new Set(trns.map((x) => x.head[2]))).toEqual(new Set(['BILL', 'BILLPMT']));
  for (const x of trns)
    expect(parseCents(x.head[6] ?? '') + x.spl.reduce((s, r) => s + parseCents(r[6] ?? ''), 0)).toBe(0);
  const bills = trns.filter((x) => x.head[2] === 'BILL');
  const payments = trns.filter((x) => x.head[2] === 'BILLPMT');
  const rows = await invoicesOf(tenantId);
  expect(bills.map((x) => [x.head[7], -parseCents(x.head[6] ?? '')])).toEqual(
    rows.map((r) => [r.ref_id, r.total_cents]),
  );
  expect(payments.map((x) => x.head[7]).sort()).toEqual(
    rows
      .filter((r) => r.paid)
      .map((r) => r.ref_id)
      .sort(),
  );
  return { bills, payments };
};

describe('accounting export', () => {
  it('roles 3 and 4 export their own books: a BILL per subscription invoice, a BILLPMT per payment, never another tenant’s', async () => {
    for (const caller of [lawAdmin, lawManager]) {
      const res = await caller.post(EXPORT, { format: 'iif', ...ALL });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toContain('attachment');
      expect(res.headers['content-disposition']).toContain('.iif');
      const { bills, payments } = await expectBooksOf(res.body, t.tenants.lawfirm);
      // The saved mapping is used: the vendor on accounts payable, the expense account, the bank account.
      expect(bills[0]?.head.slice(4, 6)).toEqual(['A/P', 'Caseport Inc.']);
      expect(bills[0]?.spl[0]?.[4]).toBe('Software:Subscriptions');
      expect(payments[0]?.head.slice(4, 6)).toEqual(['Operating Account', 'Caseport Inc.']);
      expect(payments[0]?.spl[0]?.[4]).toBe('A/P');
      // The firm's own data only: not the other firm's invoices, fee lines or mapping, no subscriber e-mail.
      expect(res.body).not.toContain(OTHER_PLAN);
      expect(res.body).not.toContain('SECRETFEE');
      expect(res.body).not.toContain('Vendor Other');
      expect(res.body).not.toContain(DEMO.lawAdmin);
    }
    // A tenant role naming another tenant is refused (404), nothing of it answered.
    const own = await otherAdmin.post(EXPORT, { format: 'iif', ...ALL, tenantId: t.tenants.lawfirm });
    expect(own.statusCode).toBe(404);
    expect(own.body).not.toContain('BILL');
  });

  it('role 1 with a tenantId exports that tenant’s books, with that tenant’s mapping', async () => {
    const picked = await platformAdmin.post(EXPORT, { format: 'iif', ...ALL, tenantId: t.tenants.otherfirm });
    expect(picked.statusCode, picked.body).toBe(200);
    const { bills } = await expectBooksOf(picked.body, t.tenants.otherfirm);
    expect(bills.length).toBeGreaterThan(0);
    expect(bills[0]?.head[5]).toBe('Vendor Other');
    expect(picked.body).toContain(OTHER_PLAN);
    expect(picked.body).not.toContain('Caseport Inc.');
  });

  it('a mapping saved in the first shape (receivables, deposits, invoice line) still reads and exports', async () => {
    const old = {
      receivableAccount: 'Accounts Receivable',
      depositAccount: 'Undeposited Funds',
      invoiceLine: { item: 'Legal Fees', incomeAccount: 'Legal Fees' },
      feeLines: [{ code: 'SECRETFEE', item: 'Kept Item', incomeAccount: 'Kept Income' }],
    };
    await t.database.db.execute(
      sql`update accounting_settings set mapping = ${JSON.stringify(old)}::jsonb where tenant_id = ${t.tenants.otherfirm}`,
    );
    const s = await defaults(otherAdmin);
    expect(s.mapping.subscriptionBill.vendor).toBe('Caseport');
    expect(s.mapping.feeLines).toEqual([{ code: 'SECRETFEE', item: 'Kept Item', incomeAccount: 'Kept Income' }]);
    const res = await otherAdmin.post(EXPORT, { format: 'iif', ...ALL });
    expect(res.statusCode, res.body).toBe(200);
    const { bills } = await expectBooksOf(res.body, t.tenants.otherfirm);
    expect(bills[0]?.head.slice(4, 6)).toEqual(['Accounts Payable', 'Caseport']);
    expect(res.body).toContain('"INVITEM"\t"Kept Item"\t"SERV"\t"Kept Income"');
    for (const junk of ['"text"', '[1,2]', '{"subscriptionBill":{"vendor":7},"feeLines":"x"}']) {
      await t.database.db.execute(
        sql`update accounting_settings set mapping = ${junk}::jsonb where tenant_id = ${t.tenants.otherfirm}`,
      );
      expect((await otherAdmin.post(SETTINGS, {})).statusCode, junk).toBe(200);
      expect((await otherAdmin.post(EXPORT, { format: 'csv', ...ALL })).statusCode, junk).toBe(200);
    }
  });

  it('dates are the tenant’s calendar days and the range includes both ends', async () => {
    const [first] = (
      await t.database.db.execute<{ created_on: string; ref_id: string }>(
        sql`select created_on::text, ref_id from invoices where tenant_id = ${t.tenants.lawfirm} order by created_on limit 1`,
      )
    ).rows;
    // 09:00 UTC on the 1st is still the 1st in New York (the demo tenant's zone).
    const day = first?.created_on.slice(0, 10) ?? '';
    const res = await lawAdmin.post(EXPORT, { format: 'iif', from: day, to: day });
    const { trns } = parseIif(res.body);
    expect(trns.map((x) => [x.head[2], x.head[7]])).toEqual([['BILL', first?.ref_id]]);
    expect(trns[0]?.head[3]).toBe(`${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`);
  });

  it('CSV: QuickBooks Online bill columns, one row per subscription invoice of the range', async () => {
    const res = await lawAdmin.post(EXPORT, { format: 'csv', ...ALL });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('quickbooks-bills-');
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(readRow(lines[0] ?? '', ',')).toEqual([
      'Bill No',
      'Supplier',
      'Bill Date',
      'Due Date',
      'Memo',
      'Account',
      'Line Description',
      'Line Amount',
    ]);
    const rows = await invoicesOf(t.tenants.lawfirm);
    expect(lines.slice(1).map((l) => readRow(l, ',')[0])).toEqual(rows.map((r) => r.ref_id));
    expect(lines.slice(1).every((l) => readRow(l, ',')[1] === 'Caseport Inc.')).toBe(true);
  });

  it('issue 39: mapping values that are formulas reach neither file live: every IIF and CSV cell quoted and neutralised', async () => {
    const { mapping } = await defaults(otherAdmin);
    const payloads = ["+cmd|' /C calc'!A0", '=1+1', '@SUM(1)'];
    const saved = await otherAdmin.post(SAVE, {
      mapping: {
        ...mapping,
        subscriptionBill: {
          vendor: payloads[0],
          expenseAccount: payloads[1],
          payableAccount: payloads[2],
          bankAccount: '-2+3',
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const live = /^[=+@\t\r]|^-(?!\d)/;
    for (const format of ['iif', 'csv'] as const) {
      const res = await otherAdmin.post(EXPORT, { format, ...ALL });
      expect(res.statusCode, res.body).toBe(200);
      const sep = format === 'iif' ? '\t' : ',';
      const lines = res.body.split('\r\n').filter(Boolean);
      expect(lines.length).toBeGreaterThan(1);
      for (const line of lines) {
        for (const piece of line.split(sep)) expect(piece.startsWith('"'), line).toBe(true);
        // Read with the file's separator and, for the CSV, with ';' as a spreadsheet of another locale would.
        for (const readAs of format === 'csv' ? [',', ';'] : ['\t'])
          for (const cell of readRow(line, readAs)) expect(cell, line).not.toMatch(live);
      }
      // The CSV carries the vendor and the expense account; the IIF every account too.
      for (const p of format === 'csv' ? payloads.slice(0, 2) : payloads) expect(res.body).toContain(`"'${p}"`);
    }
  });

  it('an empty range gives a valid empty file; a bad range or format is a 400', async () => {
    for (const format of ['iif', 'csv']) {
      const res = await lawAdmin.post(EXPORT, { format, from: '1990-01-01', to: '1990-01-31' });
      expect(res.statusCode).toBe(200);
      if (format === 'iif') {
        const { headers, trns } = parseIif(res.body);
        expect(headers).toContain('!TRNS');
        expect(trns).toEqual([]);
      } else expect(res.body.split('\r\n').filter(Boolean)).toHaveLength(1);
    }
    for (const q of [
      { format: 'iif', from: '2026-02-01', to: '2026-01-01' },
      { format: 'pdf', ...ALL },
      { format: 'iif', from: '2026-02-30', to: '2026-03-01' },
      { format: 'iif', from: '2026-01-01' },
    ]) {
      const res = await lawAdmin.post(EXPORT, q);
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await platformAdmin.post(EXPORT, { format: 'iif', ...ALL })).statusCode).toBe(400);
  });
});
