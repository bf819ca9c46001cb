import { FEE_MESSAGES } from '@caseport/domain/filing-fees/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/calls';
import { insertCaseWith } from './support/case-records';
import { type Caller, createTestApp, DEMO, login, type TestApp } from './support/test-app';

let t: TestApp;
let lawAdmin: Caller;
let lawManager: Caller;
let lawPetitioner: Caller;
let coAdmin: Caller;

const GET = '/api/invoices/get-case-type-filing-fee-categories';
const SAVE = '/api/invoices/save-case-type-filing-fee-categories';
const ESTIMATE = '/api/invoices/case-fee-estimate';

interface Line {
  id: string | null;
  code: string;
  name: string;
  amount: number;
  currency: string;
  type: string;
  online: boolean;
  defType: boolean;
  allowMultiple: boolean;
  perOrAllDependent: boolean;
  tenantId: string;
  scheduleAmount: number | null;
}
interface Group {
  id: number;
  name: string;
  details: Line[];
}

const get = async (c: Caller, body: Record<string, unknown>) => {
  const res = await c.post(GET, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    items: Group[];
    alreadyExisted: boolean;
    effectiveFrom: string | null;
    versions: string[];
    caseTypes: { id: number; name: string }[];
  };
};
/** What the Fees tab sends back: the answer's lines without the server-owned fields. */
const toSave = (items: Group[], edit: (l: Line, sub: number) => Partial<Line> = () => ({})) =>
  items.map((g) => ({
    id: g.id,
    details: g.details.map((l) => {
      const { id: _id, tenantId: _t, scheduleAmount: _s, ...line } = { ...l, ...edit(l, g.id) };
      return line;
    }),
  }));
const line = (items: Group[], sub: number, code: string) =>
  items.find((g) => g.id === sub)?.details.find((l) => l.code === code);

const feeRows = async () =>
  (
    await t.database.db.execute<{ n: string }>(
      sql`select (select count(*) from filing_fee_versions)::text || '/' || (select count(*) from filing_fee_lines)::text || '/' || (select coalesce(sum(amount), 0) from filing_fee_lines)::text || '/' || (select count(*) from filing_fee_names)::text as n`,
    )
  ).rows[0]?.n;
const audits = async () =>
  Number(
    (
      await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from audit_log where entity = 'filing_fees'`,
      )
    ).rows[0]?.n,
  );

beforeAll(async () => {
  t = await createTestApp();
  [lawAdmin, lawManager, lawPetitioner, coAdmin] = await signIn(
    t,
    'lawAdmin',
    'lawManager',
    'lawPetitioner',
    'coAdmin',
  );
  // The law firm files H-1B, L-1, I-130 and N-400 (not I-140); the switch itself is tested in case-types.test.ts.
  for (const tenant of [t.tenants.lawfirm, t.tenants.otherfirm]) {
    await t.database.db.execute(sql`insert into tenant_case_types (tenant_id, type_id, selected)
      select ${tenant}::uuid, p.id, true from petition_types p where p.id in (1, 2, 4, 9)`);
    await t.database.db.execute(sql`insert into tenant_case_sub_types (tenant_id, sub_type_id, selected)
      select ${tenant}::uuid, s.id, true from petition_sub_types s where s.petition_type_id in (1, 2, 4, 9)`);
  }
  // The firm's H-1B fees, as the demo content saves them.
  const { items } = await get(lawAdmin, { petitionType: 1, invoiceDate: '2024-04-01' });
  const res = await lawAdmin.post(SAVE, {
    petitionType: 1,
    invoiceDate: '2024-04-01',
    items: toSave(items, (l) => (l.code === 'LEGAL' ? { amount: 2500 } : {})),
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

describe('reading filing fees', () => {
  it('R-FEE-023: POST get-case-type-filing-fee-categories with petitionType answers items and alreadyExisted', async () => {
    const body = await get(lawAdmin, { petitionType: 4 });
    expect(Array.isArray(body.items)).toBe(true);
    expect(body.alreadyExisted).toBe(false);
    expect((await get(lawAdmin, { petitionType: 1 })).alreadyExisted).toBe(true); // the demo saved H-1B fees
  });

  it('R-FEE-013: one group per sub-type of the case type, each with its sub-type id and a details list', async () => {
    const { items } = await get(lawAdmin, { petitionType: 2 });
    expect(items.map((g) => g.id)).toEqual([7, 8, 9, 10, 11]);
    for (const g of items) expect(g.details.length).toBeGreaterThan(0);
  });

  it('R-FEE-014: a fee line has id, code, name, amount, currency, type, online, defType, allowMultiple, perOrAllDependent, tenantId', async () => {
    const { items } = await get(lawAdmin, { petitionType: 1 });
    const l = line(items, 1, 'I129') as Line;
    expect(Object.keys(l)).toEqual(
      expect.arrayContaining([
        'id',
        'code',
        'name',
        'amount',
        'currency',
        'type',
        'online',
        'defType',
        'allowMultiple',
        'perOrAllDependent',
        'tenantId',
      ]),
    );
    expect(l.tenantId).toBe(t.tenants.lawfirm);
    expect(l.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("R-FEE-015: every fee line's currency is '$'; R-FEE-016: its type is USCIS or other", async () => {
    const { items } = await get(lawAdmin, { petitionType: 1 });
    const all = items.flatMap((g) => g.details);
    expect(new Set(all.map((l) => l.currency))).toEqual(new Set(['$']));
    expect(new Set(all.map((l) => l.type))).toEqual(new Set(['USCIS', 'other']));
  });

  it("R-FEE-020: before 1 April 2024 the defaults are the spec's sample lines: I-129 Standard Fee 460, Pub. L. 114-113 4000, H4 (I-539) Filing Fee 370, EAD (I-765) Filing Fee 410, Legal Fee, Shipping and Handling", async () => {
    const { items } = await get(lawAdmin, { petitionType: 7, invoiceDate: '2023-06-01' });
    expect(items[0]?.details.map((l) => [l.name, l.amount])).toEqual([
      ['I-129 Standard Fee', 460],
      ['Pub. L. 114-113', 4000],
      ['H4 (I-539) Filing Fee', 370],
      ['EAD (I-765) Filing Fee', 410],
      ['Legal Fee', 0],
      ['Shipping and Handling', 0],
    ]);
  });

  it('issue 18: from 1 April 2024 a new case type starts from the USCIS fee rule (G-1055) amounts', async () => {
    const fees = async (type: number, sub: number) =>
      Object.fromEntries(
        (await get(lawAdmin, { petitionType: type, invoiceDate: '2025-01-01' })).items
          .find((g) => g.id === sub)
          ?.details.map((l) => [l.code, l.amount]) ?? [],
      );
    expect(await fees(1, 1)).toMatchObject({
      I129: 780,
      ASYLUMFEE: 600,
      ACWIA: 1500,
      FRAUD: 500,
      PL114113: 4000,
      PREMIUM: 2805,
      H4I539: 470,
      H4I539ONLINE: 420,
      I765: 520,
      I765ONLINE: 470,
    });
    expect(await fees(2, 8)).toMatchObject({ I129: 1385, FRAUD: 500, PL114113: 4500 });
    expect(await fees(7, 33)).toMatchObject({ I129: 1055 });
    expect(await fees(10, 48)).toMatchObject({ I129: 1015 });
    expect(await fees(8, 38)).toMatchObject({ I129: 1015 });
    expect(await fees(5, 26)).toMatchObject({ I140: 715, ASYLUMFEE: 600 });
    expect(await fees(6, 29)).toMatchObject({ I485: 1440 });
    expect(await fees(4, 17)).toMatchObject({ I130: 675, I130ONLINE: 625 });
    expect(await fees(9, 42)).toMatchObject({ N400: 760, N400ONLINE: 710 });
  });

  it('R-FEE-021: for role 50 the case-type list leaves out 15, 16, 17, 18, 4, 20, 19 and 21, and those answer 404', async () => {
    const admin = await get(lawAdmin, {});
    const petitioner = await get(lawPetitioner, {});
    expect(admin.caseTypes.map((c) => c.id)).toContain(4);
    expect(petitioner.caseTypes.map((c) => c.id)).toEqual(admin.caseTypes.map((c) => c.id).filter((id) => id !== 4));
    for (const excluded of [15, 16, 17, 18, 4, 20, 19, 21])
      expect((await lawPetitioner.post(GET, { petitionType: excluded })).statusCode).toBe(404);
  });

  it('R-FEE-022: for role 50 and case type 3 only sub-types 15 and 16 are offered', async () => {
    expect((await get(lawPetitioner, { petitionType: 3 })).items.map((g) => g.id)).toEqual([15, 16]);
    expect((await get(lawAdmin, { petitionType: 3 })).items.map((g) => g.id)).toEqual([12, 13, 14, 15, 16]);
  });

  it('issue 18: the L-2 (I-539) lines are charged per dependent and the online one is flagged online', async () => {
    const l1 = (await get(lawAdmin, { petitionType: 2, invoiceDate: '2025-01-01' })).items;
    expect(line(l1, 7, 'L2I539')?.allowMultiple).toBe(true);
    expect(line(l1, 7, 'L2I539ONLINE')?.online).toBe(true);
  });

  it('role 4, a petitioner company and a platform admin cannot read the fees (403)', async () => {
    expect((await lawManager.post(GET, { petitionType: 1 })).statusCode).toBe(403);
    expect((await coAdmin.post(GET, { petitionType: 1 })).statusCode).toBe(403);
    const platform = await login(t, DEMO.platformAdmin);
    expect((await platform.post(GET, { petitionType: 1 })).statusCode).toBe(403);
  });
});

describe('saving filing fees', () => {
  it('R-FEE-024, D-21: a save sends petitionType, tenantId, invoiceDate, items and changeItems and answers the message; the next one says updated', async () => {
    const { items } = await get(lawAdmin, { petitionType: 4 });
    const before = await audits();
    const res = await lawAdmin.post(SAVE, {
      petitionType: 4,
      tenantId: t.tenants.lawfirm,
      invoiceDate: '2025-01-01',
      items: toSave(items, (l) => (l.code === 'LEGAL' ? { amount: 1200 } : {})),
      changeItems: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: FEE_MESSAGES.saved });
    expect(await audits()).toBe(before + 1);
    const after = await get(lawAdmin, { petitionType: 4, invoiceDate: '2025-01-01' });
    expect(after.alreadyExisted).toBe(true);
    expect(line(after.items, 17, 'LEGAL')?.amount).toBe(1200);
    const again = await lawAdmin.post(SAVE, { petitionType: 4, invoiceDate: '2025-01-01', items: toSave(after.items) });
    expect(again.json()).toEqual({ message: FEE_MESSAGES.updated });
  });

  it('R-FEE-012: a saved rename (changeItems) renames every default-type line with that code, in every sub-type', async () => {
    const { items } = await get(lawAdmin, { petitionType: 1 });
    const res = await lawAdmin.post(SAVE, {
      petitionType: 1,
      invoiceDate: '2024-04-01',
      items: toSave(items, (l, sub) => (l.code === 'SHIPPING' && sub === 1 ? { name: 'Courier' } : {})),
      changeItems: [{ code: 'SHIPPING', name: 'Courier' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await get(lawAdmin, { petitionType: 1 });
    for (const g of after.items) expect(line([g], g.id, 'SHIPPING')?.name).toBe('Courier');
    // A case type never saved shows the rename on its defaults too.
    const i140 = await get(lawAdmin, { petitionType: 5 });
    expect(line(i140.items, 23, 'SHIPPING')?.name).toBe('Courier');
  });

  it('R-FEE-017, R-FEE-018: perOrAllDependent true (all dependents) is kept on DEPENDENTLEGAL and refused on any other code', async () => {
    const { items } = await get(lawAdmin, { petitionType: 2 });
    const ok = await lawAdmin.post(SAVE, {
      petitionType: 2,
      invoiceDate: '2024-04-01',
      items: toSave(items, (l) => (l.code === 'DEPENDENTLEGAL' ? { perOrAllDependent: true } : {})),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(line((await get(lawAdmin, { petitionType: 2 })).items, 7, 'DEPENDENTLEGAL')?.perOrAllDependent).toBe(true);
    const bad = await lawAdmin.post(SAVE, {
      petitionType: 2,
      invoiceDate: '2024-04-01',
      items: toSave(items, (l) => (l.code === 'LEGAL' ? { perOrAllDependent: true } : {})),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(FEE_MESSAGES.perOrAllOnlyDependent);
  });

  it('R-FEE-008, D-21: a 7-digit, negative or fractional amount is refused whole and nothing is saved', async () => {
    const { items } = await get(lawAdmin, { petitionType: 1 });
    const snapshot = await feeRows();
    const auditBefore = await audits();
    for (const amount of [1_000_000, -1, 10.5]) {
      const res = await lawAdmin.post(SAVE, {
        petitionType: 1,
        invoiceDate: '2026-01-01',
        items: toSave(items, (l, sub) =>
          sub === 2 && l.code === 'LEGAL' ? { amount } : l.code === 'LEGAL' ? { amount: 999_999 } : {},
        ),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().fields[0].message).toBe(FEE_MESSAGES.amountDigits);
    }
    expect(await feeRows()).toBe(snapshot);
    expect(await audits()).toBe(auditBefore);
  });

  it('R-FEE-007: an empty fee name is refused and nothing is saved', async () => {
    const { items } = await get(lawAdmin, { petitionType: 1 });
    const snapshot = await feeRows();
    const res = await lawAdmin.post(SAVE, {
      petitionType: 1,
      invoiceDate: '2026-01-01',
      items: toSave(items, (l, sub) => (sub === 3 && l.code === 'LEGAL' ? { name: '   ' } : {})),
    });
    expect(res.statusCode).toBe(400);
    const at = items[2]?.details.findIndex((l) => l.code === 'LEGAL');
    expect(res.json().fields[0]).toEqual({ name: `items.2.details.${at}.name`, message: FEE_MESSAGES.nameRequired });
    expect(await feeRows()).toBe(snapshot);
  });

  it('a code twice in one sub-type, a case type the tenant has not enabled, a sub-type of another type: refused, nothing saved', async () => {
    const { items } = await get(lawAdmin, { petitionType: 1 });
    const snapshot = await feeRows();
    const twice = toSave(items);
    twice[0]?.details.push({ ...(twice[0].details[0] as Line) });
    const dup = await lawAdmin.post(SAVE, { petitionType: 1, invoiceDate: '2026-01-01', items: twice });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().fields[0].message).toBe(FEE_MESSAGES.duplicateCode);
    const i140 = (await get(lawAdmin, { petitionType: 5 })).items;
    const off = await lawAdmin.post(SAVE, { petitionType: 5, invoiceDate: '2026-01-01', items: toSave(i140) });
    expect(off.statusCode).toBe(400);
    expect(off.json().fields).toEqual([{ name: 'petitionType', message: FEE_MESSAGES.typeNotEnabled }]);
    const mixed = await lawAdmin.post(SAVE, {
      petitionType: 1,
      invoiceDate: '2026-01-01',
      items: [...toSave(items), { id: 7, details: [] }],
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().fields[0].message).toBe(FEE_MESSAGES.subTypeNotOfType);
    expect(await feeRows()).toBe(snapshot);
  });

  it('a save by a role without the Fees tab (4, 50, a petitioner company) is refused (403) and changes nothing', async () => {
    const { items } = await get(lawAdmin, { petitionType: 1 });
    const snapshot = await feeRows();
    const body = { petitionType: 1, invoiceDate: '2026-01-01', items: toSave(items) };
    for (const c of [lawManager, lawPetitioner, coAdmin]) expect((await c.post(SAVE, body)).statusCode).toBe(403);
    expect(await feeRows()).toBe(snapshot);
  });

  it('a line added with Add More (no code) gets a code of its own and is read back', async () => {
    const { items } = await get(lawAdmin, { petitionType: 9 });
    const saved = toSave(items);
    saved[0]?.details.push({ name: 'Translation', amount: 150, type: 'other' } as never);
    const res = await lawAdmin.post(SAVE, { petitionType: 9, invoiceDate: '2025-01-01', items: saved });
    expect(res.statusCode, res.body).toBe(200);
    const added = (await get(lawAdmin, { petitionType: 9 })).items[0]?.details.find((l) => l.name === 'Translation');
    expect(added).toMatchObject({ amount: 150, defType: false, type: 'other' });
    expect(added?.code).toMatch(/^OTHER-/);
  });
});

describe('versions and the case estimate (issue 18)', () => {
  it('a change applies from its invoiceDate: earlier versions stay readable and the lines that differ from the platform schedule say so', async () => {
    const { items } = await get(lawAdmin, { petitionType: 9, invoiceDate: '2025-01-01' });
    const res = await lawAdmin.post(SAVE, {
      petitionType: 9,
      invoiceDate: '2025-06-01',
      items: toSave(items, (l) => (l.code === 'N400' ? { amount: 800 } : {})),
    });
    expect(res.statusCode, res.body).toBe(200);
    const may = await get(lawAdmin, { petitionType: 9, invoiceDate: '2025-05-31' });
    const june = await get(lawAdmin, { petitionType: 9, invoiceDate: '2025-06-01' });
    expect(june.versions).toEqual(['2025-01-01', '2025-06-01']);
    expect(may.effectiveFrom).toBe('2025-01-01');
    expect(line(may.items, 42, 'N400')).toMatchObject({ amount: 760, scheduleAmount: null });
    expect(june.effectiveFrom).toBe('2025-06-01');
    expect(line(june.items, 42, 'N400')).toMatchObject({ amount: 800, scheduleAmount: 760 });
    // The firm's own lines have no platform amount: a legal fee of 2,500 is not a difference.
    expect(line((await get(lawAdmin, { petitionType: 1 })).items, 1, 'LEGAL')).toMatchObject({
      amount: 2500,
      scheduleAmount: null,
    });
  });

  it('issue 34: a case filed before and one filed after a fee change show different estimates (its filing date)', async () => {
    const today = new Date(Date.now()).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const { items } = await get(lawAdmin, { petitionType: 4, invoiceDate: today });
    const saved = await lawAdmin.post(SAVE, {
      petitionType: 4,
      invoiceDate: tomorrow,
      items: toSave(items, (l) => (l.code === 'LEGAL' ? { amount: 2000 } : {})),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // No filing date: the day it was opened (today); filed tomorrow: the fees in force tomorrow.
    const before = (await insertCaseWith(t, t.tenants.lawfirm, { subTypeId: 17 })).caseId;
    const after = (await insertCaseWith(t, t.tenants.lawfirm, { subTypeId: 17, facts: { filingDate: tomorrow } }))
      .caseId;
    const e1 = (await lawManager.post(ESTIMATE, { caseId: before })).json();
    const e2 = (await lawManager.post(ESTIMATE, { caseId: after })).json();
    expect(e1.lines.find((l: Line) => l.code === 'LEGAL').amount).toBe(1200);
    expect(e2.lines.find((l: Line) => l.code === 'LEGAL').amount).toBe(2000);
    expect(e2.total - e1.total).toBe(800);
    expect(e2).toMatchObject({ onDate: tomorrow, filingDate: tomorrow, effectiveFrom: tomorrow, conditions: [] });
    expect(e1).toMatchObject({ filingDate: null });
    // Paper filing: the online I-130 fee is not added.
    expect(e1.total).toBe(675 + 1200);
  });

  it('issue 34: the case’s facts set the conditions: premium processing adds its line, a small nonprofit employer pays the reduced amounts', async () => {
    const plain = (await insertCaseWith(t, t.tenants.lawfirm, { subTypeId: 1, facts: { filingDate: '2026-01-15' } }))
      .caseId;
    const small = (
      await insertCaseWith(t, t.tenants.lawfirm, {
        subTypeId: 1,
        facts: { filingDate: '2026-01-15', premiumProcessing: true, employeeCount: 20, nonprofit: true },
      })
    ).caseId;
    const e1 = (await lawAdmin.post(ESTIMATE, { caseId: plain })).json();
    const e2 = (await lawAdmin.post(ESTIMATE, { caseId: small })).json();
    const amount = (e: { lines: Line[] }, code: string) => e.lines.find((l) => l.code === code)?.amount;
    expect(e1.schedule.effectiveFrom).toBe('2024-04-01');
    expect(e1.conditions).toEqual([]);
    expect(amount(e1, 'PREMIUM')).toBeUndefined();
    expect(e2.conditions.map((c: { key: string }) => c.key)).toEqual([
      'premiumProcessing',
      'smallEmployer',
      'nonprofit',
    ]);
    expect(e2.conditions[0].label).toBe('Premium processing');
    expect(amount(e2, 'PREMIUM')).toBe(2805);
    expect([amount(e2, 'I129'), amount(e2, 'ACWIA'), amount(e2, 'ASYLUMFEE')]).toEqual([460, 750, 0]);
    expect(e2.total).toBe(e1.total + 2805 - (780 - 460) - (1500 - 750) - 600);
  });

  it("another tenant's case answers 404", async () => {
    const other = await login(t, DEMO.otherAdmin);
    const { caseId } = await insertCaseWith(t, t.tenants.lawfirm, { subTypeId: 1 });
    expect((await other.post(ESTIMATE, { caseId })).statusCode).toBe(404);
  });
});

describe('issue 36: the 2026 schedule, conditions on the estimate, the platform versions and back-dated firm versions', () => {
  const amount = (e: { lines: Line[] }, code: string) => e.lines.find((l) => l.code === code)?.amount;
  const estimate = async (facts: Record<string, unknown>, subTypeId = 1) => {
    const { caseId } = await insertCaseWith(t, t.tenants.lawfirm, { subTypeId, facts });
    const res = await lawAdmin.post(ESTIMATE, { caseId });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      lines: (Line & { condition: { key: string; label: string } | null; source: string; quantity: number })[];
      questions: { key: string; effects: string[] }[];
      total: number;
      schedule: { id: string };
    };
  };

  it('issue 36: premium processing is 2,805 filed 2026-02-28 and 2,965 filed 2026-03-01, also from the firm’s 2024 version', async () => {
    // The law firm's H-1B version of 2024-04-01 (beforeAll) kept the platform's 2,805: it follows the platform.
    const before = await estimate({ filingDate: '2026-02-28', premiumProcessing: true });
    const after = await estimate({ filingDate: '2026-03-01', premiumProcessing: true });
    expect(amount(before, 'PREMIUM')).toBe(2805);
    expect(amount(after, 'PREMIUM')).toBe(2965);
    expect(after.schedule.id).toBe('uscis-2026');
    expect(after.lines.find((l) => l.code === 'PREMIUM')).toMatchObject({
      condition: { key: 'premiumProcessing', label: 'Premium processing' },
    });
    expect(after.lines.find((l) => l.code === 'PREMIUM')?.source).toContain('91 FR 1059');
  });

  it('issue 36: the proclamation payment of 100,000 for a beneficiary abroad from 2025-09-21, none for a change of status', async () => {
    const abroad = { processingRoute: 'Consular notification' };
    expect(amount(await estimate({ ...abroad, filingDate: '2025-09-20' }), 'H1BPROCLAMATION')).toBeUndefined();
    const on = await estimate({ ...abroad, filingDate: '2025-09-21' });
    expect(amount(on, 'H1BPROCLAMATION')).toBe(100000);
    expect(on.lines.find((l) => l.code === 'H1BPROCLAMATION')?.condition?.key).toBe('beneficiaryAbroad');
    const inside = await estimate({ processingRoute: 'Change of status', filingDate: '2025-09-21' });
    expect(amount(inside, 'H1BPROCLAMATION')).toBeUndefined();
    // Not known: asked, with what it would add.
    const unknown = await estimate({ filingDate: '2025-09-21' });
    expect(unknown.questions.find((q) => q.key === 'beneficiaryAbroad')?.effects).toEqual([
      'H-1B Proclamation Payment: $100,000 if yes',
    ]);
  });

  it('issue 36: the platform administrator sees the versions in force, upcoming and past, and extends the proclamation line (audited)', async () => {
    const platform = await login(t, DEMO.platformAdmin);
    const list = await platform.post('/api/platform/fee-schedules/list', {});
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json() as {
      today: string;
      schedules: { id: string; status: string; until: string | null }[];
      datedLines: { code: string; until: string; status: string }[];
    };
    const today = body.today;
    const expected = today >= '2026-03-01' ? 'in force' : 'upcoming';
    expect(body.schedules.find((s) => s.id === 'uscis-2026')?.status).toBe(expected);
    expect(body.schedules.find((s) => s.id === 'uscis-2016')).toMatchObject({ status: 'past', until: '2024-03-31' });
    expect(body.datedLines[0]).toMatchObject({ code: 'H1BPROCLAMATION', until: '2026-09-20' });
    // A filing on 2026-10-01 has no proclamation payment until the line is extended.
    const later = { processingRoute: 'Consular notification', filingDate: '2026-10-01' };
    expect(amount(await estimate(later), 'H1BPROCLAMATION')).toBeUndefined();
    const bad = await platform.post('/api/platform/fee-schedules/set-line-end', { code: 'NOPE', until: '2027-01-01' });
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await lawAdmin.post('/api/platform/fee-schedules/set-line-end', {
          code: 'H1BPROCLAMATION',
          until: '2027-09-20',
        })
      ).statusCode,
    ).toBe(403);
    const set = await platform.post('/api/platform/fee-schedules/set-line-end', {
      code: 'H1BPROCLAMATION',
      until: '2027-09-20',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(amount(await estimate(later), 'H1BPROCLAMATION')).toBe(100000);
    const audit = await t.database.db.execute<{ before: unknown; after: unknown }>(
      sql`select before, after from audit_log where entity = 'platform_fee_line_ends' order by at desc limit 1`,
    );
    expect(audit.rows[0]).toMatchObject({
      before: { code: 'H1BPROCLAMATION', until: '2026-09-20' },
      after: { code: 'H1BPROCLAMATION', until: '2027-09-20' },
    });
    // Back to the line's own end date for the other tests.
    await t.database.db.execute(sql`delete from platform_fee_line_ends`);
  });

  it('issue 36: a back-dated firm version answers the count of affected open cases before it is saved, and saves only once confirmed', async () => {
    // Two open N-400 cases filed on 2025-03-10 and one closed; a version from 2025-03-01 raising the legal fee.
    const open1 = await insertCaseWith(t, t.tenants.lawfirm, { subTypeId: 42, facts: { filingDate: '2025-03-10' } });
    const open2 = await insertCaseWith(t, t.tenants.lawfirm, { subTypeId: 42, facts: { filingDate: '2025-03-11' } });
    const closed = await insertCaseWith(t, t.tenants.lawfirm, { subTypeId: 42, facts: { filingDate: '2025-03-12' } });
    await t.database.db.execute(sql`update cases set status = 'closed' where id = ${closed.caseId}`);
    const { items } = await get(lawAdmin, { petitionType: 9, invoiceDate: '2025-03-01' });
    const before = (await lawAdmin.post(ESTIMATE, { caseId: open1.caseId })).json().total as number;
    const legalBefore = line(items, 42, 'LEGAL')?.amount ?? 0;
    const version = {
      petitionType: 9,
      invoiceDate: '2025-03-01',
      items: toSave(items, (l) => (l.code === 'LEGAL' ? { amount: legalBefore + 333 } : {})),
    };
    const impact = await lawAdmin.post('/api/invoices/filing-fee-version-impact', version);
    expect(impact.statusCode, impact.body).toBe(200);
    const answer = impact.json() as {
      affectedCases: number;
      cases: { caseId: string; before: number; after: number }[];
    };
    const mine = answer.cases.filter((c) => [open1.caseId, open2.caseId, closed.caseId].includes(c.caseId));
    expect(mine.map((c) => c.caseId).sort()).toEqual([open1.caseId, open2.caseId].sort());
    expect(mine.find((c) => c.caseId === open1.caseId)).toMatchObject({ before, after: before + 333 });
    // Not confirmed, or confirmed with another count: refused, nothing saved.
    const rows = await feeRows();
    const refused = await lawAdmin.post(SAVE, version);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields[0].name).toBe('confirmAffectedCases');
    expect((await lawAdmin.post(SAVE, { ...version, confirmAffectedCases: answer.affectedCases + 1 })).statusCode).toBe(
      400,
    );
    expect(await feeRows()).toBe(rows);
    const saved = await lawAdmin.post(SAVE, { ...version, confirmAffectedCases: answer.affectedCases });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await lawAdmin.post(ESTIMATE, { caseId: open1.caseId })).json().total).toBe(before + 333);
    const audit = await t.database.db.execute<{ after: { affectedCases: number } }>(
      sql`select after from audit_log where entity = 'filing_fees' order by at desc limit 1`,
    );
    expect(audit.rows[0]?.after.affectedCases).toBe(answer.affectedCases);
  });
});
