import { Role, type TenantTypeId } from '../auth/roles';

/**
 * Who a reminder may be sent to (002 §6). Each reminder block of the global configuration has a
 * multi-select of roles; which roles it offers depends on the block's list and the tenant type. The
 * reminders screen and the server's check of a saved configuration both read these rules.
 */
export type ReminderRoleList =
  | 'sponsorship'
  | 'lottery'
  | 'renewal'
  | 'perm'
  | 'employment'
  | 'family'
  | 'passport'
  | 'i94'
  | 'durationOfStay'
  | 'visa'
  | 'workAuthorization'
  | 'pwd'
  | 'invoice';

export interface RoleOption {
  id: number;
  name: string;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const CASE_TEAM_LISTS: readonly ReminderRoleList[] = ['sponsorship', 'lottery', 'renewal', 'perm', 'employment'];

/**
 * The role ids a list allows, in the spec's order; null means every selectable role (a list with no rule
 * of its own, the family list). R-REM-047..053.
 */
export const reminderRecipientRoleIds = (list: ReminderRoleList, tenantType: TenantTypeId): number[] | null => {
  if (list === 'invoice') return [Role.Petitioner];
  if (list === 'family') return null;
  const caseTeam = CASE_TEAM_LISTS.includes(list);
  if (tenantType === 2) return caseTeam ? range(3, 8) : [...range(3, 14), Role.Sponsor];
  if (caseTeam) return [Role.Petitioner, ...range(3, 8)];
  if (list === 'passport' || list === 'i94' || list === 'durationOfStay') return [Role.Petitioner, Role.Sponsor];
  if (list === 'visa') return [...range(3, 14), Role.Sponsor, Role.Petitioner];
  return [...range(3, 14), Role.Sponsor];
};

/** R-REM-054 / D-15: the family and employment lists carry role 51 as a synthetic entry named 'Petitioner'. */
export const SYNTHETIC_PETITIONER: RoleOption = { id: Role.Sponsor, name: 'Petitioner' };

/**
 * The options of a block's role multi-select: the `user_roles` master list without roles 1 and 2
 * (R-REM-046), narrowed to what the list allows, and for the family and employment lists role 51 as the
 * synthetic 'Petitioner' entry (D-15) instead of its master name 'Sponsor'.
 */
export const reminderRoleOptions = (
  roles: readonly RoleOption[],
  list: ReminderRoleList,
  tenantType: TenantTypeId,
): RoleOption[] => {
  const selectable = roles.filter((r) => r.id !== Role.SuperAdmin && r.id !== Role.PlatformAdmin);
  const allowed = reminderRecipientRoleIds(list, tenantType);
  const options = allowed
    ? allowed.flatMap((id) => selectable.filter((r) => r.id === id))
    : selectable.filter((r) => r.id !== Role.Sponsor);
  if (list !== 'family' && list !== 'employment') return options;
  return [...options.filter((r) => r.id !== Role.Sponsor), SYNTHETIC_PETITIONER];
};

/**
 * Issue 35 item 5: a reminder's e-mail. It names the reminder (its kind, not its date), the case number and the
 * recipient, nothing else: a passport's expiry or a status end is the beneficiary's personal data, and a reminder
 * may go to a petitioner contact, a sponsor or an address typed in the configuration. The dates are in the portal,
 * behind the sign-in the link leads to.
 */
export const reminderMail = (m: { name: string | null; title: string; caseNumber: string; link: string | null }) => ({
  subject: `Reminder: ${m.title} · case ${m.caseNumber}`,
  text: `Hello${m.name ? ` ${m.name}` : ''},\n\nA reminder of case ${m.caseNumber} is due today: ${m.title}.\n\n${
    m.link ? `Sign in to see it: ${m.link}` : 'Sign in to Caseport to see it.'
  }\n`,
});
