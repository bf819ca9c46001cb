import { Role, type RoleId } from '../auth/roles';

/**
 * Issue 39 (finding 5, SECURITY 26): who may change a tenant's billing (the card, the payment terms, the plan,
 * the Billing Details), in the tenant's current state. The permission matrix names the roles that may reach a
 * billing write at all (3 and 50); this rule adds the state the matrix cannot see, and the server checks it on
 * every billing write with the tenant's row locked.
 *
 * - Role 3, the tenant's administrator, always.
 * - Role 50, the petitioner contact, only while the tenant is held for card or plan (D-27): its 'Plan & payment'
 *   step exists to lift that hold. Once the tenant has both, the firm's plan and card are the firm's.
 * - Every other role (4, the branch manager, included) reads billing but never changes it.
 */
export interface BillingState {
  hasCard: boolean;
  hasPlan: boolean;
}

/** D-27: the tenant is held while it lacks a card or a plan. */
export const isBillingHeld = (s: BillingState): boolean => !s.hasCard || !s.hasPlan;

export const canWriteBilling = (roleId: RoleId, s: BillingState): boolean =>
  roleId === Role.Admin || (roleId === Role.Petitioner && isBillingHeld(s));

/** Billing Details (R-BILL-017) are the administrator's, held or not: the Plan & payment step has none. */
export const canEditBillingDetails = (roleId: RoleId): boolean => roleId === Role.Admin;

/** What a reader of billing (role 4) sees where the administrator has the controls. */
export const BILLING_READ_ONLY_NOTE =
  'Only your company’s administrator can change the plan, the card or billing details.';

export const BILLING_WRITE_FORBIDDEN = "Only your company's administrator can change its plan, card or billing details";
