import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_CODES, FEE_PAYMENT_CODES, RFE_CODES, TEMPLATE_TYPE_IDS } from './catalogue';
import { activityFromWire, activityToWire } from './contracts';
import {
  ASSIGN_USERS_ON,
  applyAction,
  newWorkflow,
  normalize,
  RFE_HANDLING,
  type RuleContext,
  roleChoices,
  ruleBreaches,
  WORKFLOW_TYPES,
  type WorkflowAction,
} from './rules';

const code = fc.constantFrom(...ACTIVITY_CODES);
const roleIds = fc.array(fc.constantFrom(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 49, 50, 51, 77), {
  maxLength: 6,
});
const action: fc.Arbitrary<WorkflowAction> = fc.oneof(
  fc.record({ type: fc.constant('setInclude' as const), code, value: fc.boolean() }),
  fc.record({ type: fc.constant('setActionRequired' as const), code, value: fc.boolean() }),
  fc.record({ type: fc.constant('setEditors' as const), code, roleIds }),
  fc.record({ type: fc.constant('setWatchers' as const), code, roleIds }),
  fc.record({
    type: fc.constant('setFlag' as const),
    code,
    flag: fc.constantFrom(
      'confirmRequiredVal' as const,
      'canAssignAllUsersVal' as const,
      'approvedPwdReqForAdvEvidences' as const,
      'restrictPermDraftByAdvConfig' as const,
    ),
    value: fc.boolean(),
  }),
  fc.record({ type: fc.constant('setRfeHandling' as const), value: fc.constantFrom(...RFE_HANDLING) }),
  fc.record({ type: fc.constant('setWorkflowType' as const), value: fc.constantFrom(...WORKFLOW_TYPES) }),
  fc.record({ type: fc.constant('setAssignUsersOn' as const), value: fc.constantFrom(...ASSIGN_USERS_ON) }),
);
const scenario = fc.record({
  tpl: fc.constantFrom(...TEMPLATE_TYPE_IDS),
  tenantType: fc.constantFrom(1 as const, 2 as const),
  actions: fc.array(action, { maxLength: 40 }),
});

type Scenario = { tpl: (typeof TEMPLATE_TYPE_IDS)[number]; tenantType: 1 | 2; actions: WorkflowAction[] };
const play = ({ tpl, tenantType, actions }: Scenario) => {
  const ctx: RuleContext = { tenantType };
  let d = newWorkflow('Any', tpl, ctx);
  for (const a of actions) d = applyAction(d, a, ctx);
  return { d, ctx };
};

describe('workflow invariants hold after any sequence of user actions (fast-check)', () => {
  it('R-WF-040: R-WF-041: no activity that is off keeps editors, watchers or a confirmation', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        for (const a of play(s).d.config) {
          if (!a.include) expect(a.editors.length + a.watchers.length + Number(a.confirmRequiredVal)).toBe(0);
        }
      }),
    );
  });

  it('R-WF-039: filed_separately (or a template without RFE handling) leaves no RFE activity visible or included', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { d } = play(s);
        if (d.manageRfeCase === 'with_in_case' && s.tpl === 1) return;
        for (const a of d.config.filter((x) => (RFE_CODES as readonly string[]).includes(x.code)))
          expect(a.showMe || a.include).toBe(false);
      }),
    );
  });

  it('R-WF-048: a petitioner company never has a fee or payment activity included or shown', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { d } = play({ ...s, tenantType: 2 });
        for (const a of d.config.filter((x) => FEE_PAYMENT_CODES.includes(x.code)))
          expect(a.include || a.showMe).toBe(false);
      }),
    );
  });

  it('R-WF-045: R-WF-047: R-WF-032: supervisor assignment stays required, LCA submit never outlives LCA request, type 5 stays Free-Flow', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { d } = play(s);
        const get = (c: string) => d.config.find((a) => a.code === c);
        expect(get('ASSIGN_SUPERVISOR')).toMatchObject({ include: true, actionRequired: true });
        if (!get('LCA_REQUEST')?.include) expect(get('LCA_SUBMIT')).toMatchObject({ include: false, showMe: false });
        if (s.tpl === 5) expect([d.workflowType, d.assignUsersOn]).toEqual(['Free-Flow', 'case-created']);
        if (s.tpl === 8 || s.tpl === 9) expect(get('LCA_REQUEST')?.include).toBe(false);
      }),
    );
  });

  it('R-WF-052: R-WF-053: editors and watchers only ever hold roles the tenant may choose', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { d, ctx } = play(s);
        const allowed = new Set(roleChoices(ctx, s.tpl).map((r) => r.roleId));
        for (const a of d.config)
          for (const r of [...a.editors, ...a.watchers]) expect(allowed.has(r.roleId)).toBe(true);
      }),
    );
  });

  it('the editor never produces a workflow the server would refuse: normalize is idempotent and finds no breach', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { d, ctx } = play(s);
        expect(normalize(d, ctx)).toEqual(d);
        expect(ruleBreaches(d, ctx)).toEqual([]);
      }),
    );
  });

  it('R-WF-026: include and actionRequired convert to Yes/No and back without loss', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        for (const a of play(s).d.config) {
          const w = activityToWire(a);
          expect([w.include, w.actionRequired].every((v) => v === 'Yes' || v === 'No')).toBe(true);
          expect(activityFromWire(w)).toEqual(a);
        }
      }),
    );
  });
});
