import type { Executor, Tx } from '@caseport/db/client';
import { type CaseTypeRef, FACT_BY_KEY, factApplies, mergeFacts } from '@caseport/domain/cases/facts';
import {
  allowedUscisOutcomes,
  applyRunAction,
  instantiateRun,
  RUN_CASE_CLOSED,
  RUN_NOT_IN_RUN,
  type RunAction,
  type RunActivity,
  type RunKind,
  type RunStatus,
  type RunWaitsFor,
  type UscisOutcome,
} from '@caseport/domain/cases/run';
import {
  ACTIVITY_CONFLICT_MESSAGE,
  type CaseActivities,
  type CaseActivity,
  type CaseActivityActBody,
  type CaseActivitySetDueBody,
  NO_WORKFLOW_MESSAGE,
} from '@caseport/domain/cases/run-contracts';
import { checkRunData, invoiceTotal } from '@caseport/domain/cases/run-data';
import { actRefusal, DUE_NOT_OPEN, dueOnRefusal, rfeResponseDueOf } from '@caseport/domain/cases/run-rules';
import { addDays } from '@caseport/domain/reminders/engine';
import { type ActivityCode, RFE_CODES, type Step } from '@caseport/domain/workflows/catalogue';
import type { ActivityWire } from '@caseport/domain/workflows/contracts';
import { type AssignUsersOn, type RfeHandling, ROLE_NAMES, type WorkflowType } from '@caseport/domain/workflows/rules';
import { recordAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { TenantContext } from '../../platform/context';
import { AppError, fieldError, fieldErrors, forbidden, formError, notFound } from '../../platform/errors';
import { tenantDay } from '../../platform/tenant-day';
import * as repo from './activities-repository';
import { issueCaseInvoice, voidCaseInvoice } from './invoices-service';

/**
 * The workflow run of a case (issue 34 item 5). The pure engine (packages/domain/src/cases/run.ts) decides every
 * transition; this service stores the run in case_activities, checks what each kind records (run-data.ts), writes
 * what it records into the case's facts, and keeps the transitions of one case in line: the case row is locked
 * for the transaction, and each changed row is updated only at the version that was read (a transition that lost
 * the race answers 409 CONFLICT, and the caller reads the run again).
 *
 * Due dates: an activity that opens is due 7 days later in the firm's own day (tenantDefaultTZ); an RFE activity
 * is due no later than the RFE's response due date; whoever may act on an open activity may change its due date
 * (setActivityDue). Who may act: run-rules.ts actRefusal (the Admin always; others when their role is among the
 * activity's editors, or they are its owner), refused with 403 before anything is read further or written.
 */

export const DUE_IN_DAYS = 7;

const WAITS_FOR_LABELS: Record<RunWaitsFor, string> = {
  beneficiary: 'Beneficiary',
  petitioner: 'Petitioner',
  signatory: 'Authorized signatory',
};

const isRfe = (code: string) => (RFE_CODES as readonly string[]).includes(code);
const roleRef = (roleId: number) => ({ roleId, roleName: ROLE_NAMES[roleId] ?? `Role ${roleId}` });
const iso = (t: string | null) => (t ? new Date(t).toISOString() : null);
const conflict = () => new AppError('CONFLICT', ACTIVITY_CONFLICT_MESSAGE, []);

const todayOf = (tx: Executor, tenantId: string, clock: Clock) => tenantDay(tx, tenantId, clock());

const toRunActivity = (r: repo.ActivityRow): RunActivity => ({
  code: r.code as ActivityCode,
  name: r.name,
  step: r.step as Step,
  seq: r.seq,
  status: r.status as RunStatus,
  optional: r.optional,
  ownerRoleIds: r.ownerRoleIds,
  waitsFor: r.waitsFor as RunWaitsFor | null,
  assigns: r.assigns,
  kind: r.kind as RunKind,
  dependsOn: r.dependsOn as ActivityCode[],
  uscisResponses: r.uscisResponses as UscisOutcome[],
});

const dueFor = (code: string, today: string, rfeDue: string | null) => {
  const due = addDays(today, DUE_IN_DAYS);
  return isRfe(code) && rfeDue && rfeDue < due ? rfeDue : due;
};

/**
 * Instantiates a case's run from its pinned workflow (the workflows row: its activities, workflowType,
 * manageRfeCase, assignUsersOn) and stores it. Idempotent: a case whose run exists is left as it is. Called
 * when a case is opened (createCase) and by /api/cases/activities/start. It writes no audit row: the caller's
 * own row covers it (one row per mutation), e.g. createCase's 'create' may name the `activities` answered.
 */
export const startCaseRun = async (tx: Tx, ctx: TenantContext, clock: Clock, caseId: string, workflowId: string) => {
  const tenantId = ctx.tenantId;
  const c = await repo.findCase(tx, tenantId, caseId, true);
  if (!c) throw notFound('Case');
  if ((await repo.countActivities(tx, tenantId, caseId)) > 0) return { started: false, count: 0, activities: [] };
  const wf = await repo.findWorkflow(tx, tenantId, workflowId);
  if (!wf) throw notFound('Workflow');
  const run = instantiateRun({
    workflowType: wf.workflowType as WorkflowType,
    manageRfeCase: wf.manageRfeCase as RfeHandling,
    assignUsersOn: wf.assignUsersOn as AssignUsersOn,
    activities: wf.activities as ActivityWire[],
  });
  const today = await todayOf(tx, tenantId, clock);
  const now = clock().toISOString();
  await repo.insertActivities(
    tx,
    tenantId,
    caseId,
    run.map((x) => ({
      seq: x.seq,
      code: x.code,
      name: x.name,
      step: x.step,
      status: x.status,
      optional: x.optional,
      ownerRoleIds: x.ownerRoleIds,
      kind: x.kind,
      waitsFor: x.waitsFor,
      assigns: x.assigns,
      dependsOn: x.dependsOn,
      uscisResponses: x.uscisResponses,
      dueOn: x.status === 'open' ? dueFor(x.code, today, null) : null,
      // Opening the case is CREATE_PETITION (run.ts): done by whoever opened it.
      ...(x.status === 'done' ? { doneBy: ctx.principal.userId, doneOn: now } : {}),
    })),
  );
  return { started: true, count: run.length, activities: run.map((x) => `${x.code}:${x.status}`) };
};

const toItem = (
  l: repo.ListedActivity,
  people: Awaited<ReturnType<typeof repo.outsidePeople>> | null,
): CaseActivity => {
  const r = l.row;
  const waits = r.waitsFor as RunWaitsFor | null;
  return {
    _id: r.id,
    code: r.code as ActivityCode,
    name: r.name,
    step: r.step,
    seq: r.seq,
    status: r.status as RunStatus,
    optional: r.optional,
    kind: r.kind as RunKind,
    ownerRoles: r.ownerRoleIds.map(roleRef),
    owner: r.ownerId ? { id: r.ownerId, name: l.ownerName ?? '' } : null,
    assigns: r.assigns === null ? null : roleRef(r.assigns),
    dueOn: r.dueOn,
    data: (r.data ?? {}) as Record<string, unknown>,
    version: r.version,
    doneBy: r.doneBy ? { id: r.doneBy, name: l.doneByName ?? '' } : null,
    doneOn: iso(r.doneOn),
    waitsFor: waits ? { who: waits, label: WAITS_FOR_LABELS[waits], name: people?.[waits] ?? null } : null,
    dependsOn: r.dependsOn,
    uscisResponses: r.uscisResponses as UscisOutcome[],
  };
};

const activitiesOf = async (
  tx: Executor,
  tenantId: string,
  c: repo.RunCase,
  caseStatus = c.status,
): Promise<CaseActivities> => {
  const listed = await repo.listActivities(tx, tenantId, c.id);
  const people = listed.some((l) => l.row.waitsFor) ? await repo.outsidePeople(tx, tenantId, c) : null;
  const run = listed.map((l) => toRunActivity(l.row));
  return {
    caseId: c.id,
    caseStatus: caseStatus === 'closed' ? 'closed' : 'open',
    hasWorkflow: !!c.workflowId,
    openedOn: await tenantDay(tx, tenantId, c.createdOn),
    list: listed.map((l) => toItem(l, people)),
    totalCount: listed.length,
    allowedUscisOutcomes: run.length ? allowedUscisOutcomes(run) : [],
  };
};

/** The case's activities in run order (empty when the run has not started); another tenant's case is 404. */
export const listCaseActivities = async (tx: Executor, ctx: TenantContext, caseId: string) => {
  const c = await repo.findCase(tx, ctx.tenantId, caseId);
  if (!c) throw notFound('Case');
  return activitiesOf(tx, ctx.tenantId, c);
};

/** Starts the run of a case with a workflow (idempotent); answers its activities. */
export const startCaseActivities = async (tx: Tx, ctx: TenantContext, clock: Clock, caseId: string) => {
  const c = await repo.findCase(tx, ctx.tenantId, caseId, true);
  if (!c) throw notFound('Case');
  if (!c.workflowId) throw formError(NO_WORKFLOW_MESSAGE);
  const { started, activities } = await startCaseRun(tx, ctx, clock, caseId, c.workflowId);
  if (started)
    await recordAudit(tx, ctx, {
      entity: 'case',
      entityId: caseId,
      action: 'activity-start',
      after: { workflowId: c.workflowId, activities },
    });
  return {
    message: started ? `Activities of case ${c.caseNumber} started` : 'The activities are already started',
    ...(await activitiesOf(tx, ctx.tenantId, c)),
  };
};

const OUTCOME_LABELS: Record<UscisOutcome, string> = {
  receipt: 'receipt',
  rfe: 'RFE',
  approved: 'approval',
  denied: 'denial',
};

/** The facts an action writes into the case (only those its case type holds, facts.ts). */
const factsOf = (
  kind: RunKind,
  code: ActivityCode,
  outcome: UscisOutcome | undefined,
  data: Record<string, unknown>,
  today: string,
): Record<string, unknown> => {
  if (kind === 'lca')
    return {
      lcaNumber: data.lcaNumber,
      ...(data.validFrom ? { lcaValidFrom: data.validFrom } : {}),
      ...(data.validTo ? { lcaValidTo: data.validTo } : {}),
      ...(code === 'LCA_SUBMIT' ? { lcaSubmittedOn: data.submittedOn ?? today } : {}),
    };
  if (kind === 'invoice') return { invoiceIssuedOn: data.issuedOn };
  if (kind === 'uscis' && outcome === 'receipt') return { receiptNumber: data.receiptNumber };
  return {};
};

/**
 * The activity a change names, once the caller may act on it (403 with the reason, run-rules.ts) and saw its
 * current version (409): the permission first, so that one who may not act learns nothing of its state.
 */
const targetOf = (ctx: TenantContext, rows: repo.ActivityRow[], body: { code: string; version: number }) => {
  if (!rows.length) throw notFound('Activity');
  const target = rows.find((r) => r.code === body.code);
  if (!target) throw formError(RUN_NOT_IN_RUN);
  const refusal = actRefusal(target, ctx.principal);
  if (refusal) throw forbidden(refusal);
  if (target.version !== body.version) throw conflict();
  return target;
};

/**
 * One transition of a case's run (complete, undo, skip, or a USCIS response), at the version of the activity the
 * caller saw: the engine decides, the data is checked per kind, the changed rows are stored at their versions,
 * the facts it records are written, an approval or a denial closes the case, and one audit row is written.
 */
export const actOnActivity = async (tx: Tx, ctx: TenantContext, clock: Clock, body: CaseActivityActBody) => {
  const c = await repo.findCase(tx, ctx.tenantId, body.caseId, true);
  if (!c) throw notFound('Case');
  const rows = (await repo.listActivities(tx, ctx.tenantId, c.id)).map((l) => l.row);
  return transition(tx, ctx, clock, c, rows, targetOf(ctx, rows, body), body);
};

/**
 * Issue 35: the steps of a case's run that the people outside the firm finish, taken as the firm would take them.
 * A signed envelope completes the signing steps (REQUEST_PETITIONER_SIGN, its RFE twin, DOC_SIGNER_LIST: by the
 * roles that signed, signingStepsOf); submitted answers complete SUBMIT_BY_BENEFICIARY, and answers sent back undo
 * it ('undo') when nothing after it is done. A step the run would refuse, or that is not in the state the action
 * needs, is left as it is. The caller runs it in the firm's scope (platform/firm-step.ts): a party's own scope
 * writes no activity. Answers the codes it changed, for the caller's one audit row of the request (SECURITY 19).
 */
export const takeSteps = async (
  tx: Tx,
  ctx: TenantContext,
  clock: Clock,
  caseId: string,
  codes: readonly ActivityCode[],
  action: 'complete' | 'undo' = 'complete',
) => {
  const c = await repo.findCase(tx, ctx.tenantId, caseId, true);
  const changed: ActivityCode[] = [];
  for (const code of c ? codes : []) {
    const rows = (await repo.listActivities(tx, ctx.tenantId, caseId)).map((l) => l.row);
    const target = rows.find((r) => r.code === code && r.status === (action === 'complete' ? 'open' : 'done'));
    if (!c || !target) continue;
    if (applyRunAction(rows.map(toRunActivity), { type: action, code }).error) continue;
    const body = { caseId, code, version: target.version, action } as const;
    await transition(tx, ctx, clock, c, rows, target, body, { audited: false });
    changed.push(code);
  }
  return changed;
};

/** The transition itself, on a target the caller chose and may act on (actOnActivity, takeSteps). */
const transition = async (
  tx: Tx,
  ctx: TenantContext,
  clock: Clock,
  c: NonNullable<Awaited<ReturnType<typeof repo.findCase>>>,
  rows: repo.ActivityRow[],
  target: repo.ActivityRow,
  body: CaseActivityActBody,
  { audited = true }: { audited?: boolean } = {},
) => {
  const tenantId = ctx.tenantId;
  const run = rows.map(toRunActivity);
  const kind = target.kind as RunKind;

  let action: RunAction;
  if (body.action === 'uscis') {
    if (kind !== 'uscis') throw formError('Only the USCIS response records a USCIS outcome');
    if (!body.outcome) throw fieldError('outcome', 'Choose the USCIS response');
    action = { type: 'uscis', outcome: body.outcome };
  } else {
    action = { type: body.action, code: body.code };
  }
  const outcome = body.action === 'uscis' ? body.outcome : undefined;
  // The engine first: a refused transition needs no data.
  const result = applyRunAction(run, action);
  if (result.error) throw formError(result.error);

  const today = await todayOf(tx, tenantId, clock);
  const now = clock().toISOString();
  const before = (target.data ?? {}) as Record<string, unknown>;
  let data = before;
  let facts: Record<string, unknown> = {};
  let assigned: { userId: string; roleId: number } | null = null;
  if (body.action === 'complete' || body.action === 'uscis') {
    const checked = checkRunData(outcome ? { outcome } : { kind, code: body.code as ActivityCode }, body.data);
    if (!checked.ok) throw fieldErrors(checked.fields);
    let value = checked.value;
    if (kind === 'assign' && target.assigns !== null) {
      const user = await repo.findActiveUserOfRole(tx, tenantId, value.userId as string, target.assigns);
      if (!user) throw notFound('User');
      value = { ...value, userName: user.name ?? '' };
      assigned = { userId: user.id, roleId: target.assigns };
    }
    if (kind === 'invoice') {
      // Issue 34: the case's invoice is issued from the confirmed lines (case_invoices, its PDF on the Fees tab).
      const lines = value.lines as { label: string; amount: number }[];
      const issuedOn = (value.issuedOn as string | undefined) ?? today;
      const invoice = await issueCaseInvoice(tx, ctx, {
        caseId: c.id,
        petitionerId: c.petitionerId,
        activityId: target.id,
        lines,
        issuedOn,
      });
      value = { ...value, issuedOn, total: invoiceTotal(lines), ...invoice };
    }
    if (kind === 'lca' && body.code === 'LCA_SUBMIT') value = { ...value, submittedOn: value.submittedOn ?? today };
    if (outcome === 'rfe' || outcome === 'approved' || outcome === 'denied')
      value = outcome === 'rfe' ? value : { ...value, decidedOn: value.decidedOn ?? today };
    facts = factsOf(kind, body.code as ActivityCode, outcome, value, today);
    data = outcome ? { ...before, [outcome]: value } : value;
  } else if (body.action === 'undo') {
    // The undone record goes; the facts it wrote stay (the Overview owns them from then on).
    const last = target.uscisResponses.at(-1);
    data = kind === 'uscis' && last ? Object.fromEntries(Object.entries(before).filter(([k]) => k !== last)) : {};
  }

  // Owners: an ASSIGN_* activity gives the picked user the open and waiting activities its role acts on;
  // undoing it takes them back.
  const unassigned =
    body.action === 'undo' && kind === 'assign' && typeof before.userId === 'string' ? before.userId : null;
  const uscisRow = rows.find((r) => r.kind === 'uscis');
  const rfeDue = rfeResponseDueOf(uscisRow?.id === target.id ? data : uscisRow?.data);

  for (const r of rows) {
    const next = result.run.find((x) => x.code === r.code) as RunActivity;
    const set: Parameters<typeof repo.updateActivity>[4] = {};
    if (next.status !== r.status) {
      set.status = next.status;
      if (next.status === 'open') set.dueOn = dueFor(r.code, today, rfeDue);
      if (next.status === 'waiting') set.dueOn = null;
      const finished = next.status === 'done' || next.status === 'skipped';
      set.doneOn = finished ? now : null;
      set.doneBy = finished && r.id === target.id ? ctx.principal.userId : null;
    }
    // A CREATE_INVOICE that is done no longer (undone, or reopened by the undo of another): its invoice is voided,
    // not deleted (its number stays taken).
    if (r.kind === 'invoice' && r.status === 'done' && next.status !== 'done')
      await voidCaseInvoice(tx, ctx, r.id, clock());
    if (next.uscisResponses.join() !== r.uscisResponses.join()) set.uscisResponses = next.uscisResponses;
    if (r.id === target.id) set.data = data;
    const active = next.status === 'open' || next.status === 'waiting';
    if (assigned && active && !r.ownerId && r.ownerRoleIds.includes(assigned.roleId)) set.ownerId = assigned.userId;
    if (unassigned && active && r.ownerId === unassigned) set.ownerId = null;
    if (Object.keys(set).length === 0) continue;
    if (!(await repo.updateActivity(tx, tenantId, r.id, r.version, set))) throw conflict();
  }

  const type: CaseTypeRef = { category: c.typeCategory, code: c.typeCode };
  const held = Object.fromEntries(
    Object.entries(facts).filter(([key, v]) => {
      const def = FACT_BY_KEY[key as keyof typeof FACT_BY_KEY];
      return v !== undefined && def && factApplies(def, type);
    }),
  );
  if (Object.keys(held).length)
    await repo.updateCaseFacts(tx, tenantId, c.id, mergeFacts(c.facts as Record<string, unknown>, held).facts);
  const closed = result.caseStatus === 'closed';
  if (closed) await repo.closeCase(tx, tenantId, c.id, clock());

  const after = result.run.find((x) => x.code === target.code) as RunActivity;
  if (audited)
    await recordAudit(tx, ctx, {
      entity: 'case',
      entityId: c.id,
      action: 'activity',
      before: { code: target.code, status: target.status, uscisResponses: target.uscisResponses },
      after: {
        code: target.code,
        action: body.action,
        ...(outcome ? { outcome } : {}),
        status: after.status,
        uscisResponses: after.uscisResponses,
        ...(body.action === 'complete' || body.action === 'uscis' ? { data } : {}),
        ...(Object.keys(held).length ? { facts: held } : {}),
        ...(closed ? { caseStatus: 'closed' } : {}),
      },
    });

  const done: Record<typeof body.action, string> = {
    complete: `${target.name}: done`,
    undo: `${target.name}: undone`,
    skip: `${target.name}: skipped`,
    uscis: `USCIS ${outcome ? OUTCOME_LABELS[outcome] : 'response'} recorded`,
  };
  return {
    message: closed ? `${done[body.action]}. The case is closed` : done[body.action],
    ...(await activitiesOf(tx, tenantId, c, closed ? 'closed' : c.status)),
  };
};

/**
 * Issue 34: an open activity's due date, set by someone who may act on it, at the version they saw (409
 * otherwise): a calendar date not before the case was opened and, for an RFE activity, not after the RFE's
 * response due date (run-rules.ts dueOnRefusal, 400 on `dueOn`). Audited as `activity-due`. The date holds until
 * the activity closes; an activity that opens again (undo) gets the default due date anew.
 */
export const setActivityDue = async (tx: Tx, ctx: TenantContext, body: CaseActivitySetDueBody) => {
  const tenantId = ctx.tenantId;
  const c = await repo.findCase(tx, tenantId, body.caseId, true);
  if (!c) throw notFound('Case');
  const rows = (await repo.listActivities(tx, tenantId, c.id)).map((l) => l.row);
  const target = targetOf(ctx, rows, body);
  if (c.status === 'closed') throw formError(RUN_CASE_CLOSED);
  if (target.status !== 'open') throw formError(DUE_NOT_OPEN);
  const refusal = dueOnRefusal(target.code, body.dueOn, {
    openedOn: await tenantDay(tx, tenantId, c.createdOn),
    rfeResponseDueOn: rfeResponseDueOf(rows.find((r) => r.kind === 'uscis')?.data),
  });
  if (refusal) throw fieldError('dueOn', refusal);
  if (!(await repo.updateActivity(tx, tenantId, target.id, target.version, { dueOn: body.dueOn }))) throw conflict();
  await recordAudit(tx, ctx, {
    entity: 'case',
    entityId: c.id,
    action: 'activity-due',
    before: { code: target.code, dueOn: target.dueOn },
    after: { code: target.code, dueOn: body.dueOn },
  });
  return { message: `${target.name}: due ${body.dueOn}`, ...(await activitiesOf(tx, tenantId, c)) };
};
