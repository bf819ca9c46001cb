import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../src/demo/content';
import { ok } from './support/calls';
import { type Caller, createTestApp, DEMO, login, TEST_PASSWORD, type TestApp } from './support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // What `npm start` does on the first start, after the seed.
  await seedDemoContent(t.app, TEST_PASSWORD);
}, 120_000);
afterAll(() => t.close());

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

  it("issue 21: the platform's Case Configuration has defaults: every H-1B, I-130 and N-400 sub-type with its starter questionnaire, the case type's forms and the Default Workflow; a tenant created in the demo starts from them", async () => {
    const platform = await login(t, DEMO.platformAdmin);
    const { list: forms } = await ok<{ list: { _id: string; formNumber: string | null }[] }>(
      platform,
      '/api/platform-library/forms/list',
      { kind: 'Form' },
    );
    const numberOf = new Map(forms.map((f) => [f._id, f.formNumber]));
    const { list: rows } = await ok<{
      list: {
        typeId: number;
        subTypeId: number;
        config: { questionnaireName: string | null; linkDefaultWorkflow: boolean; formIds: string[] } | null;
      }[];
    }>(platform, '/api/platform-library/case-configs/list', {});
    const configured = rows.filter((r) => r.config);
    expect([...new Set(configured.map((r) => r.typeId))].sort((a, b) => a - b)).toEqual([1, 4, 9]);
    const expected = {
      1: { questionnaireName: 'H-1B Beneficiary Questionnaire', forms: ['I-129', 'I-539', 'I-907'] },
      4: { questionnaireName: 'I-130 Petition for Alien Relative Questionnaire', forms: ['I-130'] },
      9: { questionnaireName: 'N-400 Naturalization Questionnaire', forms: ['N-400'] },
    } as Record<number, { questionnaireName: string; forms: string[] }>;
    for (const r of rows.filter((x) => x.typeId in expected)) {
      const want = expected[r.typeId]!;
      expect(r.config, `sub-type ${r.subTypeId}`).toMatchObject({
        questionnaireName: want.questionnaireName,
        linkDefaultWorkflow: true,
      });
      expect(r.config!.formIds.map((id) => numberOf.get(id)).sort()).toEqual(want.forms);
    }

    const created = await ok<{ tenant: { _id: string } }>(platform, '/api/tenant/create', {
      name: 'Demo Defaults Firm',
      tenantType: 1,
      adminEmail: 'owner@demo-defaults.test',
      adminFirstName: 'Dee',
      adminLastName: 'Fault',
    });
    const { list: types } = await ok<{
      list: {
        id: number;
        isCaseTypeSelected: boolean;
        subTypes: {
          isCaseTypeSelected: boolean;
          configDetails: { questionnaireName: string } | null;
          workflowConfigDetails: { workflowName: string } | null;
        }[];
      }[];
    }>(platform, '/api/petition-config/list', { filters: { tenantIds: [created.tenant._id] } });
    const on = types.filter((c) => c.isCaseTypeSelected);
    expect(on.map((c) => c.id).sort((a, b) => a - b)).toEqual([1, 4, 9]);
    for (const type of on)
      for (const sub of type.subTypes) {
        expect(sub.isCaseTypeSelected).toBe(true);
        expect(sub.configDetails?.questionnaireName).toBe(expected[type.id]!.questionnaireName);
        expect(sub.workflowConfigDetails?.workflowName).toBe('Default Workflow');
      }
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
