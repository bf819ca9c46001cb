import { schema } from '@caseport/db/client';
import { instantiateRun } from '@caseport/domain/cases/run';
import type { CaseActivities, CaseActivity } from '@caseport/domain/cases/run-contracts';
import { addDays } from '@caseport/domain/reminders/engine';
import type { ActivityCode } from '@caseport/domain/workflows/catalogue';
import { activityToWire } from '@caseport/domain/workflows/contracts';
import { applyAction, newWorkflow, type RfeHandling, type WorkflowType } from '@caseport/domain/workflows/rules';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from './support/calls';
import { pdfText } from './support/pdf-text';
import { type Caller, createTestApp, DEMO, login, type TestApp } from './support/test-app';
import { addUser } from './support/users';

let t: TestApp;
let admin: Caller;
let manager: Caller;
/** A user of each role an ASSIGN_* activity picks (5 attorney, 6 paralegal, 7, 8, 9), in the demo law firm. */
const staff: Record<number, string> = {};
let serial = 0;

const userIdOf = async (email: string) =>
  (await t.database.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email)))[0]
    ?.id as string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t, DEMO.lawAdmin);
  manager = await login(t, DEMO.lawManager);
  for (const role of [5, 6, 7, 8, 9]) staff[role] = await userIdOf(await addUser(t, 'lawfirm', role));
});
afterAll(() => t.close());

/** A stored workflow as the editor saves it (the rule engine's newWorkflow with the editor's actions). */
const storeWorkflow = async (
  opts: { workflowType?: WorkflowType; rfe?: RfeHandling; tenant?: 'lawfirm' | 'otherfirm' } = {},
) => {
  const ctx = { tenantType: 1 as const };
  let d = newWorkflow(`Run ${++serial}`, 1, ctx);
  if (opts.workflowType) d = applyAction(d, { type: 'setWorkflowType', value: opts.workflowType }, ctx);
  if (opts.rfe) d = applyAction(d, { type: 'setRfeHandling', value: opts.rfe }, ctx);
  const activities = d.config.map(activityToWire);
  const [row] = await t.database.db
    .insert(schema.workflows)
    .values({
      tenantId: t.tenants[opts.tenant ?? 'lawfirm'],
      name: d.name,
      tplTypeId: 1,
      workflowType: d.workflowType,
      assignUsersOn: d.assignUsersOn,
      manageRfeCase: d.manageRfeCase,
      activities,
      configCompleted: true,
      active: true,
    })
    .returning({ id: schema.workflows.id });
  return {
    id: row?.id as string,
    codes: instantiateRun({ ...d, activities }).map((a) => a.code),
  };
};

/** An H-1B case (cap, new petition) pinned to `workflowId`, written as the case's own routes would leave it. */
const openCase = async (workflowId: string | null, tenant: 'lawfirm' | 'otherfirm' = 'lawfirm') => {
  const n = ++serial;
  const [row] = await t.database.db
    .insert(schema.cases)
    .values({ tenantId: t.tenants[tenant], typeId: 1, subTypeId: 1, serial: n, caseNumber: `RUN-${n}`, workflowId })
    .returning({ id: schema.cases.id });
  return row?.id as string;
};

const list = (caseId: string, c = admin) => ok<CaseActivities>(c, '/api/cases/activities/list', { caseId });
const start = (caseId: string, c = admin) => ok<CaseActivities>(c, '/api/cases/activities/start', { caseId });
const find = (run: CaseActivities, code: ActivityCode) => run.list.find((a) => a.code === code) as CaseActivity;
const act = (caseId: string, a: CaseActivity, action: string, extra: object = {}, c = admin) =>
  c.post('/api/cases/activities/act', { caseId, code: a.code, version: a.version, action, ...extra });

const LCA = { lcaNumber: 'I-200-24123-123456', validFrom: '2030-01-01', validTo: '2032-12-31' };
/** What a user enters to complete an activity of each kind. */
const dataFor = (a: CaseActivity): object | undefined => {
  if (a.kind === 'assign') return { userId: staff[a.assigns?.roleId as number] };
  if (a.kind === 'lca') return LCA;
  if (a.kind === 'fee') return { amount: 780, method: 'check', paidOn: '2030-01-05' };
  if (a.kind === 'invoice') return { lines: [{ label: 'Legal fee', amount: 2500 }] };
  return undefined;
};

/** Completes the first open activity (with its data) until `stop` is open. */
const advanceTo = async (caseId: string, stop: ActivityCode) => {
  let run = await list(caseId);
  for (let i = 0; i < 60 && find(run, stop)?.status !== 'open'; i++) {
    const next = run.list.find((a) => a.status === 'open' && a.kind !== 'uscis') as CaseActivity;
    const res = await act(caseId, next, 'complete', { data: dataFor(next) });
    expect(res.statusCode, `${next.code}: ${res.body}`).toBe(200);
    run = res.json();
  }
  expect(find(run, stop).status).toBe('open');
  return list(caseId);
};

const auditRows = async (caseId: string) =>
  (
    await t.database.db.execute<{ action: string; before: unknown; after: Record<string, unknown> }>(
      sql`select action, before, after from audit_log where entity = 'case' and entity_id = ${caseId} order by id`,
    )
  ).rows;

const caseRow = async (caseId: string) =>
  (
    await t.database.db
      .select({ status: schema.cases.status, closedOn: schema.cases.closedOn, facts: schema.cases.facts })
      .from(schema.cases)
      .where(eq(schema.cases.id, caseId))
  )[0];

const todayNY = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });

describe('the workflow run of a case (issue 34 item 5)', () => {
  it("issue 34: start instantiates the pinned workflow's activities in its order, once", async () => {
    const wf = await storeWorkflow({ workflowType: 'Sequential' });
    const caseId = await openCase(wf.id);
    expect(await list(caseId)).toMatchObject({ list: [], totalCount: 0, hasWorkflow: true, caseStatus: 'open' });
    const run = await start(caseId, manager);
    expect(run.list.map((a) => a.code)).toEqual(wf.codes);
    expect(run.list.map((a) => a.seq)).toEqual(wf.codes.map((_, i) => i + 1));
    expect(find(run, 'CREATE_PETITION')).toMatchObject({ status: 'done', doneBy: { name: expect.any(String) } });
    const open = run.list.filter((a) => a.status === 'open');
    expect(open).toHaveLength(1); // Sequential
    expect(open[0]?.dueOn).toBe(addDays(todayNY(), 7));
    expect(run.list.filter((a) => a.status === 'waiting').every((a) => a.dueOn === null)).toBe(true);
    // Outside people: who they wait for, not linked yet on this case.
    expect(find(run, 'SUBMIT_BY_BENEFICIARY').waitsFor).toEqual({
      who: 'beneficiary',
      label: 'Beneficiary',
      name: null,
    });
    expect(find(run, 'ASSIGN_PARALEGAL')).toMatchObject({ kind: 'assign', assigns: { roleId: 6 } });

    const again = await start(caseId);
    expect(again.list.map((a) => a._id)).toEqual(run.list.map((a) => a._id));
    expect((await auditRows(caseId)).map((r) => r.action)).toEqual(['activity-start']);

    const none = await openCase(null);
    const refused = await admin.post('/api/cases/activities/start', { caseId: none });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This case has no workflow');
    expect(await list(none)).toMatchObject({ list: [], hasWorkflow: false });
  });

  it('issue 34: two completions of one activity at once: one 200, one 409, and the loser reads the new state', async () => {
    const caseId = await openCase((await storeWorkflow()).id);
    const run = await start(caseId);
    // SUPERVISOR_LIST's editors are Admin and Branch Manager: both may act on it.
    const target = find(run, 'SUPERVISOR_LIST');
    expect(target.status).toBe('open');
    const [a, b] = await Promise.all([act(caseId, target, 'complete'), act(caseId, target, 'complete', {}, manager)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const lost = a.statusCode === 409 ? a : b;
    expect(lost.json()).toEqual({
      code: 'CONFLICT',
      message: 'This activity was just changed by someone else',
      fields: [],
    });
    const now = find(await list(caseId), 'SUPERVISOR_LIST');
    expect(now).toMatchObject({ status: 'done', version: target.version + 1 });
    // A stale version stays refused; acting on the version read again works.
    expect((await act(caseId, target, 'undo')).statusCode).toBe(409);
    expect((await act(caseId, now, 'undo')).statusCode).toBe(200);
    expect((await auditRows(caseId)).filter((r) => r.action === 'activity')).toHaveLength(2);
  });

  it('issue 34: an RFE opens the RFE activities when the workflow handles RFEs in the case; the receipt lands in the facts', async () => {
    const wf = await storeWorkflow({ workflowType: 'Sequential', rfe: 'with_in_case' });
    const caseId = await openCase(wf.id);
    await start(caseId);
    let run = await advanceTo(caseId, 'UPDATE_USCIS_RESPONSE');
    expect(run.allowedUscisOutcomes).toEqual(['receipt', 'rfe', 'approved', 'denied']);
    let uscis = find(run, 'UPDATE_USCIS_RESPONSE');
    const bad = await act(caseId, uscis, 'uscis', { outcome: 'receipt', data: { receiptNumber: '12' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([
      { name: 'data.receiptNumber', message: 'Receipt number is three letters and ten digits, e.g. IOE0912345678' },
    ]);
    let res = await act(caseId, uscis, 'uscis', { outcome: 'receipt', data: { receiptNumber: 'ioe0912345678' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await caseRow(caseId))?.facts).toMatchObject({ receiptNumber: 'IOE0912345678' });
    run = res.json();
    uscis = find(run, 'UPDATE_USCIS_RESPONSE');
    expect(uscis).toMatchObject({ status: 'open', uscisResponses: ['receipt'] });
    expect(find(run, 'RFE_UPLOAD_NOTICE').status).toBe('waiting');

    const responseDueOn = addDays(todayNY(), 3);
    res = await act(caseId, uscis, 'uscis', { outcome: 'rfe', data: { issuedOn: todayNY(), responseDueOn } });
    expect(res.statusCode, res.body).toBe(200);
    run = res.json();
    expect(find(run, 'UPDATE_USCIS_RESPONSE')).toMatchObject({ status: 'done', uscisResponses: ['receipt', 'rfe'] });
    // Sequential: the first of the RFE set opens, due by the RFE's response date (sooner than 7 days).
    expect(find(run, 'RFE_UPLOAD_NOTICE')).toMatchObject({ status: 'open', dueOn: responseDueOn });
    expect(run.allowedUscisOutcomes).toEqual([]);
    expect(find(run, 'CASE_APPROVED').status).toBe('waiting');
  });

  it('issue 34: a workflow that files RFEs separately has no RFE activities; an RFE opens nothing in the case', async () => {
    const wf = await storeWorkflow({ workflowType: 'Sequential', rfe: 'filed_separately' });
    const caseId = await openCase(wf.id);
    const started = await start(caseId);
    expect(started.list.some((a) => a.code.startsWith('RFE_'))).toBe(false);
    const run = await advanceTo(caseId, 'UPDATE_USCIS_RESPONSE');
    const res = await act(caseId, find(run, 'UPDATE_USCIS_RESPONSE'), 'uscis', {
      outcome: 'rfe',
      data: { issuedOn: '2030-02-01', responseDueOn: '2030-04-01' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as CaseActivities).list.filter((a) => a.status === 'open')).toEqual([]);
  });

  it('issue 34: ASSIGN_PARALEGAL takes a paralegal of the firm; another role or another tenant is 404 and changes nothing', async () => {
    const caseId = await openCase((await storeWorkflow({ workflowType: 'Sequential' })).id);
    await start(caseId);
    const run = await advanceTo(caseId, 'ASSIGN_PARALEGAL');
    const assign = find(run, 'ASSIGN_PARALEGAL');
    const audits = (await auditRows(caseId)).length;
    const attorney = await act(caseId, assign, 'complete', { data: { userId: staff[5] } });
    expect(attorney.statusCode).toBe(404);
    expect(attorney.json()).toMatchObject({ code: 'NOT_FOUND', message: 'User not found' });
    const otherTenant = await userIdOf(DEMO.otherAdmin);
    expect((await act(caseId, assign, 'complete', { data: { userId: otherTenant } })).statusCode).toBe(404);
    const missing = await act(caseId, assign, 'complete', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields[0].name).toBe('data.userId');
    expect(await list(caseId)).toEqual(run);
    expect((await auditRows(caseId)).length).toBe(audits);

    const res = await act(caseId, assign, 'complete', { data: { userId: staff[6] } });
    expect(res.statusCode, res.body).toBe(200);
    const after: CaseActivities = res.json();
    expect(find(after, 'ASSIGN_PARALEGAL')).toMatchObject({
      status: 'done',
      data: { userId: staff[6], userName: 'Role 6' },
    });
    // The paralegal now owns the open and waiting activities a paralegal acts on.
    const theirs = after.list.filter(
      (a) => (a.status === 'open' || a.status === 'waiting') && a.ownerRoles.some((r) => r.roleId === 6),
    );
    expect(theirs.length).toBeGreaterThan(0);
    for (const a of theirs) expect(a.owner).toEqual({ id: staff[6], name: 'Role 6' });
    // Undo gives them back.
    const undone: CaseActivities = (await act(caseId, find(after, 'ASSIGN_PARALEGAL'), 'undo')).json();
    expect(undone.list.filter((a) => a.owner?.id === staff[6])).toEqual([]);
    expect(find(undone, 'ASSIGN_PARALEGAL')).toMatchObject({ status: 'open', data: {} });
  });

  it('issue 34: the LCA number and dates land in the case facts; a bad number is refused on its field', async () => {
    const caseId = await openCase((await storeWorkflow()).id);
    const run = await start(caseId);
    const bad = await act(caseId, find(run, 'LCA_REQUEST'), 'complete', { data: { lcaNumber: 'I-200-24400-1' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([
      { name: 'data.lcaNumber', message: 'LCA case number looks like I-200-24123-123456' },
    ]);
    let res = await act(caseId, find(run, 'LCA_REQUEST'), 'complete', { data: { lcaNumber: 'i-200-24123-000042' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await caseRow(caseId))?.facts).toEqual({ lcaNumber: 'I-200-24123-000042' });
    const submit = find(res.json(), 'LCA_SUBMIT');
    expect(submit.status).toBe('open');
    const backwards = await act(caseId, submit, 'complete', {
      data: { ...LCA, validFrom: '2031-01-01', validTo: '2030-01-01' },
    });
    expect(backwards.json().fields).toEqual([
      { name: 'data.validTo', message: 'Valid to must be on or after valid from' },
    ]);
    res = await act(caseId, submit, 'complete', { data: LCA });
    expect(res.statusCode, res.body).toBe(200);
    expect((await caseRow(caseId))?.facts).toEqual({
      lcaNumber: LCA.lcaNumber,
      lcaValidFrom: LCA.validFrom,
      lcaValidTo: LCA.validTo,
      lcaSubmittedOn: todayNY(),
    });
    // The fee and the invoice are recorded on their activities.
    const fee = await act(caseId, find(res.json(), 'FILING_FEE'), 'complete', {
      data: { amount: 780.5, method: 'card', paidOn: '2030-01-05' },
    });
    expect(fee.statusCode, fee.body).toBe(200);
    expect(find(fee.json(), 'FILING_FEE').data).toEqual({ amount: 780.5, method: 'card', paidOn: '2030-01-05' });
    const invoice = await act(caseId, find(fee.json(), 'CREATE_INVOICE'), 'complete', {
      data: {
        lines: [
          { label: 'Legal fee', amount: 2500 },
          { label: 'Courier', amount: 40.25 },
        ],
      },
    });
    expect(invoice.statusCode, invoice.body).toBe(200);
    expect(find(invoice.json(), 'CREATE_INVOICE').data).toMatchObject({ total: 2540.25, issuedOn: todayNY() });
    expect((await caseRow(caseId))?.facts).toMatchObject({ invoiceIssuedOn: todayNY() });
  });

  it("issue 34: Create Invoice issues the case's invoice from its lines, billed to its petitioner; its PDF reads them back; undo voids it and the next is numbered after it; another tenant gets 404", async () => {
    const caseId = await openCase((await storeWorkflow({ workflowType: 'Sequential' })).id);
    const petitionerId = await userIdOf(DEMO.lawPetitioner);
    await t.database.db
      .update(schema.cases)
      .set({ petitionerId, petitionerName: 'Priya Patel' })
      .where(eq(schema.cases.id, caseId));
    const caseNumber = (await t.database.db.select().from(schema.cases).where(eq(schema.cases.id, caseId)))[0]
      ?.caseNumber as string;
    await start(caseId);
    const run = await advanceTo(caseId, 'CREATE_INVOICE');
    const lines = [
      { label: 'Legal fee', amount: 2500 },
      { label: 'Courier', amount: 40.25 },
    ];
    const issued = await act(caseId, find(run, 'CREATE_INVOICE'), 'complete', { data: { lines } });
    expect(issued.statusCode, issued.body).toBe(200);
    const data = find(issued.json(), 'CREATE_INVOICE').data;
    expect(data).toMatchObject({ invoiceNumber: `${caseNumber}-INV1`, invoiceId: expect.any(String), total: 2540.25 });
    const first = await ok<{ list: Record<string, unknown>[] }>(admin, '/api/cases/invoices/list', { caseId });
    expect(first.list).toEqual([
      {
        _id: data.invoiceId,
        invoiceNumber: `${caseNumber}-INV1`,
        issuedOn: todayNY(),
        billedTo: expect.stringMatching(/^Priya Patel(\n|$)/),
        lines,
        total: 2540.25,
        status: 'issued',
        voidedOn: null,
      },
    ]);
    const pdfOf = (c: Caller = admin) => c.post('/api/cases/invoices/pdf', { caseId, invoiceId: data.invoiceId });
    const pdf = await pdfOf(manager);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`attachment; filename="${caseNumber}-INV1.pdf"`);
    const printed = await pdfText(pdf.rawPayload);
    for (const part of [
      `${caseNumber}-INV1`,
      'Priya Patel',
      'Legal fee',
      '$2,500.00',
      'Courier',
      '$40.25',
      '$2,540.25 USD',
    ])
      expect(printed).toContain(part);
    expect(printed).not.toContain('VOID');
    // Another tenant's admin: neither the list nor the PDF.
    const other = await login(t, DEMO.otherAdmin);
    expect((await other.post('/api/cases/invoices/list', { caseId })).statusCode).toBe(404);
    expect((await pdfOf(other)).statusCode).toBe(404);
    // Undo voids it (kept, its number taken); completing again issues INV2.
    const undone = await act(caseId, find(issued.json(), 'CREATE_INVOICE'), 'undo');
    expect(undone.statusCode, undone.body).toBe(200);
    const voided = await ok<{ list: { status: string; voidedOn: string | null }[] }>(
      admin,
      '/api/cases/invoices/list',
      {
        caseId,
      },
    );
    expect(voided.list).toMatchObject([{ status: 'void', voidedOn: expect.any(String) }]);
    expect(await pdfText((await pdfOf()).rawPayload)).toContain('VOID');
    const again = await act(caseId, find(undone.json(), 'CREATE_INVOICE'), 'complete', {
      data: { lines: [{ label: 'Legal fee', amount: 2400 }] },
    });
    expect(again.statusCode, again.body).toBe(200);
    const both = await ok<{ list: { invoiceNumber: string; status: string }[] }>(admin, '/api/cases/invoices/list', {
      caseId,
    });
    expect(both.list.map((i) => [i.invoiceNumber, i.status])).toEqual([
      [`${caseNumber}-INV2`, 'issued'],
      [`${caseNumber}-INV1`, 'void'],
    ]);
    // The transitions are audited on the case, with the invoice each issued.
    const rows = (await auditRows(caseId)).filter((r) => r.after.code === 'CREATE_INVOICE');
    expect(
      rows.map((r) => (r.after.data as { invoiceNumber?: string } | undefined)?.invoiceNumber ?? r.after.action),
    ).toEqual([`${caseNumber}-INV1`, 'undo', `${caseNumber}-INV2`]);
  });

  it('issue 34: approval closes the case and a closed case refuses every action; every transition is audited', async () => {
    const caseId = await openCase((await storeWorkflow({ workflowType: 'Sequential' })).id);
    await start(caseId);
    let run = await advanceTo(caseId, 'UPDATE_USCIS_RESPONSE');
    let res = await act(caseId, find(run, 'UPDATE_USCIS_RESPONSE'), 'uscis', { outcome: 'approved' });
    expect(res.statusCode, res.body).toBe(200);
    run = res.json();
    expect(find(run, 'UPDATE_USCIS_RESPONSE').data).toEqual({ approved: { decidedOn: todayNY() } });
    expect(run.caseStatus).toBe('open');
    res = await act(caseId, find(run, 'CASE_APPROVED'), 'complete');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ caseStatus: 'closed', message: 'Case Approved: done. The case is closed' });
    expect(await caseRow(caseId)).toMatchObject({ status: 'closed', closedOn: expect.any(String) });
    const closed: CaseActivities = res.json();
    expect(closed.list.every((a) => a.status === 'done' || a.status === 'skipped')).toBe(true);
    const refused = await act(caseId, find(closed, 'CASE_APPROVED'), 'undo');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This case is closed');

    // One audit row per transition that went through, naming the activity before and after.
    const rows = (await auditRows(caseId)).filter((r) => r.action === 'activity');
    const transitions = closed.list.filter((a) => a.doneBy && a.code !== 'CREATE_PETITION').length;
    expect(rows).toHaveLength(transitions);
    expect(rows.at(-1)).toMatchObject({
      before: { code: 'CASE_APPROVED', status: 'open' },
      after: { code: 'CASE_APPROVED', action: 'complete', status: 'done', caseStatus: 'closed' },
    });
  });

  it("issue 34: refused transitions answer the engine's message and change nothing", async () => {
    const caseId = await openCase((await storeWorkflow({ workflowType: 'Sequential' })).id);
    await start(caseId);
    const run = await list(caseId);
    const waiting = run.list.find((a) => a.status === 'waiting') as CaseActivity;
    const res = await act(caseId, waiting, 'complete');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This activity is not open');
    const notOptional = run.list.find((a) => a.status === 'open') as CaseActivity;
    expect((await act(caseId, notOptional, 'skip')).json().message).toBe('Only an optional activity can be skipped');
    expect((await act(caseId, find(run, 'UPDATE_USCIS_RESPONSE'), 'uscis')).statusCode).toBe(400);
    expect(await list(caseId)).toEqual(run);
  });

  it("issue 34: another tenant's case is 404 on every activities route; role 50 is refused (403)", async () => {
    const wf = await storeWorkflow({ tenant: 'otherfirm' });
    const theirs = await openCase(wf.id, 'otherfirm');
    const other = await login(t, DEMO.otherAdmin);
    const run = await start(theirs, other);
    for (const [url, body] of [
      ['/api/cases/activities/list', { caseId: theirs }],
      ['/api/cases/activities/start', { caseId: theirs }],
      [
        '/api/cases/activities/act',
        { caseId: theirs, code: 'MANAGER_LIST', version: find(run, 'MANAGER_LIST').version, action: 'complete' },
      ],
    ] as const) {
      const res = await admin.post(url, body);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('Case not found');
    }
    expect(find(await list(theirs, other), 'MANAGER_LIST').status).toBe('open');
    const petitioner = await login(t, DEMO.lawPetitioner);
    const mine = await openCase((await storeWorkflow()).id);
    expect((await petitioner.post('/api/cases/activities/list', { caseId: mine })).statusCode).toBe(403);
    expect((await petitioner.post('/api/cases/activities/start', { caseId: mine })).statusCode).toBe(403);
  });
  it("issue 34: a user whose role is not among an activity's editors gets 403 and the activity is unchanged; an editor succeeds", async () => {
    const caseId = await openCase((await storeWorkflow()).id);
    const run = await start(caseId);
    // MANAGER_LIST's editors are the Admin only (the workflow's default): the Branch Manager may not act on it.
    const adminOnly = find(run, 'MANAGER_LIST');
    expect(adminOnly.ownerRoles.map((r) => r.roleId)).toEqual([3]);
    const refused = await act(caseId, adminOnly, 'complete', {}, manager);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only Admin or its owner can act on this activity',
    });
    const due = await manager.post('/api/cases/activities/set-due', {
      caseId,
      code: adminOnly.code,
      version: adminOnly.version,
      dueOn: '2099-01-01',
    });
    expect(due.statusCode).toBe(403);
    expect(find(await list(caseId), 'MANAGER_LIST')).toEqual(adminOnly);
    expect((await auditRows(caseId)).map((r) => r.action)).toEqual(['activity-start']);
    // An editor (Branch Manager on PARALEGAL_LIST) and the Admin (on every activity) succeed.
    const paralegals = find(run, 'PARALEGAL_LIST');
    expect(paralegals.ownerRoles.map((r) => r.roleId)).toEqual([3, 4]);
    expect((await act(caseId, paralegals, 'complete', {}, manager)).statusCode).toBe(200);
    expect((await act(caseId, adminOnly, 'complete')).statusCode).toBe(200);
    // The LCA's editors are Attorney and Paralegal: the Admin acts on it as the firm's administrator.
    const lca = find(run, 'LCA_REQUEST');
    expect((await act(caseId, lca, 'complete', { data: LCA }, manager)).statusCode).toBe(403);
    expect((await act(caseId, lca, 'complete', { data: LCA })).statusCode).toBe(200);
    // An activity with no editors (SUBMIT_BY_BENEFICIARY's field is hidden) is for those who open cases.
    expect(find(run, 'SUBMIT_BY_BENEFICIARY').ownerRoles).toEqual([]);
    expect((await act(caseId, find(run, 'SUBMIT_BY_BENEFICIARY'), 'complete', {}, manager)).statusCode).toBe(200);
  });

  it("issue 34: an open activity's due date is changed at its version (409 when stale), checked and audited", async () => {
    const caseId = await openCase((await storeWorkflow()).id);
    const run = await start(caseId);
    const target = find(run, 'PARALEGAL_LIST');
    const setDue = (a: CaseActivity, dueOn: string, c = admin) =>
      c.post('/api/cases/activities/set-due', { caseId, code: a.code, version: a.version, dueOn });

    const saved = await setDue(target, '2099-02-03', manager);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(`${target.name}: due 2099-02-03`);
    const now = find(saved.json(), 'PARALEGAL_LIST');
    expect(now).toMatchObject({ dueOn: '2099-02-03', version: target.version + 1, status: 'open' });
    expect(find(await list(caseId), 'PARALEGAL_LIST').dueOn).toBe('2099-02-03');

    // The version read before the change is stale: 409, nothing written.
    const stale = await setDue(target, '2099-03-03');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT', message: 'This activity was just changed by someone else' });
    // Not a calendar date; before the case was opened: 400 on dueOn.
    for (const [dueOn, message] of [
      ['2099-02-30', 'Enter a valid date'],
      ['2000-01-01', 'The due date cannot be before the case was opened'],
    ] as const) {
      const bad = await setDue(now, dueOn);
      expect(bad.statusCode, dueOn).toBe(400);
      expect(bad.json().fields).toEqual([{ name: 'dueOn', message }]);
    }
    // Only an open activity has a due date to change.
    const waiting = find(run, 'ASSIGN_PARALEGAL');
    expect(waiting.status).toBe('waiting');
    expect((await setDue(waiting, '2099-02-03')).json().message).toBe('Only an open activity has a due date to change');
    expect(find(await list(caseId), 'PARALEGAL_LIST')).toMatchObject({ dueOn: '2099-02-03', version: now.version });

    const rows = (await auditRows(caseId)).filter((r) => r.action === 'activity-due');
    expect(rows).toEqual([
      {
        action: 'activity-due',
        before: { code: 'PARALEGAL_LIST', dueOn: target.dueOn },
        after: { code: 'PARALEGAL_LIST', dueOn: '2099-02-03' },
      },
    ]);
    expect((await list(caseId)).openedOn).toBe(todayNY());
  });

  it('issue 34: an RFE activity is due no later than the RFE response date', async () => {
    const wf = await storeWorkflow({ workflowType: 'Sequential', rfe: 'with_in_case' });
    const caseId = await openCase(wf.id);
    await start(caseId);
    const run = await advanceTo(caseId, 'UPDATE_USCIS_RESPONSE');
    const responseDueOn = addDays(todayNY(), 30);
    const rfe = await act(caseId, find(run, 'UPDATE_USCIS_RESPONSE'), 'uscis', {
      outcome: 'rfe',
      data: { issuedOn: todayNY(), responseDueOn },
    });
    expect(rfe.statusCode, rfe.body).toBe(200);
    const open = (rfe.json() as CaseActivities).list.find((a) => a.status === 'open' && a.code.startsWith('RFE_'));
    if (!open) throw new Error('no RFE activity opened');
    const late = await admin.post('/api/cases/activities/set-due', {
      caseId,
      code: open.code,
      version: open.version,
      dueOn: addDays(responseDueOn, 1),
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().fields).toEqual([
      { name: 'dueOn', message: `An RFE activity is due no later than the RFE response date (${responseDueOn})` },
    ]);
    const onTime = await admin.post('/api/cases/activities/set-due', {
      caseId,
      code: open.code,
      version: open.version,
      dueOn: responseDueOn,
    });
    expect(onTime.statusCode).toBe(200);
  });
});
