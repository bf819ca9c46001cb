import { NO_ACTIVE_CONFIGURATION, PARTY_MESSAGES } from '@caseport/domain/cases/contracts';
import { CASE_FACTS, FACT_MESSAGES, type FactDef, factApplies } from '@caseport/domain/cases/facts';
import { PERSON_MESSAGES } from '@caseport/domain/people/contracts';
import { timezoneIdOf } from '@caseport/domain/reminders/timezones';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseViewOf } from '../src/platform/case-view';
import { ok } from './support/calls';
import { activateCaseConfigs, newPerson, partiesFor } from './support/cases';
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
/** The parties a case of `subTypeId` must name in the tenant (issue 34), for bodies about something else. */
const parties = (subTypeId: number, tenantId = t.tenants.lawfirm) => partiesFor(t.database, tenantId, subTypeId);
/** Opens a case; the parties the body leaves out are the defaults of partiesFor. */
const open = async (c: Caller, body: { subTypeId: number } & Record<string, unknown>, tenantId = t.tenants.lawfirm) => {
  const res = await c.post('/api/cases/create', { ...(await parties(body.subTypeId, tenantId)), ...body });
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
    // Without its beneficiary the case is refused on that field (a new case names every party its type requires).
    const { petitionerId } = await parties(3);
    const res = await admin.post('/api/cases/create', { subTypeId: 3, petitionerId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: [{ name: 'beneficiary', message: PARTY_MESSAGES.beneficiaryRequired('Beneficiary') }],
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
    // The tenant's zone is its configuration's (tenantDefaultTZ) where it has one, else its own (issue 38 finding 2).
    const zone = (name: string) =>
      Promise.all([
        t.database.db.execute(sql`update tenants set timezone = ${name} where id = ${t.tenants.lawfirm}`),
        t.database.db.execute(sql`update global_configs set config = jsonb_set(config, '{tenantDefaultTZ}',
          ${String(timezoneIdOf(name))}::jsonb) where tenant_id = ${t.tenants.lawfirm}`),
      ]);
    await zone('UTC');
    expect((await open(admin, { subTypeId: 4 })).caseNumber).toBe(`H1B-0101${Y + 1}-1`);
    await zone('America/New_York');
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
    expect((await open(other, { subTypeId: 11 }, t.tenants.otherfirm)).caseNumber).toBe('L1-L1EXT-10001');
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
    const named = await parties(7);
    const created = await Promise.all(
      Array.from({ length: 200 }, () => admin.post('/api/cases/create', { subTypeId: 7, ...named })),
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

// Issue 34: a case names its people as records and holds its facts (packages/domain/src/cases/facts.ts).
const SUB_TYPE_OF: Record<string, number> = {
  H1B: 2,
  L1: 8,
  PERM: 13,
  I130: 18,
  I140: 24,
  I485EB: 30,
  I485FB: 68,
  N400: 43,
};
const TYPES = [
  { code: 'H1B', category: 'employment' },
  { code: 'PERM', category: 'employment' },
  { code: 'I140', category: 'employment' },
  { code: 'I485EB', category: 'employment' },
  { code: 'I130', category: 'family' },
  { code: 'I485FB', category: 'family' },
  { code: 'N400', category: 'citizenship' },
];
const BAD_VALUE: Record<FactDef['kind'], unknown> = {
  text: 'x'.repeat(201),
  date: '2027-02-30',
  money: -5,
  int: -1,
  boolean: 'yes',
  enum: 'Nope',
  socCode: 'not-a-uuid',
  serviceCenter: 42,
  addresses: [],
};
const countOf = async (table: string) =>
  Number(
    (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`)).rows[0]
      ?.n,
  );
const idOf = async (q: ReturnType<typeof sql>) =>
  (await t.database.db.execute<{ id: string }>(q)).rows[0]?.id as string;

describe('issue 34: cases name their people and hold their facts', () => {
  it('issue 34: every fact of the shared table is validated: a bad value is a 400 on facts.<key> and no case is written', async () => {
    const before = await countOf('cases');
    for (const f of CASE_FACTS as readonly FactDef[]) {
      const type = TYPES.find((ty) => factApplies(f, ty));
      expect(type, f.key).toBeDefined();
      const bad = f.key === 'fein' || f.key === 'receiptNumber' ? 'abc' : BAD_VALUE[f.kind];
      const res = await admin.post('/api/cases/create', {
        subTypeId: SUB_TYPE_OF[type!.code],
        ...(await parties(SUB_TYPE_OF[type!.code] as number)),
        facts: { [f.key]: bad },
      });
      expect(res.statusCode, `${f.key}: ${res.body}`).toBe(400);
      expect(res.json().fields.map((x: { name: string }) => x.name)).toContain(`facts.${f.key}`);
    }
    // A cross-fact rule of the table: the end date before the start date.
    const res = await admin.post('/api/cases/create', {
      subTypeId: 2,
      ...(await parties(2)),
      facts: { startDate: `${Y + 4}-05-01`, endDate: `${Y + 4}-04-30` },
    });
    expect(res.json().fields).toEqual([{ name: 'facts.endDate', message: FACT_MESSAGES.endBeforeStart }]);
    expect(await countOf('cases')).toBe(before);
  });

  it('issue 34: a fact of another case type is refused on its field', async () => {
    const before = await countOf('cases');
    for (const [subTypeId, key, value] of [
      [8, 'lotterySelectedOn', `${Y + 4}-04-01`],
      [18, 'jobTitle', 'Engineer'],
      [43, 'premiumProcessing', true],
    ] as const) {
      const res = await admin.post('/api/cases/create', {
        subTypeId,
        ...(await parties(subTypeId)),
        facts: { [key]: value },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toEqual([
        { name: `facts.${key}`, message: 'A case of this type does not hold this fact' },
      ]);
    }
    expect(await countOf('cases')).toBe(before);
  });

  it('issue 34: the name parts of the number come from the linked petitioner and people; an update rewrites the names, never the number', async () => {
    await configure(admin, {
      subTypeIds: [9],
      config: parts('PETITIONER_NAME', 'BENEFICIARY_NAME', 'SI_NO'),
      sNoStartsFrom: 1,
    });
    const petitionerId = await idOf(sql`select id from users where email = ${DEMO.lawPetitioner}`);
    const person = await admin.post('/api/people/create', { person: { givenName: 'John', familyName: 'Roe' } });
    expect(person.statusCode, person.body).toBe(200);
    const personId = person.json().person._id as string;
    const opened = await open(admin, {
      subTypeId: 9,
      petitionerId,
      beneficiary: { personId },
      facts: { jobTitle: 'Data Engineer', wage: 120000, wageUnit: 'Year' },
    });
    expect(opened.caseNumber).toBe('PRIYAPATEL-JOHNROE-1');
    const details = (await admin.post('/api/cases/details', { caseId: opened._id })).json();
    expect(details).toMatchObject({
      case: {
        caseNumber: 'PRIYAPATEL-JOHNROE-1',
        status: 'open',
        beneficiaryName: 'John Roe',
        petitionerName: 'Priya Patel',
      },
      petitioner: { id: petitionerId, name: 'Priya Patel' },
      beneficiary: { _id: personId, givenName: 'John', caseCount: 1 },
      facts: { jobTitle: 'Data Engineer', wage: 120000, wageUnit: 'Year' },
    });
    expect(details.case.ownerName).toEqual(expect.any(String));
    // Renaming the person and re-linking a new one: the name columns follow, the number stays.
    await ok(admin, '/api/people/update', { personId, person: { givenName: 'Johnny', familyName: 'Roe' } });
    expect((await admin.post('/api/cases/details', { caseId: opened._id })).json().case.beneficiaryName).toBe(
      'Johnny Roe',
    );
    const saved = await admin.post('/api/cases/update', {
      caseId: opened._id,
      beneficiary: newPerson('Mary Major'),
      facts: { wage: null, fullTime: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().details).toMatchObject({
      case: { caseNumber: 'PRIYAPATEL-JOHNROE-1', beneficiaryName: 'Mary Major' },
      facts: { jobTitle: 'Data Engineer', wageUnit: 'Year', fullTime: true },
    });
    expect(saved.json().details.facts).not.toHaveProperty('wage');
    // The update is audited with before and after, and shows in the case's History.
    const audit = await t.database.db.execute<{ before: { facts: Record<string, unknown> }; after: unknown }>(
      sql`select before, after from audit_log where entity = 'case' and entity_id = ${opened._id} and action = 'update'`,
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]?.before.facts).toMatchObject({ wage: 120000 });
    const history = (await admin.post('/api/cases/history', { caseId: opened._id })).json();
    expect(history.list.map((r: { action: string }) => r.action)).toEqual(['update', 'create']);
    // The list filters: status, type, petitioner, owner.
    const me = details.case.ownerId as string;
    const list = await ok(admin, '/api/cases/list', {
      filters: { typeIds: [2], statuses: ['open'], petitionerIds: [petitionerId], ownerIds: [me] },
    });
    // Every case of this firm names a petitioner (partiesFor picks the same one): the filters keep exactly the
    // open type-2 cases of that petitioner owned by me, this one among them.
    expect(list.list.map((c: { _id: string }) => c._id)).toContain(opened._id);
    for (const c of list.list)
      expect(c).toMatchObject({ typeId: 2, status: 'open', petitionerName: 'Priya Patel', ownerId: me });
    const stored = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from cases c join petition_sub_types s on s.id = c.sub_type_id
        where c.tenant_id = ${t.tenants.lawfirm} and s.petition_type_id = 2 and c.status = 'open'
          and c.petitioner_id = ${petitionerId} and c.owner_id = ${me}`,
    );
    expect(list.totalCount).toBe(stored.rows[0]?.n);
    const none = await ok(admin, '/api/cases/list', { filters: { typeIds: [2], ownerIds: [petitionerId] } });
    expect(none.list).toEqual([]);
  });

  it('issue 34: a similar new person is refused with 409 SIMILAR_PERSON and nothing is written, then allowSimilar saves it', async () => {
    const { petitionerId } = await parties(2);
    const body = {
      subTypeId: 2,
      petitionerId,
      beneficiary: { person: { givenName: 'Ann ', familyName: 'LEE', dateOfBirth: '1990-01-02' } },
    };
    const first = await admin.post('/api/cases/create', body);
    expect(first.statusCode, first.body).toBe(200);
    const cases = await countOf('cases');
    const persons = await countOf('persons');
    const again = await admin.post('/api/cases/create', {
      ...body,
      beneficiary: { person: { givenName: 'ann', familyName: 'Lee', dateOfBirth: '1990-01-02' } },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'SIMILAR_PERSON',
      message: PERSON_MESSAGES.similarExists,
      fields: [{ name: 'beneficiary.person.givenName', message: PERSON_MESSAGES.similarExists }],
    });
    expect([await countOf('cases'), await countOf('persons')]).toEqual([cases, persons]);
    const allowed = await admin.post('/api/cases/create', {
      ...body,
      beneficiary: { person: { givenName: 'ann', familyName: 'Lee', dateOfBirth: '1990-01-02' }, allowSimilar: true },
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect([await countOf('cases'), await countOf('persons')]).toEqual([cases + 1, persons + 1]);
  });

  it("issue 34: another tenant's person, petitioner, SOC code or service center in a create or update body is a 404 and nothing is written", async () => {
    const other = await login(t, DEMO.otherAdmin);
    const theirPerson = (await ok(other, '/api/people/create', { person: { givenName: 'Tom', familyName: 'Other' } }))
      .person._id as string;
    const theirPetitioner = await idOf(sql`insert into users (tenant_id, email, first_name, last_name, role_id)
      values (${t.tenants.otherfirm}, 'their-petitioner@example.test', 'Their', 'Petitioner', 50) returning id`);
    const theirSoc = await idOf(sql`insert into soc_code_configs (tenant_id, name, designation, description, job_titles)
      values (${t.tenants.otherfirm}, 'Their SOC', 'D', 'd', 'j') returning id`);
    const mySoc = await idOf(sql`insert into soc_code_configs (tenant_id, name, designation, description, job_titles)
      values (${t.tenants.lawfirm}, 'My SOC', 'D', 'd', 'j') returning id`);
    const theirCenter = await idOf(sql`insert into service_centers (tenant_id, name, type_id)
      values (${t.tenants.otherfirm}, 'Their Center', 1) returning id`);
    const platformCenter = await idOf(sql`insert into service_centers (tenant_id, name, type_id)
      values (null, 'Platform Center', 1) returning id`);
    const mine = await open(admin, {
      subTypeId: 2,
      beneficiary: newPerson('Own Person'),
      facts: { socCodeId: mySoc, serviceCenterId: platformCenter },
    });
    const details = (await admin.post('/api/cases/details', { caseId: mine._id })).json();
    expect(details.factNames).toEqual({ socCode: 'My SOC', serviceCenter: 'Platform Center' });
    const snapshot = async () =>
      JSON.stringify([
        await countOf('cases'),
        await countOf('persons'),
        (await t.database.db.execute(sql`select * from cases where id = ${mine._id}`)).rows,
      ]);
    const before = await snapshot();
    const bodies: [string, Record<string, unknown>][] = [
      ['beneficiary', { beneficiary: { personId: theirPerson } }],
      ['sponsor', { sponsor: { personId: theirPerson } }],
      ['petitionerId', { petitionerId: theirPetitioner }],
      ['facts.socCodeId', { facts: { socCodeId: theirSoc } }],
      ['facts.serviceCenterId', { facts: { serviceCenterId: theirCenter } }],
    ];
    for (const [what, part] of bodies) {
      const created = await admin.post('/api/cases/create', {
        subTypeId: 2,
        beneficiary: newPerson('New Person'),
        ...part,
      });
      expect(created.statusCode, `create ${what}: ${created.body}`).toBe(404);
      const updated = await admin.post('/api/cases/update', { caseId: mine._id, ...part });
      expect(updated.statusCode, `update ${what}: ${updated.body}`).toBe(404);
    }
    // A user of the tenant who is not a petitioner, and another tenant's owner, are refused too.
    const manager = await idOf(sql`select id from users where email = ${DEMO.lawManager}`);
    expect((await admin.post('/api/cases/create', { subTypeId: 2, petitionerId: manager })).statusCode).toBe(404);
    const theirAdmin = await idOf(sql`select id from users where email = ${DEMO.otherAdmin}`);
    expect((await admin.post('/api/cases/update', { caseId: mine._id, ownerId: theirAdmin })).statusCode).toBe(404);
    expect(await snapshot()).toBe(before);
    // Details, history and updates of another tenant's case are 404.
    const theirCase = await open(other, { subTypeId: 11 }, t.tenants.otherfirm);
    for (const url of ['/api/cases/details', '/api/cases/history'])
      expect((await admin.post(url, { caseId: theirCase._id })).statusCode).toBe(404);
    expect((await admin.post('/api/cases/update', { caseId: theirCase._id, facts: {} })).statusCode).toBe(404);
    expect((await admin.post('/api/people/details', { personId: theirPerson })).statusCode).toBe(404);
  });

  it('issue 34: accounts are linked and unlinked only for users of the tenant who hold the role', async () => {
    const c = await open(admin, { subTypeId: 2 });
    const petitionerId = await idOf(sql`select id from users where email = ${DEMO.lawPetitioner}`);
    const linked = await admin.post('/api/cases/link-account', { caseId: c._id, userId: petitionerId, roleId: 50 });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().details.accounts).toEqual([
      { userId: petitionerId, roleId: 50, name: 'Priya Patel', email: DEMO.lawPetitioner },
    ]);
    // The wrong role, another tenant's user: 404.
    expect(
      (await admin.post('/api/cases/link-account', { caseId: c._id, userId: petitionerId, roleId: 12 })).statusCode,
    ).toBe(404);
    const theirAdmin = await idOf(sql`select id from users where email = ${DEMO.otherAdmin}`);
    expect(
      (await admin.post('/api/cases/link-account', { caseId: c._id, userId: theirAdmin, roleId: 50 })).statusCode,
    ).toBe(404);
    const unlinked = await admin.post('/api/cases/unlink-account', { caseId: c._id, userId: petitionerId, roleId: 50 });
    expect(unlinked.json().details.accounts).toEqual([]);
  });

  it('issue 34: a body naming a party its case type has none of (partiesOf), or dropping one it requires, is a 400 on that field and writes nothing', async () => {
    const petitionerId = await idOf(sql`select id from users where email = ${DEMO.lawPetitioner}`);
    const employment = await open(admin, { subTypeId: 2, petitionerId, beneficiary: newPerson('Emma Ployed') });
    const family = await open(admin, {
      subTypeId: 17,
      beneficiary: newPerson('Fam Ily'),
      sponsor: newPerson('Spon Sor'),
    });
    const snapshot = async () =>
      JSON.stringify([
        await countOf('cases'),
        await countOf('persons'),
        await countOf('case_accounts'),
        (await t.database.db.execute(sql`select * from cases where id in (${employment._id}, ${family._id})`)).rows,
      ]);
    const before = await snapshot();
    const refusals: [string, string, Record<string, unknown>][] = [
      [
        '/api/cases/create',
        'sponsor',
        { subTypeId: 2, petitionerId, beneficiary: newPerson('A B'), sponsor: newPerson('C D') },
      ],
      // A new case names every party its type requires: the beneficiary, a law firm's petitioner.
      ['/api/cases/create', 'beneficiary', { subTypeId: 2, petitionerId }],
      ['/api/cases/create', 'petitionerId', { subTypeId: 2, beneficiary: newPerson('A B') }],
      ['/api/cases/create', 'beneficiary', { subTypeId: 17, sponsor: newPerson('C D') }],
      [
        '/api/cases/create',
        'petitionerId',
        { subTypeId: 17, petitionerId, beneficiary: newPerson('A B'), sponsor: newPerson('C D') },
      ],
      ['/api/cases/create', 'sponsor', { subTypeId: 17, beneficiary: newPerson('A B') }],
      ['/api/cases/update', 'sponsor', { caseId: employment._id, sponsor: newPerson('C D') }],
      ['/api/cases/update', 'petitionerId', { caseId: employment._id, petitionerId: null }],
      ['/api/cases/update', 'beneficiary', { caseId: employment._id, beneficiary: null }],
      ['/api/cases/update', 'petitionerId', { caseId: family._id, petitionerId }],
      ['/api/cases/update', 'sponsor', { caseId: family._id, sponsor: null }],
    ];
    for (const [url, field, body] of refusals) {
      const res = await admin.post(url, body);
      expect(res.statusCode, `${url} ${field}: ${res.body}`).toBe(400);
      expect(res.json().fields.map((f: { name: string }) => f.name)).toEqual([field]);
    }
    expect(await snapshot()).toBe(before);
    expect(PARTY_MESSAGES.sponsorNotForType).toBe('This case type has no sponsor');
  });

  it('issue 34: a law firm case naming a petitioner links its portal account (role 50) by itself; a new petitioner moves that link, links made by hand stay; audited', async () => {
    const first = await idOf(sql`select id from users where email = ${DEMO.lawPetitioner}`);
    const second = await idOf(sql`insert into users (tenant_id, email, first_name, last_name, role_id)
      values (${t.tenants.lawfirm}, 'second-petitioner@example.test', 'Sam', 'Second', 50) returning id`);
    const c = await open(admin, { subTypeId: 2, petitionerId: first, beneficiary: newPerson('Link Ed') });
    const accounts = async () =>
      ((await ok(admin, '/api/cases/details', { caseId: c._id })).accounts as { userId: string; roleId: number }[])
        .map((a) => `${a.roleId}:${a.userId}`)
        .sort();
    expect(await accounts()).toEqual([`50:${first}`]);
    const audit = async (action: string) =>
      (
        await t.database.db.execute<{ before: unknown; after: unknown }>(
          sql`select before, after from audit_log where entity = 'case' and entity_id = ${c._id} and action = ${action}
            order by id desc limit 1`,
        )
      ).rows[0];
    expect((await audit('create'))?.after).toMatchObject({ accountLinked: { userId: first, roleId: 50 } });
    // The second petitioner is linked by hand first; naming it leaves that link manual, the first's goes.
    await ok(admin, '/api/cases/link-account', { caseId: c._id, userId: second, roleId: 50 });
    await ok(admin, '/api/cases/update', { caseId: c._id, petitionerId: second });
    expect(await accounts()).toEqual([`50:${second}`]);
    expect((await audit('update'))?.after).toMatchObject({ accountUnlinked: { userId: first, roleId: 50 } });
    // Back to the first: it is linked again by itself, and the hand-made link of the second stays.
    await ok(admin, '/api/cases/update', { caseId: c._id, petitionerId: first });
    expect(await accounts()).toEqual([`50:${first}`, `50:${second}`].sort());
    expect((await audit('update'))?.after).toMatchObject({ accountLinked: { userId: first, roleId: 50 } });
    // A petitioner linked by hand before it is named stays when it is replaced.
    const c2 = await open(admin, { subTypeId: 2, beneficiary: newPerson('Hand Made') });
    await ok(admin, '/api/cases/link-account', { caseId: c2._id, userId: first, roleId: 50 });
    await ok(admin, '/api/cases/update', { caseId: c2._id, petitionerId: first });
    await ok(admin, '/api/cases/update', { caseId: c2._id, petitionerId: second });
    const after = (await ok(admin, '/api/cases/details', { caseId: c2._id })).accounts as { userId: string }[];
    expect(after.map((a) => a.userId).sort()).toEqual([first, second].sort());
  });

  it("issue 34: the Overview and the letters print the petitioner's address alike (apt, country)", async () => {
    const petitionerId = await idOf(sql`select id from users where email = ${DEMO.lawPetitioner}`);
    const address = {
      line1: '1 Main St',
      line2: '2',
      aptType: 'Ste',
      zipcode: '78701',
      location: { name: 'Austin' },
      state: { name: 'Texas' },
      country: { name: 'United States' },
    };
    await t.database.db.execute(sql`insert into petitioner_profiles (tenant_id, user_id, info)
      values (${t.tenants.lawfirm}, ${petitionerId}, ${JSON.stringify({ address })}::jsonb)
      on conflict (user_id) do update set info = petitioner_profiles.info || excluded.info`);
    const c = await open(admin, { subTypeId: 2, petitionerId, beneficiary: newPerson('Add Ress') });
    const details = await ok(admin, '/api/cases/details', { caseId: c._id });
    expect(details.petitioner.address).toBe('1 Main St, Ste 2, Austin, Texas 78701, United States');
    const view = await caseViewOf(t.database.db, t.tenants.lawfirm, c._id, '2030-01-01');
    expect(view?.petitioner?.address).toBe(details.petitioner.address);
  });

  it('issue 34: a petitioner company is the petitioner of its own cases; its profile gives the employer facts', async () => {
    await t.database.db.execute(
      sql`update tenants set profile = profile || ${JSON.stringify({
        feiNumber: '12-3456789',
        petitionerInfo: { totalFullTimeEmployees: '20' },
      })}::jsonb where id = ${t.tenants.petitioner}`,
    );
    const co = await login(t, DEMO.coAdmin);
    const someone = await idOf(sql`select id from users where email = ${DEMO.coAdmin}`);
    const refused = await co.post('/api/cases/create', { subTypeId: 2, petitionerId: someone });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields[0].name).toBe('petitionerId');
    const c = await open(co, { subTypeId: 2, beneficiary: newPerson('Wei Chen') }, t.tenants.petitioner);
    const details = (await co.post('/api/cases/details', { caseId: c._id })).json();
    const name = (
      await t.database.db.execute<{ name: string }>(sql`select name from tenants where id = ${t.tenants.petitioner}`)
    ).rows[0]?.name;
    expect(details.petitioner).toMatchObject({ id: null, name });
    expect(details.case.petitionerName).toBe(name);
    expect(details.facts).toMatchObject({ fein: '12-3456789', employeeCount: 20 });
  });

  it('issue 34: a case keeps its pinned workflow and questionnaire version after its configuration is replaced (Create New)', async () => {
    const manager = await login(t, DEMO.lawManager);
    const questionnaires = (await ok(admin, '/api/questionnaire/list', {})).list as { _id: string }[];
    const configId = await idOf(
      sql`select id from petition_configs where tenant_id = ${t.tenants.lawfirm} and sub_type_id = 10 and active`,
    );
    const body = (questionnaireTplId: string, updateAction: string | null, petitionConfigId: string) => ({
      typeId: 2,
      subTypeId: 10,
      questionnaireTplId,
      formAndLetterIds: [],
      insertTo: null,
      showPetitionAlert: false,
      active: true,
      updateAction,
      petitionConfigId,
    });
    await ok(admin, '/api/petition-config/update', body(questionnaires[0]!._id, null, configId));
    const workflows = (await ok(admin, '/api/workflow/list', { page: 1, perpage: 25 })).list as { _id: string }[];
    const { workflowConfigId } = await ok(admin, '/api/workflow/config-save', {
      workflowId: workflows[0]!._id,
      petitionTypeId: 2,
      petitionSubTypeId: 10,
    });
    const first = await open(admin, { subTypeId: 10 });
    const pinned = (await manager.post('/api/cases/details', { caseId: first._id })).json().pinned;
    expect(pinned).toMatchObject({
      petitionConfigId: configId,
      workflow: { id: workflows[0]!._id },
      questionnaire: { questionnaireId: questionnaires[0]!._id, version: expect.any(Number) },
    });
    // Create New: the old configuration stays on its case; a new one (another questionnaire, workflow) takes over.
    const spare = (await ok(admin, '/api/workflow/create', { name: 'Pinned Spare' })) as { workflowId: string };
    const replaced = await ok(admin, '/api/petition-config/update', body(questionnaires[1]!._id, 'create', configId));
    await ok(admin, '/api/workflow/config-update', {
      workflowConfigId,
      workflowId: spare.workflowId,
      petitionTypeId: 2,
      petitionSubTypeId: 10,
    });
    expect((await manager.post('/api/cases/details', { caseId: first._id })).json().pinned).toEqual(pinned);
    const second = await open(admin, { subTypeId: 10 });
    const now = (await manager.post('/api/cases/details', { caseId: second._id })).json().pinned;
    expect(now.petitionConfigId).toBe(replaced.petitionConfigId);
    expect(now.questionnaire?.questionnaireId).toBe(questionnaires[1]!._id);
  });

  it('issue 34: a sub-type without an active case configuration is refused on subTypeId', async () => {
    await t.database.db.execute(
      sql`update petition_configs set active = false where tenant_id = ${t.tenants.lawfirm} and sub_type_id = 14`,
    );
    const before = await countOf('cases');
    const res = await admin.post('/api/cases/create', { subTypeId: 14 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ name: 'subTypeId', message: NO_ACTIVE_CONFIGURATION }]);
    expect(await countOf('cases')).toBe(before);
  });

  it("issue 34: /api/cases/fact-options gives role 4 its tenant's SOC codes, service centers and owners only", async () => {
    const mySoc = await idOf(sql`insert into soc_code_configs (tenant_id, name, designation, description, job_titles)
      values (${t.tenants.lawfirm}, 'Options SOC', 'Developers', 'd', 'j') returning id`);
    const myOldSoc =
      await idOf(sql`insert into soc_code_configs (tenant_id, name, designation, description, job_titles, status)
      values (${t.tenants.lawfirm}, 'Options Old SOC', 'Old', 'd', 'j', false) returning id`);
    const theirSoc = await idOf(sql`insert into soc_code_configs (tenant_id, name, designation, description, job_titles)
      values (${t.tenants.otherfirm}, 'Options Their SOC', 'D', 'd', 'j') returning id`);
    const myCenter = await idOf(sql`insert into service_centers (tenant_id, name, type_id)
      values (${t.tenants.lawfirm}, 'Options My Center', 1) returning id`);
    const platformCenter = await idOf(sql`insert into service_centers (tenant_id, name, type_id)
      values (null, 'Options Platform Center', 1) returning id`);
    const theirCenter = await idOf(sql`insert into service_centers (tenant_id, name, type_id)
      values (${t.tenants.otherfirm}, 'Options Their Center', 1) returning id`);
    const manager = await login(t, DEMO.lawManager);
    const res = await manager.post('/api/cases/fact-options', {});
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      socCodes: { id: string; name: string; designation: string }[];
      serviceCenters: { id: string; name: string }[];
      owners: { id: string; name: string; roleId: number }[];
    };
    const socIds = body.socCodes.map((s) => s.id);
    expect(body.socCodes).toContainEqual({ id: mySoc, name: 'Options SOC', designation: 'Developers' });
    expect(socIds).not.toContain(myOldSoc);
    expect(socIds).not.toContain(theirSoc);
    const centerIds = body.serviceCenters.map((c) => c.id);
    expect(centerIds).toEqual(expect.arrayContaining([myCenter, platformCenter]));
    expect(centerIds).not.toContain(theirCenter);
    const lawUsers = (
      await t.database.db.execute(
        sql`select id::text as id from users where tenant_id = ${t.tenants.lawfirm} and role_id in (3, 4) and is_active`,
      )
    ).rows.map((r) => r.id as string);
    expect(body.owners.map((o) => o.id).sort()).toEqual([...lawUsers].sort());
    expect(body.owners.every((o) => o.roleId === 3 || o.roleId === 4)).toBe(true);
    const managerId = await idOf(sql`select id from users where email = ${DEMO.lawManager}`);
    expect(body.owners).toContainEqual(expect.objectContaining({ id: managerId, roleId: 4 }));
    // Nothing of another tenant, whatever the route answers: none of its ids appear anywhere.
    const theirIds = (
      await t.database.db.execute(
        sql`select id::text as id from users where tenant_id = ${t.tenants.otherfirm}
            union all select id::text from soc_code_configs where tenant_id = ${t.tenants.otherfirm}
            union all select id::text from service_centers where tenant_id = ${t.tenants.otherfirm}`,
      )
    ).rows.map((r) => r.id as string);
    for (const id of theirIds) expect(res.body).not.toContain(id);
    expect((await manager.post('/api/cases/fact-options', { tenantId: t.tenants.otherfirm })).statusCode).toBe(400);
    const petitioner = await login(t, DEMO.lawPetitioner);
    expect((await petitioner.post('/api/cases/fact-options', {})).statusCode).toBe(403);
  });

  it("issue 34: the case details name the pinned configuration's forms and letters (its Documents checklist)", async () => {
    const configId = await idOf(
      sql`select id from petition_configs where tenant_id = ${t.tenants.lawfirm} and sub_type_id = 3 and active`,
    );
    const letterId = await idOf(sql`insert into forms_and_letters (tenant_id, name, type, document_path, document_name)
      values (${t.tenants.lawfirm}, 'Pinned Support Letter', 'Letter', 'x/support.docx', 'support.docx') returning id`);
    await idOf(sql`insert into forms_and_letters (tenant_id, name, type, document_path, document_name)
      values (${t.tenants.lawfirm}, 'Unpinned Letter', 'Letter', 'x/other.docx', 'other.docx') returning id`);
    await t.database.db.execute(
      sql`insert into petition_config_forms (tenant_id, config_id, form_id) values (${t.tenants.lawfirm}, ${configId}, ${letterId})`,
    );
    const c = await open(admin, { subTypeId: 3, beneficiary: newPerson('Pinned Person') });
    const manager = await login(t, DEMO.lawManager);
    const details = (await manager.post('/api/cases/details', { caseId: c._id })).json();
    expect(details.pinned.letters).toEqual([{ id: letterId, name: 'Pinned Support Letter', type: 'Letter' }]);
  });

  it('issue 34: role 50 is refused on every case and people route', async () => {
    const petitioner = await login(t, DEMO.lawPetitioner);
    const someId = '00000000-0000-4000-8000-000000000000';
    for (const [url, body] of [
      ['/api/cases/create', { subTypeId: 2 }],
      ['/api/cases/list', {}],
      ['/api/cases/details', { caseId: someId }],
      ['/api/cases/update', { caseId: someId }],
      ['/api/cases/link-account', { caseId: someId, userId: someId, roleId: 50 }],
      ['/api/cases/unlink-account', { caseId: someId, userId: someId, roleId: 50 }],
      ['/api/cases/history', { caseId: someId }],
      ['/api/cases/form-editions', { caseId: someId }],
      ['/api/cases/fact-options', {}],
      ['/api/people/list', {}],
      ['/api/people/details', { personId: someId }],
      ['/api/people/similar', { givenName: 'A', familyName: 'B' }],
      ['/api/people/create', { person: { givenName: 'A', familyName: 'B' } }],
      ['/api/people/update', { personId: someId, person: { givenName: 'A', familyName: 'B' } }],
    ] as const)
      expect((await petitioner.post(url, body)).statusCode, url).toBe(403);
  });
});
