import { schema } from '@caseport/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestApp, DEMO, login, type TestApp } from './support/test-app';

let t: TestApp;
let lawAdmin: Caller;
let lawManager: Caller;
let otherAdmin: Caller;
let platformOps: Caller;

/** A role-50 petitioner account of a tenant (the demo law firm has one: Priya Patel). */
const buildPetitioner = (tenantId: string, firstName: string, lastName: string, overrides = {}) => ({
  tenantId,
  email: `${firstName}.${lastName}@clients.test`.toLowerCase(),
  passwordHash: 'not-a-login',
  firstName,
  lastName,
  roleId: 50,
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db
    .insert(schema.users)
    .values([
      buildPetitioner(t.tenants.lawfirm, 'Zeta', 'Robotics'),
      buildPetitioner(t.tenants.lawfirm, 'acme', 'Labs'),
      buildPetitioner(t.tenants.lawfirm, 'Gone', 'Away', { isActive: false }),
      buildPetitioner(t.tenants.otherfirm, 'Other', 'Client'),
    ]);
  lawAdmin = await login(t, DEMO.lawAdmin);
  lawManager = await login(t, DEMO.lawManager);
  otherAdmin = await login(t, DEMO.otherAdmin);
  platformOps = await login(t, DEMO.platformOps);
});
afterAll(() => t.close());

const names = async (c: Caller, body: object) => {
  const res = await c.post('/api/company/list', body);
  expect(res.statusCode, res.body).toBe(200);
  const json = res.json() as { list: { name: string; email: string }[]; totalCount: number };
  return { names: json.list.map((r) => r.name), totalCount: json.totalCount };
};

describe('POST /api/company/list', () => {
  it("R-CASECODE-022: {page 1, perpage 25, matcher, sorting} answers the caller's own active petitioners by name", async () => {
    const body = { page: 1, perpage: 25, matcher: {}, sorting: { path: 'name', order: 1 } };
    expect(await names(lawAdmin, body)).toEqual({
      names: ['acme Labs', 'Priya Patel', 'Zeta Robotics'],
      totalCount: 3,
    });
    expect(await names(lawManager, { ...body, sorting: { path: 'name', order: -1 } })).toEqual({
      names: ['Zeta Robotics', 'Priya Patel', 'acme Labs'],
      totalCount: 3,
    });
    expect(await names(lawAdmin, { ...body, matcher: { searchString: 'PAT' } })).toEqual({
      names: ['Priya Patel'],
      totalCount: 1,
    });
    // Another tenant sees only its own petitioners (the seed's OTHER_FIRM_PETITIONER and this file's); a LIKE
    // wildcard is matched literally.
    expect(await names(otherAdmin, body)).toEqual({ names: ['Hana Berg', 'Other Client'], totalCount: 2 });
    expect(await names(lawAdmin, { ...body, matcher: { searchString: '%' } })).toEqual({ names: [], totalCount: 0 });
  });

  it('R-CASECODE-022: role 2 has no tenant of its own and gets an empty list; role 1 loads the customer list instead (403)', async () => {
    expect(await names(platformOps, {})).toEqual({ names: [], totalCount: 0 });
    const platformAdmin = await login(t, DEMO.platformAdmin);
    expect((await platformAdmin.post('/api/company/list', {})).statusCode).toBe(403);
  });

  it('refuses unknown keys, a page size off the Per Page options and an unknown sort path', async () => {
    for (const body of [{ filters: {} }, { perpage: 30 }, { sorting: { path: 'email', order: 1 } }]) {
      const res = await lawAdmin.post('/api/company/list', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });
});
