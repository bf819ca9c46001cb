import { z } from 'zod';
import { text } from '../api/scalars';
import { TAB_KEYS, type TabKey } from '../settings/tabs';

/** SECURITY 7: 8-64+ characters, no composition rules (see password-policy.ts for the common list). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const LoginBodySchema = z
  .object({
    email: text().trim().toLowerCase().email('Please enter a valid email').max(254),
    password: text().min(1, 'Password is required').max(PASSWORD_MAX),
  })
  .strict();
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const INVALID_CREDENTIALS = 'Invalid email or password';

export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN} characters`;
export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX} characters`;
export const PASSWORD_TOO_COMMON = 'This password is too common. Please choose another one';
export const PASSWORD_UNCHANGED = 'The new password must differ from the current one';
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';

/**
 * SECURITY 7: a new password is 8 to 128 characters (NIST 800-63B: at least 64 allowed), any characters,
 * no composition rules; the server also refuses it when it is on a common-password list.
 */
export const NewPasswordSchema = text().min(PASSWORD_MIN, PASSWORD_TOO_SHORT).max(PASSWORD_MAX, PASSWORD_TOO_LONG);

/** POST /api/auth/change-password: every other session of the user ends (SECURITY 9). */
export const ChangePasswordBodySchema = z
  .object({
    currentPassword: text().min(1, 'Current password is required').max(PASSWORD_MAX),
    newPassword: NewPasswordSchema,
  })
  .strict()
  .refine((b) => b.newPassword !== b.currentPassword, { path: ['newPassword'], message: PASSWORD_UNCHANGED });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;
/** SECURITY 8: one address's failures (10 in 15 minutes), whichever accounts they named. */
export const TOO_MANY_ATTEMPTS = 'Too many failed attempts. Please try again in 15 minutes.';
/**
 * Issue 39 (finding 9): an account with many failures from many addresses slows sign-ins from addresses it has
 * not used (growing delays); the owner's usual addresses are not held.
 */
export const SIGN_IN_SLOWED = 'Too many failed attempts on this account. Please wait a few minutes and try again.';

export interface MeTenant {
  tenantId: string;
  name: string;
  tenantType: 1 | 2;
  profComplted: 'Yes' | 'no';
  hasCard: boolean;
  hasPlan: boolean;
  defaultWorkflowId: string | null;
  /** IANA zone the tenant's dates are shown in (tenants/tenant-day.ts `tenantZoneOf`: tenantDefaultTZ, else tenants.timezone). */
  timezone?: string;
}

export interface Me {
  user: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    roleName: string;
    /** Role 3 only: the admin phone of Company Details and its calling code, for the plan's subscriber
     *  (R-SHELL-048); '' until the profile has one. */
    phone?: string;
    phoneCode?: string;
  };
  roleId: number;
  tenantId: string | null;
  tenantType: 1 | 2 | null;
  tenant: MeTenant | null;
  /** Sidebar entries, in order. */
  menu: { key: TabKey; label: string }[];
  /** Every tab whose content this user may open. */
  tabs: TabKey[];
  /** The roles this user may give to others (001 §6, `allowedRoleIds`). */
  allowedRoleIds: number[];
}

// ---- answers (ARCHITECTURE 13) ----

const TabKeySchema = z.enum(TAB_KEYS);
export const MeTenantSchema = z.object({
  tenantId: z.string(),
  name: z.string(),
  tenantType: z.union([z.literal(1), z.literal(2)]),
  profComplted: z.enum(['Yes', 'no']),
  hasCard: z.boolean(),
  hasPlan: z.boolean(),
  defaultWorkflowId: z.string().nullable(),
  timezone: z.string().optional(),
});
/** POST /api/auth/login and GET /api/auth/me. */
export const MeSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    roleName: z.string(),
    phone: z.string().optional(),
    phoneCode: z.string().optional(),
  }),
  roleId: z.number(),
  tenantId: z.string().nullable(),
  tenantType: z.union([z.literal(1), z.literal(2)]).nullable(),
  tenant: MeTenantSchema.nullable(),
  menu: z.array(z.object({ key: TabKeySchema, label: z.string() })),
  tabs: z.array(TabKeySchema),
  allowedRoleIds: z.array(z.number()),
});

/**
 * Issue 38 (finding 7): the page load's question 'who is signed in here?', answered 200 either way, so a signed-out
 * visit makes no failing request (D-06: a POST; GET /api/auth/me stays the signed-in caller's own, 401 otherwise).
 */
export const SessionSchema = z.object({ me: MeSchema.nullable() });
export type Session = z.infer<typeof SessionSchema>;
