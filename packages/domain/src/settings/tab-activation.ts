import { isPlatformRole, type RoleId, type TenantTypeId } from '../auth/roles';
import { canOpenTab, type TabKey } from './tabs';

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
}

export type ActivationReason =
  | 'requested'
  | 'default'
  | 'profile-incomplete'
  | 'billing-missing'
  | 'workflow-setup'
  | 'petitioner-profile';

export interface Activation {
  /** The tab to show. */
  tab: TabKey;
  /** Why this tab: a forcing rule, the user's request, or the default. */
  reason: ActivationReason;
  /** Roles 1 and 2 land on the workflow tab with the guided tour (R-SHELL-046). */
  tour: boolean;
  /** Role 4 while the profile is incomplete sees only this notice (D-03). */
  notice?: string;
  /** The workflow tab opens only when the workflow is configured and active (R-SHELL-045): otherwise
   *  it opens in first-time setup (/basic-settings/workflow). */
  setup: boolean;
  /** Roles 3 and 4 load the current plan on activation (R-SHELL-047). */
  loadPlan: boolean;
  /** Role 50's screen is the petitioner profile wrapper, never the settings tabs (D-04). */
  screen: 'settings' | 'petitioner-profile';
}

/**
 * The settings tab activation rules of 002 §4.6 (R-SHELL-041..047, D-01, D-03, D-04, D-27).
 * Pure: the web shell uses it to route, the server uses it in /api/auth/me.
 */
export const activateTab = (input: ActivationInput): Activation => {
  const { roleId } = input;
  const viewer = { roleId, tenantType: input.tenantType };
  const requested =
    input.requestedTab && canOpenTab(input.requestedTab, viewer) ? (input.requestedTab as TabKey) : null;
  const base = { tour: false, setup: false, loadPlan: roleId === 3 || roleId === 4, screen: 'settings' as const };

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

  if (!input.profileComplete) {
    // R-SHELL-042 for role 3; role 4 cannot open the profile tab, so it gets the D-03 notice instead.
    if (roleId === 3) return { ...base, tab: 'profile', reason: 'profile-incomplete' };
    return {
      ...base,
      tab: requested ?? 'workflow',
      reason: 'profile-incomplete',
      notice: PROFILE_INCOMPLETE_NOTICE,
    };
  }

  if (roleId === 3 && (!input.hasCard || !input.hasPlan)) {
    // R-SHELL-043 / D-27: held on the profile tab, where the Plan & payment step appears.
    return { ...base, tab: 'profile', reason: 'billing-missing' };
  }

  const tab: TabKey = requested ?? (canOpenTab('profile', viewer) ? 'profile' : 'workflow');
  if (tab === 'workflow' && !(input.workflow?.configCompleted && input.workflow.active)) {
    return { ...base, tab, reason: 'workflow-setup', setup: true };
  }
  return { ...base, tab, reason: requested ? 'requested' : 'default' };
};
