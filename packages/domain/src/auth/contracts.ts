import { z } from 'zod';
import type { TabKey } from '../settings/tabs';

/** SECURITY 7: 8-64+ characters, no composition rules (see password-policy.ts for the common list). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const LoginBodySchema = z
  .object({
    email: z.string().trim().toLowerCase().email('Please enter a valid email').max(254),
    password: z.string().min(1, 'Password is required').max(PASSWORD_MAX),
  })
  .strict();
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const TOO_MANY_ATTEMPTS = 'Too many failed attempts. Please try again in 15 minutes.';

export interface MeTenant {
  tenantId: string;
  name: string;
  tenantType: 1 | 2;
  profComplted: 'Yes' | 'no';
  hasCard: boolean;
  hasPlan: boolean;
  defaultWorkflowId: string | null;
}

export interface Me {
  user: { id: string; email: string; firstName: string; lastName: string; roleName: string };
  roleId: number;
  tenantId: string | null;
  tenantType: 1 | 2 | null;
  tenant: MeTenant | null;
  /** Sidebar entries, in order. */
  menu: { key: TabKey; label: string }[];
  /** Every tab whose content this user may open. */
  tabs: TabKey[];
}
