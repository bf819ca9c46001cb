import { isAllowed, PERMISSIONS, type Permission } from '@caseport/domain/auth/permissions';
import type { RoleId } from '@caseport/domain/auth/roles';
import { canWriteBilling } from '@caseport/domain/billing/access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeKey } from '../src/platform/guard';
import { type Caller, createTestApp, DEMO, login, type TestApp } from './support/test-app';

/** The billing writes that check the tenant's state after the matrix (features/billing/writer.ts). */
const BILLING_STATE_WRITES = new Set([
  'POST /api/subscription/attach-payment-method',
  'POST /api/subscription/subscribe',
  'POST /api/tenant/pay-terms-accepted',
  'POST /api/subscription/preview-change',
  'POST /api/invoices/pay',
]);

let t: TestApp;
const callers: Record<string, { caller: Caller; roleId: number; tenantType: 1 | 2 | null }> = {};

beforeAll(async () => {
  t = await createTestApp();
  const accounts: [string, number, 1 | 2 | null][] = [
    [DEMO.platformAdmin, 1, null],
    [DEMO.platformOps, 2, null],
    [DEMO.lawAdmin, 3, 1],
    [DEMO.lawManager, 4, 1],
    [DEMO.coAdmin, 3, 2],
    [DEMO.coSignatory, 12, 2],
    [DEMO.lawPetitioner, 50, 1],
  ];
  for (const [email, roleId, tenantType] of accounts)
    callers[email] = { caller: await login(t, email), roleId, tenantType };
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace('*', 'index.html');

describe('permission matrix on the server (SECURITY 1, D-02)', () => {
  it('D-02: every registered route has an entry in the permission matrix', () => {
    const missing = t.app.registeredRoutes.map((r) => routeKey(r.method, r.url)).filter((key) => !(key in PERMISSIONS));
    expect(missing).toEqual([]);
  });

  it('R-API-001: every call is POST except the stated reads (viewfile, the session, health, the API docs)', () => {
    // The GETs the spec or ARCHITECTURE states: GET /common/viewfile (002 §7), the payments service's viewfile
    // an invoice download opens in a new tab (001 §7), /auth/me, /health, /docs; issue 20: the e-sign
    // flattened preview, a PDF the preparation page opens in a tab or downloads like viewfile; issue 21: the
    // Download link of a platform form in a tenant's checklist (like viewfile).
    const stated =
      /^GET \/api\/(common\/viewfile|payments\/viewfile|pdf-sign\/flattened-preview|platform-library\/forms\/document|auth\/me|health|docs(\/.*)?)$/;
    const api = t.app.registeredRoutes.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
    expect(api.length).toBeGreaterThan(50);
    const notPost = api.map((r) => routeKey(r.method, r.url)).filter((k) => !k.startsWith('POST ') && !stated.test(k));
    expect(notPost).toEqual([]);
  });

  it('D-02: every cell of the matrix holds — allowed roles pass the guard, the others get 403, anonymous 401', async () => {
    // Logout is public and would end the shared sessions; it has its own tests.
    const routes = t.app.registeredRoutes.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.url !== '/api/auth/logout',
    );
    for (const route of routes) {
      const permission = (PERMISSIONS as Record<string, Permission>)[routeKey(route.method, route.url)] as Permission;
      for (const { caller, roleId, tenantType } of Object.values(callers)) {
        const res =
          route.method === 'GET' ? await caller.get(concrete(route.url)) : await caller.post(concrete(route.url), {});
        const label = `${route.method} ${route.url} as role ${roleId}/${tenantType}`;
        // Issue 39 (finding 5): past the matrix, a billing write also needs the tenant's state (canWriteBilling):
        // the demo tenants are not held, so role 50's billing writes are refused by the service with 403.
        const stateRefused =
          BILLING_STATE_WRITES.has(routeKey(route.method, route.url)) &&
          !canWriteBilling(roleId as RoleId, { hasCard: true, hasPlan: true });
        const allowed = isAllowed(permission, { roleId, tenantType });
        if (allowed && !stateRefused) expect(res.statusCode, label).not.toBe(403);
        // Past the guard, the empty body may be refused (400) before the service reads the tenant's state (403).
        else if (allowed) expect([400, 403], label).toContain(res.statusCode);
        else expect(res.statusCode, label).toBe(403);
      }
      const anon = await t.app.inject({
        method: route.method as 'GET' | 'POST',
        url: concrete(route.url),
        headers: { 'x-requested-with': 'XMLHttpRequest' },
        ...(route.method === 'POST' ? { payload: {} } : {}),
      });
      if (permission.kind === 'public') expect(anon.statusCode).not.toBe(401);
      else expect(anon.statusCode, `${route.method} ${route.url} anonymous`).toBe(401);
    }
    // Every route × 9 callers, one after another: about 2,000 requests (30 s was too short on a loaded machine).
  }, 180_000);

  it('R-SHELL-029: R-SHELL-037: /api/auth/me menus follow the tab table: Filing Fees for law firms only, Questionnaire Templates for role 1, none for roles 50 and 12', async () => {
    const me = async (email: string) => (await callers[email]!.caller.get('/api/auth/me')).json();
    expect((await me(DEMO.lawAdmin)).menu.map((m: { key: string }) => m.key)).toContain('fillingFeeSettings');
    expect((await me(DEMO.coAdmin)).menu.map((m: { key: string }) => m.key)).not.toContain('fillingFeeSettings');
    expect((await me(DEMO.platformAdmin)).menu.map((m: { key: string }) => m.key)).toContain(
      'questionnaireTemplateList',
    );
    expect((await me(DEMO.lawPetitioner)).menu).toEqual([]);
    expect((await me(DEMO.coSignatory)).tabs).toEqual([]);
  });
});

describe('tenant isolation (SECURITY 2)', () => {
  it("another tenant's tenant id answers 404", async () => {
    const c = callers[DEMO.lawAdmin]!.caller;
    expect((await c.post('/api/tenant/details', { tenantId: t.tenants.lawfirm })).statusCode).toBe(200);
    const res = await c.post('/api/tenant/details', { tenantId: t.tenants.otherfirm });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it("another tenant's workflow id answers 404", async () => {
    const other = await login(t, DEMO.otherAdmin);
    const otherWf = (await other.get('/api/auth/me')).json().tenant.defaultWorkflowId;
    const c = callers[DEMO.lawAdmin]!.caller;
    const own = (await c.get('/api/auth/me')).json().tenant.defaultWorkflowId;
    expect((await c.post('/api/workflow/details', { workflowId: own })).statusCode).toBe(200);
    expect((await c.post('/api/workflow/details', { workflowId: otherWf })).statusCode).toBe(404);
  });

  it('SECURITY 3: a tenantId in the body cannot switch tenants — strict schemas refuse unknown fields', async () => {
    const c = callers[DEMO.lawAdmin]!.caller;
    const res = await c.post('/api/masterdata/list', { category: 'countries', tenantId: t.tenants.otherfirm });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });
});
