import { describe, expect, it } from 'vitest';
import { findTab } from '../settings/tabs';
import { isAllowed, PERMISSIONS, type Permission } from './permissions';

describe('permission matrix', () => {
  it('D-02: an endpoint behind a settings tab allows exactly the roles that open that tab', () => {
    for (const [key, p] of Object.entries(PERMISSIONS) as [string, Permission][]) {
      if (p.kind === 'roles' && p.tab) expect(p.roles, key).toEqual(findTab(p.tab)?.contentRoles);
    }
  });

  it('D-02: deny by default — anonymous callers reach only public routes', () => {
    for (const p of Object.values(PERMISSIONS) as Permission[]) {
      expect(isAllowed(p, null)).toBe(p.kind === 'public');
    }
  });

  it('tenant-type limits hold: a tab for law firms only refuses a petitioner-company admin', () => {
    const p: Permission = { kind: 'roles', roles: [3], tenantTypes: [1] };
    expect(isAllowed(p, { roleId: 3, tenantType: 1 })).toBe(true);
    expect(isAllowed(p, { roleId: 3, tenantType: 2 })).toBe(false);
  });
});
