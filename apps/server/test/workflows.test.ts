import { dayIn } from '@caseport/domain/tenants/tenant-day';
import {
  type ActivityWire,
  activityToWire,
  updateBodyFromWire,
  type WorkflowWire,
} from '@caseport/domain/workflows/contracts';
import { applyAction, newWorkflow, ROLE_NAMES } from '@caseport/domain/workflows/rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestApp, DEMO, login, type TestApp } from './support/test-app';

let t: TestApp;
let root: Caller; // role 1
let ops: Caller; // role 2
let law: Caller; // role 3, Demo Law Firm (type 1)
let manager: Caller; // role 4, Demo Law Firm
let co: Caller; // role 3, Demo Petitioner Co (type 2)
let other: Caller; // role 3, Other Law Firm

beforeAll(async () => {
  t = await createTestApp();
  root = await login(t, DEMO.platformAdmin);
  ops = await login(t, DEMO.platformOps);
  law = await login(t, DEMO.lawAdmin);
  manager = await login(t, DEMO.lawManager);
  co = await login(t, DEMO.coAdmin);
  other = await login(t, DEMO.otherAdmin);
});
afterAll(() => t.close());

type ListAnswer = { list: (Omit<WorkflowWire, 'config'> & { tenantDetails: { name: string } })[]; totalCount: number };
const list = async (c: Caller, body: object = {}) => {
  const res = await c.post('/api/workflow/list', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ListAnswer;
};
const details = async (c: Caller, workflowId: string) => {
  const res = await c.post('/api/workflow/details', { workflowId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().workflow as WorkflowWire;
};
const create = async (c: Caller, body: object) => {
  const res = await c.post('/api/workflow/create', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().workflowId as string;
};
const updateBody = updateBodyFromWire;
const withActivity = (w: WorkflowWire, code: string, change: Partial<ActivityWire>) => ({
  ...w,
  config: w.config.map((a) => (a.code === code ? { ...a, ...change } : a)),
});
const auditCount = async (entityId: string) =>
  (
    await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where entity_id = ${entityId}`,
    )
  ).rows[0]?.n ?? 0;

describe('workflow list (POST /api/workflow/list)', () => {
  it("R-WF-069: R-WF-009: R-LIST-007: a tenant admin gets its own tenant's workflows, newest first, with the total count", async () => {
    const page = await list(law, { page: 1, perpage: 25, getMasterData: true, filters: {} });
    expect(page.totalCount).toBe(9);
    expect(new Set(page.list.map((w) => w.tenantDetails.name))).toEqual(new Set(['Demo Law Firm']));
    const created = page.list.map((w) => w.createdOn);
    expect([...created].sort().reverse()).toEqual(created);
    expect(page.list.find((w) => w.isDefault)).toMatchObject({ name: 'Default Workflow', configCompleted: false });
    expect((await list(manager)).totalCount).toBe(9);
  });

  it('R-WF-010: R-WF-006: roles 1 and 2 see every tenant and filter by tenantIds', async () => {
    expect((await list(root)).totalCount).toBe(45); // 5 demo tenants × 9 seeded workflows
    expect(
      (await list(ops, { filters: { tenantIds: [t.tenants.otherfirm] } })).list.every(
        (w) => w.tenantDetails.name === 'Other Law Firm',
      ),
    ).toBe(true);
    expect((await list(root, { filters: { tenantIds: [t.tenants.petitioner, t.tenants.otherfirm] } })).totalCount).toBe(
      18,
    );
    // A tenant role cannot widen its list with someone else's tenant id: it is not found (issue 25, finding 2).
    const foreign = await law.post('/api/workflow/list', { filters: { tenantIds: [t.tenants.otherfirm] } });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await list(law, { filters: { tenantIds: [t.tenants.lawfirm] } })).list.every(
        (w) => w.tenantDetails.name === 'Demo Law Firm',
      ),
    ).toBe(true);
  });

  it('R-WF-002: R-WF-004: R-WF-005: filters by title, Active/Inactive and Complete/Pending', async () => {
    expect((await list(law, { filters: { title: 'i-485' } })).list.map((w) => w.name).sort()).toEqual([
      'I-485 Employment-Based Adjustment',
      'I-485 Family-Based Adjustment',
    ]);
    expect((await list(law, { filters: { activeList: ['Inactive'] } })).list.map((w) => w.name)).toEqual([
      'Default Workflow',
    ]);
    expect((await list(law, { filters: { configList: ['Pending'] } })).totalCount).toBe(1);
    expect((await list(law, { filters: { configList: ['Complete'], activeList: ['Active'] } })).totalCount).toBe(8);
    expect((await list(law, { filters: { activeList: ['Active', 'Inactive'] } })).totalCount).toBe(9);
  });

  it('R-WF-003: filters by an inclusive created-date range', async () => {
    // The firm's day (its zone, New York): the days its list shows and its filter picks (filter-days.test.ts).
    const today = dayIn(new Date(), 'America/New_York');
    expect((await list(law, { filters: { createdDateRange: [today, today] } })).totalCount).toBe(9);
    expect((await list(law, { filters: { createdDateRange: ['2020-01-01', '2020-01-31'] } })).totalCount).toBe(0);
  });

  it('R-WF-008: R-WF-070: pages by 25, sorts both ways, and answers getAll with every row', async () => {
    const asc = await list(root, { sorting: { path: 'name', order: 1 } });
    expect(asc.list).toHaveLength(25);
    const names = asc.list.map((w) => w.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect((await list(root, { page: 2 })).list).toHaveLength(20);
    const all = (await list(root, { getAll: true, sorting: { path: 'createdOn', order: -1 } })).list;
    expect(all).toHaveLength(45);
    // R-WF-070: newest createdOn first.
    const times = all.map((w) => Date.parse(w.createdOn));
    expect(times.every((n) => Number.isFinite(n))).toBe(true);
    for (let i = 1; i < times.length; i++) expect(times[i - 1]!, `row ${i}`).toBeGreaterThanOrEqual(times[i]!);
  });

  it('refuses unknown filters, sort paths and page sizes with VALIDATION_ERROR', async () => {
    for (const body of [
      { filters: { tenantId: 'x' } },
      { sorting: { path: 'activities', order: 1 } },
      { perpage: 30 },
      { filters: { activeList: ['Maybe'] } },
    ]) {
      const res = await law.post('/api/workflow/list', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('workflow details, create, clone (R-WF-071/073/074)', () => {
  it("R-WF-080: tenant details {tenantId} answer the workflow's tenant: roles 1 and 2 any customer, role 3 and 4 only their own", async () => {
    const tenantOf = (c: Caller, tenantId: string) => c.post('/api/tenant/details', { tenantId });
    for (const platform of [root, ops]) {
      const res = await tenantOf(platform, t.tenants.petitioner);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().tenant).toMatchObject({ tenantId: t.tenants.petitioner, tenantType: 2 });
      expect((await tenantOf(platform, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    }
    expect((await tenantOf(manager, t.tenants.lawfirm)).json().tenant).toMatchObject({ tenantType: 1 });
    expect((await tenantOf(law, t.tenants.otherfirm)).statusCode).toBe(404);
    expect((await tenantOf(co, t.tenants.lawfirm)).statusCode).toBe(404);
  });

  it("R-WF-071: R-WF-019: R-WF-024: details answers the workflow with its fields and every activity's fields", async () => {
    const [first] = (await list(law, { filters: { title: 'PERM' } })).list;
    const w = await details(law, first!._id);
    for (const key of [
      '_id',
      'name',
      'workflowType',
      'assignUsersOn',
      'config',
      'configCompleted',
      'active',
      'tenantDetails',
      'tplTypeId',
      'manageRfeCase',
      'showPetitionAlert',
      'createdOn',
      'tenantId',
    ]) {
      expect(w, key).toHaveProperty(key);
    }
    for (const key of [
      'code',
      'name',
      'description',
      'step',
      'showMe',
      'optional',
      'actionRequired',
      'include',
      'editors',
      'watchers',
      'confirmRequired',
      'confirmRequiredVal',
      'canAssignAllUsers',
      'canAssignAllUsersVal',
      'approvedPwdReqForAdvEvidences',
      'restrictPermDraftByAdvConfig',
      'manageRfeCase',
    ]) {
      expect(w.config[0], key).toHaveProperty(key);
    }
    expect(w.config.find((a) => a.code === 'PREPARE_PERM_APPLICATION')).toMatchObject({
      include: 'Yes',
      actionRequired: 'Yes',
    });
  });

  it("D-02: D-07: SECURITY 2: another tenant's workflow id answers 404 NOT_FOUND, for details and every mutation, and nothing changes", async () => {
    const [theirs] = (await list(other)).list;
    const id = theirs!._id;
    const before = await details(other, id);
    const lawCount = (await list(law)).totalCount;
    const audits = await auditCount(id);
    const links = async () =>
      (
        await t.database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from workflow_configs where workflow_id = ${id}`,
        )
      ).rows[0]?.n ?? 0;
    const linksBefore = await links();
    for (const [url, body] of [
      ['/api/workflow/details', { workflowId: id }],
      ['/api/workflow/manage-active-status', { workflowId: id, active: false }],
      ['/api/workflow/delete', { workflowId: id }],
      ['/api/workflow/clone', { workflowId: id, name: 'Stolen copy' }],
      ['/api/workflow/config-save', { workflowId: id, petitionTypeId: 1 }],
    ] as const) {
      const res = await law.post(url, body);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    const res = await law.post('/api/workflow/update', updateBody(before, { name: 'Renamed by a stranger' }));
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    // Nothing changed: the workflow, both tenants' lists, the audit trail and the case-type links.
    expect(await details(other, id)).toEqual(before);
    expect((await list(other)).totalCount).toBe(9);
    expect((await list(law)).totalCount).toBe(lawCount);
    expect((await list(law, { filters: { title: 'Stolen copy' } })).totalCount).toBe(0);
    expect(await auditCount(id)).toBe(audits);
    expect(await links()).toBe(linksBefore);
  });

  it('R-WF-011: R-WF-012: D-02: role 1 creates a workflow for the Customer it picks; the audit names the acting tenant', async () => {
    const id = await create(root, { name: 'Root made H-1B', tenantId: t.tenants.otherfirm, config: undefined });
    const w = await details(root, id);
    expect(w.tenantDetails.name).toBe('Other Law Firm');
    expect(await details(other, id)).toMatchObject({ name: 'Root made H-1B', configCompleted: false, active: false });
    const audit = await t.database.db.execute<{ acting_tenant_id: string; action: string }>(
      sql`select acting_tenant_id, action from audit_log where entity_id = ${id}`,
    );
    expect(audit.rows).toEqual([{ acting_tenant_id: t.tenants.otherfirm, action: 'create' }]);
    const missing = await root.post('/api/workflow/create', { name: "Nobody's" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual([{ name: 'tenantId', message: 'Customer is required' }]);
  });

  it('R-WF-012: only role 1 picks the tenant: a tenant admin naming another tenant is refused (404, nothing written); naming its own, the workflow lands there', async () => {
    const refused = await law.post('/api/workflow/create', {
      name: 'Law firm L-1',
      tplTypeId: 1,
      tenantId: t.tenants.otherfirm,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().fields).toEqual([{ name: 'tenantId', message: 'Tenant not found' }]);
    const id = await create(law, { name: 'Law firm L-1', tplTypeId: 1, tenantId: t.tenants.lawfirm });
    expect((await details(law, id)).tenantDetails.name).toBe('Demo Law Firm');
    expect((await other.post('/api/workflow/details', { workflowId: id })).statusCode).toBe(404);
  });

  it("R-WF-060: a name equal to an existing one ignoring case is refused with 'Workflow is already exists', per tenant", async () => {
    for (const name of ['perm labor certification', '  PERM LABOR CERTIFICATION  ']) {
      const res = await law.post('/api/workflow/create', { name });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'DUPLICATE',
        message: 'Workflow is already exists',
        fields: [{ name: 'name', message: 'Workflow is already exists' }],
      });
    }
    const [perm] = (await list(law, { filters: { title: 'PERM' } })).list;
    const clone = await law.post('/api/workflow/clone', { workflowId: perm!._id, name: 'Default WORKFLOW' });
    expect(clone.json().message).toBe('Workflow is already exists');
    // Another tenant may use the same name.
    await create(root, { name: 'Law firm L-1', tenantId: t.tenants.otherfirm });
  });

  it('R-WF-058: R-WF-059: create and clone need a name that is not blank after trimming', async () => {
    const [perm] = (await list(law, { filters: { title: 'PERM' } })).list;
    for (const [url, body] of [
      ['/api/workflow/create', { name: '   ' }],
      ['/api/workflow/clone', { workflowId: perm!._id, name: '\t ' }],
    ] as const) {
      const res = await law.post(url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fields).toEqual([{ name: 'name', message: 'Workflow name is required' }]);
    }
    expect((await law.post('/api/workflow/create', {})).json().code).toBe('VALIDATION_ERROR');
  });

  it('R-WF-074: R-WF-048: role 1 clones a law-firm workflow into the petitioner company, which drops the fee activities', async () => {
    const [source] = (await list(root, { filters: { title: 'Default', tenantIds: [t.tenants.lawfirm] } })).list;
    const res = await root.post('/api/workflow/clone', {
      workflowId: source!._id,
      name: 'Company copy',
      tenantId: t.tenants.petitioner,
    });
    expect(res.statusCode, res.body).toBe(200);
    const copy = await details(co, res.json().workflowId);
    expect(copy).toMatchObject({ name: 'Company copy', configCompleted: false, active: false });
    for (const code of ['FILING_FEE', 'PAYMENT_INTEGRATION', 'CREATE_INVOICE', 'FILE_AFTER_INVOICE']) {
      expect(
        copy.config.find((a) => a.code === code),
        code,
      ).toMatchObject({ include: 'No', showMe: false });
    }
    expect(copy.config.find((a) => a.code === 'SUBMIT_TO_LAW_FIRM')).toMatchObject({ showMe: true });
  });

  it('R-WF-073: D-08: a workflow created with a config that obeys the rules is stored as sent, editors as {roleId, roleName}', async () => {
    let d = newWorkflow('Careful H-1B', 1, { tenantType: 1 });
    d = applyAction(d, { type: 'setRfeHandling', value: 'filed_separately' }, { tenantType: 1 });
    const id = await create(law, {
      name: d.name,
      config: d.config.map(activityToWire),
      manageRfeCase: 'filed_separately',
      active: true,
      configCompleted: true,
    });
    const w = await details(law, id);
    expect(w).toMatchObject({ manageRfeCase: 'filed_separately', active: true, configCompleted: true });
    expect(w.config).toEqual(d.config.map(activityToWire));
    // D-08: every editor and watcher entry is exactly {roleId, roleName}, in the answer and in storage.
    const stored = (
      await t.database.db.execute<{ activities: ActivityWire[] }>(
        sql`select activities from workflows where id = ${id}`,
      )
    ).rows[0]?.activities;
    for (const config of [w.config, stored!]) {
      const entries = config.flatMap((a) => [...a.editors, ...a.watchers]);
      expect(entries.length).toBeGreaterThan(0);
      for (const e of entries) {
        expect(Object.keys(e).sort()).toEqual(['roleId', 'roleName']);
        expect(e).toEqual({ roleId: expect.any(Number), roleName: ROLE_NAMES[e.roleId] });
      }
    }
    expect(w.config.find((a) => a.code === 'LCA_REQUEST')?.editors).toEqual([
      { roleId: 5, roleName: 'Attorney' },
      { roleId: 6, roleName: 'Paralegal' },
    ]);
    expect(stored).toEqual(w.config);
  });
});

describe('workflow update: the server re-checks every rule (R-WF-072)', () => {
  let w: WorkflowWire;
  beforeAll(async () => {
    w = await details(law, await create(law, { name: 'Rules under test' }));
  });
  const refused = async (body: object, field: string) => {
    const res = await law.post('/api/workflow/update', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().fields.map((f: { name: string }) => f.name)).toContain(field);
  };

  it('R-WF-031: R-WF-072: completing setup saves the workflow with configCompleted and active true', async () => {
    const res = await law.post(
      '/api/workflow/update',
      updateBody(w, { configCompleted: true, active: true, showPetitionAlert: true }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await details(law, w._id)).toMatchObject({ configCompleted: true, active: true, showPetitionAlert: true });
    expect(await auditCount(w._id)).toBe(2);
  });

  it('R-WF-061: D-09: an action-required activity without editors is refused on save, in any step', async () => {
    await refused(updateBody(withActivity(w, 'CASE_APPROVED', { editors: [] })), 'config.CASE_APPROVED.editors');
    const before = await details(law, w._id);
    // One action-required activity per step: MANAGER_LIST (1), LCA_REQUEST (2), CASE_APPROVED (3).
    for (const [code, step] of [
      ['MANAGER_LIST', 1],
      ['LCA_REQUEST', 2],
      ['CASE_APPROVED', 3],
    ] as const) {
      expect(
        before.config.find((a) => a.code === code),
        code,
      ).toMatchObject({
        step,
        include: 'Yes',
        actionRequired: 'Yes',
      });
    }
    const bare = ['MANAGER_LIST', 'LCA_REQUEST', 'CASE_APPROVED'].reduce(
      (acc, code) => withActivity(acc, code, { editors: [] }),
      before,
    );
    const res = await law.post('/api/workflow/update', updateBody(bare));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Editors are required' });
    expect(res.json().fields).toEqual([
      { name: 'config.MANAGER_LIST.editors', message: 'Editors are required' },
      { name: 'config.LCA_REQUEST.editors', message: 'Editors are required' },
      { name: 'config.CASE_APPROVED.editors', message: 'Editors are required' },
    ]);
    expect(await details(law, w._id)).toEqual(before);
  });

  it('R-WF-020: R-WF-021: R-WF-027: a workflowType, assignUsersOn or manageRfeCase outside its options is refused and changes nothing', async () => {
    const before = await details(law, w._id);
    for (const change of [
      { workflowType: 'Parallel' },
      { assignUsersOn: 'on-login' },
      { manageRfeCase: 'sometimes' },
    ] as unknown as Partial<WorkflowWire>[]) {
      const res = await law.post('/api/workflow/update', updateBody(before, change));
      const [field] = Object.keys(change);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().fields.map((f: { name: string }) => f.name)).toEqual([field]);
      const created = await law.post('/api/workflow/create', { name: 'Out of set', ...change });
      expect(created.statusCode, JSON.stringify(change)).toBe(400);
      expect(created.json().code).toBe('VALIDATION_ERROR');
      expect(created.json().fields.map((f: { name: string }) => f.name)).toEqual([field]);
    }
    expect(await details(law, w._id)).toEqual(before);
    expect((await list(law, { filters: { title: 'Out of set' } })).totalCount).toBe(0);
  });

  it('R-WF-040: an activity sent off with watchers is refused', async () => {
    await refused(
      updateBody(
        withActivity(w, 'UPDATE_USCIS_RESPONSE', { include: 'No', watchers: [{ roleId: 3, roleName: 'Admin' }] }),
      ),
      'config.UPDATE_USCIS_RESPONSE.watchers',
    );
  });

  it('R-WF-045: R-WF-039: R-WF-052: assign supervisor off, RFE activities kept under filed_separately and an excluded role are refused', async () => {
    await refused(
      updateBody(withActivity(w, 'ASSIGN_SUPERVISOR', { include: 'No', editors: [], watchers: [] })),
      'config.ASSIGN_SUPERVISOR.include',
    );
    await refused(updateBody(w, { manageRfeCase: 'filed_separately' }), 'config.RFE_UPLOAD_NOTICE.include');
    await refused(
      updateBody(withActivity(w, 'LCA_REQUEST', { editors: [{ roleId: 1, roleName: 'Super Admin' }] })),
      'config.LCA_REQUEST.editors',
    );
  });

  it('R-WF-048: a petitioner company cannot switch a fee activity on by calling the API', async () => {
    const [mine] = (await list(co, { filters: { title: 'Default' } })).list;
    const cw = await details(co, mine!._id);
    const res = await co.post(
      '/api/workflow/update',
      updateBody(withActivity(cw, 'FILING_FEE', { include: 'Yes', showMe: true })),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { name: string }) => f.name)).toEqual(
      expect.arrayContaining(['config.FILING_FEE.include']),
    );
  });

  it('R-WF-032: R-WF-034: template-type rules hold on the server (Sequential for type 5, LCA request for 9)', async () => {
    const [app5] = (await list(law, { filters: { title: 'Applicant-Initiated' } })).list;
    await refused(updateBody(await details(law, app5!._id), { workflowType: 'Sequential' }), 'workflowType');
    const [n400] = (await list(law, { filters: { title: 'N-400' } })).list;
    await refused(
      updateBody(withActivity(await details(law, n400!._id), 'LCA_REQUEST', { include: 'Yes' })),
      'config.LCA_REQUEST.include',
    );
  });

  it('R-WF-026: Yes/No is required on the wire; booleans and unknown codes or keys are refused', async () => {
    for (const bad of [
      withActivity(w, 'CASE_APPROVED', { include: true as unknown as 'Yes' }),
      withActivity(w, 'CASE_APPROVED', { code: 'DROP_TABLE' as 'CASE_APPROVED' }),
      { ...w, config: w.config.slice(1) },
    ]) {
      const res = await law.post('/api/workflow/update', updateBody(bad as WorkflowWire));
      expect(res.statusCode).toBe(400);
    }
    const res = await law.post('/api/workflow/update', { ...updateBody(w), tplTypeId: 5 });
    expect(res.statusCode).toBe(400);
  });

  it("R-WF-060: renaming onto another workflow's name is refused; keeping its own name is fine", async () => {
    const res = await law.post('/api/workflow/update', updateBody(w, { name: 'i-130 family petition' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Workflow is already exists');
    expect((await law.post('/api/workflow/update', updateBody(w, { name: 'RULES UNDER TEST' }))).statusCode).toBe(200);
  });
});

describe('activation, delete, activity codes, case-type link', () => {
  it('R-WF-029: R-WF-028: manage-active-status toggles active and is audited; a Pending workflow cannot be activated', async () => {
    const [perm] = (await list(law, { filters: { title: 'PERM' } })).list;
    const off = await law.post('/api/workflow/manage-active-status', { workflowId: perm!._id, active: false });
    expect(off.json()).toEqual({ message: 'Workflow inactivated successfully' });
    expect((await details(law, perm!._id)).active).toBe(false);
    expect(
      (await law.post('/api/workflow/manage-active-status', { workflowId: perm!._id, active: true })).statusCode,
    ).toBe(200);
    expect(await auditCount(perm!._id)).toBe(2);
    const [pending] = (await list(law, { filters: { configList: ['Pending'], title: 'Default' } })).list;
    const res = await law.post('/api/workflow/manage-active-status', { workflowId: pending!._id, active: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Complete the workflow setup before activating it');
  });

  it("D-02: role 2 edits a tenant's workflow as acting tenant but cannot create one", async () => {
    const [theirs] = (await list(ops, { filters: { tenantIds: [t.tenants.otherfirm], title: 'N-400' } })).list;
    expect(
      (await ops.post('/api/workflow/manage-active-status', { workflowId: theirs!._id, active: false })).statusCode,
    ).toBe(200);
    expect((await details(other, theirs!._id)).active).toBe(false);
    expect((await ops.post('/api/workflow/create', { name: 'x', tenantId: t.tenants.otherfirm })).statusCode).toBe(403);
  });

  it('R-WF-078: delete removes a workflow; the default one and a linked one stay', async () => {
    const id = await create(law, { name: 'Short-lived' });
    expect((await law.post('/api/workflow/delete', { workflowId: id })).json()).toEqual({
      message: 'Workflow deleted successfully',
    });
    expect((await law.post('/api/workflow/details', { workflowId: id })).statusCode).toBe(404);
    const [def] = (await list(law, { filters: { title: 'Default' } })).list;
    const res = await law.post('/api/workflow/delete', { workflowId: def!._id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The default workflow cannot be deleted');
  });

  it('R-API-003 (server side): a workflow a case runs on refuses update and delete with LINKED_WITH_PETITION', async () => {
    const id = await create(law, { name: 'Runs a case' });
    await t.database.db.execute(sql`
      insert into cases (tenant_id, type_id, sub_type_id, workflow_id, serial, case_number)
      select ${t.tenants.lawfirm}, s.petition_type_id, s.id, ${id}, 10001, 'LINKED-10001' from petition_sub_types s limit 1`);
    const update = await law.post(
      '/api/workflow/update',
      updateBody(await details(law, id), { name: 'Runs a case, renamed' }),
    );
    expect(update.statusCode).toBe(409);
    expect(update.json()).toMatchObject({
      code: 'LINKED_WITH_PETITION',
      message: 'Workflow is already linked with Case(s). Save your changes as a new workflow with a new name.',
    });
    expect((await details(law, id)).name).toBe('Runs a case');
    const remove = await law.post('/api/workflow/delete', { workflowId: id });
    expect(remove.json().code).toBe('LINKED_WITH_PETITION');
    expect((await law.post('/api/workflow/details', { workflowId: id })).statusCode).toBe(200);
  });

  it('R-WF-079: the activity codes call lists every code with its name and step', async () => {
    const res = await manager.post('/api/workflow/activity-codes', {});
    expect(res.statusCode).toBe(200);
    const codes = res.json().list as { code: string; step: number }[];
    expect(codes.map((c) => c.code)).toContain('RFE_CASE_APPROVED');
    expect(codes.find((c) => c.code === 'CREATE_PETITION')).toMatchObject({ name: 'Create Case', step: 1 });
  });

  it('R-WF-075: R-WF-076: R-WF-077: R-WF-067: config-save links a workflow to a case type, config-update changes it, a case type is required', async () => {
    const [perm] = (await list(law, { filters: { title: 'PERM' } })).list;
    const [i140] = (await list(law, { filters: { title: 'I-140' } })).list;
    const saved = await law.post('/api/workflow/config-save', { workflowId: perm!._id, petitionTypeId: 3 });
    expect(saved.statusCode, saved.body).toBe(200);
    const workflowConfigId = saved.json().workflowConfigId;
    const full = await law.post('/api/workflow/config-save', {
      workflowId: i140!._id,
      petitionTypeId: 1,
      petitionSubTypeId: 3,
      active: true,
      questionnaireId: null,
    });
    expect(full.statusCode, full.body).toBe(200);
    expect(
      (await law.post('/api/workflow/config-save', { workflowId: i140!._id, petitionTypeId: 3 })).json().code,
    ).toBe('DUPLICATE');
    const upd = await law.post('/api/workflow/config-update', {
      workflowConfigId,
      workflowId: i140!._id,
      petitionTypeId: 3,
      active: false,
    });
    expect(upd.json()).toMatchObject({ message: 'Workflow configuration updated successfully', workflowConfigId });
    const noType = await law.post('/api/workflow/config-save', { workflowId: perm!._id });
    expect(noType.statusCode).toBe(400);
    expect(
      (
        await law.post('/api/workflow/config-save', {
          workflowId: perm!._id,
          petitionTypeId: 1,
          petitionSubTypeId: 9999,
        })
      ).json().message,
    ).toBe('Case type is required');
    // A workflow a case type uses is not deleted from under it.
    expect((await law.post('/api/workflow/delete', { workflowId: i140!._id })).statusCode).toBe(400);
    const stranger = await other.post('/api/workflow/config-update', {
      workflowConfigId,
      workflowId: (await list(other)).list[0]!._id,
      petitionTypeId: 3,
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('R-SHELL-045: the shell still reads configCompleted and active of the default workflow from details', async () => {
    const me = (await law.get('/api/auth/me')).json();
    const w = await details(law, me.tenant.defaultWorkflowId);
    expect(w).toMatchObject({ isDefault: true, configCompleted: false, active: false });
  });
});

describe('ids inside a body (issue 25, finding 2)', () => {
  it("SECURITY 2: config-save and config-update refuse a questionnaireId that names nothing (400) or another tenant's questionnaire (404), and write nothing", async () => {
    const questionnaireOf = async (tenantId: string, name: string) =>
      (
        await t.database.db.execute<{ id: string }>(
          sql`insert into questionnaire_templates (tenant_id, name, entity_type) values (${tenantId}, ${name}, 'Beneficiary') returning id`,
        )
      ).rows[0]!.id;
    const own = await questionnaireOf(t.tenants.lawfirm, 'Own beneficiary questionnaire');
    const foreign = await questionnaireOf(t.tenants.otherfirm, 'Other firm questionnaire');
    const configs = async () =>
      (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from workflow_configs`)).rows[0]!.n;
    const [wf] = (await list(law, { filters: { title: 'PERM' } })).list;
    const before = await configs();
    const random = '0b6c2d4e-8f1a-4b3c-9d5e-7f8a9b0c1d2e';
    const unknown = await law.post('/api/workflow/config-save', {
      workflowId: wf!._id,
      petitionTypeId: 9,
      questionnaireId: random,
    });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Questionnaire does not exist',
      fields: [{ name: 'questionnaireId', message: 'Questionnaire does not exist' }],
    });
    const stolen = await law.post('/api/workflow/config-save', {
      workflowId: wf!._id,
      petitionTypeId: 9,
      questionnaireId: foreign,
    });
    expect(stolen.statusCode, stolen.body).toBe(404);
    expect(stolen.json()).toMatchObject({
      code: 'NOT_FOUND',
      fields: [{ name: 'questionnaireId', message: 'Questionnaire not found' }],
    });
    expect(await configs()).toBe(before);
    const saved = await law.post('/api/workflow/config-save', {
      workflowId: wf!._id,
      petitionTypeId: 9,
      questionnaireId: own,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const workflowConfigId = saved.json().workflowConfigId;
    const update = await law.post('/api/workflow/config-update', {
      workflowConfigId,
      workflowId: wf!._id,
      petitionTypeId: 9,
      questionnaireId: foreign,
    });
    expect(update.statusCode, update.body).toBe(404);
    const stored = await t.database.db.execute<{ questionnaire_id: string }>(
      sql`select questionnaire_id from workflow_configs where id = ${workflowConfigId}`,
    );
    expect(stored.rows[0]?.questionnaire_id).toBe(own);
  });
});
