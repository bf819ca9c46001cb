import type { CaseDetails } from '@caseport/domain/cases/contracts';
import type { CaseActivities } from '@caseport/domain/cases/run-contracts';
import { MISSING_VALUE_BLANK } from '@caseport/domain/letters/contracts';
import PizZip from 'pizzip';
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
      'L1-L1EXT-10001',
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

  it("issue 34: the demo law firm's three cases are opened through the API with their people, facts and runs", async () => {
    const admin = await login(t, DEMO.lawAdmin);
    const { list } = await ok<{ list: { _id: string; caseNumber: string }[] }>(admin, '/api/cases/list', {
      page: 1,
      perpage: 25,
    });
    const idOf = (n: string) => list.find((c) => c.caseNumber === n)?._id as string;
    const details = (caseId: string) => ok<CaseDetails>(admin, '/api/cases/details', { caseId });
    const run = (caseId: string) => ok<CaseActivities>(admin, '/api/cases/activities/list', { caseId });
    const status = (r: CaseActivities, code: string) => r.list.find((a) => a.code === code)?.status;
    const in60Days = new Date(Date.now() + 61 * 86_400_000).toISOString().slice(0, 10);
    // Issue 34: the Overview prints the petitioner's address as the letters do (formatProfileAddress, with the country).
    const petitionerAddress = '500 Market Street, San Francisco, California 94105, United States';

    // The H-1B cap new petition: a beneficiary abroad, every fact a letter needs, a paralegal and the LCA.
    const h1bId = idOf('H1B-H1BCAP-10001');
    const h1b = await details(h1bId);
    expect(h1b.case).toMatchObject({ subTypeName: 'Cap - New Petition', status: 'open' });
    expect(h1b.petitioner).toMatchObject({ name: 'Priya Patel', address: petitionerAddress });
    expect(h1b.beneficiary).toMatchObject({ givenName: 'Ana María', familyName: 'López', inUS: false });
    expect(h1b.beneficiary?.passportExpiry && h1b.beneficiary.passportExpiry < in60Days).toBe(true);
    expect(h1b.facts).toMatchObject({
      jobTitle: 'Senior Software Engineer',
      wage: 135000,
      wageUnit: 'Year',
      processingRoute: 'Consular notification',
      lcaNumber: 'I-200-25123-456789',
      startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      worksites: [expect.objectContaining({ line1: '500 Congress Avenue', city: 'Austin' })],
    });
    expect(h1b.factNames.socCode).toContain('15-1252');
    expect(h1b.accounts).toEqual([expect.objectContaining({ roleId: 50, name: 'Priya Patel' })]);
    const h1bRun = await run(h1bId);
    expect(status(h1bRun, 'ASSIGN_PARALEGAL')).toBe('done');
    expect(status(h1bRun, 'LCA_SUBMIT')).toBe('done');
    expect(status(h1bRun, 'UPDATE_USCIS_RESPONSE')).toBe('waiting');
    expect(h1bRun.list.find((a) => a.code === 'ASSIGN_PARALEGAL')?.data).toMatchObject({ userId: expect.any(String) });

    // Its H-1B support letter fills with nothing missing, the petitioner's address included.
    const { list: letters } = await ok<{ list: { _id: string; name: string }[] }>(admin, '/api/form-letter/list', {
      filters: { typeIds: ['Letter'] },
    });
    const letter = letters.find((l) => l.name === 'H-1B Employer Support Letter');
    expect(letter).toBeDefined();
    const filled = await ok<{ document: { path: string }; missing: string[] }>(admin, '/api/form-letter/fill', {
      formAndLetterId: letter?._id,
      caseId: h1bId,
    });
    expect(filled.missing).toEqual([]);
    const file = await admin.get(`/api/common/viewfile?path=${encodeURIComponent(filled.document.path)}`);
    const xml = new PizZip(file.rawPayload).file('word/document.xml')?.asText() ?? '';
    expect(xml).not.toContain(MISSING_VALUE_BLANK);
    for (const value of ['Ana María López', 'Senior Software Engineer', '15-1252', petitionerAddress])
      expect(xml).toContain(value);

    // The L-1A extension, filed: the USCIS receipt is recorded.
    const l1Id = idOf('L1-L1EXT-10001');
    const l1 = await details(l1Id);
    expect(l1.case).toMatchObject({ typeId: 2, subTypeId: 11, subTypeName: 'Extension' });
    expect(l1.beneficiary).toMatchObject({ givenName: 'Kenji', inUS: true, currentStatus: 'L-1A' });
    expect(l1.beneficiary?.i94Expiry && l1.beneficiary.i94Expiry < in60Days).toBe(true);
    expect(l1.facts).toMatchObject({ jobTitle: 'Director of Engineering', receiptNumber: 'WAC2590123456' });
    expect(l1.accounts.map((a) => a.roleId)).toEqual([50]);
    const l1Run = await run(l1Id);
    expect(status(l1Run, 'FILE_AFTER_INVOICE')).toBe('done');
    expect(l1Run.list.find((a) => a.code === 'UPDATE_USCIS_RESPONSE')?.uscisResponses).toEqual(['receipt']);

    // The I-130 with its sponsor, just opened.
    const i130Id = idOf('I130-IRSPS-10001');
    const i130 = await details(i130Id);
    expect(i130.case).toMatchObject({ typeId: 4, beneficiaryName: 'Elena Petrova', sponsorName: 'James Carter' });
    expect(i130.sponsor).toMatchObject({ givenName: 'James', familyName: 'Carter', inUS: true });
    expect(i130.beneficiary?.passportExpiry && i130.beneficiary.passportExpiry < in60Days).toBe(true);
    const i130Run = await run(i130Id);
    expect(i130Run.list.length).toBeGreaterThan(0);
    expect(i130Run.list.filter((a) => a.status === 'done').map((a) => a.code)).toEqual(['CREATE_PETITION']);

    // The ASSIGN activities have a user of their role: the demo's paralegal.
    const users = await ok<{ list: { firstName: string; roleId: number; status: string }[] }>(
      admin,
      '/api/users/list',
      { page: 1, perpage: 50, filters: { roleIds: [6], statuses: ['active'] } },
    );
    expect(users.list.map((u) => u.firstName)).toEqual(['Paula']);
  });

  it('issue 35: the demo’s authorized signatory finds a document to sign, sent through the API from the case linked to them', async () => {
    const signatory = await login(t, DEMO.coSignatory);
    const { list } = await ok<{ list: { name: string; caseNumber: string; yourTurn: boolean; status: string }[] }>(
      signatory,
      '/api/signing/list',
      {},
    );
    expect(list).toEqual([
      expect.objectContaining({ name: 'Employer Support Letter', yourTurn: true, status: 'sent' }),
    ]);
    const mine = await ok<{ list: { caseNumber: string }[] }>(signatory, '/api/my-cases/list', {});
    expect(mine.list.map((c) => c.caseNumber)).toContain(list[0]?.caseNumber);
  });

  it('issue 35: the law firm’s petitioner contact finds documents waiting for their signature, from cases linked to them', async () => {
    const contact = await login(t, DEMO.lawPetitioner);
    const { list } = await ok<{ list: { name: string; caseNumber: string; yourTurn: boolean }[] }>(
      contact,
      '/api/signing/list',
      {},
    );
    const mine = await ok<{ list: { caseNumber: string }[] }>(contact, '/api/my-cases/list', {});
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((e) => e.name === 'LCA Posting Notice' && e.yourTurn)).toBe(true);
    const linked = mine.list.map((c) => c.caseNumber);
    expect(list.every((e) => linked.includes(e.caseNumber))).toBe(true);
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
