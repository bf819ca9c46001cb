import type { Me, MeTenant } from '@caseport/domain/auth/contracts';
import { allowedRoleIds } from '@caseport/domain/auth/roles';
import { menuTabs, openableTabs } from '@caseport/domain/settings/tabs';

export const buildTenant = (overrides: Partial<MeTenant> = {}): MeTenant => ({
  tenantId: 't-1',
  name: 'Lawfirm LLP',
  tenantType: 1,
  profComplted: 'Yes',
  hasCard: true,
  hasPlan: true,
  defaultWorkflowId: 'wf-1',
  ...overrides,
});

const ROLE_NAMES: Record<number, string> = {
  1: 'Super Admin',
  2: 'Platform Admin',
  3: 'Admin',
  4: 'Branch Manager',
  50: 'Petitioner',
};

/** A Me the way /api/auth/me answers it, with menu and tabs derived from the shared tab table. */
export const buildMe = (roleId: number, tenant: Partial<MeTenant> | null = {}, overrides: Partial<Me> = {}): Me => {
  const t = tenant === null ? null : buildTenant(tenant);
  const viewer = { roleId, tenantType: t?.tenantType ?? null };
  return {
    user: {
      id: `u-${roleId}`,
      email: `user${roleId}@example.test`,
      firstName: 'Ada',
      lastName: 'Lovelace',
      roleName: ROLE_NAMES[roleId] ?? 'User',
    },
    roleId,
    tenantId: t?.tenantId ?? null,
    tenantType: t?.tenantType ?? null,
    tenant: t,
    menu: menuTabs(viewer).map((tab) => ({ key: tab.key, label: tab.label })),
    tabs: openableTabs(viewer),
    allowedRoleIds: allowedRoleIds(roleId),
    ...overrides,
  };
};
