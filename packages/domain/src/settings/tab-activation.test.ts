import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ActivationInput, activateTab, PROFILE_INCOMPLETE_NOTICE } from './tab-activation';
import { canOpenTab, TAB_KEYS } from './tabs';

const ready: Omit<ActivationInput, 'roleId' | 'tenantType'> = {
  profileComplete: true,
  hasCard: true,
  hasPlan: true,
  workflow: { configCompleted: true, active: true },
};
const admin = (over: Partial<ActivationInput> = {}) => activateTab({ roleId: 3, tenantType: 1, ...ready, ...over });

describe('settings tab activation (002 §4.6)', () => {
  it('R-SHELL-041: roles 1 and 2 may go to any tab they can open, even with nothing configured', () => {
    for (const roleId of [1, 2]) {
      const a = activateTab({
        roleId,
        tenantType: null,
        requestedTab: 'servicesCenters',
        profileComplete: false,
        hasCard: false,
        hasPlan: false,
        workflow: null,
      });
      expect(a.tab).toBe('servicesCenters');
      expect(a.reason).toBe('requested');
    }
  });

  it('R-SHELL-042: roles 3 and 4 are held while the profile is incomplete (role 3 on profile, role 4 behind the D-03 notice)', () => {
    // Role 3 asking for another tab gets no content of it: the tab explains the hold and links to Company Details.
    const a3 = admin({ requestedTab: 'labelsList', profileComplete: false });
    expect(a3.tab).toBe('labelsList');
    expect(a3.reason).toBe('profile-incomplete');
    expect(a3.hold).toEqual({
      reason: 'profile-incomplete',
      message: 'Labels opens once Company Details are complete.',
      lift: { tab: 'profile', setup: true, label: 'Complete Company Details' },
    });
    // Asking for no tab, or for Company Details itself, opens Company Details.
    expect(admin({ profileComplete: false })).toMatchObject({ tab: 'profile', hold: null });
    expect(admin({ requestedTab: 'profile', profileComplete: false })).toMatchObject({ tab: 'profile', hold: null });
    const a4 = activateTab({ roleId: 4, tenantType: 1, ...ready, requestedTab: 'labelsList', profileComplete: false });
    expect(a4.reason).toBe('profile-incomplete');
    expect(a4.hold).toEqual({ reason: 'profile-incomplete', message: PROFILE_INCOMPLETE_NOTICE, lift: null });
  });

  it("D-03: role 4 sees 'Company details are not complete yet. Ask your administrator to complete them.' while the profile is incomplete", () => {
    const a = activateTab({ roleId: 4, tenantType: 1, ...ready, profileComplete: false, requestedTab: 'workflow' });
    expect(a.hold?.message).toBe('Company details are not complete yet. Ask your administrator to complete them.');
    expect(a.hold?.lift).toBeNull();
  });

  it('R-SHELL-043: role 3 is forced to the profile tab when the card or the plan is missing; role 50 is held on its profile screen', () => {
    const noCard = admin({ requestedTab: 'labelsList', hasCard: false });
    expect(noCard.hold).toMatchObject({
      reason: 'billing-missing',
      lift: { tab: 'profile', setup: false },
    });
    expect(noCard.hold?.message).toMatch(/^Labels opens once your company has a plan and a payment card on file/);
    expect(admin({ requestedTab: 'labelsList', hasPlan: false }).reason).toBe('billing-missing');
    expect(admin({ hasPlan: false })).toMatchObject({ tab: 'profile', reason: 'billing-missing', hold: null });
    const p = activateTab({ roleId: 50, tenantType: 1, ...ready, hasPlan: false });
    expect(p.screen).toBe('petitioner-profile');
    expect(p.reason).toBe('billing-missing');
  });

  it('D-27: the card/plan hold applies to role 3 (and 50), not to role 4', () => {
    const a4 = activateTab({ roleId: 4, tenantType: 1, ...ready, hasCard: false, requestedTab: 'labelsList' });
    expect(a4.tab).toBe('labelsList');
    expect(a4.hold).toBeNull();
  });

  it('R-SHELL-044: with no forcing rule the requested tab opens', () => {
    const a = admin({ requestedTab: 'servicesCenters' });
    expect(a).toMatchObject({ tab: 'servicesCenters', reason: 'requested', hold: null });
  });

  it('R-SHELL-045: the workflow tab opens only when the workflow is configured and active; otherwise it links to its setup', () => {
    expect(admin({ requestedTab: 'workflow' }).hold).toBeNull();
    const setupHold = {
      reason: 'workflow-setup',
      message: 'The workflow list opens once your default workflow is set up and active.',
      lift: { tab: 'workflow', setup: true, label: 'Set up the workflow' },
    };
    expect(admin({ requestedTab: 'workflow', workflow: { configCompleted: false, active: true } }).hold).toEqual(
      setupHold,
    );
    expect(admin({ requestedTab: 'workflow', workflow: { configCompleted: true, active: false } }).hold).toEqual(
      setupHold,
    );
    expect(admin({ requestedTab: 'workflow', workflow: null }).reason).toBe('workflow-setup');
    // Role 4 lands on workflow by default and is held the same way.
    expect(activateTab({ roleId: 4, tenantType: 1, ...ready, workflow: null }).hold?.reason).toBe('workflow-setup');
    // Inside first-time setup the workflow tab is the setup itself.
    expect(admin({ requestedTab: 'workflow', workflow: null, inSetup: true }).hold).toBeNull();
  });

  it('R-SHELL-046: roles 1 and 2 land on the workflow tab with the guided tour when no tab is asked for', () => {
    for (const roleId of [1, 2]) {
      const a = activateTab({
        roleId,
        tenantType: null,
        profileComplete: false,
        hasCard: false,
        hasPlan: false,
        workflow: null,
      });
      expect(a).toMatchObject({ tab: 'workflow', tour: true, hold: null });
    }
  });

  it('R-SHELL-047: activation loads the current plan for roles 3 and 4 only', () => {
    expect(admin().loadPlan).toBe(true);
    expect(activateTab({ roleId: 4, tenantType: 1, ...ready }).loadPlan).toBe(true);
    expect(activateTab({ roleId: 1, tenantType: null, ...ready }).loadPlan).toBe(false);
  });

  it('R-SHELL-007: the active tab defaults to profile for the tenant admin', () => {
    expect(admin().tab).toBe('profile');
  });

  it('D-04: role 50 never gets a settings tab: its screen is the petitioner profile', () => {
    const a = activateTab({ roleId: 50, tenantType: 1, ...ready, requestedTab: 'workflow' });
    expect(a.screen).toBe('petitioner-profile');
  });

  it('D-01: an unknown or forbidden tab name falls back to the tab the rules choose', () => {
    expect(admin({ requestedTab: 'no-such-tab' }).tab).toBe('profile');
    expect(admin({ requestedTab: 'formsAndLetters' }).tab).toBe('profile');
  });

  it('issue 15: a held tab is the one asked for (when the user may open it), and its lift is a tab the user may open (property test)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(3, 4),
        fc.constantFrom<1 | 2>(1, 2),
        fc.constantFrom(...TAB_KEYS),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.option(fc.record({ configCompleted: fc.boolean(), active: fc.boolean() })),
        (roleId, tenantType, requestedTab, profileComplete, hasCard, hasPlan, workflow) => {
          const a = activateTab({ roleId, tenantType, requestedTab, profileComplete, hasCard, hasPlan, workflow });
          if (!a.hold) return;
          if (canOpenTab(requestedTab, { roleId, tenantType })) expect(a.tab).toBe(requestedTab);
          expect(a.hold.message.length).toBeGreaterThan(0);
          if (a.hold.lift) expect(canOpenTab(a.hold.lift.tab, { roleId, tenantType })).toBe(true);
        },
      ),
    );
  });

  it('the chosen tab is always one the user may open (property test over all inputs)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1, 2, 3, 4),
        fc.constantFrom<1 | 2>(1, 2),
        fc.option(fc.constantFrom(...TAB_KEYS, 'bogus')),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.option(fc.record({ configCompleted: fc.boolean(), active: fc.boolean() })),
        (roleId, tenantType, requestedTab, profileComplete, hasCard, hasPlan, workflow) => {
          const tt = roleId <= 2 ? null : tenantType;
          const a = activateTab({ roleId, tenantType: tt, requestedTab, profileComplete, hasCard, hasPlan, workflow });
          expect(canOpenTab(a.tab, { roleId, tenantType: tt })).toBe(true);
        },
      ),
    );
  });
});
