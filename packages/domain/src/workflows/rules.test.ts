import { describe, expect, it } from 'vitest';
import {
  ACTIVITIES,
  ACTIVITY_CODES,
  type ActivityCode,
  FEE_PAYMENT_CODES,
  RFE_CODES,
  RFE_OPTIONAL_CODES,
  type TemplateTypeId,
} from './catalogue';
import {
  type Activity,
  ASSIGN_USERS_ON,
  applyAction,
  EDITORS_REQUIRED,
  isAssignUsersOnHidden,
  isEditorsFieldHidden,
  isIncludeLocked,
  isSequentialDisabled,
  isWatchersFieldHidden,
  NAME_REQUIRED,
  newWorkflow,
  normalize,
  offersRfeChoice,
  RFE_HANDLING,
  type RuleContext,
  roleChoices,
  roleSummary,
  ruleBreaches,
  validateStep,
  validateWorkflow,
  visibleActivities,
  WORKFLOW_TYPES,
  type WorkflowAction,
  type WorkflowDraft,
} from './rules';

const LAW: RuleContext = { tenantType: 1 };
const COMPANY: RuleContext = { tenantType: 2 };
const wf = (tpl: TemplateTypeId = 1, ctx = LAW) => newWorkflow('H-1B standard', tpl, ctx);
const act = (d: WorkflowDraft, code: ActivityCode) => d.config.find((a) => a.code === code) as Activity;
const run = (d: WorkflowDraft, ctx: RuleContext, ...actions: WorkflowAction[]) =>
  actions.reduce((s, a) => applyAction(s, a, ctx), d);
const ids = (roles: { roleId: number }[]) => roles.map((r) => r.roleId);

describe('activity catalogue and template types', () => {
  it('R-WF-057: handles every activity code of both spec files and the RFE set, each once, in steps 1-3', () => {
    const named = [
      'ASSIGN_SUPERVISOR',
      'SUPERVISOR_LIST',
      'ASSIGN_PARALEGAL',
      'PARALEGAL_LIST',
      'ASSIGN_ATTORNEY',
      'ATTORNEY_LIST',
      'ASSIGN_DOCUMENTATION_MANAGER',
      'DOCUMENTATION_MANAGER_LIST',
      'ASSIGN_DOCUMENTATION_EXECUTIVE',
      'DOCUMENTATION_EXECUTIVE_LIST',
      'COLLECT_ADV_EVIDENCE',
      'PREPARE_PERM_APPLICATION',
      'UPDATE_USCIS_RESPONSE',
      'LCA_REQUEST',
      'LCA_SUBMIT',
      'FILING_FEE',
      'PAYMENT_INTEGRATION',
      'FILE_AFTER_PAYMENT',
      'FILE_AFTER_INVOICE',
      'FILE_AFTER_INVOICE_PAYMENT',
      'DOC_SIGNER_LIST',
      'CREATE_PETITION',
      'SUBMIT_BY_BENEFICIARY',
      'SUBMIT_TO_LAW_FIRM',
      'MANAGER_LIST',
      'CREATE_INVOICE',
      'CASE_APPROVED',
      'REQUEST_PETITIONER_SIGN',
      'INTERNAL_APPROVE_JOB_DESC',
    ];
    for (const code of named) expect(ACTIVITY_CODES).toContain(code);
    for (const code of RFE_CODES) expect(ACTIVITY_CODES).toContain(code);
    expect(new Set(ACTIVITY_CODES).size).toBe(ACTIVITY_CODES.length);
    expect(ACTIVITIES.map((a) => a.code)).toEqual([...ACTIVITY_CODES]);
    for (const a of ACTIVITIES) expect([1, 2, 3]).toContain(a.step);
    expect(wf().config.map((a) => a.code)).toEqual([...ACTIVITY_CODES]);
  });

  it("D-12: the RFE set is exactly the six codes in D-12's listed order; request-petitioner-sign and case-approved are its optional pair", () => {
    const order = [
      'RFE_UPLOAD_NOTICE',
      'RFE_ASSIGN_RESPONSE',
      'RFE_PREPARE_RESPONSE',
      'RFE_REQUEST_PETITIONER_SIGN',
      'RFE_FILE_RESPONSE',
      'RFE_CASE_APPROVED',
    ];
    expect([...RFE_CODES]).toEqual(order);
    // D-12 lists RFE_FILE_RESPONSE between the optional pair, although its prose calls the pair
    // "the last-but-one and last": the listed order is what is asserted here.
    expect(RFE_CODES.at(-1)).toBe('RFE_CASE_APPROVED');
    expect(RFE_OPTIONAL_CODES).toEqual(['RFE_REQUEST_PETITIONER_SIGN', 'RFE_CASE_APPROVED']);
    // The editor lists them in the same order.
    expect(
      wf(1)
        .config.filter((a) => a.code.startsWith('RFE_'))
        .map((a) => a.code),
    ).toEqual(order);
  });

  it('R-WF-020: R-WF-021: R-WF-022: workflowType is Free-Flow or Sequential; assignUsersOn defaults to questionnaire-submitted', () => {
    // The option sets are exactly the spec's lists.
    expect([...WORKFLOW_TYPES].sort()).toEqual(['Free-Flow', 'Sequential']);
    expect([...ASSIGN_USERS_ON].sort()).toEqual(['case-created', 'questionnaire-submitted']);
    const d = wf(3);
    expect(['Free-Flow', 'Sequential']).toContain(d.workflowType);
    expect(d.assignUsersOn).toBe('questionnaire-submitted');
    expect(run(d, LAW, { type: 'setWorkflowType', value: 'Sequential' }).workflowType).toBe('Sequential');
    expect(run(d, LAW, { type: 'setAssignUsersOn', value: 'case-created' }).assignUsersOn).toBe('case-created');
  });

  it('R-WF-023: R-WF-032: R-WF-033: template type 5 assigns users on case-created, disables Sequential and hides the option', () => {
    const d = wf(5);
    expect(d.assignUsersOn).toBe('case-created');
    expect(isSequentialDisabled(5)).toBe(true);
    expect(isAssignUsersOnHidden(5)).toBe(true);
    expect(isSequentialDisabled(1) || isAssignUsersOnHidden(1)).toBe(false);
    const tried = run(
      d,
      LAW,
      { type: 'setWorkflowType', value: 'Sequential' },
      { type: 'setAssignUsersOn', value: 'questionnaire-submitted' },
    );
    expect(tried.workflowType).toBe('Free-Flow');
    expect(tried.assignUsersOn).toBe('case-created');
  });

  it('R-WF-034: D-13: LCA request is fixed (off, switch disabled) for template types 8 and 9', () => {
    for (const tpl of [8, 9] as const) {
      const d = wf(tpl);
      expect(act(d, 'LCA_REQUEST').include).toBe(false);
      expect(isIncludeLocked(d, 'LCA_REQUEST', LAW)).toBe(true);
      expect(act(run(d, LAW, { type: 'setInclude', code: 'LCA_REQUEST', value: true }), 'LCA_REQUEST').include).toBe(
        false,
      );
    }
    expect(isIncludeLocked(wf(2), 'LCA_REQUEST', LAW)).toBe(false);
    expect(act(run(wf(2), LAW, { type: 'setInclude', code: 'LCA_REQUEST', value: true }), 'LCA_REQUEST').include).toBe(
      true,
    );
  });

  it('R-WF-035: D-12: only template type 1 handles RFEs; the others keep the RFE activities hidden and off', () => {
    expect(offersRfeChoice(1)).toBe(true);
    for (const tpl of [2, 3, 4, 5, 6, 7, 8, 9] as const) {
      const d = run(wf(tpl), LAW, { type: 'setRfeHandling', value: 'with_in_case' });
      expect(offersRfeChoice(tpl)).toBe(false);
      expect(d.manageRfeCase).toBe('filed_separately');
      for (const code of RFE_CODES) expect(act(d, code)).toMatchObject({ include: false, showMe: false });
    }
  });

  it('R-WF-036: R-ROLE-006: template types 7 and 8 offer Sponsor (51) instead of Petitioner (50)', () => {
    for (const tpl of [7, 8] as const) {
      const choices = ids(roleChoices(LAW, tpl));
      expect(choices).toContain(51);
      expect(choices).not.toContain(50);
    }
    const h1b = ids(roleChoices(LAW, 1));
    expect(h1b).toContain(50);
    expect(h1b).not.toContain(51);
    expect(roleChoices(LAW, 7).find((r) => r.roleId === 51)?.roleName).toBe('Sponsor');
  });
});

describe('RFE handling (manageRfeCase)', () => {
  it('R-WF-027: R-WF-037: with_in_case makes the RFE activities included, required and visible', () => {
    expect([...RFE_HANDLING].sort()).toEqual(['filed_separately', 'with_in_case']);
    const d = run(
      wf(1),
      LAW,
      { type: 'setRfeHandling', value: 'filed_separately' },
      { type: 'setRfeHandling', value: 'with_in_case' },
    );
    expect(d.manageRfeCase).toBe('with_in_case');
    for (const code of RFE_CODES)
      expect(act(d, code)).toMatchObject({
        include: true,
        actionRequired: true,
        showMe: true,
        manageRfeCase: 'with_in_case',
      });
    // Their editors were cleared by filed_separately; the template's team comes back with them.
    expect(validateStep(d, 3, LAW)).toEqual([]);
    expect(ids(act(d, 'RFE_ASSIGN_RESPONSE').editors)).toEqual([3, 4]);
  });

  it('R-WF-038: under with_in_case the RFE activities are not optional, except request-petitioner-sign and case-approved', () => {
    const d = wf(1);
    for (const code of RFE_CODES) {
      const optional = code === 'RFE_REQUEST_PETITIONER_SIGN' || code === 'RFE_CASE_APPROVED';
      expect(act(d, code).optional, code).toBe(optional);
      expect(isIncludeLocked(d, code, LAW), code).toBe(!optional);
    }
    const off = run(
      d,
      LAW,
      { type: 'setInclude', code: 'RFE_CASE_APPROVED', value: false },
      { type: 'setInclude', code: 'RFE_FILE_RESPONSE', value: false },
    );
    expect(act(off, 'RFE_CASE_APPROVED').include).toBe(false);
    expect(act(off, 'RFE_FILE_RESPONSE').include).toBe(true);
  });

  it('R-WF-039: filed_separately removes the RFE activities, clears their editors and watchers and hides them', () => {
    let d = run(wf(1), LAW, { type: 'setWatchers', code: 'RFE_UPLOAD_NOTICE', roleIds: [3, 5] });
    expect(ids(act(d, 'RFE_UPLOAD_NOTICE').watchers)).toEqual([3, 5]);
    d = run(d, LAW, { type: 'setRfeHandling', value: 'filed_separately' });
    for (const code of RFE_CODES)
      expect(act(d, code)).toMatchObject({ include: false, showMe: false, editors: [], watchers: [] });
    expect(visibleActivities(d, 3).some((a) => a.code.startsWith('RFE_'))).toBe(false);
  });
});

describe('activity dependencies', () => {
  it('R-WF-040: R-WF-041: turning an activity off clears its editors and watchers and turns its confirmation off', () => {
    let d = run(
      wf(1),
      LAW,
      { type: 'setWatchers', code: 'UPDATE_USCIS_RESPONSE', roleIds: [3] },
      { type: 'setFlag', code: 'UPDATE_USCIS_RESPONSE', flag: 'confirmRequiredVal', value: true },
    );
    expect(act(d, 'UPDATE_USCIS_RESPONSE')).toMatchObject({ confirmRequiredVal: true });
    d = run(d, LAW, { type: 'setInclude', code: 'UPDATE_USCIS_RESPONSE', value: false });
    expect(act(d, 'UPDATE_USCIS_RESPONSE')).toMatchObject({
      include: false,
      editors: [],
      watchers: [],
      confirmRequiredVal: false,
    });
  });

  it('R-WF-042: D-11: the documentation-manager list drives assign documentation manager and executive', () => {
    let d = run(
      wf(1),
      LAW,
      { type: 'setInclude', code: 'DOCUMENTATION_EXECUTIVE_LIST', value: true },
      { type: 'setInclude', code: 'ASSIGN_DOCUMENTATION_EXECUTIVE', value: true },
      { type: 'setEditors', code: 'ASSIGN_DOCUMENTATION_MANAGER', roleIds: [8] },
      { type: 'setEditors', code: 'ASSIGN_DOCUMENTATION_EXECUTIVE', roleIds: [8] },
      ...(['ASSIGN_DOCUMENTATION_MANAGER', 'ASSIGN_DOCUMENTATION_EXECUTIVE'] as const).flatMap(
        (code): WorkflowAction[] => [
          { type: 'setWatchers', code, roleIds: [3, 4] },
          { type: 'setFlag', code, flag: 'confirmRequiredVal', value: true },
        ],
      ),
    );
    // Before the list goes off, both assign activities carry editors, watchers and a confirmation.
    for (const code of ['ASSIGN_DOCUMENTATION_MANAGER', 'ASSIGN_DOCUMENTATION_EXECUTIVE'] as const) {
      expect(act(d, code), code).toMatchObject({ include: true, confirmRequiredVal: true });
      expect(ids(act(d, code).editors), code).toEqual([8]);
      expect(ids(act(d, code).watchers), code).toEqual([3, 4]);
    }
    d = run(d, LAW, { type: 'setInclude', code: 'DOCUMENTATION_MANAGER_LIST', value: false });
    for (const code of ['ASSIGN_DOCUMENTATION_MANAGER', 'ASSIGN_DOCUMENTATION_EXECUTIVE'] as const) {
      expect(act(d, code)).toMatchObject({ include: false, editors: [], watchers: [], confirmRequiredVal: false });
      expect(isIncludeLocked(d, code, LAW)).toBe(true);
    }
    d = run(d, LAW, { type: 'setInclude', code: 'DOCUMENTATION_MANAGER_LIST', value: true });
    // D-11: available again, not included by itself.
    expect(act(d, 'ASSIGN_DOCUMENTATION_MANAGER').include).toBe(false);
    expect(isIncludeLocked(d, 'ASSIGN_DOCUMENTATION_MANAGER', LAW)).toBe(false);
    expect(
      act(
        run(d, LAW, { type: 'setInclude', code: 'ASSIGN_DOCUMENTATION_MANAGER', value: true }),
        'ASSIGN_DOCUMENTATION_MANAGER',
      ).include,
    ).toBe(true);
  });

  it('R-WF-043: R-WF-044: the paralegal list drives assign paralegal, the attorney list drives assign attorney', () => {
    for (const [list, assign] of [
      ['PARALEGAL_LIST', 'ASSIGN_PARALEGAL'],
      ['ATTORNEY_LIST', 'ASSIGN_ATTORNEY'],
    ] as const) {
      const d = run(wf(1), LAW, { type: 'setInclude', code: list, value: false });
      expect(act(d, assign).include).toBe(false);
      expect(act(run(d, LAW, { type: 'setInclude', code: assign, value: true }), assign).include).toBe(false);
      expect(isIncludeLocked(run(d, LAW, { type: 'setInclude', code: list, value: true }), assign, LAW)).toBe(false);
    }
  });

  it('R-WF-045: assign supervisor is always required: included, action-required, its switch locked', () => {
    const d = run(
      wf(1),
      LAW,
      { type: 'setInclude', code: 'ASSIGN_SUPERVISOR', value: false },
      { type: 'setActionRequired', code: 'ASSIGN_SUPERVISOR', value: false },
      { type: 'setInclude', code: 'SUPERVISOR_LIST', value: false },
    );
    expect(act(d, 'ASSIGN_SUPERVISOR')).toMatchObject({ include: true, actionRequired: true });
    expect(isIncludeLocked(d, 'ASSIGN_SUPERVISOR', LAW)).toBe(true);
  });

  it('R-WF-046: the filing-fee activity makes the file-after-invoice activities optional', () => {
    const on = wf(1);
    expect(act(on, 'FILING_FEE').include).toBe(true);
    expect(act(on, 'FILE_AFTER_INVOICE').optional).toBe(true);
    expect(act(on, 'FILE_AFTER_INVOICE_PAYMENT').optional).toBe(true);
    const off = run(on, LAW, { type: 'setInclude', code: 'FILING_FEE', value: false });
    expect(act(off, 'FILE_AFTER_INVOICE').optional).toBe(false);
    expect(act(off, 'FILE_AFTER_INVOICE_PAYMENT').optional).toBe(false);
  });

  it('R-WF-047: the LCA submit activity is shown only when LCA request is on', () => {
    const d = wf(1);
    expect(act(d, 'LCA_SUBMIT').showMe).toBe(true);
    const off = run(d, LAW, { type: 'setInclude', code: 'LCA_REQUEST', value: false });
    expect(act(off, 'LCA_SUBMIT')).toMatchObject({ showMe: false, include: false, editors: [] });
    const back = run(off, LAW, { type: 'setInclude', code: 'LCA_REQUEST', value: true });
    expect(act(back, 'LCA_SUBMIT').showMe).toBe(true);
  });

  it('R-WF-048: for tenant type 2 the fee, payment and file-after-invoice activities are hidden and off', () => {
    const d = run(
      wf(1, COMPANY),
      COMPANY,
      ...FEE_PAYMENT_CODES.map((code) => ({ type: 'setInclude', code, value: true }) as const),
    );
    for (const code of FEE_PAYMENT_CODES) expect(act(d, code)).toMatchObject({ include: false, showMe: false });
    for (const code of FEE_PAYMENT_CODES) expect(act(wf(1), code).showMe).toBe(true);
  });

  it('D-10: SUBMIT_TO_LAW_FIRM is shown only for tenant type 2', () => {
    expect(act(wf(1, COMPANY), 'SUBMIT_TO_LAW_FIRM')).toMatchObject({ showMe: true, include: true });
    expect(act(wf(1), 'SUBMIT_TO_LAW_FIRM')).toMatchObject({ showMe: false, include: false });
  });
});

describe('editor and watcher choices', () => {
  it('R-WF-052: R-ROLE-008: roles 1, 2, 12, 14 and 49 are not offered to a law firm', () => {
    const choices = ids(roleChoices(LAW, 1));
    for (const r of [1, 2, 12, 14, 49]) expect(choices).not.toContain(r);
    for (const r of [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 50]) expect(choices).toContain(r);
  });

  it('R-WF-053: R-WF-049: for tenant type 2 roles 1, 2 and 50 are excluded, so the Petitioner role is hidden', () => {
    const choices = ids(roleChoices(COMPANY, 1));
    for (const r of [1, 2, 50]) expect(choices).not.toContain(r);
    expect(choices).toContain(12);
    expect(ids(roleChoices(COMPANY, 7))).not.toContain(51);
  });

  it('R-WF-050: R-ROLE-004: for tenant type 2 DOC_SIGNER_LIST editors default to Authorized Signatory', () => {
    expect(act(wf(1, COMPANY), 'DOC_SIGNER_LIST').editors).toEqual([{ roleId: 12, roleName: 'Authorized Signatory' }]);
  });

  it('R-WF-051: for tenant type 1 DOC_SIGNER_LIST is cleared (no editors, field hidden)', () => {
    const d = run(wf(1), LAW, { type: 'setEditors', code: 'DOC_SIGNER_LIST', roleIds: [12, 3] });
    expect(act(d, 'DOC_SIGNER_LIST').editors).toEqual([]);
    expect(isEditorsFieldHidden('DOC_SIGNER_LIST', LAW)).toBe(true);
    expect(isEditorsFieldHidden('DOC_SIGNER_LIST', COMPANY)).toBe(false);
  });

  it('R-WF-054: R-ROLE-002: R-ROLE-003: CREATE_PETITION editors and watchers default to Admin and Branch Manager', () => {
    const a = act(wf(1), 'CREATE_PETITION');
    expect(a.editors).toEqual([
      { roleId: 3, roleName: 'Admin' },
      { roleId: 4, roleName: 'Branch Manager' },
    ]);
    expect(a.watchers).toEqual(a.editors);
  });

  it('R-WF-055: R-WF-056: the editors field is hidden for 4 codes, watchers for MANAGER_LIST', () => {
    for (const code of [
      'CREATE_PETITION',
      'SUBMIT_BY_BENEFICIARY',
      'SUBMIT_TO_LAW_FIRM',
      'FILE_AFTER_INVOICE_PAYMENT',
    ] as const) {
      expect(isEditorsFieldHidden(code, LAW)).toBe(true);
    }
    expect(isEditorsFieldHidden('LCA_REQUEST', LAW)).toBe(false);
    expect(isWatchersFieldHidden('MANAGER_LIST')).toBe(true);
    expect(isWatchersFieldHidden('SUPERVISOR_LIST')).toBe(false);
    const d = run(
      wf(1),
      LAW,
      { type: 'setWatchers', code: 'MANAGER_LIST', roleIds: [3] },
      { type: 'setEditors', code: 'SUBMIT_BY_BENEFICIARY', roleIds: [3] },
    );
    expect(act(d, 'MANAGER_LIST').watchers).toEqual([]);
    expect(act(d, 'SUBMIT_BY_BENEFICIARY').editors).toEqual([]);
  });

  it('R-WF-025: D-08: editors are stored as {roleId, roleName} with the master-data name, unknown and excluded roles dropped', () => {
    const d = run(wf(1), LAW, { type: 'setEditors', code: 'LCA_REQUEST', roleIds: [6, 1, 5, 999, 5] });
    expect(act(d, 'LCA_REQUEST').editors).toEqual([
      { roleId: 5, roleName: 'Attorney' },
      { roleId: 6, roleName: 'Paralegal' },
    ]);
  });

  it('R-WF-018: the side view shows the first 2 roles and +N for the rest', () => {
    const roles = roleChoices(LAW, 1).slice(0, 5);
    expect(roleSummary(roles)).toEqual({ names: [roles[0]?.roleName, roles[1]?.roleName], more: 3 });
    expect(roleSummary(roles.slice(0, 2)).more).toBe(0);
  });
});

describe('step validation (Editors are required)', () => {
  const noEditors = (d: WorkflowDraft, code: ActivityCode) => run(d, LAW, { type: 'setEditors', code, roleIds: [] });

  it('R-WF-061: R-WF-016: an included, action-required activity without editors blocks its own step only', () => {
    const d = noEditors(wf(1), 'LCA_REQUEST');
    expect(validateStep(d, 2, LAW)).toEqual([{ name: 'config.LCA_REQUEST.editors', message: EDITORS_REQUIRED }]);
    expect(validateStep(d, 1, LAW)).toEqual([]);
    expect(validateStep(wf(1), 2, LAW)).toEqual([]);
    expect(validateStep(run(d, LAW, { type: 'setActionRequired', code: 'LCA_REQUEST', value: false }), 2, LAW)).toEqual(
      [],
    );
  });

  it('R-WF-062: R-WF-063: R-WF-066: payment, the four assign activities and the invoice file-after activities are exempt', () => {
    let d = wf(1);
    // ASSIGN_DOCUMENTATION_EXECUTIVE, PAYMENT_INTEGRATION and FILE_AFTER_INVOICE_PAYMENT are off by default.
    for (const code of [
      'PAYMENT_INTEGRATION',
      'ASSIGN_PARALEGAL',
      'ASSIGN_ATTORNEY',
      'ASSIGN_DOCUMENTATION_MANAGER',
      'ASSIGN_DOCUMENTATION_EXECUTIVE',
      'FILE_AFTER_INVOICE',
      'FILE_AFTER_INVOICE_PAYMENT',
    ] as const) {
      d = run(
        d,
        LAW,
        { type: 'setInclude', code, value: true },
        { type: 'setActionRequired', code, value: true },
        { type: 'setEditors', code, roleIds: [] },
      );
      expect(act(d, code), code).toMatchObject({ include: true, actionRequired: true, showMe: true, editors: [] });
      expect(validateWorkflow(d, LAW), code).toEqual([]);
    }
    const supervisor = noEditors(d, 'ASSIGN_SUPERVISOR');
    expect(validateStep(supervisor, 1, LAW)).toEqual([
      { name: 'config.ASSIGN_SUPERVISOR.editors', message: EDITORS_REQUIRED },
    ]);
  });

  it('R-WF-064: R-WF-065: LCA_SUBMIT needs editors only while LCA_REQUEST is action-required', () => {
    const d = noEditors(wf(1), 'LCA_SUBMIT');
    expect(validateStep(d, 2, LAW)).toEqual([{ name: 'config.LCA_SUBMIT.editors', message: EDITORS_REQUIRED }]);
    const relaxed = run(d, LAW, { type: 'setActionRequired', code: 'LCA_REQUEST', value: false });
    expect(validateStep(relaxed, 2, LAW)).toEqual([]);
  });

  it('R-WF-058: the workflow name is required (step 1)', () => {
    expect(validateStep(run(wf(1), LAW, { type: 'setName', name: '   ' }), 1, LAW)).toEqual([
      { name: 'name', message: NAME_REQUIRED },
    ]);
  });

  it('D-09: the whole-workflow check runs every step', () => {
    const d = noEditors(noEditors(wf(1), 'MANAGER_LIST'), 'CASE_APPROVED');
    expect(validateWorkflow(d, LAW).map((e) => e.name)).toEqual([
      'config.MANAGER_LIST.editors',
      'config.CASE_APPROVED.editors',
    ]);
  });
});

describe('rule breaches (what the server refuses)', () => {
  it('reports a fee activity switched on for a petitioner company, an off activity with editors, and a wrong workflow type', () => {
    const d = wf(5, COMPANY);
    const broken: WorkflowDraft = {
      ...d,
      workflowType: 'Sequential',
      config: d.config.map((a) =>
        a.code === 'FILING_FEE'
          ? { ...a, include: true }
          : a.code === 'CASE_APPROVED'
            ? { ...a, include: false, editors: a.editors, watchers: [{ roleId: 3, roleName: 'Admin' }] }
            : a,
      ),
    };
    const names = ruleBreaches(broken, COMPANY).map((e) => e.name);
    expect(names).toContain('workflowType');
    expect(names).toContain('config.FILING_FEE.include');
    expect(names).toContain('config.CASE_APPROVED.watchers');
    expect(ruleBreaches(d, COMPANY)).toEqual([]);
  });

  it('reports a config that does not list every code exactly once', () => {
    const d = wf(1);
    expect(ruleBreaches({ ...d, config: d.config.slice(1) }, LAW).map((e) => e.name)).toEqual(['config']);
  });

  it('fills activities missing from a stored draft with the template default', () => {
    const d = wf(2);
    expect(normalize({ ...d, config: d.config.filter((a) => a.code !== 'PREPARE_PERM_APPLICATION') }, LAW)).toEqual(d);
  });

  it('keeps the PERM flags only on their own activities', () => {
    const d = run(
      wf(2),
      LAW,
      { type: 'setFlag', code: 'COLLECT_ADV_EVIDENCE', flag: 'approvedPwdReqForAdvEvidences', value: true },
      { type: 'setFlag', code: 'PREPARE_PERM_APPLICATION', flag: 'restrictPermDraftByAdvConfig', value: true },
      { type: 'setFlag', code: 'LCA_REQUEST', flag: 'restrictPermDraftByAdvConfig', value: true },
      { type: 'setFlag', code: 'MANAGER_LIST', flag: 'canAssignAllUsersVal', value: true },
      { type: 'setShowPetitionAlert', value: true },
    );
    expect(act(d, 'COLLECT_ADV_EVIDENCE').approvedPwdReqForAdvEvidences).toBe(true);
    expect(act(d, 'PREPARE_PERM_APPLICATION').restrictPermDraftByAdvConfig).toBe(true);
    expect(act(d, 'LCA_REQUEST').restrictPermDraftByAdvConfig).toBe(false);
    expect(act(d, 'MANAGER_LIST').canAssignAllUsersVal).toBe(true);
    expect(d.showPetitionAlert).toBe(true);
  });
});
