import { ACCOUNT_SUSPENDED } from '@caseport/domain/users/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/calls';
import { type Caller, createTestApp, DEMO, login, type TestApp, XHR } from './support/test-app';

let t: TestApp;
let platformAdmin: Caller;
let platformOps: Caller;
let lawAdmin: Caller;

const NEW_PASSWORD = 'Orchard ladders lean east 9';
const create = (c: Caller, over: Record<string, unknown> = {}) =>
  c.post('/api/tenant/create', {
    name: 'Rivera Immigration Law',
    tenantType: 1,
    adminEmail: 'rosa@rivera-law.test',
    adminFirstName: 'Rosa',
    adminLastName: 'Rivera',
    ...over,
  });
const list = (c: Caller, filters: Record<string, unknown>) => c.post('/api/tenant/list', { filters });
const tryLogin = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', headers: XHR, payload: { email, password } });

beforeAll(async () => {
  t = await createTestApp();
  [platformAdmin, platformOps, lawAdmin] = await signIn(t, 'platformAdmin', 'platformOps', 'lawAdmin');
});
afterAll(() => t.close());

describe('tenants (issue 16)', () => {
  let tenantId = '';

  it('role 1 creates a law firm and invites its first admin, who accepts, sets a password and starts first-time setup', async () => {
    const res = await create(platformAdmin);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    tenantId = body.tenant._id;
    expect(body.tenant).toMatchObject({ name: 'Rivera Immigration Law', tenantType: 1, status: 'active' });
    expect(body.delivery.link).toContain('/accept-invitation#token=');
    const token = body.delivery.link.split('#token=')[1];
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/users/accept-link',
      headers: XHR,
      payload: { token, newPassword: NEW_PASSWORD },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const rosa = await login(t, 'rosa@rivera-law.test', NEW_PASSWORD);
    const me = (await rosa.get('/api/auth/me')).json();
    expect(me).toMatchObject({ roleId: 3, tenantId, tenant: { name: 'Rivera Immigration Law', profComplted: 'no' } });
    expect(me.tenant.defaultWorkflowId).toEqual(expect.any(String));
    const progress = (await rosa.post('/api/tenant/setup-progress', {})).json();
    expect(progress.complete).toBe(false);
    // The platform admin's outbox holds the invitation.
    const outbox = (
      await platformAdmin.post('/api/mail-outbox/list', { filters: { to: 'rosa@rivera-law.test' } })
    ).json();
    expect(outbox.totalCount).toBe(1);
  });

  it('the tenant list of roles 1 and 2 filters by search, type and status; other roles get 403; only role 1 creates', async () => {
    for (const c of [platformAdmin, platformOps]) {
      const found = (await list(c, { searchString: 'rivera', tenantType: 1, status: 'active' })).json();
      expect(found.list.map((x: { _id: string }) => x._id)).toEqual([tenantId]);
    }
    expect((await list(platformAdmin, { searchString: 'rivera', tenantType: 2 })).json().totalCount).toBe(0);
    expect((await list(lawAdmin, {})).statusCode).toBe(403);
    expect((await create(platformOps, { adminEmail: 'x@ops.test' })).statusCode).toBe(403);
    expect((await create(lawAdmin, { adminEmail: 'y@ops.test' })).statusCode).toBe(403);
    const dup = await create(platformAdmin, { adminEmail: DEMO.lawAdmin, name: 'Another' });
    expect(dup.statusCode).toBe(400);
    expect((await list(platformAdmin, { searchString: 'Another' })).json().totalCount).toBe(0);
  });

  it("suspending a tenant ends its users' sessions and refuses sign-in with a clear message; reactivating lets them back", async () => {
    const rosa = await login(t, 'rosa@rivera-law.test', NEW_PASSWORD);
    const off = await platformAdmin.post('/api/tenant/manage-status', { tenantId, active: false });
    expect(off.json().tenant.status).toBe('suspended');
    expect((await rosa.get('/api/auth/me')).statusCode).toBe(401);
    const refused = await tryLogin('rosa@rivera-law.test', NEW_PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ACCOUNT_SUSPENDED);
    // A wrong password still says only that the credentials are wrong.
    expect((await tryLogin('rosa@rivera-law.test', 'wrong password here')).statusCode).toBe(401);
    expect((await list(platformAdmin, { searchString: 'rivera', status: 'suspended' })).json().totalCount).toBe(1);
    await platformAdmin.post('/api/tenant/manage-status', { tenantId, active: true });
    expect((await tryLogin('rosa@rivera-law.test', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('an unknown tenant answers 404, and the changes are audited with the acting tenant', async () => {
    const res = await platformAdmin.post('/api/tenant/manage-status', {
      tenantId: '00000000-0000-4000-8000-000000000000',
      active: false,
    });
    expect(res.statusCode).toBe(404);
    const audit = await t.database.db.execute<{ action: string; acting_tenant_id: string; role_id: number }>(
      `select action, acting_tenant_id, role_id from audit_log where entity = 'tenant' order by id` as never,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'suspend', 'reactivate']);
    expect(audit.rows.every((r) => r.acting_tenant_id === tenantId && r.role_id === 1)).toBe(true);
  });
});
