import type { FieldError } from '../api/errors';
import type { TenantTypeId } from '../auth/roles';
import {
  ACTIVITIES,
  type ActivityCode,
  DRIVEN_BY,
  EDITOR_CHECK_EXEMPT,
  EDITORS_HIDDEN,
  FEE_PAYMENT_CODES,
  FILE_AFTER_INVOICE_CODES,
  RFE_CODES,
  RFE_OPTIONAL_CODES,
  type Step,
  type TemplateTypeId,
  WATCHERS_HIDDEN,
} from './catalogue';

/**
 * The workflow rule engine (000 §4, 001 §5/§6, D-08..D-14). Pure: the editor runs every user action
 * through `applyAction`, the server runs `ruleBreaches` + `validateWorkflow` on what it is sent.
 * `normalize` is the single place the invariants live; every action ends with it.
 */

export const WORKFLOW_TYPES = ['Free-Flow', 'Sequential'] as const;
export type WorkflowType = (typeof WORKFLOW_TYPES)[number];
export const ASSIGN_USERS_ON = ['questionnaire-submitted', 'case-created'] as const;
export type AssignUsersOn = (typeof ASSIGN_USERS_ON)[number];
export const RFE_HANDLING = ['with_in_case', 'filed_separately'] as const;
export type RfeHandling = (typeof RFE_HANDLING)[number];

export const EDITORS_REQUIRED = 'Editors are required';
export const NAME_REQUIRED = 'Workflow name is required';
export const NAME_EXISTS = 'Workflow is already exists';

/** D-08: editor and watcher entries. */
export interface RoleRef {
  roleId: number;
  roleName: string;
}

/** An activity as the editor holds it (booleans; the wire form uses Yes/No, see contracts.ts). */
export interface Activity {
  code: ActivityCode;
  name: string;
  description: string;
  step: Step;
  showMe: boolean;
  optional: boolean;
  include: boolean;
  actionRequired: boolean;
  editors: RoleRef[];
  watchers: RoleRef[];
  confirmRequired: boolean;
  confirmRequiredVal: boolean;
  canAssignAllUsers: boolean;
  canAssignAllUsersVal: boolean;
  approvedPwdReqForAdvEvidences: boolean;
  restrictPermDraftByAdvConfig: boolean;
  manageRfeCase: RfeHandling | null;
}

export interface WorkflowDraft {
  name: string;
  tplTypeId: TemplateTypeId;
  workflowType: WorkflowType;
  assignUsersOn: AssignUsersOn;
  manageRfeCase: RfeHandling;
  showPetitionAlert: boolean;
  config: Activity[];
}

/** The tenant the workflow belongs to decides half the rules (type 1 law firm, type 2 petitioner company). */
export interface RuleContext {
  tenantType: TenantTypeId;
}

/** user_roles master data names (R-ROLE-001..008); the editor shows them, D-08 stores them. */
export const ROLE_NAMES: Record<number, string> = {
  1: 'Super Admin',
  2: 'Platform Admin',
  3: 'Admin',
  4: 'Branch Manager',
  5: 'Attorney',
  6: 'Paralegal',
  7: 'Supervisor',
  8: 'Documentation Manager',
  9: 'Documentation Executive',
  10: 'Accounts Manager',
  11: 'Beneficiary',
  12: 'Authorized Signatory',
  13: 'HR Manager',
  14: 'Applicant',
  49: 'Guest',
  50: 'Petitioner',
  51: 'Sponsor',
};
const role = (roleId: number): RoleRef => ({ roleId, roleName: ROLE_NAMES[roleId] ?? `Role ${roleId}` });

const isRfe = (code: ActivityCode) => (RFE_CODES as readonly ActivityCode[]).includes(code);
const usesSponsor = (tplTypeId: TemplateTypeId) => tplTypeId === 7 || tplTypeId === 8;

/** R-WF-035, D-12: only template type 1 handles RFEs, so only it offers the choice. */
export const offersRfeChoice = (tplTypeId: TemplateTypeId) => tplTypeId === 1;
/** R-WF-032 */
export const isSequentialDisabled = (tplTypeId: TemplateTypeId) => tplTypeId === 5;
/** R-WF-033 */
export const isAssignUsersOnHidden = (tplTypeId: TemplateTypeId) => tplTypeId === 5;
/** R-WF-022/023 */
export const defaultAssignUsersOn = (tplTypeId: TemplateTypeId): AssignUsersOn =>
  tplTypeId === 5 ? 'case-created' : 'questionnaire-submitted';

/**
 * Editor and watcher choices (001 §6): roles 1, 2 and 12 excluded (1, 2 and 50 for tenant type 2); 14
 * and 49 never offered (R-ROLE-008); for template types 7 and 8 Petitioner is swapped for Sponsor 51.
 * A petitioner company hides the Petitioner role, and so its Sponsor stand-in too.
 */
export const roleChoices = (ctx: RuleContext, tplTypeId: TemplateTypeId): RoleRef[] => {
  const excluded = new Set(ctx.tenantType === 2 ? [1, 2, 14, 49, 50, 51] : [1, 2, 12, 14, 49]);
  return Object.keys(ROLE_NAMES)
    .map(Number)
    .filter((id) => !excluded.has(id))
    .filter((id) => (usesSponsor(tplTypeId) ? id !== 50 : id !== 51))
    .map(role);
};

export const isEditorsFieldHidden = (code: ActivityCode, ctx: RuleContext) =>
  EDITORS_HIDDEN.includes(code) || (code === 'DOC_SIGNER_LIST' && ctx.tenantType === 1);
export const isWatchersFieldHidden = (code: ActivityCode) => WATCHERS_HIDDEN.includes(code);

const find = (draft: Pick<WorkflowDraft, 'config'>, code: ActivityCode) => draft.config.find((a) => a.code === code);
const isOn = (draft: Pick<WorkflowDraft, 'config'>, code: ActivityCode) => !!find(draft, code)?.include;

/** Is the activity shown in the editor (its showMe)? */
export const isVisible = (draft: WorkflowDraft, code: ActivityCode, ctx: RuleContext): boolean => {
  if (code === 'SUBMIT_TO_LAW_FIRM') return ctx.tenantType === 2; // D-10
  if (ctx.tenantType === 2 && FEE_PAYMENT_CODES.includes(code)) return false; // R-WF-048
  if (isRfe(code)) return offersRfeChoice(draft.tplTypeId) && draft.manageRfeCase === 'with_in_case'; // R-WF-037/039
  if (code === 'LCA_SUBMIT') return isOn(draft, 'LCA_REQUEST'); // R-WF-047
  return true;
};

/** A value the rules fix: the include switch is disabled at this value. null when the user decides. */
export const forcedInclude = (draft: WorkflowDraft, code: ActivityCode, ctx: RuleContext): boolean | null => {
  if (!isVisible(draft, code, ctx)) return false;
  if (code === 'ASSIGN_SUPERVISOR') return true; // R-WF-045
  if (code === 'LCA_REQUEST' && (draft.tplTypeId === 8 || draft.tplTypeId === 9)) return false; // R-WF-034, D-13
  const driver = DRIVEN_BY[code];
  if (driver && !isOn(draft, driver)) return false; // D-11
  if (isRfe(code) && !RFE_OPTIONAL_CODES.includes(code)) return true; // R-WF-038
  return null;
};
export const isIncludeLocked = (draft: WorkflowDraft, code: ActivityCode, ctx: RuleContext) =>
  forcedInclude(draft, code, ctx) !== null;

const forcedActionRequired = (code: ActivityCode): boolean | null =>
  code === 'ASSIGN_SUPERVISOR' || (isRfe(code) && !RFE_OPTIONAL_CODES.includes(code)) ? true : null;

/** R-WF-038/046: which activities are optional. */
const optionalOf = (draft: WorkflowDraft, code: ActivityCode): boolean => {
  if (FILE_AFTER_INVOICE_CODES.includes(code)) return isOn(draft, 'FILING_FEE');
  if (isRfe(code)) return RFE_OPTIONAL_CODES.includes(code);
  return false;
};

/** Same roles with their canonical names; order does not matter. */
const sameRoles = (a: RoleRef[], b: RoleRef[]) =>
  a.length === b.length &&
  new Set(a.map((r) => r.roleId)).size === a.length &&
  a.every((r) => b.some((w) => w.roleId === r.roleId && w.roleName === r.roleName));

/** Keeps only allowed roles, once each, in choice order, with their canonical names. */
const cleanRoles = (roles: RoleRef[], allowed: RoleRef[]): RoleRef[] => {
  const ids = new Set(roles.map((r) => r.roleId));
  return allowed.filter((r) => ids.has(r.roleId));
};

const CREATE_PETITION_ROLES = [3, 4]; // R-WF-054

/**
 * The invariants. Idempotent: normalize(normalize(d)) equals normalize(d). Activities come back in
 * catalogue order, one per code; missing ones take the template default.
 */
export const normalize = (draft: WorkflowDraft, ctx: RuleContext): WorkflowDraft => {
  const tpl = draft.tplTypeId;
  const base: WorkflowDraft = {
    ...draft,
    // R-WF-032/033/023: type 5 assigns on case-created and has no Sequential.
    workflowType: isSequentialDisabled(tpl) ? 'Free-Flow' : draft.workflowType,
    assignUsersOn: isAssignUsersOnHidden(tpl) ? 'case-created' : draft.assignUsersOn,
    manageRfeCase: offersRfeChoice(tpl) ? draft.manageRfeCase : 'filed_separately',
  };
  const defaults = defaultConfig(tpl, ctx);
  // Static catalogue fields and the include values first, so that dependencies read the final includes.
  let config = ACTIVITIES.map((d) => {
    const given = find(draft, d.code) ?? (defaults.find((a) => a.code === d.code) as Activity);
    return {
      ...given,
      code: d.code,
      name: d.name,
      description: d.description,
      step: d.step,
      confirmRequired: d.confirmRequired,
      canAssignAllUsers: d.canAssignAllUsers,
    };
  });
  // Include values depend on other includes (LCA_REQUEST → LCA_SUBMIT, lists → assigns): two passes settle
  // them, since no dependency chain is longer than one link.
  for (let pass = 0; pass < 2; pass++) {
    const current: WorkflowDraft = { ...base, config };
    config = config.map((a) => {
      const forced = forcedInclude(current, a.code, ctx);
      return forced === null ? a : { ...a, include: forced };
    });
  }
  const settled: WorkflowDraft = { ...base, config };
  const choices = roleChoices(ctx, tpl);
  config = config.map((a) => {
    const on = a.include;
    const allowedEditors = isEditorsFieldHidden(a.code, ctx) ? [] : choices;
    let editors = on ? cleanRoles(a.editors, allowedEditors) : [];
    let watchers = on && !isWatchersFieldHidden(a.code) ? cleanRoles(a.watchers, choices) : [];
    if (a.code === 'CREATE_PETITION' && on) {
      // Its editors field is hidden: the defaults are the editors (R-WF-054, R-WF-055).
      editors = CREATE_PETITION_ROLES.map(role);
      watchers = watchers.length ? watchers : editors;
    }
    return {
      ...a,
      showMe: isVisible(settled, a.code, ctx),
      optional: optionalOf(settled, a.code),
      actionRequired: forcedActionRequired(a.code) ?? a.actionRequired,
      editors,
      watchers,
      // R-WF-041: off turns the confirmation off; only activities that offer it carry a value.
      confirmRequiredVal: on && a.confirmRequired && a.confirmRequiredVal,
      canAssignAllUsersVal: a.canAssignAllUsers && a.canAssignAllUsersVal,
      approvedPwdReqForAdvEvidences: a.code === 'COLLECT_ADV_EVIDENCE' && a.approvedPwdReqForAdvEvidences,
      restrictPermDraftByAdvConfig: a.code === 'PREPARE_PERM_APPLICATION' && a.restrictPermDraftByAdvConfig,
      manageRfeCase: isRfe(a.code) && offersRfeChoice(tpl) ? base.manageRfeCase : null,
    };
  });
  return { ...base, config };
};

/** Template defaults: what a new workflow of this template type starts with (before normalize). */
const TEMPLATE_ON: Partial<Record<ActivityCode, (tpl: TemplateTypeId) => boolean>> = {
  LCA_REQUEST: (tpl) => tpl === 1,
  LCA_SUBMIT: (tpl) => tpl === 1,
  INTERNAL_APPROVE_JOB_DESC: (tpl) => tpl === 2 || tpl === 3,
  COLLECT_ADV_EVIDENCE: (tpl) => tpl === 2,
  PREPARE_PERM_APPLICATION: (tpl) => tpl === 2,
  SUBMIT_BY_BENEFICIARY: (tpl) => tpl !== 5,
  PAYMENT_INTEGRATION: () => false,
  FILE_AFTER_PAYMENT: () => false,
  FILE_AFTER_INVOICE_PAYMENT: () => false,
  ASSIGN_DOCUMENTATION_EXECUTIVE: () => false,
  DOCUMENTATION_EXECUTIVE_LIST: () => false,
};
const DEFAULT_EDITORS: Partial<Record<ActivityCode, number[]>> = {
  MANAGER_LIST: [3],
  SUPERVISOR_LIST: [3, 4],
  ASSIGN_SUPERVISOR: [3, 4],
  PARALEGAL_LIST: [3, 4],
  ATTORNEY_LIST: [3],
  DOCUMENTATION_MANAGER_LIST: [3, 4],
  DOCUMENTATION_EXECUTIVE_LIST: [3, 4],
  INTERNAL_APPROVE_JOB_DESC: [3, 5, 13],
  COLLECT_ADV_EVIDENCE: [6],
  PREPARE_PERM_APPLICATION: [5, 6],
  LCA_REQUEST: [5, 6],
  LCA_SUBMIT: [5],
  REQUEST_PETITIONER_SIGN: [5, 6],
  CREATE_INVOICE: [10],
  FILING_FEE: [10],
  FILE_AFTER_PAYMENT: [6],
  UPDATE_USCIS_RESPONSE: [6],
  CASE_APPROVED: [5],
  RFE_UPLOAD_NOTICE: [6],
  RFE_ASSIGN_RESPONSE: [3, 4],
  RFE_PREPARE_RESPONSE: [5, 6],
  RFE_REQUEST_PETITIONER_SIGN: [5],
  RFE_FILE_RESPONSE: [6],
  RFE_CASE_APPROVED: [5],
};
/** Activities that wait for a user by default; the others only inform (watchers). */
const NOT_ACTION_REQUIRED: readonly ActivityCode[] = [
  'SUBMIT_BY_BENEFICIARY',
  'SUBMIT_TO_LAW_FIRM',
  'DOC_SIGNER_LIST',
  'PAYMENT_INTEGRATION',
  'FILE_AFTER_INVOICE',
  'FILE_AFTER_INVOICE_PAYMENT',
  'ASSIGN_PARALEGAL',
  'ASSIGN_ATTORNEY',
  'ASSIGN_DOCUMENTATION_MANAGER',
  'ASSIGN_DOCUMENTATION_EXECUTIVE',
];

const defaultConfig = (tpl: TemplateTypeId, ctx: RuleContext): Activity[] =>
  ACTIVITIES.map((d) => {
    const editors = (DEFAULT_EDITORS[d.code] ?? []).map(role);
    // R-WF-050: a petitioner company's documents are signed by its Authorized Signatory.
    const docSigner = d.code === 'DOC_SIGNER_LIST' && ctx.tenantType === 2 ? [role(12)] : [];
    return {
      code: d.code,
      name: d.name,
      description: d.description,
      step: d.step,
      showMe: true,
      optional: false,
      include: TEMPLATE_ON[d.code]?.(tpl) ?? true,
      actionRequired: !NOT_ACTION_REQUIRED.includes(d.code),
      editors: d.code === 'DOC_SIGNER_LIST' ? docSigner : editors,
      watchers: d.code === 'CREATE_PETITION' ? CREATE_PETITION_ROLES.map(role) : [],
      confirmRequired: d.confirmRequired,
      confirmRequiredVal: false,
      canAssignAllUsers: d.canAssignAllUsers,
      canAssignAllUsersVal: false,
      approvedPwdReqForAdvEvidences: false,
      restrictPermDraftByAdvConfig: false,
      manageRfeCase: null,
    };
  });

/** A new workflow of a template type for a tenant, with every rule applied. */
export const newWorkflow = (name: string, tplTypeId: TemplateTypeId, ctx: RuleContext): WorkflowDraft =>
  normalize(
    {
      name,
      tplTypeId,
      workflowType: 'Free-Flow',
      assignUsersOn: defaultAssignUsersOn(tplTypeId),
      manageRfeCase: 'with_in_case',
      showPetitionAlert: false,
      config: defaultConfig(tplTypeId, ctx),
    },
    ctx,
  );

export type WorkflowAction =
  | { type: 'setName'; name: string }
  | { type: 'setWorkflowType'; value: WorkflowType }
  | { type: 'setAssignUsersOn'; value: AssignUsersOn }
  | { type: 'setShowPetitionAlert'; value: boolean }
  | { type: 'setRfeHandling'; value: RfeHandling }
  | { type: 'setInclude'; code: ActivityCode; value: boolean }
  | { type: 'setActionRequired'; code: ActivityCode; value: boolean }
  | { type: 'setEditors'; code: ActivityCode; roleIds: number[] }
  | { type: 'setWatchers'; code: ActivityCode; roleIds: number[] }
  | {
      type: 'setFlag';
      code: ActivityCode;
      flag:
        | 'confirmRequiredVal'
        | 'canAssignAllUsersVal'
        | 'approvedPwdReqForAdvEvidences'
        | 'restrictPermDraftByAdvConfig';
      value: boolean;
    };

const patch = (draft: WorkflowDraft, code: ActivityCode, change: Partial<Activity>): WorkflowDraft => ({
  ...draft,
  config: draft.config.map((a) => (a.code === code ? { ...a, ...change } : a)),
});

/** One user action in the editor, then every rule. Actions the rules forbid change nothing. */
export const applyAction = (draft: WorkflowDraft, action: WorkflowAction, ctx: RuleContext): WorkflowDraft => {
  const next = ((): WorkflowDraft => {
    switch (action.type) {
      case 'setName':
        return { ...draft, name: action.name };
      case 'setWorkflowType':
        return { ...draft, workflowType: action.value };
      case 'setAssignUsersOn':
        return { ...draft, assignUsersOn: action.value };
      case 'setShowPetitionAlert':
        return { ...draft, showPetitionAlert: action.value };
      case 'setRfeHandling': {
        if (!offersRfeChoice(draft.tplTypeId)) return draft;
        // R-WF-037: with_in_case includes the RFE activities and makes them required (and visible).
        const on = action.value === 'with_in_case';
        return {
          ...draft,
          manageRfeCase: action.value,
          config: draft.config.map((a) =>
            // The team comes back with the activities: an RFE activity without editors gets its template ones.
            isRfe(a.code)
              ? {
                  ...a,
                  include: on,
                  actionRequired: on ? true : a.actionRequired,
                  editors: on && a.editors.length === 0 ? (DEFAULT_EDITORS[a.code] ?? []).map(role) : a.editors,
                }
              : a,
          ),
        };
      }
      case 'setInclude':
        if (isIncludeLocked(draft, action.code, ctx)) return draft;
        return patch(draft, action.code, { include: action.value });
      case 'setActionRequired':
        if (forcedActionRequired(action.code) !== null) return draft;
        return patch(draft, action.code, { actionRequired: action.value });
      case 'setEditors':
        return patch(draft, action.code, { editors: action.roleIds.map(role) });
      case 'setWatchers':
        return patch(draft, action.code, { watchers: action.roleIds.map(role) });
      case 'setFlag':
        return patch(draft, action.code, { [action.flag]: action.value });
    }
  })();
  return normalize(next, ctx);
};

const needsEditors = (draft: WorkflowDraft, a: Activity, ctx: RuleContext): boolean => {
  if (!a.include || !a.actionRequired || !a.showMe) return false;
  if (EDITOR_CHECK_EXEMPT.includes(a.code) || isEditorsFieldHidden(a.code, ctx)) return false;
  // R-WF-064/065: LCA_SUBMIT needs editors only while LCA_REQUEST is action-required.
  if (a.code === 'LCA_SUBMIT') return !!find(draft, 'LCA_REQUEST')?.actionRequired;
  return true;
};

export const editorsFieldName = (code: ActivityCode) => `config.${code}.editors`;

/** R-WF-016/058/061 (D-09): errors of one step; an empty list lets Continue advance. */
export const validateStep = (draft: WorkflowDraft, step: Step, ctx: RuleContext): FieldError[] => {
  const errors: FieldError[] = [];
  if (step === 1 && !draft.name.trim()) errors.push({ name: 'name', message: NAME_REQUIRED });
  for (const a of draft.config) {
    if (a.step === step && needsEditors(draft, a, ctx) && a.editors.length === 0) {
      errors.push({ name: editorsFieldName(a.code), message: EDITORS_REQUIRED });
    }
  }
  return errors;
};

/** D-09: the server applies every step's check when saving. */
export const validateWorkflow = (draft: WorkflowDraft, ctx: RuleContext): FieldError[] =>
  ([1, 2, 3] as const).flatMap((s) => validateStep(draft, s, ctx));

const RULE_FIELDS = ['workflowType', 'assignUsersOn', 'manageRfeCase'] as const;
const ACTIVITY_FIELDS = [
  'showMe',
  'optional',
  'include',
  'actionRequired',
  'confirmRequired',
  'confirmRequiredVal',
  'canAssignAllUsers',
  'canAssignAllUsersVal',
  'approvedPwdReqForAdvEvidences',
  'restrictPermDraftByAdvConfig',
  'manageRfeCase',
  'step',
  'name',
] as const;

/**
 * What a workflow sent directly (bypassing the editor) breaks: every field where it differs from what
 * the rules make of it. The editor never produces a breach, because it only holds normalized drafts.
 */
export const ruleBreaches = (draft: WorkflowDraft, ctx: RuleContext): FieldError[] => {
  const fixed = normalize(draft, ctx);
  const out: FieldError[] = [];
  for (const f of RULE_FIELDS) {
    if (draft[f] !== fixed[f]) out.push({ name: f, message: `${f} must be ${fixed[f]} for this workflow` });
  }
  const codes = draft.config.map((a) => a.code);
  if (codes.length !== ACTIVITIES.length || new Set(codes).size !== codes.length) {
    out.push({ name: 'config', message: 'config must list every activity code once' });
    return out;
  }
  for (const want of fixed.config) {
    const got = find(draft, want.code) as Activity;
    for (const f of ACTIVITY_FIELDS) {
      if (got[f] !== want[f])
        out.push({ name: `config.${want.code}.${f}`, message: `${want.code} ${f} must be ${String(want[f])}` });
    }
    if (!sameRoles(got.editors, want.editors))
      out.push({ name: editorsFieldName(want.code), message: `${want.code} editors break the role rules` });
    if (!sameRoles(got.watchers, want.watchers))
      out.push({ name: `config.${want.code}.watchers`, message: `${want.code} watchers break the role rules` });
  }
  return out;
};

/** R-WF-018: the side view shows the first 2 roles and '+N' for the rest. */
export const roleSummary = (roles: RoleRef[], shown = 2): { names: string[]; more: number } => ({
  names: roles.slice(0, shown).map((r) => r.roleName),
  more: Math.max(0, roles.length - shown),
});

/** Activities of a step the editor shows. */
export const visibleActivities = (draft: WorkflowDraft, step: Step) =>
  draft.config.filter((a) => a.step === step && a.showMe);
