import { PERMISSIONS, type Permission } from '../auth/permissions';
import { allowedRoleIds, type RoleId } from '../auth/roles';
import { canOpenTab, TABS } from '../settings/tabs';

/**
 * The User Roles tab (usersRoles, R-SHELL-017; issue 16): what each role may see and do, read from the tab
 * table and the permission matrix the server enforces, so the catalogue cannot disagree with it.
 */
export interface RoleTab {
  key: string;
  label: string;
  /** In the sidebar (otherwise reached from another screen). */
  inMenu: boolean;
  /** Limited to a tenant type (the Fees tab is for law firms only). */
  tenantTypes: readonly (1 | 2)[] | null;
}

export interface RoleArea {
  /** The API area, e.g. 'workflow', 'users'. */
  area: string;
  /** The calls, e.g. 'list', 'create', 'manage-status'. */
  actions: string[];
}

export interface RoleCapabilities {
  tabs: RoleTab[];
  areas: RoleArea[];
  /** Roles this role may give to users it invites (001 §6); empty when it cannot manage users. */
  canGive: number[];
}

const reaches = (p: Permission, roleId: RoleId) =>
  p.kind === 'authenticated' || (p.kind === 'roles' && p.roles.includes(roleId));

/** The tabs, with each tab's distinct label once (the three Branches keys share one label). */
export const roleCapabilities = (roleId: RoleId): RoleCapabilities => {
  const seen = new Set<string>();
  const tabs: RoleTab[] = [];
  for (const t of TABS) {
    // Tenant type null: the tab as either type of tenant would see it.
    if (!canOpenTab(t.key, { roleId, tenantType: null }) || seen.has(t.label + t.area)) continue;
    seen.add(t.label + t.area);
    tabs.push({
      key: t.key,
      label: t.label,
      inMenu: t.menuRoles.includes(roleId),
      tenantTypes: t.tenantTypes ?? null,
    });
  }
  const areas = new Map<string, string[]>();
  for (const [route, p] of Object.entries(PERMISSIONS) as [string, Permission][]) {
    if (!reaches(p, roleId)) continue;
    const [, path = ''] = route.split(' ');
    const parts = path.replace(/^\/api\//, '').split('/');
    if (parts[0] === 'docs' || parts[0] === 'health' || parts.length < 2) continue;
    const area = parts[0] as string;
    areas.set(area, [...(areas.get(area) ?? []), parts.slice(1).join('/')]);
  }
  return {
    tabs,
    areas: [...areas.entries()].map(([area, actions]) => ({ area, actions })),
    canGive: canOpenTab('users', { roleId, tenantType: null }) ? allowedRoleIds(roleId) : [],
  };
};
