import { updateBodyFromWire } from '@caseport/domain/workflows/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from './support/calls';
import { type Caller, createTestApp, DEMO, login, type TestApp, XHR } from './support/test-app';

let t: TestApp;
let admin: Caller;
let manager: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t, DEMO.newAdmin);
  manager = await login(t, DEMO.newManager);
});
afterAll(() => t.close());

const progress = async (c: Caller) => {
  const res = await c.post('/api/tenant/setup-progress', {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { steps: { key: string; label: string; done: boolean; note?: string }[]; complete: boolean };
};
const doneKeys = async (c: Caller) => (await progress(c)).steps.filter((s) => s.done).map((s) => s.key);
const switchTypes = async (c: Caller, path: string, selList: { id: number; selected: boolean }[]) => {
  const res = await c.post(`/api/petition-config/${path}`, { selList });
  expect(res.statusCode, res.body).toBe(200);
};

describe('POST /api/tenant/setup-progress (D-01, issue 15)', () => {
  it('D-01: a new tenant has every step of Company Details → Workflows → Case Configuration undone', async () => {
    expect(await progress(admin)).toEqual({
      steps: [
        { key: 'profile', label: 'Company Details', done: false },
        { key: 'workflow', label: 'Workflows', done: false },
        {
          key: 'questionnarie',
          label: 'Case Configuration',
          done: false,
          // Issue 38 finding 6: the step says what it has so far (nothing) and what is left.
          note: expect.stringMatching(/^No case type is switched on yet.*Left to do: switch on the case types/),
        },
      ],
      complete: false,
    });
  });

  it('D-01: the browser cannot mark a step done: the body takes no fields, and nothing is stored', async () => {
    const res = await admin.post('/api/tenant/setup-progress', { profile: true, complete: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(await doneKeys(admin)).toEqual([]);
  });

  it('R-SHELL-045: the workflow step is done only once the default workflow is configured and active', async () => {
    const [row] = (
      await t.database.db.execute<{ id: string }>(
        sql`select id from workflows where tenant_id = ${t.tenants.newfirm} and is_default`,
      )
    ).rows;
    const details = await admin.post('/api/workflow/details', { workflowId: row!.id });
    const w = details.json().workflow;
    const { configCompleted, active, ...body } = updateBodyFromWire(w);
    // Saved but still pending: not done.
    expect(
      (await admin.post('/api/workflow/update', { ...body, configCompleted: false, active: false })).statusCode,
    ).toBe(200);
    expect(await doneKeys(admin)).toEqual([]);
    // Complete Setup (D-14): configured and active.
    expect(
      (await admin.post('/api/workflow/update', { ...body, configCompleted: true, active: true })).statusCode,
    ).toBe(200);
    expect(await doneKeys(admin)).toEqual(['workflow']);
    // Deactivated again: the step is undone again.
    expect(
      (await admin.post('/api/workflow/manage-active-status', { workflowId: w._id, active: false })).statusCode,
    ).toBe(200);
    expect(await doneKeys(admin)).toEqual([]);
    expect(
      (await admin.post('/api/workflow/manage-active-status', { workflowId: w._id, active: true })).statusCode,
    ).toBe(200);
    expect(await doneKeys(admin)).toEqual(['workflow']);
  });

  it('D-01: case configuration is done only with a case type on together with one of its sub-types', async () => {
    await switchTypes(admin, 'manage-case-types', [{ id: 1, selected: true }]); // H-1B
    expect(await doneKeys(admin)).toEqual(['workflow']);
    await switchTypes(admin, 'manage-case-sub-types', [{ id: 1, selected: true }]); // H-1B Cap - New Petition
    expect(await doneKeys(admin)).toEqual(['workflow', 'questionnarie']);
    // The case type off again: its sub-type is kept but no case can be opened, so the step is undone.
    await switchTypes(admin, 'manage-case-types', [{ id: 1, selected: false }]);
    expect(await doneKeys(admin)).toEqual(['workflow']);
    await switchTypes(admin, 'manage-case-types', [{ id: 1, selected: true }]);
    expect(await doneKeys(admin)).toEqual(['workflow', 'questionnarie']);
  });

  it('R-PROFILE-032: Company Details is done once the profile is complete; setup completes only with every step done', async () => {
    expect((await progress(admin)).complete).toBe(false);
    await t.database.db.execute(sql`update tenants set prof_complted = 'Yes' where id = ${t.tenants.newfirm}`);
    const p = await progress(manager);
    expect(p.steps.every((s) => s.done)).toBe(true);
    expect(p.complete).toBe(true);
  });

  it("SECURITY 3: each tenant reads its own progress; another tenant's steps are untouched", async () => {
    const other = await login(t, DEMO.newCoAdmin);
    expect(await progress(other)).toMatchObject({ complete: false });
    expect(await doneKeys(other)).toEqual([]);
  });

  it('D-02: only the tenant roles 3 and 4 read setup progress', async () => {
    for (const email of [DEMO.platformAdmin, DEMO.platformOps, DEMO.coSignatory, DEMO.lawPetitioner]) {
      const res = await (await login(t, email)).post('/api/tenant/setup-progress', {});
      expect(res.statusCode, email).toBe(403);
    }
  });
});

describe("issue 38 finding 6: a brand-new tenant's Case Configuration says what the platform's defaults set and what is left", () => {
  it("the defaults switched the step on: the note names them, says nobody changed them, and what is left; the firm's own change is told apart", async () => {
    const platform = await login(t, DEMO.platformAdmin);
    // The platform's default configuration of every N-400 sub-type (Case Configuration tab of role 1).
    const { list: rows, questionnaireOptions } = await ok(platform, '/api/platform-library/case-configs/list', {
      typeIds: [9],
    });
    const n400 = questionnaireOptions.find((q: { name: string }) => q.name === 'N-400 Naturalization Questionnaire');
    for (const row of rows as { typeId: number; subTypeId: number }[])
      await ok(platform, '/api/platform-library/case-configs/save', {
        typeId: row.typeId,
        subTypeId: row.subTypeId,
        questionnaireId: n400._id,
        linkDefaultWorkflow: true,
        formIds: [],
      });
    const subTypes = rows.length as number;
    expect(subTypes).toBeGreaterThan(0);

    // A tenant created afterwards, its first admin signed in.
    const created = await ok(platform, '/api/tenant/create', {
      name: 'Fresh Start Immigration',
      tenantType: 1,
      adminEmail: 'ada@fresh-start.test',
      adminFirstName: 'Ada',
      adminLastName: 'Start',
    });
    const token = created.delivery.link.split('#token=')[1];
    const password = 'Quiet harbours hold nine boats';
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/users/accept-link',
      headers: XHR,
      payload: { token, newPassword: password },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const ada = await login(t, 'ada@fresh-start.test', password);

    const step = async () => (await progress(ada)).steps.find((s) => s.key === 'questionnarie')!;
    const fresh = await step();
    expect(fresh.done).toBe(true);
    expect(fresh.note).toBe(
      `The platform's defaults switched on 1 case type (N-400 Application for Naturalization) with ${subTypes} ` +
        'sub-types, each with its questionnaire; nobody in your firm has changed them yet. Left to do: check that ' +
        'these are the case types your firm files (switch on the others it files, switch off any it does not) and ' +
        "review each sub-type's questionnaire, forms and letters.",
    );

    // The firm switches on H-1B with one sub-type of its own, not configured yet: the note counts both apart.
    await switchTypes(ada, 'manage-case-types', [{ id: 1, selected: true }]);
    await switchTypes(ada, 'manage-case-sub-types', [{ id: 1, selected: true }]);
    expect((await step()).note).toBe(
      `2 case types (H-1B Specialty Occupation and N-400 Application for Naturalization) are on with ${subTypes + 1} ` +
        `sub-types; ${subTypes} of them have a questionnaire (${subTypes} still as the platform's defaults set them). ` +
        'Left to do: choose a questionnaire for the 1 sub-type without one.',
    );
  });
});
