import { describe, expect, it } from 'vitest';
import { isAllowed, PERMISSIONS, type Permission } from '../auth/permissions';
import { roleCapabilities } from './role-catalogue';

describe('role catalogue (User Roles tab)', () => {
  it('lists for a role exactly the API calls the permission matrix lets it make', () => {
    for (const roleId of [1, 2, 3, 4, 6, 12, 50]) {
      const listed = new Set(
        roleCapabilities(roleId).areas.flatMap((a) => a.actions.map((x) => `/api/${a.area}/${x}`)),
      );
      for (const [route, p] of Object.entries(PERMISSIONS) as [string, Permission][]) {
        const path = route.split(' ')[1] as string;
        if (path.startsWith('/api/docs') || path === '/api/health' || p.kind === 'public') continue;
        expect(listed.has(path), `${roleId} ${route}`).toBe(isAllowed(p, { roleId, tenantType: null }));
      }
    }
  });

  it('R-SHELL-017: every settings role sees User Roles; R-SHELL-039/040: Users opens for roles 3 and 4 without a menu entry', () => {
    for (const roleId of [1, 2, 3, 4])
      expect(roleCapabilities(roleId).tabs.some((t) => t.key === 'usersRoles' && t.inMenu)).toBe(true);
    for (const roleId of [3, 4])
      expect(roleCapabilities(roleId).tabs.find((t) => t.key === 'users')).toMatchObject({ inMenu: false });
    for (const roleId of [1, 2, 6]) expect(roleCapabilities(roleId).tabs.some((t) => t.key === 'users')).toBe(false);
  });

  it('a role that manages users may give its allowed-roles set; others give none', () => {
    expect(roleCapabilities(3).canGive).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 13]);
    expect(roleCapabilities(4).canGive).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
    expect(roleCapabilities(6).canGive).toEqual([]);
  });
});
