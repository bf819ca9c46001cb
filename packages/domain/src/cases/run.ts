import { type ActivityCode, DRIVEN_BY, FILE_AFTER_INVOICE_CODES, RFE_CODES, type Step } from '../workflows/catalogue';
import { type ActivityWire, fromYesNo } from '../workflows/contracts';
import { type AssignUsersOn, type RfeHandling, ROLE_NAMES, type WorkflowType } from '../workflows/rules';

/**
 * The workflow run of a case (issue 34 item 5): a workflow's activities instantiated on one case, with a
 * status each, and the transitions its users make. Pure: the server stores the run and applies
 * `applyRunAction` under its lock; the web shows the same statuses.
 *
 * What the run reads from the workflow, never re-deciding what the editor's rule engine (workflows/rules.ts)
 * already fixed when the workflow was saved (`normalize`, checked by `ruleBreaches`):
 * - which activities are in the run: the stored `include` (R-WF-037/039/040/045/047, D-10, D-11);
 * - which ones may be skipped: the stored `optional` (R-WF-038/046);
 * - who acts: the stored editors (D-08);
 * - the order: step, then the stored list order (R-WF-057's catalogue order);
 * - workflowType 'Sequential' or 'Free-Flow' (R-WF-020, 000 §3) and assignUsersOn (R-WF-022/023).
 *
 * RFE handling (000 §4 "RFE handling choice", R-WF-037..039, D-12):
 * - with_in_case: the RFE activities are part of this case's run and wait until an RFE is recorded on
 *   UPDATE_USCIS_RESPONSE; then they open (Sequential: the first one; Free-Flow: those with nothing to wait for).
 * - filed_separately: the spec "removes" the RFE activities (R-WF-039) and the saved workflow has them off, so
 *   they are EXCLUDED from the run (not 'skipped': they were never this case's work). An RFE recorded on such a
 *   case completes UPDATE_USCIS_RESPONSE and opens nothing here; its response is another case's work. The
 *   decision that follows it is recorded on this case ('approved' or 'denied').
 */

export const RUN_STATUSES = ['waiting', 'open', 'done', 'skipped'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** What UPDATE_USCIS_RESPONSE records: a receipt (the activity stays open), an RFE, or the decision. */
export const USCIS_OUTCOMES = ['receipt', 'rfe', 'approved', 'denied'] as const;
export type UscisOutcome = (typeof USCIS_OUTCOMES)[number];

export const RUN_KINDS = ['step', 'assign', 'lca', 'invoice', 'fee', 'uscis', 'approve'] as const;
/** What completing the activity records (issue 34 item 5); 'step' is marked done or undone by its owner. */
export type RunKind = (typeof RUN_KINDS)[number];

/** People outside the firm an activity waits for (issue 34 item 5). */
export type RunWaitsFor = 'beneficiary' | 'petitioner' | 'signatory';
export type CaseRunStatus = 'open' | 'closed';

export interface RunActivity {
  code: ActivityCode;
  name: string;
  step: Step;
  /** 1-based position in the run. */
  seq: number;
  status: RunStatus;
  /** The stored `optional` (R-WF-038/046): only an optional activity may be skipped. */
  optional: boolean;
  /** The activity's editors' role ids (D-08): who may act on it. */
  ownerRoleIds: number[];
  waitsFor: RunWaitsFor | null;
  /** For ASSIGN_* activities: the role whose user is picked (ASSIGN_PARALEGAL → 6 Paralegal …). */
  assigns: number | null;
  kind: RunKind;
  /**
   * The activities of this run this one waits for (done or skipped lets it open): in a Free-Flow run its
   * RUN_DEPENDENCIES present in the run (plus SUBMIT_BY_BENEFICIARY for an ASSIGN_* activity when users are
   * assigned on questionnaire-submitted); in a Sequential run the activity before it.
   */
  dependsOn: ActivityCode[];
  /** UPDATE_USCIS_RESPONSE only: the responses recorded, in order (e.g. ['receipt', 'rfe', 'approved']). */
  uscisResponses: UscisOutcome[];
}

/** The stored workflow a case pins (packages/db workflows row: `activities` holds the wire form). */
export interface RunnableWorkflow {
  workflowType: WorkflowType;
  manageRfeCase: RfeHandling;
  /** Defaults to the spec's default, 'questionnaire-submitted' (R-WF-022). */
  assignUsersOn?: AssignUsersOn;
  activities: readonly ActivityWire[];
}

export type RunAction =
  | { type: 'complete' | 'undo' | 'skip'; code: ActivityCode }
  | { type: 'uscis'; outcome: UscisOutcome };

export interface RunResult {
  run: RunActivity[];
  /** The case's status after the action; null when the action was refused (then `run` is the input run). */
  caseStatus: CaseRunStatus | null;
  error?: string;
}

export const RUN_NOT_IN_RUN = "This activity is not part of this case's workflow";
export const RUN_NOT_OPEN = 'This activity is not open';
export const RUN_NOT_UNDOABLE = 'Only a done or skipped activity can be undone';
export const RUN_DEPENDENT_DONE = 'An activity that follows this one is already done';
export const RUN_NOT_OPTIONAL = 'Only an optional activity can be skipped';
export const RUN_CASE_CLOSED = 'This case is closed';
export const RUN_CREATE_PETITION_FIXED = 'The case is created: this cannot be undone';
export const RUN_USE_USCIS = 'Record the USCIS response: a receipt, an RFE or a decision';
export const RUN_NO_USCIS = 'This workflow has no USCIS response activity';
export const RUN_RECEIPT_RECORDED = 'The receipt is already recorded';
export const RUN_RFE_NOT_FILED = 'The RFE response is not filed yet';

const USCIS: ActivityCode = 'UPDATE_USCIS_RESPONSE';
const CLOSERS: readonly ActivityCode[] = ['CASE_APPROVED', 'RFE_CASE_APPROVED'];
const isRfe = (code: ActivityCode) => (RFE_CODES as readonly ActivityCode[]).includes(code);

const roleIdNamed = (name: string): number => {
  const id = Object.keys(ROLE_NAMES)
    .map(Number)
    .find((k) => ROLE_NAMES[k] === name);
  if (id === undefined) throw new Error(`No role is named ${name}`);
  return id;
};

/** The role each ASSIGN_* activity picks a user of (R-ROLE-001..008 names, workflows/rules.ts ROLE_NAMES). */
export const ASSIGN_ROLES: Partial<Record<ActivityCode, number>> = {
  ASSIGN_SUPERVISOR: roleIdNamed('Supervisor'),
  ASSIGN_PARALEGAL: roleIdNamed('Paralegal'),
  ASSIGN_ATTORNEY: roleIdNamed('Attorney'),
  ASSIGN_DOCUMENTATION_MANAGER: roleIdNamed('Documentation Manager'),
  ASSIGN_DOCUMENTATION_EXECUTIVE: roleIdNamed('Documentation Executive'),
};

/** Issue 34 item 5: the activities that wait on people outside the firm. */
export const RUN_WAITS_FOR: Partial<Record<ActivityCode, RunWaitsFor>> = {
  SUBMIT_BY_BENEFICIARY: 'beneficiary',
  REQUEST_PETITIONER_SIGN: 'petitioner',
  RFE_REQUEST_PETITIONER_SIGN: 'petitioner',
  DOC_SIGNER_LIST: 'signatory',
};

const KINDS: Partial<Record<ActivityCode, RunKind>> = {
  LCA_REQUEST: 'lca',
  LCA_SUBMIT: 'lca',
  CREATE_INVOICE: 'invoice',
  FILING_FEE: 'fee',
  UPDATE_USCIS_RESPONSE: 'uscis',
  CASE_APPROVED: 'approve',
  RFE_CASE_APPROVED: 'approve',
};
export const runKindOf = (code: ActivityCode): RunKind =>
  KINDS[code] ?? (ASSIGN_ROLES[code] !== undefined ? 'assign' : 'step');

/** D-11 "X list drives Y", read as: Y picks from X, so Y waits for X. */
const assignWaitsForList: Partial<Record<ActivityCode, ActivityCode[]>> = {};
for (const [assign, list] of Object.entries(DRIVEN_BY) as [ActivityCode, ActivityCode][]) {
  assignWaitsForList[assign] = [list];
}
/** Filing the case: whichever of the filing activities the workflow has (FILE_AFTER_INVOICE_CODES, 000 §4). */
const FILING_CODES: ActivityCode[] = ['FILE_AFTER_PAYMENT', ...FILE_AFTER_INVOICE_CODES];

/**
 * Free-Flow dependencies (an activity opens once each of these that is in the run is done or skipped).
 * From the catalogue where it says so: DRIVEN_BY (D-11: each ASSIGN_* waits for its list; the supervisor and
 * documentation-executive lists added, as their assign picks from them), FILE_AFTER_INVOICE_CODES (wait for
 * the invoice, 000 §4), and the catalogue's descriptions: the payment follows the invoice, filing after payment
 * waits for the fee and the payment, the USCIS response follows the filing, approval follows the response,
 * LCA_SUBMIT follows LCA_REQUEST (R-WF-047), the handover to the law firm follows the questionnaire, and the RFE
 * set runs notice → response → signature → filing → approval (D-12 order).
 */
export const RUN_DEPENDENCIES: Partial<Record<ActivityCode, ActivityCode[]>> = {
  ...assignWaitsForList,
  ASSIGN_SUPERVISOR: ['SUPERVISOR_LIST'],
  ASSIGN_DOCUMENTATION_EXECUTIVE: [
    ...(assignWaitsForList.ASSIGN_DOCUMENTATION_EXECUTIVE ?? []),
    'DOCUMENTATION_EXECUTIVE_LIST',
  ],
  SUBMIT_TO_LAW_FIRM: ['SUBMIT_BY_BENEFICIARY'],
  LCA_SUBMIT: ['LCA_REQUEST'],
  PAYMENT_INTEGRATION: ['CREATE_INVOICE'],
  FILE_AFTER_PAYMENT: ['FILING_FEE', 'PAYMENT_INTEGRATION'],
  ...Object.fromEntries(FILE_AFTER_INVOICE_CODES.map((c) => [c, ['CREATE_INVOICE']])),
  FILE_AFTER_INVOICE_PAYMENT: ['CREATE_INVOICE', 'PAYMENT_INTEGRATION'],
  UPDATE_USCIS_RESPONSE: FILING_CODES,
  CASE_APPROVED: ['UPDATE_USCIS_RESPONSE'],
  RFE_UPLOAD_NOTICE: ['UPDATE_USCIS_RESPONSE'],
  RFE_ASSIGN_RESPONSE: ['UPDATE_USCIS_RESPONSE'],
  RFE_PREPARE_RESPONSE: ['RFE_UPLOAD_NOTICE', 'RFE_ASSIGN_RESPONSE'],
  RFE_REQUEST_PETITIONER_SIGN: ['RFE_PREPARE_RESPONSE'],
  RFE_FILE_RESPONSE: ['RFE_PREPARE_RESPONSE', 'RFE_REQUEST_PETITIONER_SIGN'],
  RFE_CASE_APPROVED: ['RFE_FILE_RESPONSE'],
};

const find = (run: readonly RunActivity[], code: ActivityCode) => run.find((a) => a.code === code);

const responsesOf = (run: readonly RunActivity[]) => find(run, USCIS)?.uscisResponses ?? [];
const rfeRecorded = (run: readonly RunActivity[]) => responsesOf(run).includes('rfe');
const decisionOf = (run: readonly RunActivity[]): 'approved' | 'denied' | null => {
  const last = responsesOf(run).at(-1);
  return last === 'approved' || last === 'denied' ? last : null;
};

/** The activity that closes the case once approved: RFE_CASE_APPROVED after an RFE handled in the case, else CASE_APPROVED. */
const expectedCloser = (run: readonly RunActivity[]): ActivityCode | null => {
  const rfeCloser = find(run, 'RFE_CASE_APPROVED');
  if (rfeRecorded(run) && rfeCloser && rfeCloser.status !== 'skipped') return rfeCloser.code;
  const closer = find(run, 'CASE_APPROVED');
  return closer && closer.status !== 'skipped' ? closer.code : null;
};

/** What the USCIS response gates, beyond the dependencies: the RFE set needs an RFE, approval needs 'approved'. */
const gateOpen = (run: readonly RunActivity[], code: ActivityCode): boolean => {
  if (code === 'RFE_CASE_APPROVED') return rfeRecorded(run) && decisionOf(run) === 'approved';
  if (isRfe(code)) return rfeRecorded(run);
  if (code === 'CASE_APPROVED') {
    // A workflow without UPDATE_USCIS_RESPONSE approves in its order like any step.
    if (!find(run, USCIS)) return true;
    return decisionOf(run) === 'approved' && expectedCloser(run) === 'CASE_APPROVED';
  }
  return true;
};

/** The case is closed: approved (its closer done, or approved with no closer left), or denied. */
export const isRunClosed = (run: readonly RunActivity[]): boolean =>
  run.some((a) => CLOSERS.includes(a.code) && a.status === 'done') ||
  decisionOf(run) === 'denied' ||
  (decisionOf(run) === 'approved' && expectedCloser(run) === null);

/**
 * Is `code` out of the way for what waits on it: absent, done, or skipped with its own dependencies cleared.
 * A skipped activity is looked through (as `dependentDone` does): once something before it is undone, what
 * follows it waits again, while the skip itself is kept (issue 34: undoing FILING_FEE with FILE_AFTER_INVOICE
 * skipped left UPDATE_USCIS_RESPONSE open beside the reopened fee, two open in a Sequential chain).
 */
const cleared = (run: readonly RunActivity[], code: ActivityCode, seen = new Set<ActivityCode>()): boolean => {
  const a = find(run, code);
  if (!a || a.status === 'done') return true;
  if (a.status !== 'skipped' || seen.has(code)) return false;
  seen.add(code);
  return a.dependsOn.every((d) => cleared(run, d, seen));
};

/** Waiting/open from the dependencies and the gates; done and skipped stay. One pass: only done/skipped count. */
const settle = (run: readonly RunActivity[]): RunActivity[] =>
  run.map((a) => {
    if (a.status === 'done' || a.status === 'skipped') return a;
    const ready = a.dependsOn.every((d) => cleared(run, d)) && gateOpen(run, a.code);
    const status: RunStatus = ready ? 'open' : 'waiting';
    return status === a.status ? a : { ...a, status };
  });

/** A closed case has nothing left to do: what is not done is skipped. */
const closeRun = (run: readonly RunActivity[]): RunActivity[] =>
  run.map((a) => (a.status === 'open' || a.status === 'waiting' ? { ...a, status: 'skipped' } : a));

/**
 * A case's run from its pinned workflow (issue 34 item 5): the included activities in the workflow's order,
 * CREATE_PETITION done (opening the case is that activity), the RFE set waiting for an RFE, and the rest open
 * or waiting by the workflow type: Sequential opens the first activity not done, Free-Flow every activity
 * whose RUN_DEPENDENCIES are done. With assignUsersOn 'questionnaire-submitted' a Free-Flow ASSIGN_* activity
 * also waits for SUBMIT_BY_BENEFICIARY (R-WF-022/023); a Sequential run keeps the list order, where the
 * questionnaire comes before the team in either case.
 */
export const instantiateRun = (workflow: RunnableWorkflow): RunActivity[] => {
  const inCase = workflow.manageRfeCase === 'with_in_case';
  // One per code (a saved workflow has each once; ruleBreaches refuses duplicates), stable by step.
  const picked = workflow.activities
    .map((a, index) => ({ a, index }))
    .filter(({ a, index }) => workflow.activities.findIndex((b) => b.code === a.code) === index)
    .filter(({ a }) => fromYesNo(a.include) && (inCase || !isRfe(a.code)))
    .sort((x, y) => x.a.step - y.a.step || x.index - y.index)
    .map(({ a }) => a);
  const present = new Set(picked.map((a) => a.code));
  const sequential = workflow.workflowType === 'Sequential';
  const assignOnQuestionnaire = (workflow.assignUsersOn ?? 'questionnaire-submitted') === 'questionnaire-submitted';

  let previous: ActivityCode | null = null;
  let previousRfe: ActivityCode | null = present.has(USCIS) ? USCIS : null;
  const run = picked.map((a, i): RunActivity => {
    let dependsOn: ActivityCode[];
    if (sequential) {
      // Two chains: the case's activities in order, and the RFE set in order after the USCIS response.
      const before = isRfe(a.code) ? previousRfe : previous;
      dependsOn = before ? [before] : [];
      if (isRfe(a.code)) previousRfe = a.code;
      else previous = a.code;
    } else {
      dependsOn = (RUN_DEPENDENCIES[a.code] ?? []).filter((d) => present.has(d));
      if (ASSIGN_ROLES[a.code] !== undefined && assignOnQuestionnaire && present.has('SUBMIT_BY_BENEFICIARY'))
        dependsOn = [...dependsOn, 'SUBMIT_BY_BENEFICIARY'];
    }
    return {
      code: a.code,
      name: a.name,
      step: a.step,
      seq: i + 1,
      status: a.code === 'CREATE_PETITION' ? 'done' : 'waiting',
      optional: a.optional,
      ownerRoleIds: a.editors.map((r) => r.roleId),
      waitsFor: RUN_WAITS_FOR[a.code] ?? null,
      assigns: ASSIGN_ROLES[a.code] ?? null,
      kind: runKindOf(a.code),
      dependsOn,
      uscisResponses: [],
    };
  });
  return settle(run);
};

const patch = (run: readonly RunActivity[], code: ActivityCode, change: Partial<RunActivity>): RunActivity[] =>
  run.map((a) => (a.code === code ? { ...a, ...change } : a));

/** Is anything that waits on `code` done? Skipped dependents are looked through (their dependents count). */
const dependentDone = (run: readonly RunActivity[], code: ActivityCode): boolean => {
  const queue = [code];
  const visited = new Set<ActivityCode>();
  while (queue.length) {
    const current = queue.shift() as ActivityCode;
    for (const a of run.filter((x) => x.dependsOn.includes(current) && !visited.has(x.code))) {
      visited.add(a.code);
      if (a.status === 'done') return true;
      if (a.status === 'skipped') queue.push(a.code);
    }
  }
  return false;
};

/** The transition itself; a string is the reason it is refused. */
const transition = (run: readonly RunActivity[], action: RunAction): RunActivity[] | string => {
  if (action.type === 'uscis') return recordUscis(run, action.outcome);
  const a = find(run, action.code);
  if (!a) return RUN_NOT_IN_RUN;
  switch (action.type) {
    case 'complete':
      if (a.kind === 'uscis') return RUN_USE_USCIS;
      if (a.status !== 'open') return RUN_NOT_OPEN;
      return patch(run, a.code, { status: 'done' });
    case 'skip':
      if (a.status !== 'open') return RUN_NOT_OPEN;
      if (!a.optional) return RUN_NOT_OPTIONAL;
      return patch(run, a.code, { status: 'skipped' });
    case 'undo': {
      if (a.status !== 'done' && a.status !== 'skipped') return RUN_NOT_UNDOABLE;
      if (a.code === 'CREATE_PETITION') return RUN_CREATE_PETITION_FIXED;
      if (a.kind === 'uscis') return undoUscis(run, a);
      if (dependentDone(run, a.code)) return RUN_DEPENDENT_DONE;
      return patch(run, a.code, { status: 'waiting' }); // settle opens it again
    }
  }
};

/**
 * UPDATE_USCIS_RESPONSE (issue 34 item 5): a receipt keeps it open; an RFE completes it and opens the RFE set
 * (with_in_case); a decision completes it, or follows an RFE once the RFE response is filed.
 */
const recordUscis = (run: readonly RunActivity[], outcome: UscisOutcome): RunActivity[] | string => {
  const u = find(run, USCIS);
  if (!u) return RUN_NO_USCIS;
  const responses = u.uscisResponses;
  if (outcome === 'receipt') {
    if (u.status !== 'open') return RUN_NOT_OPEN;
    if (responses.includes('receipt')) return RUN_RECEIPT_RECORDED;
    return patch(run, USCIS, { uscisResponses: [...responses, 'receipt'] });
  }
  if (outcome === 'rfe' && u.status !== 'open') return RUN_NOT_OPEN;
  if (outcome === 'approved' || outcome === 'denied') {
    const afterRfe = u.status === 'done' && responses.at(-1) === 'rfe';
    if (u.status !== 'open' && !afterRfe) return RUN_NOT_OPEN;
    if (afterRfe && !cleared(run, 'RFE_FILE_RESPONSE')) return RUN_RFE_NOT_FILED;
  }
  return patch(run, USCIS, { status: 'done', uscisResponses: [...responses, outcome] });
};

/** Undoing the USCIS response takes back its last RFE or decision, while nothing of the RFE set is done. */
const undoUscis = (run: readonly RunActivity[], u: RunActivity): RunActivity[] | string => {
  const last = u.uscisResponses.at(-1);
  if (last === 'rfe' && run.some((a) => isRfe(a.code) && (a.status === 'done' || a.status === 'skipped')))
    return RUN_DEPENDENT_DONE;
  const responses = u.uscisResponses.slice(0, -1);
  return patch(run, USCIS, {
    uscisResponses: responses,
    status: responses.some((r) => r !== 'receipt') ? 'done' : 'waiting',
  });
};

/**
 * One user action on a run (issue 34 item 5): complete an open activity, undo a done (or skipped) one whose
 * dependents are not done, skip an optional open one, or record a USCIS response. Statuses are recomputed
 * after each action. Approval (CASE_APPROVED, RFE_CASE_APPROVED) or a denial closes the case; a closed case's
 * remaining activities are skipped and every further action is refused.
 */
export const applyRunAction = (run: RunActivity[], action: RunAction): RunResult => {
  if (isRunClosed(run)) return { run, caseStatus: null, error: RUN_CASE_CLOSED };
  const next = transition(run, action);
  if (typeof next === 'string') return { run, caseStatus: null, error: next };
  const settled = settle(next);
  return isRunClosed(settled) ? { run: closeRun(settled), caseStatus: 'closed' } : { run: settled, caseStatus: 'open' };
};

/**
 * The USCIS responses the run accepts now (for the server and the page to offer): a receipt or an RFE or a
 * decision while UPDATE_USCIS_RESPONSE is open; after an RFE, the decision once the RFE response is filed.
 */
export const allowedUscisOutcomes = (run: RunActivity[]): UscisOutcome[] =>
  USCIS_OUTCOMES.filter((outcome) => !applyRunAction(run, { type: 'uscis', outcome }).error);
