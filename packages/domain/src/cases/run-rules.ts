import { RFE_CODES } from '../workflows/catalogue';
import { ROLE_NAMES } from '../workflows/rules';

/**
 * Who acts on an activity of a case's run, and what its due date may be (issue 34): the server refuses what
 * these refuse (403, 400) and the web hides or disables the same actions with the same reason.
 */

/** The tenant's Admin: the firm's administrator acts on every activity of its cases. */
export const FIRM_ADMIN_ROLE_ID = 3;
/**
 * Who acts on an activity that names no editors (the workflow editor hides the field for CREATE_PETITION,
 * SUBMIT_BY_BENEFICIARY, SUBMIT_TO_LAW_FIRM and FILE_AFTER_INVOICE_PAYMENT, and the ASSIGN_* activities may be
 * saved without): those who open cases, the Admin and the Branch Manager (the case routes' roles).
 */
export const NO_EDITORS_ACTORS: readonly number[] = [3, 4];

/** The activity as far as who acts on it matters: its editors' role ids (the run pins them) and its owner. */
export interface ActedOn {
  ownerRoleIds: readonly number[];
  ownerId: string | null;
}
export interface RunActor {
  userId: string;
  roleId: number;
}

/** The roles that act on the activity besides the Admin and its owner: its editors, or NO_EDITORS_ACTORS. */
export const actingRoleIds = (a: Pick<ActedOn, 'ownerRoleIds'>): readonly number[] =>
  a.ownerRoleIds.length ? a.ownerRoleIds : NO_EDITORS_ACTORS;

/**
 * Why `user` may not act on the activity (its message for the 403 and for the web's disabled buttons), or null
 * when they may: the Admin always; anyone else when their role is among the activity's editors (or, for one with
 * no editors, among NO_EDITORS_ACTORS), or when they are its assigned owner.
 */
export const actRefusal = (a: ActedOn, user: RunActor): string | null => {
  if (user.roleId === FIRM_ADMIN_ROLE_ID) return null;
  if (a.ownerId !== null && a.ownerId === user.userId) return null;
  const editors = actingRoleIds(a);
  if (editors.includes(user.roleId)) return null;
  const names = [FIRM_ADMIN_ROLE_ID, ...editors.filter((r) => r !== FIRM_ADMIN_ROLE_ID)].map(
    (r) => ROLE_NAMES[r] ?? `Role ${r}`,
  );
  return `Only ${names.join(', ')} or its owner can act on this activity`;
};

/** Issue 34: whether `user` may act on (complete, undo, skip, record on, change the due date of) the activity. */
export const mayActOn = (a: ActedOn, user: RunActor): boolean => actRefusal(a, user) === null;

export const DUE_BEFORE_OPENED = 'The due date cannot be before the case was opened';
export const dueAfterRfeMessage = (responseDueOn: string) =>
  `An RFE activity is due no later than the RFE response date (${responseDueOn})`;
export const DUE_NOT_OPEN = 'Only an open activity has a due date to change';

/** An activity of the RFE set (D-12): due no later than the RFE's response date. */
export const isRfeActivity = (code: string) => (RFE_CODES as readonly string[]).includes(code);

/**
 * Issue 34: a due date set by hand, on a valid calendar date (CalendarDateSchema): not before the day the case
 * was opened (the firm's day), and for an RFE activity not after the RFE's response due date (USCIS's
 * deadline does not move). A day already past is allowed: a firm records a late activity as it is.
 */
export const dueOnRefusal = (
  code: string,
  dueOn: string,
  limits: { openedOn: string; rfeResponseDueOn: string | null },
): string | null => {
  if (dueOn < limits.openedOn) return DUE_BEFORE_OPENED;
  if (isRfeActivity(code) && limits.rfeResponseDueOn && dueOn > limits.rfeResponseDueOn)
    return dueAfterRfeMessage(limits.rfeResponseDueOn);
  return null;
};

/** The RFE's response due date recorded on UPDATE_USCIS_RESPONSE (its data), if any. */
export const rfeResponseDueOf = (uscisData: unknown): string | null => {
  const due = (uscisData as { rfe?: { responseDueOn?: unknown } } | null | undefined)?.rfe?.responseDueOn;
  return typeof due === 'string' ? due : null;
};
