import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateCaseConfigs, newPerson } from './support/cases';
import { type Caller, createTestApp, DEMO, login, type TestApp } from './support/test-app';

let t: TestApp;
let admin: Caller;
let offset = 0;
/** Test dates lie in the future (the clock only moves forward: sessions and password dates must stay valid). */
const Y = new Date().getUTCFullYear() + 1;
const yy = (n: number) => String(n).slice(-2);

/** Moves the fake clock to an absolute instant; sessions expire with the jump, so the admin signs in again. */
const setNow = async (iso: string) => {
  const delta = Date.parse(iso) - (Date.now() + offset);
  t.advance(delta);
  offset += delta;
  admin = await login(t, DEMO.lawAdmin);
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t, DEMO.lawAdmin);
  await t.database.db.execute(sql`update tenants set id_prefix = 'DLF' where id = ${t.tenants.lawfirm}`);
  // Every tenant files every case type here; the switch itself is tested below and in case-types.test.ts.
  await t.database.db.execute(sql`insert into tenant_case_types (tenant_id, type_id, selected)
    select t.id, p.id, true from tenants t cross join petition_types p`);
  await t.database.db.execute(sql`insert into tenant_case_sub_types (tenant_id, sub_type_id, selected)
    select t.id, s.id, true from tenants t cross join petition_sub_types s`);
  // Issue 34: a case is opened only for a sub-type with an active case configuration.
  await activateCaseConfigs(t.database);
});
afterAll(() => t.close());

const parts = (...ids: string[]) => ids.map((id) => ({ id }));
const configure = async (c: Caller, item: Record<string, unknown>) => {
  const res = await c.post('/api/case-id-config/create', {
    items: [{ sNoStartsFrom: 10001, resetIdBy: null, ...item }],
  });
  expect(res.statusCode, res.body).toBe(200);
};
const open = async (c: Caller, body: Record<string, unknown>) => {
  const res = await c.post('/api/cases/create', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().case as { caseNumber: string; subTypeId: number; _id: string };
};

// Seed sub-types: 1 H-1B Cap - New Petition (H1B/H1BCAP), 3 Extension of Stay, 4 Change of Employer,
// 5 Amendment, 6 Cap-Exempt, 7 L-1A New, 11 L-1 Extension.
describe('POST /api/cases/create numbers a case from its sub-type pattern (D-17)', () => {
  it('D-17: CUSTOMER_CODE-CASE_TYPE_CODE-YYYY-SI_NO gives consecutive numbers from sNoStartsFrom', async () => {
    await setNow(`${Y}-06-15T15:00:00Z`);
    await configure(admin, {
      subTypeIds: [1],
      config: parts('CUSTOMER_CODE', 'CASE_TYPE_CODE', 'YYYY', 'SI_NO'),
      resetIdBy: 'Year',
    });
    expect((await open(admin, { subTypeId: 1 })).caseNumber).toBe(`DLF-H1B-${Y}-10001`);
    const manager = await login(t, DEMO.lawManager);
    expect((await open(manager, { subTypeId: 1 })).caseNumber).toBe(`DLF-H1B-${Y}-10002`);
  });

  it('D-17: name parts come from the linked people, upper-cased letters and digits; a missing name is a field error', async () => {
    await configure(admin, {
      subTypeIds: [3],
      config: parts('CASE_SUBTYPE_CODE', 'BENEFICIARY_NAME', 'SI_NO'),
      sNoStartsFrom: 1,
    });
    expect((await open(admin, { subTypeId: 3, beneficiary: newPerson('Ana María López') })).caseNumber).toBe(
      'H1BEXT-ANAMARIALOPEZ-1',
    );
    const res = await admin.post('/api/cases/create', { subTypeId: 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: [{ name: 'beneficiary', message: 'Beneficiary Name is required for this case number' }],
    });
    // The refused case used no serial: the next one is 2.
    expect((await open(admin, { subTypeId: 3, beneficiary: newPerson('Bo Li') })).caseNumber).toBe('H1BEXT-BOLI-2');
  });

  it('D-17: a sub-type without a configuration is numbered by the three starting parts from 10001', async () => {
    expect((await open(admin, { subTypeId: 11 })).caseNumber).toBe('L1-L1EXT-10001');
    expect((await open(admin, { subTypeId: 11 })).caseNumber).toBe('L1-L1EXT-10002');
  });

  it('D-17: the date parts are today in the tenant time zone', async () => {
    // 04:30 UTC on 1 January is still 31 December in New York (the demo tenant's zone).
    await setNow(`${Y + 1}-01-01T04:30:00Z`);
    await configure(admin, {
      subTypeIds: [4],
      config: parts('CASE_TYPE_CODE', 'MMDDYYYY', 'SI_NO'),
      resetIdBy: 'Day',
      sNoStartsFrom: 1,
    });
    expect((await open(admin, { subTypeId: 4 })).caseNumber).toBe(`H1B-1231${Y}-1`);
    await t.database.db.execute(sql`update tenants set timezone = 'UTC' where id = ${t.tenants.lawfirm}`);
    expect((await open(admin, { subTypeId: 4 })).caseNumber).toBe(`H1B-0101${Y + 1}-1`);
    await t.database.db.execute(sql`update tenants set timezone = 'America/New_York' where id = ${t.tenants.lawfirm}`);
  });

  it('D-17: with reset by Year the serial restarts at sNoStartsFrom when the year changes', async () => {
    await setNow(`${Y + 1}-03-10T15:00:00Z`);
    // The H-1B cap group (YYYY, reset Year) continues last year's count only within that year.
    expect((await open(admin, { subTypeId: 1 })).caseNumber).toBe(`DLF-H1B-${Y + 1}-10001`);
    expect((await open(admin, { subTypeId: 1 })).caseNumber).toBe(`DLF-H1B-${Y + 1}-10002`);
    await setNow(`${Y + 1}-12-31T15:00:00Z`);
    expect((await open(admin, { subTypeId: 1 })).caseNumber).toBe(`DLF-H1B-${Y + 1}-10003`);
    await setNow(`${Y + 2}-01-01T15:00:00Z`);
    expect((await open(admin, { subTypeId: 1 })).caseNumber).toBe(`DLF-H1B-${Y + 2}-10001`);
  });

  it('D-17: with reset by Month the serial restarts when the month changes, not within it', async () => {
    await configure(admin, {
      subTypeIds: [5],
      config: parts('CASE_TYPE_CODE', 'MMYYYY', 'SI_NO'),
      resetIdBy: 'Month',
      sNoStartsFrom: 100,
    });
    expect((await open(admin, { subTypeId: 5 })).caseNumber).toBe(`H1B-01${Y + 2}-100`);
    await setNow(`${Y + 2}-01-31T15:00:00Z`);
    expect((await open(admin, { subTypeId: 5 })).caseNumber).toBe(`H1B-01${Y + 2}-101`);
    await setNow(`${Y + 2}-02-01T15:00:00Z`);
    expect((await open(admin, { subTypeId: 5 })).caseNumber).toBe(`H1B-02${Y + 2}-100`);
  });

  it('D-17: with reset by Day the serial restarts the next day; without a reset it never restarts', async () => {
    await configure(admin, {
      subTypeIds: [6],
      config: parts('CASE_TYPE_CODE', 'MMDDYY', 'SI_NO'),
      resetIdBy: 'Day',
      sNoStartsFrom: 1,
    });
    expect((await open(admin, { subTypeId: 6 })).caseNumber).toBe(`H1B-0201${yy(Y + 2)}-1`);
    expect((await open(admin, { subTypeId: 6 })).caseNumber).toBe(`H1B-0201${yy(Y + 2)}-2`);
    await setNow(`${Y + 2}-02-02T15:00:00Z`);
    expect((await open(admin, { subTypeId: 6 })).caseNumber).toBe(`H1B-0202${yy(Y + 2)}-1`);
    // Sub-type 11 has no configuration (no reset): a year later its count goes on.
    await setNow(`${Y + 3}-05-02T15:00:00Z`);
    expect((await open(admin, { subTypeId: 11 })).caseNumber).toBe('L1-L1EXT-10003');
  });

  it('D-23: a custom code of the case type or sub-type replaces the master code in new numbers', async () => {
    const save = (body: object) => admin.post('/api/case-type-config/save-custom-code', body);
    expect((await save({ typeId: 2, code: 'L-One' })).statusCode).toBe(200);
    expect((await save({ typeId: 2, subTypeId: 11, code: 'ext 1' })).statusCode).toBe(200);
    expect((await open(admin, { subTypeId: 11 })).caseNumber).toBe('L-ONE-EXT1-10004');
    // Another tenant keeps the master codes.
    const other = await login(t, DEMO.otherAdmin);
    expect((await open(other, { subTypeId: 11 })).caseNumber).toBe('L1-L1EXT-10001');
  });

  it('D-17: a number is never issued twice: configuring a numbered sub-type with the same pattern, or deleting and re-adding its configuration, continues the series', async () => {
    // Sub-type 12 (PERM Schedule A Group I) is numbered by the starting parts before it has a configuration.
    expect((await open(admin, { subTypeId: 12 })).caseNumber).toBe('PERM-PRMSA1-10001');
    expect((await open(admin, { subTypeId: 12 })).caseNumber).toBe('PERM-PRMSA1-10002');
    const defaults = { subTypeIds: [12], config: parts('CASE_TYPE_CODE', 'CASE_SUBTYPE_CODE', 'SI_NO') };
    await configure(admin, defaults);
    expect((await open(admin, { subTypeId: 12 })).caseNumber).toBe('PERM-PRMSA1-10003');
    const list = await admin.post('/api/case-id-config/list', { filters: { subTypeIds: [12] } });
    const configId = list.json().list[0]._id as string;
    expect((await admin.post('/api/case-id-config/delete', { configId })).statusCode).toBe(200);
    await configure(admin, defaults);
    expect((await open(admin, { subTypeId: 12 })).caseNumber).toBe('PERM-PRMSA1-10004');
    const stored = await t.database.db.execute<{ n: number; d: number }>(
      sql`select count(*)::int as n, count(distinct case_number)::int as d from cases where tenant_id = ${t.tenants.lawfirm}`,
    );
    expect(stored.rows[0]?.d).toBe(stored.rows[0]?.n);
  });

  it('D-17: 200 concurrent case creations get 200 distinct, gap-free serials', { timeout: 180_000 }, async () => {
    await configure(admin, {
      subTypeIds: [7],
      config: parts('CUSTOMER_CODE', 'CASE_TYPE_CODE', 'SI_NO'),
      sNoStartsFrom: 5000,
    });
    const created = await Promise.all(
      Array.from({ length: 200 }, () => admin.post('/api/cases/create', { subTypeId: 7 })),
    );
    expect(created.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    const numbers = created.map((r) => r.json().case.caseNumber as string);
    expect(new Set(numbers).size).toBe(200);
    const serials = numbers.map((n) => Number(n.split('-').at(-1))).sort((a, b) => a - b);
    expect(serials).toEqual(Array.from({ length: 200 }, (_, i) => 5000 + i));
    const stored = await t.database.db.execute<{ n: number; d: number }>(
      sql`select count(*)::int as n, count(distinct serial)::int as d from cases where sub_type_id = 7 and tenant_id = ${t.tenants.lawfirm}`,
    );
    expect(stored.rows[0]).toEqual({ n: 200, d: 200 });
  });
});

describe('POST /api/cases/list and access', () => {
  it('lists the tenant own cases newest first with their numbers; other tenants see none of them', async () => {
    const res = await admin.post('/api/cases/list', { perpage: 10, filters: { subTypeIds: [1] } });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.totalCount).toBe(6);
    expect(page.list[0]).toMatchObject({
      caseNumber: `DLF-H1B-${Y + 2}-10001`,
      typeName: 'H-1B Specialty Occupation',
      subTypeName: 'Cap - New Petition',
    });
    const other = await login(t, DEMO.otherAdmin);
    // The other firm sees only its own case (opened in the D-23 test), none of the demo firm's.
    expect(
      (await other.post('/api/cases/list', {})).json().list.map((c: { caseNumber: string }) => c.caseNumber),
    ).toEqual(['L1-L1EXT-10001']);
    const search = await admin.post('/api/cases/list', { filters: { searchString: 'ANAMARIA' } });
    expect(search.json().list.map((c: { caseNumber: string }) => c.caseNumber)).toEqual(['H1BEXT-ANAMARIALOPEZ-1']);
  });

  it('refuses unknown sub-types and unknown keys (tenantId, caseNumber) with VALIDATION_ERROR', async () => {
    for (const body of [
      { subTypeId: 999_999 },
      { subTypeId: 1, tenantId: t.tenants.otherfirm },
      { subTypeId: 1, caseNumber: 'X-1' },
    ]) {
      const res = await admin.post('/api/cases/create', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('every case creation is audited with its number', async () => {
    const rows = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where entity = 'case' and action = 'create'`,
    );
    const cases = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from cases`);
    expect(rows.rows[0]?.n).toBe(cases.rows[0]?.n);
  });
});
