import { FEE_MESSAGES } from '@caseport/domain/filing-fees/contracts';
import { PUBLISH_MESSAGES } from '@caseport/domain/filing-fees/schedule';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/calls';
import { insertCaseWith } from './support/case-records';
import { pdfText } from './support/pdf-text';
import { type Caller, createTestApp, type TestApp } from './support/test-app';

/**
 * Issue 36: the schedule versions the platform administrator publishes (after today, the amounts they change),
 * compared and withdrawn; a firm's upcoming version withdrawn; a case's estimate printed for the client.
 */
let t: TestApp;
let platform: Caller;
let lawAdmin: Caller;
let lawManager: Caller;
let otherAdmin: Caller;

const LIST = '/api/platform/fee-schedules/list';
const PUBLISH = '/api/platform/fee-schedules/publish';
const WITHDRAW = '/api/platform/fee-schedules/withdraw';
const COMPARE = '/api/platform/fee-schedules/compare';
const ESTIMATE = '/api/invoices/case-fee-estimate';
const PDF = '/api/invoices/case-fee-estimate-pdf';

interface Listed {
  today: string;
  schedules: {
    id: string;
    effectiveFrom: string;
    until: string | null;
    status: string;
    published: boolean;
    changes: number;
  }[];
  lines: { typeCode: string; code: string; amounts: number[] }[];
}
const list = async () => {
  const res = await platform.post(LIST, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Listed;
};
const published = async () =>
  Number(
    (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from platform_fee_schedules`)).rows[0]?.n,
  );
const estimate = async (facts: Record<string, unknown>, subTypeId = 1) => {
  const { caseId } = await insertCaseWith(t, t.tenants.lawfirm, { subTypeId, facts });
  const res = await lawAdmin.post(ESTIMATE, { caseId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { schedule: { id: string }; lines: { code: string; amount: number; source: string }[] };
};
const amount = (e: { lines: { code: string; amount: number }[] }, code: string) =>
  e.lines.find((l) => l.code === code)?.amount;

/** A version after today's, as an administrator would publish it. */
const NEXT = {
  effectiveFrom: '2027-01-15',
  source: 'Test rule 92 FR 1 (effective 2027-01-15)',
  changes: [
    { typeCode: null, code: 'PREMIUM', amount: 3100 },
    { typeCode: 'H1B', code: 'I129', amount: 800 },
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  [platform, lawAdmin, lawManager, otherAdmin] = await signIn(
    t,
    'platformAdmin',
    'lawAdmin',
    'lawManager',
    'otherAdmin',
  );
  await t.database.db.execute(sql`insert into tenant_case_types (tenant_id, type_id, selected)
    select ${t.tenants.lawfirm}::uuid, p.id, true from petition_types p where p.id in (1, 9)`);
  await t.database.db.execute(sql`insert into tenant_case_sub_types (tenant_id, sub_type_id, selected)
    select ${t.tenants.lawfirm}::uuid, s.id, true from petition_sub_types s where s.petition_type_id in (1, 9)`);
});
afterAll(() => t.close());

describe('platform fee schedule versions', () => {
  let nextId = '';

  it('issue 36: the platform administrator publishes a schedule dated after today; it is listed as upcoming and audited', async () => {
    expect((await list()).schedules.every((s) => !s.published)).toBe(true);
    // The lines a new version may change are the newest version's USCIS lines, by case type.
    expect((await list()).lines).toContainEqual(
      expect.objectContaining({ typeCode: 'H1B', code: 'PREMIUM', amounts: [2965] }),
    );
    const res = await platform.post(PUBLISH, NEXT);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(PUBLISH_MESSAGES.published);
    const { schedules } = await list();
    const next = schedules[0];
    expect(next).toMatchObject({
      effectiveFrom: '2027-01-15',
      status: 'upcoming',
      published: true,
      changes: 2,
      until: null,
    });
    nextId = next?.id ?? '';
    // The version before it now ends the day before.
    expect(schedules.find((s) => s.id === 'uscis-2026')).toMatchObject({ status: 'in force', until: '2027-01-14' });
    const audit = await t.database.db.execute<{ action: string; after: unknown }>(
      sql`select action, after from audit_log where entity = 'platform_fee_schedules' order by at desc limit 1`,
    );
    expect(audit.rows[0]).toMatchObject({ action: 'create', after: NEXT });
  });

  it('issue 36: estimates of cases filed from its first day follow the published amounts (a change for one case type stays in it)', async () => {
    const dayBefore = await estimate({ filingDate: '2027-01-14', premiumProcessing: true });
    expect(amount(dayBefore, 'PREMIUM')).toBe(2965);
    expect(amount(dayBefore, 'I129')).toBe(780);
    const firstDay = await estimate({ filingDate: '2027-01-15', premiumProcessing: true });
    expect(firstDay.schedule.id).toBe(nextId);
    expect(amount(firstDay, 'PREMIUM')).toBe(3100);
    expect(amount(firstDay, 'I129')).toBe(800);
    expect(firstDay.lines.find((l) => l.code === 'PREMIUM')?.source).toBe(NEXT.source);
    // L-1A New: every type's premium line changes, the H-1B's I-129 change does not reach the L-1's.
    const l1 = await estimate({ filingDate: '2027-01-15', premiumProcessing: true }, 7);
    expect(amount(l1, 'PREMIUM')).toBe(3100);
    expect(amount(l1, 'I129')).toBe(1385);
  });

  it('issue 36: compare names each line whose amount changes between two versions, with the sub-types it concerns', async () => {
    const a = await platform.post(COMPARE, { from: 'uscis-2024', to: 'uscis-2026' });
    expect(a.statusCode, a.body).toBe(200);
    const rows = a.json().rows as {
      typeCode: string;
      code: string;
      before: number;
      after: number;
      subTypes: string[];
    }[];
    expect(rows.find((r) => r.typeCode === 'H1B' && r.code === 'PREMIUM')).toMatchObject({
      before: 2805,
      after: 2965,
      subTypes: [
        'Cap - New Petition',
        "Cap - Master's Exemption",
        'Extension of Stay',
        'Change of Employer',
        'Amendment',
        'Cap-Exempt',
      ],
    });
    expect(rows.some((r) => r.code === 'I129')).toBe(false);
    const b = (await platform.post(COMPARE, { from: 'uscis-2026', to: nextId })).json().rows as typeof rows;
    expect(b.find((r) => r.typeCode === 'H1B' && r.code === 'I129')).toMatchObject({ before: 780, after: 800 });
    expect(b.find((r) => r.typeCode === 'L1' && r.code === 'PREMIUM')).toMatchObject({ before: 2965, after: 3100 });
    expect(b.some((r) => r.typeCode === 'L1' && r.code === 'I129')).toBe(false);
    const unknown = await platform.post(COMPARE, { from: 'uscis-2026', to: 'nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields[0].name).toBe('to');
  });

  it('issue 36: a publication that starts today, on a taken day, or names a line or case type the schedule lacks is refused on its field and stores nothing', async () => {
    const before = await published();
    const { today } = await list();
    const refused = async (body: Record<string, unknown>, field: string, message: string) => {
      const res = await platform.post(PUBLISH, { ...NEXT, ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields[0]).toMatchObject({ name: field, message });
    };
    await refused({ effectiveFrom: today }, 'effectiveFrom', PUBLISH_MESSAGES.notAfterToday);
    await refused({}, 'effectiveFrom', PUBLISH_MESSAGES.dayTaken);
    const later = { effectiveFrom: '2027-06-01' };
    await refused(
      { ...later, changes: [{ typeCode: null, code: 'NOPE', amount: 1 }] },
      'changes.0.code',
      PUBLISH_MESSAGES.unknownLine,
    );
    await refused(
      { ...later, changes: [{ typeCode: 'ZZZ', code: 'I129', amount: 1 }] },
      'changes.0.typeCode',
      PUBLISH_MESSAGES.unknownType,
    );
    // The firm's own lines are not the platform's to set.
    await refused(
      { ...later, changes: [{ typeCode: null, code: 'LEGAL', amount: 1 }] },
      'changes.0.code',
      PUBLISH_MESSAGES.unknownLine,
    );
    // Over the published version of 2027-01-15, premium processing is already 3,100.
    await refused(
      { ...later, changes: [{ typeCode: null, code: 'PREMIUM', amount: 3100 }] },
      'changes.0.amount',
      PUBLISH_MESSAGES.noChange,
    );
    await refused(
      {
        ...later,
        changes: [
          { typeCode: null, code: 'PREMIUM', amount: 3200 },
          { typeCode: null, code: 'PREMIUM', amount: 3300 },
        ],
      },
      'changes.1.code',
      PUBLISH_MESSAGES.twice,
    );
    const empty = await platform.post(PUBLISH, { ...NEXT, ...later, changes: [] });
    expect(empty.statusCode).toBe(400);
    // Not the firm's to publish.
    const firm = await lawAdmin.post(PUBLISH, { ...NEXT, ...later });
    expect(firm.statusCode).toBe(403);
    expect(await published()).toBe(before);
  });

  it('issue 36: an upcoming published version is withdrawn (audited with what it held); one already started is not', async () => {
    expect((await platform.post(WITHDRAW, { id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await lawAdmin.post(WITHDRAW, { id: nextId })).statusCode).toBe(403);
    const res = await platform.post(WITHDRAW, { id: nextId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(PUBLISH_MESSAGES.withdrawn);
    expect((await list()).schedules.some((s) => s.id === nextId)).toBe(false);
    expect(amount(await estimate({ filingDate: '2027-01-15', premiumProcessing: true }), 'PREMIUM')).toBe(2965);
    const audit = await t.database.db.execute<{ action: string; before: { effectiveFrom: string } }>(
      sql`select action, before from audit_log where entity = 'platform_fee_schedules' order by at desc limit 1`,
    );
    expect(audit.rows[0]).toMatchObject({ action: 'delete', before: { effectiveFrom: '2027-01-15' } });
    // A version that has started (stored before today) stays.
    const started = (
      await t.database.db.execute<{ id: string }>(
        sql`insert into platform_fee_schedules (effective_from, source, changes) values ('2026-11-01', 'Started', ${JSON.stringify([{ typeCode: null, code: 'PREMIUM', amount: 3000 }])}::jsonb) returning id`,
      )
    ).rows[0]?.id;
    const kept = await platform.post(WITHDRAW, { id: started });
    expect(kept.statusCode).toBe(400);
    expect(kept.json().fields[0]).toMatchObject({ name: 'id', message: PUBLISH_MESSAGES.notUpcoming });
    expect((await list()).schedules.find((s) => s.id === started)?.status).toBe('in force');
    await t.database.db.execute(sql`delete from platform_fee_schedules`);
  });
});

describe('a firm’s upcoming fee version', () => {
  const GET = '/api/invoices/get-case-type-filing-fee-categories';
  const SAVE = '/api/invoices/save-case-type-filing-fee-categories';
  const WITHDRAW_VERSION = '/api/invoices/withdraw-filing-fee-version';
  const versions = async () => (await lawAdmin.post(GET, { petitionType: 9 })).json().versions as string[];
  const save = async (invoiceDate: string) => {
    const { items } = (await lawAdmin.post(GET, { petitionType: 9, invoiceDate })).json() as {
      items: { id: number; details: Record<string, unknown>[] }[];
    };
    const res = await lawAdmin.post(SAVE, {
      petitionType: 9,
      invoiceDate,
      items: items.map((g) => ({
        id: g.id,
        details: g.details.map(({ id: _i, tenantId: _t, scheduleAmount: _s, ...l }) => ({
          ...l,
          amount: l.code === 'LEGAL' ? 1200 : l.amount,
        })),
      })),
      confirmAffectedCases: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('issue 36: a firm withdraws a version that has not started (audited, its lines gone); one in force stays', async () => {
    const { today } = (await lawAdmin.post(GET, { petitionType: 9 })).json() as { today: string };
    await save(today);
    await save('2027-03-01');
    expect(await versions()).toEqual([today, '2027-03-01']);
    expect((await lawManager.post(WITHDRAW_VERSION, { petitionType: 9, effectiveFrom: '2027-03-01' })).statusCode).toBe(
      403,
    );
    expect((await otherAdmin.post(WITHDRAW_VERSION, { petitionType: 9, effectiveFrom: '2027-03-01' })).statusCode).toBe(
      404,
    );
    expect((await lawAdmin.post(WITHDRAW_VERSION, { petitionType: 9, effectiveFrom: '2027-03-02' })).statusCode).toBe(
      404,
    );
    const res = await lawAdmin.post(WITHDRAW_VERSION, { petitionType: 9, effectiveFrom: '2027-03-01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(FEE_MESSAGES.versionWithdrawn);
    expect(await versions()).toEqual([today]);
    const lines = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from filing_fee_lines l join filing_fee_versions v on v.id = l.version_id where v.effective_from = '2027-03-01'`,
    );
    expect(lines.rows[0]?.n).toBe(0);
    const audit = await t.database.db.execute<{ action: string; before: { effectiveFrom: string; lines: unknown[] } }>(
      sql`select action, before from audit_log where entity = 'filing_fees' order by at desc limit 1`,
    );
    expect(audit.rows[0]?.action).toBe('delete');
    expect(audit.rows[0]?.before.effectiveFrom).toBe('2027-03-01');
    expect(audit.rows[0]?.before.lines.length).toBeGreaterThan(0);
    // In force today: it stays (a change is a new version).
    const kept = await lawAdmin.post(WITHDRAW_VERSION, { petitionType: 9, effectiveFrom: today });
    expect(kept.statusCode).toBe(400);
    expect(kept.json().fields[0]).toMatchObject({ name: 'effectiveFrom', message: FEE_MESSAGES.notUpcoming });
    expect(await versions()).toEqual([today]);
  });
});

describe('the estimate printed for the client', () => {
  it('issue 36: the PDF holds each line with the condition that chose it and its source, the schedule, what is not known, and the total', async () => {
    const { caseId } = await insertCaseWith(t, t.tenants.lawfirm, {
      subTypeId: 1,
      caseNumber: 'EST-2026-001',
      beneficiary: { givenName: 'Priya', familyName: 'Raman' },
      facts: { filingDate: '2026-03-10', premiumProcessing: true },
    });
    const json = (await lawAdmin.post(ESTIMATE, { caseId })).json() as { total: number };
    const res = await lawAdmin.post(PDF, { caseId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toContain('fee-estimate-EST-2026-001.pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('FEE ESTIMATE');
    expect(text).toContain('Case EST-2026-001');
    expect(text).toContain('Prepared for');
    expect(text).toContain('Priya Raman');
    expect(text).toContain('Premium Processing (I-907)');
    expect(text).toContain('$2,965.00');
    expect(text).toContain('Premium processing · Premium processing rule 91 FR 1059');
    expect(text).toContain('Mar 10, 2026');
    expect(text).toContain('from Mar 1, 2026');
    // The employer's size is not a fact of this case: asked, not counted.
    expect(text).toContain('Not known yet: Employer with 25 or fewer full-time employees');
    expect(text).toContain(`$${json.total.toLocaleString('en-US', { minimumFractionDigits: 2 })} USD`);
    // Another firm's case: not found.
    expect((await otherAdmin.post(PDF, { caseId })).statusCode).toBe(404);
    // Filed on paper, an online alternative is printed apart and left out of the total.
    const i130 = (
      await t.database.db.execute<{ id: number }>(
        sql`select min(id) as id from petition_sub_types where petition_type_id = 4`,
      )
    ).rows[0]?.id;
    const paper = await insertCaseWith(t, t.tenants.lawfirm, {
      subTypeId: Number(i130),
      facts: { filingDate: '2026-03-10' },
    });
    const printed = await pdfText((await lawAdmin.post(PDF, { caseId: paper.caseId })).rawPayload);
    expect(printed).toContain(
      'not in the total · USCIS fee rule 89 FR 6194, Form G-1055 (04/01/24), effective 2024-04-01($625.00)',
    );
    expect(printed).toContain('Online filing instead: not in the total');
    expect(printed).toContain('$675.00 USD');
  });
});
