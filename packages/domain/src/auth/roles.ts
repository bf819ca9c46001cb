/** Role ids of the spec (R-ROLE-001..006). Names come from the `user_roles` master data. */
export const Role = {
  SuperAdmin: 1,
  PlatformAdmin: 2,
  Admin: 3,
  BranchManager: 4,
  AuthorizedSignatory: 12,
  Petitioner: 50,
  Sponsor: 51,
} as const;

export type RoleId = number;

/** Roles that can open the settings page (R-SHELL-001; D-03 "all" means these). */
export const SETTINGS_ROLES = [1, 2, 3, 4] as const;
export const PLATFORM_ROLES = [1, 2] as const;

export const isPlatformRole = (roleId: RoleId): boolean => roleId === 1 || roleId === 2;
export const canOpenSettings = (roleId: RoleId): boolean => (SETTINGS_ROLES as readonly number[]).includes(roleId);

export const TenantType = { LawFirm: 1, PetitionerCompany: 2 } as const;
export type TenantTypeId = 1 | 2;
