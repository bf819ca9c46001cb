import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../src/demo/content';
import { type Caller, createTestApp, DEMO, login, TEST_PASSWORD, type TestApp } from './support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // What `npm start` does on the first start, after the seed.
  await seedDemoContent(t.app, TEST_PASSWORD);
}, 120_000);
afterAll(() => t.close());

const ok = async <T = Record<string, unknown>>(c: Caller, url: string, body: unknown = {}) => {
  const res = await c.post(url, body);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
};
const me = async (c: Caller) => (await c.get('/api/auth/me')).json();
const total = async (c: Caller, url: string, body: object = {}) =>
  (await ok<{ totalCount: number }>(c, url, { page: 1, perpage: 25, ...body })).totalCount;

describe('demo content (issue 15): the complete demo tenants show the product', () => {
  for (const [email, name] of [
    [DEMO.lawAdmin, 'Demo Law Firm'],
    [DEMO.coAdmin, 'Demo Petitioner Co'],
    [DEMO.otherAdmin, 'Other Law Firm'],
  ] as const) {
    it(`R-SHELL-042: R-SHELL-043: R-SHELL-045: ${name} is held by nothing: profile complete, plan and card, default workflow configured and active, setup complete`, async () => {
      const admin = await login(t, email);
      const m = await me(admin);
      expect(m.tenant).toMatchObject({ name, profComplted: 'Yes', hasCard: true, hasPlan: true });
      const { workflow } = await ok<{ workflow: { configCompleted: boolean; active: boolean } }>(
        admin,
        '/api/workflow/details',
        { workflowId: m.tenant.defaultWorkflowId },
      );
      expect(workflow).toMatchObject({ configCompleted: true, active: true });
      expect(await ok(admin, '/api/tenant/setup-progress')).toMatchObject({ complete: true });
      // Company Details carry a logo the browser can show.
      const { tenant } = await ok<{ tenant: { logo: { path: string } } }>(admin, '/api/tenant/details', {
        tenantId: m.tenantId,
      });
      const logo = await admin.get(`/api/common/viewfile?path=${encodeURIComponent(tenant.logo.path)}&inline=1`);
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toBe('image/png');
    });
  }

  it('R-CASETYPE-004: R-WF-075: D-17: the demo law firm has case types on with their workflows, cases, labels and templates', async () => {
    const admin = await login(t, DEMO.lawAdmin);
    const configs = await ok<{
      list: {
        id: number;
        isCaseTypeSelected: boolean;
        subTypes: { isCaseTypeSelected: boolean; workflowConfigDetails: unknown; configDetails: unknown }[];
      }[];
    }>(admin, '/api/petition-config/list', {});
    const on = configs.list.filter((c) => c.isCaseTypeSelected);
    expect(on.map((c) => c.id).sort((a, b) => a - b)).toEqual([1, 2, 4, 9]);
    for (const type of on) {
      const subs = type.subTypes.filter((s) => s.isCaseTypeSelected);
      expect(subs.length).toBeGreaterThan(0);
      for (const s of subs) expect(s.workflowConfigDetails).not.toBeNull();
    }
    expect(on.flatMap((c) => c.subTypes).filter((s) => s.configDetails).length).toBeGreaterThanOrEqual(3);
    // Numbered by the default pattern of each sub-type (no case code configuration is seeded).
    const cases = await ok<{ list: { caseNumber: string }[] }>(admin, '/api/cases/list', { page: 1, perpage: 25 });
    expect(cases.list.map((c) => c.caseNumber).sort()).toEqual([
      'H1B-H1BCAP-10001',
      'H1B-H1BEXT-10001',
      'I130-IRSPS-10001',
      'L1-L1ANEW-10001',
    ]);
    expect(await total(admin, '/api/message-label/list')).toBe(4);
    expect(await total(admin, '/api/pdf-sign/esign-template-list')).toBe(1);
    expect(await total(admin, '/api/agreement/list')).toBe(1);
    const co = await login(t, DEMO.coAdmin);
    expect(await total(co, '/api/contract-template/list')).toBe(1);
    expect(await total(co, '/api/message-label/list')).toBe(2);
  });

  it('D-01: the new tenants stay new: held on Company Details, every setup step undone', async () => {
    for (const email of [DEMO.newAdmin, DEMO.newCoAdmin]) {
      const admin = await login(t, email);
      expect((await me(admin)).tenant).toMatchObject({ profComplted: 'no' });
      const progress = await ok<{ steps: { done: boolean }[]; complete: boolean }>(admin, '/api/tenant/setup-progress');
      expect(progress.steps.map((s) => s.done)).toEqual([false, false, false]);
      expect(await total(admin, '/api/message-label/list')).toBe(0);
    }
  });
});
