import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from './support/calls';
import { type Caller, createTestApp, DEMO, login, type TestApp } from './support/test-app';

let t: TestApp;
let lawAdmin: Caller;
let lawManager: Caller;
let coAdmin: Caller;
let platformAdmin: Caller;
let platformOps: Caller;
let otherAdmin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  lawAdmin = await login(t, DEMO.lawAdmin);
  lawManager = await login(t, DEMO.lawManager);
  coAdmin = await login(t, DEMO.coAdmin);
  platformAdmin = await login(t, DEMO.platformAdmin);
  platformOps = await login(t, DEMO.platformOps);
  otherAdmin = await login(t, DEMO.otherAdmin);
});
afterAll(() => t.close());

const parts = (...ids: string[]) => ids.map((id) => ({ id }));
/** A valid item; H-1B "Cap - New Petition" is sub-type 1, "Extension of Stay" 3 (seed data). */
const buildItem = (overrides: Record<string, unknown> = {}) => ({
  subTypeIds: [1],
  config: parts('CUSTOMER_CODE', 'CASE_TYPE_CODE', 'YYYY', 'SI_NO'),
  sNoStartsFrom: 10001,
  resetIdBy: 'Year',
  ...overrides,
});

const list = (c: Caller, body: object = {}) => ok(c, '/api/case-id-config/list', body);
const refused = async (c: Caller, url: string, body: unknown, status = 400) => {
  const res = await c.post(url, body);
  expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(status);
  return res.json() as { code: string; message: string; fields?: { name: string; message: string }[] };
};
const auditCount = async (entity: string) =>
  (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where entity = ${entity}`))
    .rows[0]?.n ?? 0;

describe('POST /api/case-id-config/create and the list', () => {
  it('R-CASECODE-053: creates one configuration per item and answers with a message; the list returns list and totalCount (R-CASECODE-052)', async () => {
    const before = await auditCount('case_id_config');
    const body = await ok(lawAdmin, '/api/case-id-config/create', {
      items: [
        buildItem(),
        buildItem({
          subTypeIds: [7, 8],
          config: parts('CASE_TYPE_CODE', 'CASE_SUBTYPE_CODE', 'SI_NO'),
          resetIdBy: null,
          sNoStartsFrom: 1,
        }),
      ],
    });
    expect(body).toEqual({ message: 'Case code configurations created successfully' });
    const page = await list(lawAdmin);
    expect(page.totalCount).toBe(2);
    expect(await auditCount('case_id_config')).toBe(before + 2);
  });

  it('R-CASECODE-017: a configuration has the spec fields with sub-type details and part names', async () => {
    const page = await list(lawAdmin, { filters: { subTypeIds: [1] } });
    expect(page.list).toHaveLength(1);
    const cfg = page.list[0];
    expect(cfg).toMatchObject({
      tenantDetails: { name: 'Demo Law Firm' },
      subTypeIds: [1],
      subTypeDetails: [
        {
          id: 1,
          name: 'Cap - New Petition',
          code: 'H1BCAP',
          typeCode: 'H1B',
          numberCode: 'H1BCAP',
          typeNumberCode: 'H1B',
        },
      ],
      config: [
        { id: 'CUSTOMER_CODE', name: 'Customer Code' },
        { id: 'CASE_TYPE_CODE', name: 'Case Type Code' },
        { id: 'YYYY', name: 'YYYY' },
        { id: 'SI_NO', name: 'SI. No.' },
      ],
      sNoStartsFrom: 10001,
      resetIdBy: 'Year',
      createdByName: 'Laura Lawson',
      createdByRoleName: expect.any(String),
    });
    expect(typeof cfg.groupCode).toBe('string');
    expect(Date.parse(cfg.createdOn)).not.toBeNaN();
    expect(Date.parse(cfg.updatedOn)).not.toBeNaN();
  });

  it('R-CASECODE-012: details are loaded by configId; another tenant gets 404 (SECURITY 2)', async () => {
    const [cfg] = (await list(lawAdmin, { filters: { subTypeIds: [1] } })).list;
    const body = await ok(lawManager, '/api/case-id-config/details', { configId: cfg._id });
    expect(body.caseIdConfig._id).toBe(cfg._id);
    const res = await refused(otherAdmin, '/api/case-id-config/details', { configId: cfg._id }, 404);
    expect(res.code).toBe('NOT_FOUND');
  });

  it('R-CASECODE-001: the Case Subtypes filter (filters.subTypeIds) keeps configurations holding one of the sub-types', async () => {
    expect(
      (await list(lawAdmin, { filters: { subTypeIds: [8] } })).list.map((c: { subTypeIds: number[] }) => c.subTypeIds),
    ).toEqual([[7, 8]]);
    expect((await list(lawAdmin, { filters: { subTypeIds: [90] } })).totalCount).toBe(0);
    // A sub-type that does not exist is refused on its field (issue 25, finding 2).
    expect((await refused(lawAdmin, '/api/case-id-config/list', { filters: { subTypeIds: [999] } })).fields).toEqual([
      { name: 'filters.subTypeIds.0', message: 'Case subtype does not exist' },
    ]);
  });

  it('R-CASECODE-003: the Created Date filter takes YYYY-MM-DD dates and bounds the creation day', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(lawAdmin, { filters: { createdDateRange: ['2000-01-01', '2000-12-31'] } })).totalCount).toBe(0);
    expect((await list(lawAdmin, { filters: { createdDateRange: ['2000-01-01', '2999-12-31'] } })).totalCount).toBe(2);
    expect((await list(lawAdmin, { filters: { createdDateRange: ['2999-01-01'] } })).totalCount).toBe(0);
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const bad = await refused(lawAdmin, '/api/case-id-config/list', { filters: { createdDateRange: ['01/02/2026'] } });
    expect(bad.code).toBe('VALIDATION_ERROR');
  });

  it('R-CASECODE-009: the list sorts by createdOn and updatedOn in both directions, and refuses other sort paths', async () => {
    const asc = await list(lawAdmin, { sorting: { path: 'createdOn', order: 1 } });
    const desc = await list(lawAdmin, { sorting: { path: 'createdOn', order: -1 } });
    expect(asc.list.map((c: { _id: string }) => c._id)).toEqual(desc.list.map((c: { _id: string }) => c._id).reverse());
    expect((await list(lawAdmin, { sorting: { path: 'updatedOn', order: -1 } })).totalCount).toBe(2);
    await refused(lawAdmin, '/api/case-id-config/list', { sorting: { path: 'group_code', order: 1 } });
  });

  it('R-CASECODE-002: role 1 sees every customer and filters by filters.tenantIds', async () => {
    await ok(otherAdmin, '/api/case-id-config/create', { items: [buildItem({ subTypeIds: [1] })] });
    const all = await list(platformAdmin);
    expect(all.totalCount).toBe(3);
    const one = await list(platformAdmin, { filters: { tenantIds: [t.tenants.otherfirm] } });
    expect(one.list.map((c: { tenantDetails: { name: string } }) => c.tenantDetails.name)).toEqual(['Other Law Firm']);
    // A tenant role's tenantIds filter cannot widen its view (SECURITY 3): another tenant is not found (issue 25).
    await refused(lawAdmin, '/api/case-id-config/list', { filters: { tenantIds: [t.tenants.otherfirm] } }, 404);
    expect((await list(lawAdmin, { filters: { tenantIds: [t.tenants.lawfirm] } })).totalCount).toBe(2);
    expect((await list(otherAdmin)).totalCount).toBe(1);
  });

  it('R-CASECODE-004: role 2 reads the list and filters it by tenantCustomId (D-05)', async () => {
    await t.database.db.execute(sql`update tenants set id_prefix = 'OLF' where id = ${t.tenants.otherfirm}`);
    const page = await list(platformOps, { filters: { tenantCustomId: 'olf' } });
    expect(page.list.map((c: { tenantDetails: { customId: string } }) => c.tenantDetails.customId)).toEqual(['OLF']);
    expect((await list(platformOps)).totalCount).toBe(3);
    // The rest stays closed to role 2: the tab is hidden for it (D-05).
    expect(
      (await platformOps.post('/api/case-id-config/create', { items: [buildItem({ subTypeIds: [2] })] })).statusCode,
    ).toBe(403);
  });
});

describe('role 1 acts on a customer (D-02)', () => {
  it('R-CASECODE-054: role 1 passes a tenantId on create, and the audit names the acting tenant', async () => {
    const res = await ok(platformAdmin, '/api/case-id-config/create', {
      tenantId: t.tenants.petitioner,
      items: [
        buildItem({ subTypeIds: [3], config: parts('CASE_TYPE_CODE', 'BENEFICIARY_NAME', 'SI_NO'), resetIdBy: null }),
      ],
    });
    expect(res.message).toMatch(/created/);
    const page = await list(coAdmin);
    expect(page.list.map((c: { subTypeIds: number[] }) => c.subTypeIds)).toEqual([[3]]);
    const audit = await t.database.db.execute<{ acting_tenant_id: string; role_id: number }>(
      sql`select acting_tenant_id, role_id from audit_log where entity = 'case_id_config' and role_id = 1 order by id desc limit 1`,
    );
    expect(audit.rows[0]).toEqual({ acting_tenant_id: t.tenants.petitioner, role_id: 1 });
  });

  it('R-CASECODE-020: the customer is required for role 1', async () => {
    const res = await refused(platformAdmin, '/api/case-id-config/create', { items: [buildItem({ subTypeIds: [4] })] });
    expect(res.fields).toEqual([{ name: 'tenantId', message: 'This field is required' }]);
  });

  it('D-02: role 1 edits and deletes a customer configuration by its id; a tenant role naming another tenant is refused (404) and writes nothing', async () => {
    const [cfg] = (await list(platformAdmin, { filters: { tenantIds: [t.tenants.petitioner] } })).list;
    await ok(platformAdmin, '/api/case-id-config/update', {
      configId: cfg._id,
      subTypeIds: [3, 5],
      config: parts('CASE_TYPE_CODE', 'CASE_SUBTYPE_CODE', 'SI_NO'),
    });
    expect((await ok(coAdmin, '/api/case-id-config/details', { configId: cfg._id })).caseIdConfig.subTypeIds).toEqual([
      3, 5,
    ]);
    await ok(platformAdmin, '/api/case-id-config/create', {
      tenantId: t.tenants.petitioner,
      items: [buildItem({ subTypeIds: [41] })],
    });
    const [added] = (await list(platformAdmin, { filters: { tenantIds: [t.tenants.petitioner], subTypeIds: [41] } }))
      .list;
    await ok(platformAdmin, '/api/case-id-config/delete', { configId: added._id });
    expect((await list(coAdmin, { filters: { subTypeIds: [41] } })).totalCount).toBe(0);
    await refused(
      lawAdmin,
      '/api/case-id-config/create',
      { tenantId: t.tenants.otherfirm, items: [buildItem({ subTypeIds: [40] })] },
      404,
    );
    await ok(lawAdmin, '/api/case-id-config/create', {
      tenantId: t.tenants.lawfirm,
      items: [buildItem({ subTypeIds: [40] })],
    });
    expect((await list(lawAdmin, { filters: { subTypeIds: [40] } })).totalCount).toBe(1);
    expect((await list(otherAdmin, { filters: { subTypeIds: [40] } })).totalCount).toBe(0);
  });
});

describe('every rule re-checked by the server (API bypassing the UI)', () => {
  const create = (item: Record<string, unknown>, c: Caller = lawAdmin) =>
    refused(c, '/api/case-id-config/create', { items: [buildItem(item)] });

  it('R-CASECODE-046: no SI_NO part → "In Code Configuration Serial number is required" (D-16)', async () => {
    const res = await create({ subTypeIds: [2], config: parts('CASE_TYPE_CODE', 'CASE_SUBTYPE_CODE', 'YYYY') });
    expect(res).toMatchObject({ code: 'VALIDATION_ERROR', message: 'In Code Configuration Serial number is required' });
    expect(res.fields?.[0]?.name).toBe('items.0.config');
  });

  it('R-CASECODE-031: a part twice is refused', async () => {
    const res = await create({
      subTypeIds: [2],
      config: parts('CASE_TYPE_CODE', 'CASE_TYPE_CODE', 'SI_NO'),
      resetIdBy: null,
    });
    expect(res.fields).toEqual([{ name: 'items.0.config.1', message: 'CASE_TYPE_CODE is chosen twice' }]);
  });

  it('R-CASECODE-032: YYYY with MMYYYY or MMDDYYYY is refused', async () => {
    for (const other of ['MMYYYY', 'MMDDYYYY']) {
      const res = await create({ subTypeIds: [2], config: parts('YYYY', other, 'SI_NO') });
      expect(res.fields?.[0]?.message).toBe(`${other} cannot be combined with YYYY`);
    }
  });

  it('R-CASECODE-033: MMYYYY with MMDDYYYY is refused', async () => {
    const res = await create({ subTypeIds: [2], config: parts('MMYYYY', 'MMDDYYYY', 'SI_NO'), resetIdBy: 'Month' });
    expect(res.fields?.[0]?.message).toBe('MMDDYYYY cannot be combined with MMYYYY');
  });

  it('R-CASECODE-034: MMDDYYYY with YYYY is refused', async () => {
    const res = await create({ subTypeIds: [2], config: parts('MMDDYYYY', 'YYYY', 'SI_NO'), resetIdBy: 'Day' });
    expect(res.fields?.[0]?.message).toBe('YYYY cannot be combined with MMDDYYYY');
  });

  it('R-CASECODE-029: fewer than 3 parts is refused', async () => {
    const res = await create({ subTypeIds: [2], config: parts('CASE_TYPE_CODE', 'SI_NO'), resetIdBy: null });
    expect(res.fields?.[0]?.message).toBe('A code needs at least 3 parts');
  });

  it('R-CASECODE-030: more than 7 parts is refused', async () => {
    const res = await create({
      subTypeIds: [2],
      config: parts(
        'CUSTOMER_CODE',
        'CASE_TYPE_CODE',
        'CASE_SUBTYPE_CODE',
        'PETITIONER_NAME',
        'BENEFICIARY_NAME',
        'SPONSOR_NAME',
        'APPLICANT_NAME',
        'SI_NO',
      ),
      resetIdBy: null,
    });
    expect(res.fields?.[0]?.message).toBe('A code has at most 7 parts');
  });

  it('R-CASECODE-027: the serial number must be the last part', async () => {
    const res = await create({
      subTypeIds: [2],
      config: parts('SI_NO', 'CASE_TYPE_CODE', 'CASE_SUBTYPE_CODE'),
      resetIdBy: null,
    });
    expect(res.fields?.[0]?.message).toBe('The serial number must be the last part, once');
  });

  it('R-CASECODE-019: PETITIONER_NAME is refused for a petitioner company, as the tenant or as role 1 acting on it', async () => {
    const item = { subTypeIds: [2], config: parts('PETITIONER_NAME', 'CASE_TYPE_CODE', 'SI_NO'), resetIdBy: null };
    expect((await create(item, coAdmin)).fields?.[0]?.message).toBe(
      'PETITIONER_NAME is not available for this customer',
    );
    const res = await refused(platformAdmin, '/api/case-id-config/create', {
      tenantId: t.tenants.petitioner,
      items: [buildItem(item)],
    });
    expect(res.fields?.[0]?.name).toBe('items.0.config.0');
    const masterData = async (c: Caller) =>
      (await ok(c, '/api/masterdata/list', { category: 'case_id_type' })).list.map((p: { id: string }) => p.id);
    expect(await masterData(coAdmin)).not.toContain('PETITIONER_NAME');
    expect(await masterData(lawAdmin)).toContain('PETITIONER_NAME');
  });

  it('R-CASECODE-018: an id outside the fixed part list is refused (SECURITY 17)', async () => {
    for (const id of ['\\d{4}', 'CASE_NUMBER', '']) {
      const res = await create({ subTypeIds: [2], config: [{ id: 'CASE_TYPE_CODE' }, { id }, { id: 'SI_NO' }] });
      expect(res.code).toBe('VALIDATION_ERROR');
    }
  });

  it('R-CASECODE-037: a reset other than Year with YYYY is refused (D-16)', async () => {
    const res = await create({ subTypeIds: [2], resetIdBy: 'Month' });
    expect(res.fields).toEqual([
      { name: 'items.0.resetIdBy', message: 'SI. No. Reset On must be Year for this configuration' },
    ]);
  });

  it('R-CASECODE-037: with YYYY the only reset option is Year, so a configuration saved without one resets on Year', async () => {
    await ok(lawAdmin, '/api/case-id-config/create', {
      items: [buildItem({ subTypeIds: [11], config: parts('CASE_TYPE_CODE', 'YYYY', 'SI_NO'), resetIdBy: null })],
    });
    const saved = (await list(lawAdmin, { filters: { subTypeIds: [11] } })).list[0];
    expect(saved.resetIdBy).toBe('Year');
    // The same on edit: leaving the reset out keeps the only option.
    await ok(lawAdmin, '/api/case-id-config/update', {
      configId: saved._id,
      subTypeIds: [11],
      config: parts('CASE_TYPE_CODE', 'YYYY', 'SI_NO'),
      resetIdBy: null,
    });
    const details = await ok(lawAdmin, '/api/case-id-config/details', { configId: saved._id });
    expect(details.caseIdConfig.resetIdBy).toBe('Year');
    await ok(lawAdmin, '/api/case-id-config/delete', { configId: saved._id });
  });

  it('R-CASECODE-038: with MMDDYY the reset must be Day', async () => {
    const res = await create({
      subTypeIds: [2],
      config: parts('CASE_TYPE_CODE', 'MMDDYY', 'SI_NO'),
      resetIdBy: 'Year',
    });
    expect(res.fields?.[0]?.message).toBe('SI. No. Reset On must be Day for this configuration');
  });

  it('R-CASECODE-039: with MMYYYY the reset must be Month', async () => {
    const res = await create({ subTypeIds: [2], config: parts('CASE_TYPE_CODE', 'MMYYYY', 'SI_NO'), resetIdBy: 'Day' });
    expect(res.fields?.[0]?.message).toBe('SI. No. Reset On must be Month for this configuration');
  });

  it('D-16: a reset without any date part is refused, and an unknown reset value too', async () => {
    const res = await create({
      subTypeIds: [2],
      config: parts('CASE_TYPE_CODE', 'CASE_SUBTYPE_CODE', 'SI_NO'),
      resetIdBy: 'Year',
    });
    expect(res.fields?.[0]?.message).toBe('SI. No. Reset On needs a date part in the configuration');
    expect((await create({ subTypeIds: [2], resetIdBy: 'Week' })).code).toBe('VALIDATION_ERROR');
  });

  it('R-CASECODE-042: SI. No. Starts From is required and a whole number (no strings, decimals or exponents)', async () => {
    for (const sNoStartsFrom of [undefined, '10001', 1.5, '1e3', null]) {
      const res = await create({ subTypeIds: [2], sNoStartsFrom });
      expect(res.code, String(sNoStartsFrom)).toBe('VALIDATION_ERROR');
    }
  });

  it('R-CASECODE-043: SI. No. Starts From must be at least 1', async () => {
    for (const sNoStartsFrom of [0, -5]) {
      const res = await create({ subTypeIds: [2], sNoStartsFrom });
      expect(res.message).toBe('SI. No. Starts From must be at least 1');
    }
  });

  it('R-CASECODE-023: Case Subtypes is required; unknown sub-types are refused', async () => {
    expect((await create({ subTypeIds: [] })).message).toBe('Case Subtypes is required');
    expect((await create({ subTypeIds: [999_999] })).fields).toEqual([
      { name: 'items.0.subTypeIds.0', message: 'Case subtype does not exist' },
    ]);
  });

  it('R-CASECODE-025: a sub-type already in another group (same request or saved) is refused, nothing is written', async () => {
    const before = (await list(lawAdmin)).totalCount;
    const same = await refused(lawAdmin, '/api/case-id-config/create', {
      items: [buildItem({ subTypeIds: [2, 4] }), buildItem({ subTypeIds: [4] })],
    });
    expect(same.fields?.map((f) => f.name)).toEqual(['items.0.subTypeIds', 'items.1.subTypeIds']);
    const saved = await refused(
      lawAdmin,
      '/api/case-id-config/create',
      { items: [buildItem({ subTypeIds: [2] }), buildItem({ subTypeIds: [1] })] },
      409,
    );
    expect(saved).toMatchObject({
      code: 'DUPLICATE',
      message: 'Cap - New Petition already has a case code configuration',
    });
    expect((await list(lawAdmin)).totalCount).toBe(before);
  });

  it('SECURITY 4: unknown keys are refused (mass assignment), also tenantId inside an item', async () => {
    for (const body of [
      { items: [buildItem({ tenantId: t.tenants.otherfirm })] },
      { items: [buildItem({ createdByName: 'x' })] },
      { items: [buildItem()], createdBy: 'x' },
    ]) {
      expect((await refused(lawAdmin, '/api/case-id-config/create', body)).code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('update and delete', () => {
  const first = async () => (await list(lawAdmin, { filters: { subTypeIds: [1] } })).list[0];

  it('R-CASECODE-055: update takes one item plus configId and answers with a message', async () => {
    const cfg = await first();
    const res = await ok(lawManager, '/api/case-id-config/update', {
      configId: cfg._id,
      subTypeIds: [1, 2],
      config: parts('CUSTOMER_CODE', 'CASE_TYPE_CODE', 'MMYYYY', 'SI_NO'),
      resetIdBy: 'Month',
      sNoStartsFrom: 10001,
    });
    expect(res).toEqual({ message: 'Case code configuration updated successfully' });
    const after = (await ok(lawAdmin, '/api/case-id-config/details', { configId: cfg._id })).caseIdConfig;
    expect(after.subTypeIds).toEqual([1, 2]);
    expect(after.resetIdBy).toBe('Month');
    expect(Date.parse(after.updatedOn)).toBeGreaterThanOrEqual(Date.parse(cfg.updatedOn));
  });

  it('R-CASECODE-044: SI. No. Starts From cannot be changed when editing', async () => {
    const cfg = await first();
    const res = await refused(lawAdmin, '/api/case-id-config/update', {
      configId: cfg._id,
      subTypeIds: [1],
      config: parts('CASE_TYPE_CODE', 'CASE_SUBTYPE_CODE', 'SI_NO'),
      sNoStartsFrom: 5,
    });
    expect(res.fields).toEqual([
      { name: 'sNoStartsFrom', message: 'SI. No. Starts From cannot be changed once the configuration is saved' },
    ]);
    expect((await first()).sNoStartsFrom).toBe(10001);
  });

  it('R-CASECODE-025: update refuses a sub-type of another configuration and rechecks the pattern', async () => {
    const cfg = await first();
    const taken = await refused(
      lawAdmin,
      '/api/case-id-config/update',
      { configId: cfg._id, subTypeIds: [1, 7], config: parts('CASE_TYPE_CODE', 'CASE_SUBTYPE_CODE', 'SI_NO') },
      409,
    );
    expect(taken.code).toBe('DUPLICATE');
    const noSerial = await refused(lawAdmin, '/api/case-id-config/update', {
      configId: cfg._id,
      subTypeIds: [1],
      config: parts('CASE_TYPE_CODE', 'CASE_SUBTYPE_CODE', 'YYYY'),
    });
    expect(noSerial.message).toBe('In Code Configuration Serial number is required');
  });

  it("SECURITY 2: another tenant's configuration id answers 404 on update and delete, and nothing changes", async () => {
    const cfg = await first();
    const upd = await refused(
      otherAdmin,
      '/api/case-id-config/update',
      { configId: cfg._id, subTypeIds: [9], config: parts('CASE_TYPE_CODE', 'CASE_SUBTYPE_CODE', 'SI_NO') },
      404,
    );
    expect(upd.code).toBe('NOT_FOUND');
    await refused(otherAdmin, '/api/case-id-config/delete', { configId: cfg._id }, 404);
    expect((await first())._id).toBe(cfg._id);
  });

  it('R-CASECODE-014: delete by configId removes it, frees its sub-types and is audited', async () => {
    const cfg = await first();
    const before = await auditCount('case_id_config');
    expect(await ok(lawAdmin, '/api/case-id-config/delete', { configId: cfg._id })).toEqual({
      message: 'Case code configuration deleted successfully',
    });
    expect((await list(lawAdmin, { filters: { subTypeIds: [1] } })).totalCount).toBe(0);
    await refused(lawAdmin, '/api/case-id-config/details', { configId: cfg._id }, 404);
    expect(await auditCount('case_id_config')).toBe(before + 1);
    await ok(lawAdmin, '/api/case-id-config/create', { items: [buildItem({ subTypeIds: [1] })] });
  });
});

describe('custom case code (D-23): POST /api/case-type-config/save-custom-code', () => {
  const save = (c: Caller, body: object) => c.post('/api/case-type-config/save-custom-code', body);

  it('D-23: the code is required, 2 to 6 letters, digits, spaces or hyphens — refused otherwise, bypassing the UI', async () => {
    const cases: [unknown, string][] = [
      [undefined, 'Custom Code is required'],
      ['', 'Custom Code is required'],
      ['A', 'Custom Code must be 2 to 6 characters'],
      ['ABCDEFG', 'Custom Code must be 2 to 6 characters'],
      ['H1_B', 'Only letters, digits, spaces and hyphens are allowed'],
      ['<b>', 'Only letters, digits, spaces and hyphens are allowed'],
    ];
    for (const [code, message] of cases) {
      const res = await save(lawAdmin, { typeId: 1, code });
      expect(res.statusCode, String(code)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('D-23: saves a type code and a sub-type code; saving again with casenoConfigId replaces it; a wrong id is 404', async () => {
    const first = await save(lawAdmin, { typeId: 1, subTypeId: 4, code: 'COE' });
    expect(first.statusCode, first.body).toBe(200);
    const { casenoConfigDetails } = first.json();
    expect(casenoConfigDetails.code).toBe('COE');
    const again = await save(lawManager, {
      casenoConfigId: casenoConfigDetails._id,
      typeId: 1,
      subTypeId: 4,
      code: 'CHG',
    });
    expect(again.json().casenoConfigDetails).toEqual({ _id: casenoConfigDetails._id, code: 'CHG' });
    const wrong = await save(lawAdmin, {
      casenoConfigId: '00000000-0000-4000-8000-000000000000',
      typeId: 1,
      subTypeId: 4,
      code: 'XX',
    });
    expect(wrong.statusCode).toBe(404);
    // Another tenant cannot edit this code by its id (SECURITY 2).
    expect(
      (await save(otherAdmin, { casenoConfigId: casenoConfigDetails._id, typeId: 1, subTypeId: 4, code: 'XX' }))
        .statusCode,
    ).toBe(404);
  });

  it("D-23: a configuration's details carry the tenant's custom codes as numberCode / typeNumberCode for its Example Case ID", async () => {
    await save(lawAdmin, { typeId: 1, code: 'HB' });
    await save(lawAdmin, { typeId: 1, subTypeId: 1, code: 'CAP' });
    const cfg = (await list(lawAdmin, { filters: { subTypeIds: [1] } })).list[0];
    const { caseIdConfig } = await ok(lawAdmin, '/api/case-id-config/details', { configId: cfg._id });
    expect(caseIdConfig.subTypeDetails[0]).toMatchObject({
      id: 1,
      code: 'H1BCAP',
      typeCode: 'H1B',
      numberCode: 'CAP',
      typeNumberCode: 'HB',
    });
    // Another tenant's configuration of the same sub-type keeps the master codes.
    const other = (await list(otherAdmin, { filters: { subTypeIds: [1] } })).list[0];
    expect(other.subTypeDetails[0]).toMatchObject({ numberCode: 'H1BCAP', typeNumberCode: 'H1B' });
  });

  it('D-23: a sub-type of another case type, or an unknown type, is refused; platform roles have no tenant to save for', async () => {
    expect((await save(lawAdmin, { typeId: 2, subTypeId: 4, code: 'XX' })).statusCode).toBe(400);
    expect((await save(lawAdmin, { typeId: 999, code: 'XX' })).statusCode).toBe(400);
    expect((await save(platformAdmin, { typeId: 1, code: 'XX' })).statusCode).toBe(403);
  });
});
