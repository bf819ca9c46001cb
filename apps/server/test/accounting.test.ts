import { parseCents } from '@caseport/domain/accounting/formats';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestApp, DEMO, login, type TestApp } from './support/test-app';

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
    .map((l) => l.split('\t'));
  const trns: { head: string[]; spl: string[][] }[] = [];
  for (const r of rows) {
    if (r[0] === 'TRNS') trns.push({ head: r, spl: [] });
    else if (r[0] === 'SPL') trns.at(-1)?.spl.push(r);
  }
  return { rows, headers: rows.filter((r) => r[0]?.startsWith('!')).map((r) => r[0]), trns };
};

beforeAll(async () => {
  t = await createTestApp();
  [lawAdmin, lawManager, otherAdmin, platformAdmin, platformOps, lawPetitioner, coSignatory] = await Promise.all([
    login(t, DEMO.lawAdmin),
    login(t, DEMO.lawManager),
    login(t, DEMO.otherAdmin),
    login(t, DEMO.platformAdmin),
    login(t, DEMO.platformOps),
    login(t, DEMO.lawPetitioner),
    login(t, DEMO.coSignatory),
  ]);
  await addFees(t.tenants.lawfirm, [
    ['I129', 'I-129 Filing Fee', 'USCIS'],
    ['LEGAL', 'Legal Fee', 'other'],
  ]);
  await addFees(t.tenants.otherfirm, [['SECRETFEE', 'Other firm only', 'other']]);
  await dateInvoices(t.tenants.lawfirm);
  await dateInvoices(t.tenants.otherfirm);
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

  it('a tenant starts from the defaults: receivables, deposits, Legal Fees, USCIS fees to Filing Fees Reimbursed', async () => {
    const s = await defaults(lawAdmin);
    expect(s._id).toBeNull();
    expect(s.mapping.receivableAccount).toBe('Accounts Receivable');
    expect(s.mapping.depositAccount).toBe('Undeposited Funds');
    expect(s.mapping.invoiceLine).toEqual({ item: 'Legal Fees', incomeAccount: 'Legal Fees' });
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

  it('a mapping that breaks a rule is a 400 with its fields and changes nothing', async () => {
    const { mapping } = await defaults(lawAdmin);
    const before = await snapshot();
    const cases: [Json, string][] = [
      [{ ...mapping, receivableAccount: 'x'.repeat(32) }, 'mapping.receivableAccount'],
      [{ ...mapping, depositAccount: 'Cash\tDrawer' }, 'mapping.depositAccount'],
      [{ ...mapping, depositAccount: 'Accounts Receivable' }, 'mapping.depositAccount'],
      // One item on two accounts: the later line is the one refused.
      [
        { ...mapping, invoiceLine: { item: 'I-129 Filing Fee', incomeAccount: 'Legal Fees' } },
        'mapping.feeLines.0.incomeAccount',
      ],
      [
        { ...mapping, feeLines: [{ code: 'NOPE', item: 'Nope', incomeAccount: 'Legal Fees' }] },
        'mapping.feeLines.0.code',
      ],
      [
        { ...mapping, feeLines: [{ code: 'SECRETFEE', item: 'X', incomeAccount: 'Legal Fees' }] },
        'mapping.feeLines.0.code',
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

  it('role 4 saves the mapping; it is read back and audited; role 1 saves for a picked tenant', async () => {
    const { mapping } = await defaults(lawManager);
    const next = {
      ...mapping,
      depositAccount: 'Operating Account',
      invoiceLine: { item: 'Plan', incomeAccount: 'Income:Legal Fees' },
    };
    const res = await lawManager.post(SAVE, { mapping: next });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Accounting settings saved successfully');
    const back = await defaults(lawAdmin);
    expect(back._id).toEqual(expect.any(String));
    expect(back.mapping).toEqual(next);
    const audit = await t.database.db.execute<{ action: string; tenant_id: string }>(
      sql`select action, tenant_id from audit_log where entity = 'accounting_settings' order by id`,
    );
    expect(audit.rows).toEqual([{ action: 'create', tenant_id: t.tenants.lawfirm }]);
    const other = await defaults(platformAdmin, { tenantId: t.tenants.otherfirm });
    const saved = await platformAdmin.post(SAVE, {
      tenantId: t.tenants.otherfirm,
      mapping: { ...other.mapping, receivableAccount: 'AR Other' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await defaults(otherAdmin)).mapping.receivableAccount).toBe('AR Other');
    expect((await defaults(lawAdmin)).mapping.receivableAccount).toBe('Accounts Receivable');
  });
});

describe('accounting export', () => {
  it('IIF: the tenant’s invoices and payments of the range, balanced, and never another tenant’s', async () => {
    const res = await lawAdmin.post(EXPORT, { format: 'iif', ...ALL });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.headers['content-disposition']).toContain('.iif');
    const { headers, trns } = parseIif(res.body);
    expect(headers).toEqual(['!ACCNT', '!INVITEM', '!TRNS', '!SPL', '!ENDTRNS']);
    const invoices = trns.filter((x) => x.head[2] === 'INVOICE');
    const payments = trns.filter((x) => x.head[2] === 'PAYMENT');
    const db = await t.database.db.execute<{ n: number; paid: number; cents: number }>(
      sql`select count(*)::int as n, count(paid_on)::int as paid, sum(total_cents)::int as cents from invoices where tenant_id = ${t.tenants.lawfirm}`,
    );
    expect(invoices).toHaveLength(db.rows[0]?.n ?? -1);
    expect(payments).toHaveLength(db.rows[0]?.paid ?? -1);
    expect(invoices.reduce((s, x) => s + parseCents(x.head[6] ?? ''), 0)).toBe(db.rows[0]?.cents);
    for (const x of trns)
      expect(parseCents(x.head[6] ?? '') + x.spl.reduce((s, r) => s + parseCents(r[6] ?? ''), 0)).toBe(0);
    // The saved mapping is used: the invoice line's item and account, the deposit account.
    expect(invoices[0]?.spl[0]?.[4]).toBe('Income:Legal Fees');
    expect(invoices[0]?.spl[0]?.[9]).toBe('Plan');
    expect(payments[0]?.head[4]).toBe('Operating Account');
    expect(res.body).toContain(DEMO.lawAdmin);
    expect(res.body).not.toContain(DEMO.otherAdmin);
    expect(res.body).not.toContain(DEMO.coAdmin);
    // Role 1 exports the picked tenant only.
    const picked = await platformAdmin.post(EXPORT, { format: 'iif', ...ALL, tenantId: t.tenants.otherfirm });
    expect(picked.statusCode).toBe(200);
    expect(picked.body).toContain(DEMO.otherAdmin);
    expect(picked.body).not.toContain(DEMO.lawAdmin);
    // A tenant role naming another tenant is refused (404), nothing of it answered.
    const own = await otherAdmin.post(EXPORT, { format: 'iif', ...ALL, tenantId: t.tenants.lawfirm });
    expect(own.statusCode).toBe(404);
    expect(own.body).not.toContain(DEMO.lawAdmin);
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
    expect(trns.map((x) => [x.head[2], x.head[7]])).toEqual([['INVOICE', first?.ref_id]]);
    expect(trns[0]?.head[3]).toBe(`${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`);
  });

  it('CSV: QuickBooks Online invoice columns, one row per invoice of the range', async () => {
    const res = await lawAdmin.post(EXPORT, { format: 'csv', ...ALL });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      'InvoiceNo,Customer,InvoiceDate,DueDate,Memo,Item(Product/Service),ItemDescription,ItemQuantity,ItemRate,ItemAmount',
    );
    expect(lines).toHaveLength(31);
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
