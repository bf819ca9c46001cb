import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../src/demo/content';
import { signIn } from './support/calls';
import { type Caller, createTestApp, DEMO, TEST_PASSWORD, type TestApp } from './support/test-app';

let t: TestApp;
let lawAdmin: Caller;
let coAdmin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  // The demo as `npm start` makes it: complete Company Details, the petitioner company's with its profile.
  await seedDemoContent(t.app, TEST_PASSWORD);
  [lawAdmin, coAdmin] = await signIn(t, 'lawAdmin', 'coAdmin');
});
afterAll(() => t.close());

const detailsOf = async (c: Caller) => {
  const me = (await c.get('/api/auth/me')).json();
  const res = await c.post('/api/tenant/details', { tenantId: me.tenantId });
  expect(res.statusCode, res.body).toBe(200);
  return { me, tenant: res.json().tenant ?? res.json() };
};

describe('the two tenant types (000 §1, 001 §1, 002 §1)', () => {
  it('R-CONST-001: tenant type 1 is a law firm with customers (its petitioners), invoices and a FEIN', async () => {
    const { me, tenant } = await detailsOf(lawAdmin);
    expect(me.tenantType).toBe(1);
    const customers = (await lawAdmin.post('/api/company/list', {})).json();
    expect(customers.list.map((c: { email: string }) => c.email)).toContain(DEMO.lawPetitioner);
    const invoices = (await lawAdmin.post('/api/invoices/list', {})).json();
    expect(invoices.totalCount).toBeGreaterThan(0);
    expect(JSON.stringify(tenant)).toContain('"feiNumber"');
  });

  it('R-CONST-002: tenant type 2 is a petitioner company whose Company Details hold its petitioner profile', async () => {
    const { me, tenant } = await detailsOf(coAdmin);
    expect(me.tenantType).toBe(2);
    expect(JSON.stringify(tenant)).toMatch(/"petitionerInfo":\{/);
    // A law firm has none.
    expect(JSON.stringify((await detailsOf(lawAdmin)).tenant)).not.toMatch(/"petitionerInfo":\{/);
  });
});
