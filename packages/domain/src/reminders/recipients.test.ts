import { describe, expect, it } from 'vitest';
import { type RoleOption, reminderRecipientRoleIds, reminderRoleOptions } from './recipients';

/** The user_roles master list as the seed names it (R-ROLE-001..006 and docs/decisions.md). */
const ROLES: RoleOption[] = [
  [1, 'Super Admin'],
  [2, 'Platform Admin'],
  [3, 'Admin'],
  [4, 'Branch Manager'],
  [5, 'Attorney'],
  [6, 'Paralegal'],
  [7, 'Supervisor'],
  [8, 'Documentation Manager'],
  [9, 'Documentation Executive'],
  [10, 'Accounts Manager'],
  [11, 'Beneficiary'],
  [12, 'Authorized Signatory'],
  [13, 'HR Manager'],
  [14, 'Applicant'],
  [49, 'Guest'],
  [50, 'Petitioner'],
  [51, 'Sponsor'],
].map(([id, name]) => ({ id: id as number, name: name as string }));

const ids = (options: RoleOption[]) => options.map((o) => o.id);
const r3to14 = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14];

describe('reminder recipients (002 §6)', () => {
  it('D-15: role 51 is Sponsor; in the family and employment lists its entry is labelled Petitioner', () => {
    for (const tenantType of [1, 2] as const) {
      for (const list of ['family', 'employment'] as const) {
        const options = reminderRoleOptions(ROLES, list, tenantType);
        expect(options.filter((o) => o.id === 51)).toEqual([{ id: 51, name: 'Petitioner' }]);
        expect(options.some((o) => o.name === 'Sponsor')).toBe(false);
      }
    }
    // Elsewhere role 51 keeps its master name.
    expect(reminderRoleOptions(ROLES, 'passport', 1)).toEqual([
      { id: 50, name: 'Petitioner' },
      { id: 51, name: 'Sponsor' },
    ]);
    expect(reminderRoleOptions(ROLES, 'pwd', 2).at(-1)).toEqual({ id: 51, name: 'Sponsor' });
  });

  it('R-REM-046: roles 1 and 2 are never offered, even where every role is allowed', () => {
    for (const list of ['family', 'visa', 'sponsorship'] as const) {
      for (const tenantType of [1, 2] as const) {
        const offered = ids(reminderRoleOptions(ROLES, list, tenantType));
        expect(offered).not.toContain(1);
        expect(offered).not.toContain(2);
      }
    }
  });

  it('R-REM-047: R-REM-048: for tenant type 2 the case-team lists allow 3-8, the document lists 3-14 and 51', () => {
    for (const list of ['sponsorship', 'lottery', 'renewal', 'perm'] as const)
      expect(reminderRecipientRoleIds(list, 2)).toEqual([3, 4, 5, 6, 7, 8]);
    for (const list of ['passport', 'i94', 'visa', 'workAuthorization', 'pwd', 'durationOfStay'] as const)
      expect(reminderRecipientRoleIds(list, 2)).toEqual([...r3to14, 51]);
  });

  it('R-REM-049: R-REM-050: R-REM-051: R-REM-052: the other tenant type has its own lists', () => {
    for (const list of ['sponsorship', 'lottery', 'renewal', 'perm', 'employment'] as const)
      expect(reminderRecipientRoleIds(list, 1)).toEqual([50, 3, 4, 5, 6, 7, 8]);
    for (const list of ['passport', 'i94', 'durationOfStay'] as const)
      expect(reminderRecipientRoleIds(list, 1)).toEqual([50, 51]);
    expect(reminderRecipientRoleIds('visa', 1)).toEqual([...r3to14, 51, 50]);
    for (const list of ['workAuthorization', 'pwd'] as const)
      expect(reminderRecipientRoleIds(list, 1)).toEqual([...r3to14, 51]);
  });

  it('R-REM-053: invoice reminders go to role 50 only', () => {
    expect(reminderRoleOptions(ROLES, 'invoice', 1)).toEqual([{ id: 50, name: 'Petitioner' }]);
  });

  it('R-REM-054: the family and employment lists add the synthetic Petitioner (51) entry after the allowed roles', () => {
    expect(ids(reminderRoleOptions(ROLES, 'employment', 1))).toEqual([50, 3, 4, 5, 6, 7, 8, 51]);
    expect(ids(reminderRoleOptions(ROLES, 'employment', 2))).toEqual([3, 4, 5, 6, 7, 8, 51]);
    const family = reminderRoleOptions(ROLES, 'family', 1);
    expect(ids(family)).toEqual([...r3to14, 49, 50, 51]);
  });
});
