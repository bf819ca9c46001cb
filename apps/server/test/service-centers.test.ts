import { dayIn } from '@caseport/domain/tenants/tenant-day';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/calls';
import { type Caller, createTestApp, type TestApp } from './support/test-app';
import { INERT_HTML, XSS_CORPUS } from './support/xss-corpus';

let t: TestApp;
let lawAdmin: Caller;
let lawManager: Caller;
let otherAdmin: Caller;
let platformAdmin: Caller;
let platformOps: Caller;

type Item = {
  _id: string;
  name: string;
  tenantId: string | null;
  typeDetails: { id: number; name: string };
  stateList: { id: number; name: string }[];
  stateDetails: string;
  addressConfig: { courierId: number; courierDetails: { id: number; name: string }; address: string }[];
  premiumProcessing: string;
  description: string | null;
};

// US states are ids 1..57 in alphabetical order (seed/data/SOURCES.md): 1 Alabama, 6 California, 48 Texas.
const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Houston Filing Desk',
  typeId: 1,
  stateIds: [48, 6, 1],
  addressConfig: [
    { courierId: 2, address: '<p>1 Main St<br>Houston, TX</p>' },
    { courierId: 3, address: '<p>PO Box 1</p>' },
  ],
  premiumProcessing: 'yes',
  ...overrides,
});
const list = async (c: Caller, b: Record<string, unknown> = {}) => {
  const res = await c.post('/api/service-centers/list', b);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { list: Item[]; totalCount: number };
};
const names = async (c: Caller, b: Record<string, unknown> = {}) =>
  (await list(c, { perpage: 100, ...b })).list.map((i) => i.name);
let lawCenterId: string;

beforeAll(async () => {
  t = await createTestApp();
  [lawAdmin, lawManager, otherAdmin, platformAdmin, platformOps] = await signIn(
    t,
    'lawAdmin',
    'lawManager',
    'otherAdmin',
    'platformAdmin',
    'platformOps',
  );
  t.advance(60_000);
  const res = await lawAdmin.post('/api/service-centers/create', body());
  expect(res.statusCode, res.body).toBe(200);
  lawCenterId = res.json().serviceCenterId;
});
afterAll(() => t.close());

describe('reference data', () => {
  it('R-SVC-014: the five USCIS service centers ship as platform-level rows with their source, effective date and a verify note', async () => {
    const platform = (await list(platformAdmin, { perpage: 100 })).list;
    expect(platform.map((c) => c.name).sort()).toEqual([
      'USCIS California Service Center',
      'USCIS Nebraska Service Center',
      'USCIS Potomac Service Center',
      'USCIS Texas Service Center',
      'USCIS Vermont Service Center',
    ]);
    for (const c of platform) {
      expect(c.tenantId).toBeNull();
      expect(c.description).toContain('Verify against uscis.gov before filing');
    }
    const rows = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int n from service_centers where tenant_id is null and source like 'uscis.gov%' and effective_date = '2026-11-22'`,
    );
    expect(rows.rows[0]!.n).toBe(5);
  });

  it('R-SVC-030: /tracking/courierlist returns the list USPS, FedEx, UPS, DHL', async () => {
    const res = await lawAdmin.post('/api/tracking/courierlist', {});
    expect(res.json().list.map((c: { name: string }) => c.name)).toEqual(['USPS', 'FedEx', 'UPS', 'DHL']);
  });
});

describe('POST /api/service-centers/list', () => {
  it('R-SVC-027: answers { list, totalCount }; a tenant sees the platform centers and its own, each with stateList joined into state names', async () => {
    const law = await list(lawAdmin, { perpage: 100 });
    expect(law.totalCount).toBe(6);
    const mine = law.list.find((c) => c._id === lawCenterId) as Item;
    expect(mine.stateList.map((s) => s.name)).toEqual(['Texas', 'California', 'Alabama']);
    expect(mine.stateDetails).toBe('Texas, California, Alabama');
    expect((await list(otherAdmin, { perpage: 100 })).list.map((c) => c._id)).not.toContain(lawCenterId);
    expect((await list(platformAdmin, { perpage: 100 })).totalCount).toBe(5);
  });

  it('R-SVC-013: an item has _id, name, typeId, typeDetails, stateIds, stateList, stateDetails, addressConfig with courierDetails, premiumProcessing, description, tenantId, dates', async () => {
    const mine = (await list(lawAdmin, { filters: { title: 'Houston' } })).list[0] as Item & Record<string, unknown>;
    expect(Object.keys(mine).sort()).toEqual(
      [
        '_id',
        'addressConfig',
        'createdOn',
        'description',
        'name',
        'premiumProcessing',
        'stateDetails',
        'stateIds',
        'stateList',
        'tenantId',
        'typeDetails',
        'typeId',
        'updatedOn',
      ].sort(),
    );
    expect(mine.typeDetails).toEqual({ id: 1, name: 'H-1B Specialty Occupation' });
    expect(mine.addressConfig[0]).toEqual({
      courierId: 2,
      courierDetails: { id: 2, name: 'FedEx' },
      address: '<p>1 Main St<br />Houston, TX</p>',
    });
    expect(mine.tenantId).toBe(t.tenants.lawfirm);
  });

  it('R-SVC-001: filters.title searches by name', async () => {
    expect(await names(lawAdmin, { filters: { title: 'nebraska' } })).toEqual(['USCIS Nebraska Service Center']);
  });

  it('R-SVC-002: filters.typeIds keeps the chosen case types', async () => {
    expect((await names(lawAdmin, { filters: { typeIds: [1] } })).sort()).toEqual([
      'Houston Filing Desk',
      'USCIS California Service Center',
    ]);
    expect(await names(lawAdmin, { filters: { typeIds: [4, 5] } })).toHaveLength(2);
  });

  it('R-SVC-003: filters.createdDateRange keeps centers created on those days, the end day included', async () => {
    // The firm's day (its zone, New York): the days its list shows and its filter picks (filter-days.test.ts).
    const today = dayIn(new Date(Date.now() + 60_000), 'America/New_York');
    expect(await names(lawAdmin, { filters: { createdDateRange: [today, today] } })).toContain('Houston Filing Desk');
    expect(await names(lawAdmin, { filters: { createdDateRange: ['2001-01-01', '2001-12-31'] } })).toEqual([]);
    expect(
      (await lawAdmin.post('/api/service-centers/list', { filters: { createdDateRange: ['yesterday', 'today'] } }))
        .statusCode,
    ).toBe(400);
  });

  it('R-SVC-008: sorts by name, typeName, createdOn and updatedOn in both orders', async () => {
    const byName = await names(lawAdmin, { sorting: { path: 'name', order: 1 } });
    expect(byName[0]).toBe('Houston Filing Desk');
    expect(await names(lawAdmin, { sorting: { path: 'name', order: -1 } })).toEqual([...byName].reverse());
    const byType = (await list(lawAdmin, { perpage: 100, sorting: { path: 'typeName', order: 1 } })).list.map(
      (c) => c.typeDetails.name,
    );
    expect(byType).toEqual([...byType].sort());
    expect((await names(lawAdmin, { sorting: { path: 'createdOn', order: -1 } }))[0]).toBe('Houston Filing Desk');
    expect((await names(lawAdmin, { sorting: { path: 'updatedOn', order: 1 } })).at(-1)).toBe('Houston Filing Desk');
  });
});

describe('create, update, delete, details', () => {
  it('R-SVC-028: create takes {name, typeId, stateIds, addressConfig[], premiumProcessing} and answers the server message', async () => {
    const res = await lawManager.post('/api/service-centers/create', body({ name: 'Dallas Desk', stateIds: [] }));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Service center created successfully');
  });

  it('R-SVC-029: update takes the create payload plus serviceCenterId', async () => {
    const res = await lawManager.post('/api/service-centers/update', {
      ...body({ name: 'Houston Filing Desk II' }),
      serviceCenterId: lawCenterId,
    });
    expect(res.json()).toEqual({ message: 'Service center updated successfully' });
    const details = (await lawAdmin.post('/api/service-centers/details', { serviceCenterId: lawCenterId })).json();
    expect(details.serviceCenter.name).toBe('Houston Filing Desk II');
  });

  it('R-SVC-010: details {serviceCenterId} answers the center; another tenant gets 404', async () => {
    const res = await lawAdmin.post('/api/service-centers/details', { serviceCenterId: lawCenterId });
    expect(res.json().serviceCenter).toMatchObject({ _id: lawCenterId, premiumProcessing: 'yes' });
    expect((await otherAdmin.post('/api/service-centers/details', { serviceCenterId: lawCenterId })).statusCode).toBe(
      404,
    );
  });

  it('R-SVC-023: for case types 4 and 9 Premium Processing is never stored as yes', async () => {
    const res = await lawAdmin.post(
      '/api/service-centers/create',
      body({ name: 'Family desk', typeId: 4, premiumProcessing: 'yes' }),
    );
    const id = res.json().serviceCenterId;
    const details = (await lawAdmin.post('/api/service-centers/details', { serviceCenterId: id })).json();
    expect(details.serviceCenter.premiumProcessing).toBe('no');
  });

  it('R-SVC-015, R-SVC-016, R-SVC-018, R-SVC-019: name, case type, courier and address are required and couriers unique — on the server too', async () => {
    const fields = async (b: Record<string, unknown>) => {
      const res = await lawAdmin.post('/api/service-centers/create', b);
      expect(res.statusCode).toBe(400);
      return res.json().fields.map((f: { message: string }) => f.message);
    };
    expect(await fields(body({ name: '' }))).toContain('Name is required');
    expect(await fields(body({ typeId: 999 }))).toContain('Case Type is required');
    expect(await fields(body({ addressConfig: [{ courierId: 2, address: '<p><script>x()</script></p>' }] }))).toContain(
      'Address is required',
    );
    expect(await fields(body({ addressConfig: [{ courierId: 9, address: '<p>x</p>' }] }))).toContain(
      'Courier is required',
    );
    expect(
      await fields(
        body({
          addressConfig: [
            { courierId: 2, address: '<p>x</p>' },
            { courierId: 2, address: '<p>y</p>' },
          ],
        }),
      ),
    ).toContain('Each courier can be used only once');
    expect(await fields(body({ stateIds: [58] }))).toContain(
      "Petitioner's Office State(s) must be states of the United States",
    );
  });

  it('R-SVC-024: a tenant admin cannot edit or delete a platform-level service center (403, nothing changes); roles 1 and 2 can edit it', async () => {
    const [texas] = (await list(lawAdmin, { filters: { title: 'USCIS Texas' } })).list as Item[];
    const upd = await lawAdmin.post('/api/service-centers/update', {
      ...body({ name: 'Hijacked' }),
      serviceCenterId: texas!._id,
    });
    expect(upd.statusCode).toBe(403);
    expect(upd.json()).toEqual({
      code: 'FORBIDDEN',
      message: 'Only the platform team can change a platform-level service center',
    });
    expect((await lawManager.post('/api/service-centers/delete', { serviceCenterId: texas!._id })).statusCode).toBe(
      403,
    );
    expect((await list(platformAdmin, { filters: { title: 'USCIS Texas' } })).list[0]!.name).toBe(
      'USCIS Texas Service Center',
    );
    const { _id, tenantId, typeDetails, stateList, stateDetails, courierDetails, createdOn, updatedOn, ...rest } =
      texas as never as Record<string, unknown>;
    void [_id, tenantId, typeDetails, stateList, stateDetails, courierDetails, createdOn, updatedOn];
    const edit = {
      name: 'USCIS Texas Service Center',
      typeId: texas!.typeDetails.id,
      stateIds: [48],
      addressConfig: texas!.addressConfig.map((b) => ({ courierId: b.courierId, address: b.address })),
      premiumProcessing: rest.premiumProcessing,
      serviceCenterId: texas!._id,
    };
    expect((await platformOps.post('/api/service-centers/update', edit)).statusCode).toBe(200);
    expect((await list(lawAdmin, { filters: { title: 'USCIS Texas' } })).list[0]!.stateDetails).toBe('Texas');
  });

  it("R-SVC-025: a tenant's center is changed only by its roles 3 and 4: the platform admin cannot reach it, another tenant gets 404", async () => {
    expect(
      (await platformAdmin.post('/api/service-centers/update', { ...body(), serviceCenterId: lawCenterId })).statusCode,
    ).toBe(404);
    expect(
      (await otherAdmin.post('/api/service-centers/update', { ...body({ name: 'x' }), serviceCenterId: lawCenterId }))
        .statusCode,
    ).toBe(404);
    expect((await otherAdmin.post('/api/service-centers/delete', { serviceCenterId: lawCenterId })).statusCode).toBe(
      404,
    );
    const details = (await lawAdmin.post('/api/service-centers/details', { serviceCenterId: lawCenterId })).json();
    expect(details.serviceCenter.name).toBe('Houston Filing Desk II');
  });

  it('R-SVC-011: delete {serviceCenterId} removes the center and is audited', async () => {
    const id = (await lawAdmin.post('/api/service-centers/create', body({ name: 'Temporary desk' }))).json()
      .serviceCenterId;
    const res = await lawAdmin.post('/api/service-centers/delete', { serviceCenterId: id });
    expect(res.json()).toEqual({ message: 'Service center deleted successfully' });
    expect((await lawAdmin.post('/api/service-centers/details', { serviceCenterId: id })).statusCode).toBe(404);
    const audit = await t.database.db.execute<{ action: string }>(
      sql`select action from audit_log where entity = 'service_center' and entity_id = ${id} order by id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'delete']);
  });

  it('RLS backstop: even without the service check, the app role cannot delete a platform center from a tenant context', async () => {
    const { inTenantTx } = await import('@caseport/db/client');
    const attempt = inTenantTx(t.database.db, { tenantId: t.tenants.lawfirm }, (tx) =>
      tx.execute(sql`delete from service_centers where tenant_id is null`),
    );
    await expect(attempt).rejects.toThrow();
    const n = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int n from service_centers where tenant_id is null`,
    );
    expect(n.rows[0]!.n).toBe(5);
  });
});

describe('XSS corpus through the service-center address (SECURITY 14)', () => {
  it(`SECURITY 14: every one of the ${XSS_CORPUS.length} vectors is stored inert (sanitized on the server)`, async () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(100);
    for (const vector of XSS_CORPUS) {
      const res = await lawAdmin.post('/api/service-centers/update', {
        ...body({
          name: 'Houston Filing Desk II',
          addressConfig: [{ courierId: 4, address: `<p>Suite 1</p>${vector}` }],
        }),
        serviceCenterId: lawCenterId,
      });
      // PostgreSQL text cannot hold NUL: those vectors are refused whole (400), which is inert too.
      if (vector.includes('\u0000')) {
        expect(res.statusCode, vector).toBe(400);
        continue;
      }
      expect(res.statusCode, vector).toBe(200);
      const stored = await t.database.db.execute<{ address: string }>(
        sql`select address_config->0->>'address' as address from service_centers where id = ${lawCenterId}`,
      );
      expect(stored.rows[0]!.address.replace(/<br \/>/g, '<br>'), vector).toMatch(INERT_HTML);
    }
  }, 180_000);
});
