import { isPlatformRole, type RoleId, TenantType, type TenantTypeId } from '../auth/roles';
import { canOpenTab, findTab, type TabKey } from './tabs';

/** D-03: what role 4 sees on every tab while the tenant profile is incomplete. */
export const PROFILE_INCOMPLETE_NOTICE =
  'Company details are not complete yet. Ask your administrator to complete them.';

export interface ActivationInput {
  roleId: RoleId;
  tenantType: TenantTypeId | null;
  /** The tab named in the route, if any (may be unknown or forbidden). */
  requestedTab?: string | null;
  /** profComplted === 'Yes' */
  profileComplete: boolean;
  hasCard: boolean;
  hasPlan: boolean;
  /** The tenant's default workflow flags from /workflow/details; null when it has none. */
  workflow?: { configCompleted: boolean; active: boolean } | null;
  /** Inside first-time setup (D-01) the workflow tab is the setup itself: R-SHELL-045 does not hold it there. */
  inSetup?: boolean;
}

export type ActivationReason =
  | 'requested'
  | 'default'
  | 'profile-incomplete'
  | 'billing-missing'
  | 'workflow-setup'
  | 'petitioner-profile';

export type HoldReason = 'profile-incomplete' | 'billing-missing' | 'workflow-setup';

/**
 * A tab the user asked for that a forcing rule keeps closed (issue 15: every hold explains itself). The tab
 * keeps its place in the URL and the sidebar; instead of its content the user reads `message` and, when they
 * can lift the hold themselves, gets a link to the step that does.
 */
export interface Hold {
  reason: HoldReason;
  message: string;
  /** The step that lifts the hold: a first-time setup step (/basic-settings) or a settings tab. Role 4
   *  cannot complete Company Details, so its hold has none (D-03). */
  lift: { tab: TabKey; setup: boolean; label: string } | null;
}

export interface Activation {
  /** The tab in the URL and highlighted in the sidebar: the requested one when the user may open it. */
  tab: TabKey;
  /** Why this tab: a forcing rule, the user's request, or the default. */
  reason: ActivationReason;
  /** Set when a forcing rule keeps the tab's content closed; the shell shows the hold instead. */
  hold: Hold | null;
  /** Roles 1 and 2 land on the workflow tab with the guided tour (R-SHELL-046). */
  tour: boolean;
  /** Roles 3 and 4 load the current plan on activation (R-SHELL-047). */
  loadPlan: boolean;
  /** Role 50's screen is the petitioner profile wrapper, never the settings tabs (D-04). */
  screen: 'settings' | 'petitioner-profile';
  /**
   * Issue 38 (finding 7): the tab named in the URL that does not exist or that this user may not open, said in
   * a sentence on the tab they land on instead of a silent redirect; null when nothing was refused.
   */
  refused: string | null;
}

const labelOf = (tab: TabKey) => findTab(tab)?.label ?? tab;

/** Why a tab named in the URL does not open for this user (issue 38, finding 7); null when it opens. */
export const refusedTabMessage = (
  requestedTab: string | null | undefined,
  viewer: { roleId: RoleId; tenantType: TenantTypeId | null },
): string | null => {
  if (!requestedTab || canOpenTab(requestedTab, viewer)) return null;
  const tab = findTab(requestedTab);
  if (!tab) return `There is no settings tab '${requestedTab}'.`;
  if (tab.tenantTypes && viewer.tenantType !== null && !tab.tenantTypes.includes(viewer.tenantType))
    return `${tab.label} is not part of the settings of a ${viewer.tenantType === TenantType.PetitionerCompany ? 'petitioner company' : 'law firm'}.`;
  return `${tab.label} is not open to your role.`;
};

/** The sentence a held tab shows (issue 15), by the rule that holds it. */
export const holdMessage = (reason: HoldReason, tab: TabKey): string => {
  if (reason === 'profile-incomplete') return `${labelOf(tab)} opens once Company Details are complete.`;
  if (reason === 'billing-missing')
    return `${labelOf(tab)} opens once your company has a plan and a payment card on file. They are added in Company Details.`;
  return 'The workflow list opens once your default workflow is set up and active.';
};

/**
 * The settings tab activation rules of 002 §4.6 (R-SHELL-041..047, D-01, D-03, D-04, D-27), run by the web
 * shell on every tab change. The rules decide which content may open; a tab they keep closed is shown as a
 * hold that says why and links to the step that lifts it, never as another tab's content.
 */
export const activateTab = (input: ActivationInput): Activation => {
  const { roleId } = input;
  const viewer = { roleId, tenantType: input.tenantType };
  const requested =
    input.requestedTab && canOpenTab(input.requestedTab, viewer) ? (input.requestedTab as TabKey) : null;
  const base = {
    tour: false,
    hold: null,
    loadPlan: roleId === 3 || roleId === 4,
    screen: 'settings' as const,
    refused: refusedTabMessage(input.requestedTab, viewer),
  };

  if (roleId === 50) {
    // D-04 / D-27: role 50's screen is the petitioner profile; a missing card or plan shows the prompt there.
    return {
      ...base,
      tab: 'profile',
      reason: !input.hasCard || !input.hasPlan ? 'billing-missing' : 'petitioner-profile',
      screen: 'petitioner-profile',
    };
  }

  if (isPlatformRole(roleId)) {
    // R-SHELL-041: any tab; R-SHELL-046: they land on workflow with the tour; D-03: never blocked by the
    // workflow-configured rule.
    if (requested) return { ...base, tab: requested, reason: 'requested' };
    return { ...base, tab: 'workflow', reason: 'default', tour: true };
  }

  const held = (tab: TabKey, reason: HoldReason, lift: Hold['lift'], message = holdMessage(reason, tab)) => ({
    ...base,
    tab,
    reason,
    hold: { reason, message, lift },
  });
  const toProfile = { tab: 'profile' as const, label: 'Complete Company Details' };

  if (!input.profileComplete) {
    // R-SHELL-042: role 3 is kept to Company Details, the first setup step; role 4 cannot open that tab, so
    // every tab shows the D-03 notice.
    if (roleId === 3) {
      if (!requested || requested === 'profile') return { ...base, tab: 'profile', reason: 'profile-incomplete' };
      return held(requested, 'profile-incomplete', { ...toProfile, setup: true });
    }
    return held(requested ?? 'workflow', 'profile-incomplete', null, PROFILE_INCOMPLETE_NOTICE);
  }

  if (roleId === 3 && (!input.hasCard || !input.hasPlan)) {
    // R-SHELL-043 / D-27: kept to the profile tab, where the Plan & payment step appears.
    if (!requested || requested === 'profile') return { ...base, tab: 'profile', reason: 'billing-missing' };
    return held(requested, 'billing-missing', { tab: 'profile', setup: false, label: 'Go to Company Details' });
  }

  const tab: TabKey = requested ?? (canOpenTab('profile', viewer) ? 'profile' : 'workflow');
  if (tab === 'workflow' && !input.inSetup && !(input.workflow?.configCompleted && input.workflow.active)) {
    // R-SHELL-045: the list waits for the default workflow; its first-time setup step lifts the hold.
    return held(tab, 'workflow-setup', { tab: 'workflow', setup: true, label: 'Set up the workflow' });
  }
  return { ...base, tab, reason: requested ? 'requested' : 'default' };
};

/** Does activation need the default workflow's flags (R-SHELL-045)? Only when it would open the workflow tab. */
export const needsWorkflowFlags = (a: Activation) => a.hold?.reason === 'workflow-setup';
