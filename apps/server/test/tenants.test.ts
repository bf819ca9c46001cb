import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actingContextOf } from '../src/platform/context';
import type { Principal } from '../src/platform/principal';
import { type Caller, createTestApp, DEMO, login, type TestApp } from './support/test-app';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t, DEMO.platformAdmin);
});
afterAll(() => t.close());

const list = async (c: Caller, body: object) => {
  const res = await c.post('/api/tenant/list', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { list: { _id: string; name: string; tenantType: number }[]; totalCount: number };
};

describe('POST /api/tenant/list (the list helper on the tenant directory)', () => {
  it('gives roles 1 and 2 every tenant, sorted by name, with the total count (001 §7, perpage up to 10000)', async () => {
    const page = await list(admin, { page: 1, perpage: 10_000, getMasterData: true, filters: {} });
    expect(page.list.map((x) => x.name)).toEqual([
      'Demo Law Firm',
      'Demo Petitioner Co',
      'New Law Firm',
      'New Petitioner Co',
      'Other Law Firm',
    ]);
    expect(page.totalCount).toBe(5);
    const ops = await login(t, DEMO.platformOps);
    expect((await list(ops, { page: 1, perpage: 25 })).totalCount).toBe(5);
  });

  it('pages, sorts descending and counts the rows beyond the page in the same answer', async () => {
    const second = await list(admin, { page: 2, perpage: 2, sorting: { path: 'name', order: -1 } });
    expect(second.list.map((x) => x.name)).toEqual(['New Law Firm', 'Demo Petitioner Co']);
    expect(second.totalCount).toBe(5);
    const last = await list(admin, { page: 3, perpage: 2, sorting: { path: 'name', order: -1 } });
    expect(last.list.map((x) => x.name)).toEqual(['Demo Law Firm']);
    const past = await list(admin, { page: 9, perpage: 2 });
    expect(past).toEqual({ list: [], totalCount: 5 });
  });

  it('filters by tenant type and by name text, with LIKE wildcards taken literally', async () => {
    expect((await list(admin, { filters: { tenantType: 2 } })).list.map((x) => x.name)).toEqual([
      'Demo Petitioner Co',
      'New Petitioner Co',
    ]);
    expect((await list(admin, { filters: { searchString: 'law' } })).totalCount).toBe(3);
    expect(await list(admin, { filters: { searchString: '%' } })).toEqual({ list: [], totalCount: 0 });
  });

  it('refuses unknown sort paths, filters and out-of-range pages with VALIDATION_ERROR', async () => {
    for (const body of [
      { sorting: { path: 'slug; drop table tenants', order: 1 } },
      { filters: { tenantId: t.tenants.lawfirm } },
      { page: 0 },
      { perpage: 10_001 },
    ]) {
      const res = await admin.post('/api/tenant/list', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('is closed to tenant roles (403), so a tenant never sees the directory', async () => {
    for (const email of [DEMO.lawAdmin, DEMO.lawManager, DEMO.coAdmin]) {
      const c = await login(t, email);
      expect((await c.post('/api/tenant/list', {})).statusCode).toBe(403);
    }
  });
});

describe('acting tenant (D-02)', () => {
  const request = (principal: Partial<Principal>) =>
    ({
      ip: '127.0.0.1',
      principal: {
        userId: 'u',
        sessionId: 's',
        email: 'e',
        firstName: 'f',
        lastName: 'l',
        tenantId: null,
        tenantType: null,
        roleId: 1,
        ...principal,
      },
    }) as unknown as FastifyRequest;

  it('D-02: roles 1 and 2 act on the picked tenant, named as the acting tenant with its type', async () => {
    for (const roleId of [1, 2]) {
      const ctx = await actingContextOf(request({ roleId }), t.database.db, t.tenants.petitioner);
      expect(ctx).toMatchObject({
        tenantId: t.tenants.petitioner,
        actingTenantId: t.tenants.petitioner,
        tenantType: 2,
      });
    }
  });

  it('D-02: a tenant role that sends another tenant id keeps its own tenant (the session wins)', async () => {
    const ctx = await actingContextOf(
      request({ roleId: 3, tenantId: t.tenants.lawfirm, tenantType: 1 }),
      t.database.db,
      t.tenants.otherfirm,
    );
    expect(ctx).toMatchObject({ tenantId: t.tenants.lawfirm, actingTenantId: null, tenantType: 1 });
  });

  it('D-02: an unknown picked tenant answers 404', async () => {
    await expect(
      actingContextOf(request({ roleId: 1 }), t.database.db, '00000000-0000-4000-8000-000000000000'),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
