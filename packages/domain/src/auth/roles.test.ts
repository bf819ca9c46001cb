import { describe, expect, it } from 'vitest';
import { allowedRoleIds, isPlatformRole } from './roles';

describe('roles', () => {
  it('R-ROLE-001: roles 1 and 2 are the platform (product-side) administrators, no other role is', () => {
    expect([1, 2].every(isPlatformRole)).toBe(true);
    expect([3, 4, 5, 11, 12, 13, 50, 51].some(isPlatformRole)).toBe(false);
  });

  it('R-ROLE-009: the allowed-roles set is roles 2 to 13 by default', () => {
    const all = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];
    for (const roleId of [1, 2, 5, 12, 50]) expect(allowedRoleIds(roleId)).toEqual(all);
  });

  it('R-ROLE-010: for role 3 the allowed-roles set is roles 4 to 11 and 13', () => {
    expect(allowedRoleIds(3)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 13]);
  });

  it('R-ROLE-011: for role 4 the allowed-roles set is roles 5 to 11 and 12', () => {
    expect(allowedRoleIds(4)).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
  });
});
