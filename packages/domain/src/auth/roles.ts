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

/**
 * Issue 35: the people outside the firm who act on its cases: beneficiary (11), authorized signatory (12),
 * petitioner contact (50), sponsor (51). Here, not beside 'My cases' (cases/my-cases.ts), because the shell reads
 * it and that module brings zod into the first download (the 200 KB budget, bundle-budget.spec).
 */
export const PARTY_ROLES = [11, 12, 50, 51] as const;
export type PartyRoleId = (typeof PARTY_ROLES)[number];
export const isPartyRole = (roleId: number): roleId is PartyRoleId =>
  (PARTY_ROLES as readonly number[]).includes(roleId);
/**
 * Issue 35 item 3: who signs documents sent from a case: the firm's attorneys (role 5; an e-sign template may place
 * attorney fields) and the people outside the firm. They reach 'To sign' and its routes.
 */
export const SIGNING_ROLES = [5, ...PARTY_ROLES] as const;
export const isSigningRole = (roleId: number): boolean => (SIGNING_ROLES as readonly number[]).includes(roleId);
export const canOpenSettings = (roleId: RoleId): boolean => (SETTINGS_ROLES as readonly number[]).includes(roleId);

export const TenantType = { LawFirm: 1, PetitionerCompany: 2 } as const;
export type TenantTypeId = 1 | 2;

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * The computed allowed-roles set of 001 §6: the roles a user may hand to the people it manages. By default
 * roles 2 to 13 (R-ROLE-009); role 3 gets 4 to 11 and 13 (R-ROLE-010); role 4 gets 5 to 11 and 12
 * (R-ROLE-011). /api/auth/me carries it as `allowedRoleIds` for the user screens.
 */
export const allowedRoleIds = (roleId: RoleId): number[] => {
  if (roleId === Role.Admin) return [...range(4, 11), 13];
  if (roleId === Role.BranchManager) return [...range(5, 11), 12];
  return range(2, 13);
};

/** Issue 16: a user may give, and manage users holding, only the roles of their allowed-roles set. */
export const canAssignRole = (callerRoleId: RoleId, roleId: RoleId): boolean =>
  allowedRoleIds(callerRoleId).includes(roleId);
