import { z } from 'zod';
import { id, text } from '../api/scalars';
import { MeSchema } from './contracts';

/**
 * Two-factor sign-in (issue 16; SECURITY 12; 002 §3.1 `mfaRequired` / `mfaConfig`): TOTP (RFC 6238, 6 digits,
 * 30 s) from an authenticator app, enrolled with a QR code; ten one-time recovery codes shown once and stored
 * hashed. A user who has enrolled gives a code at every sign-in; one whose role the tenant requires it for
 * enrols at their next sign-in. Codes are throttled like passwords and a code is accepted once.
 */
export const MFA_ISSUER = 'Caseport';
export const MFA_DIGITS = 6;
export const MFA_PERIOD_S = 30;
export const RECOVERY_CODE_COUNT = 10;
/** A sign-in waiting for its second step lasts 10 minutes. */
export const MFA_CHALLENGE_TTL_MS = 10 * 60 * 1000;

/**
 * Issue 39 (finding 1): wrong second-step codes are counted per challenge and per account, reserved atomically
 * before a code is judged. A challenge takes at most 5 wrong codes (then: sign in again); an account at most 10
 * in a row, never reset by the password step, then its second step locks (not its password) until a new
 * password is set through a reset link or an administrator resets two-factor sign-in; the owner is e-mailed.
 */
export const MFA_CHALLENGE_LIMIT = 5;
export const MFA_ACCOUNT_LIMIT = 10;

export const MFA_MESSAGES = {
  codeWrong: 'The code is incorrect or has already been used',
  challengeSpent: 'Too many wrong codes for this sign-in. Please sign in again.',
  locked:
    'Two-factor sign-in is locked after too many wrong codes. Ask your administrator for a password reset link or to reset two-factor sign-in.',
  challengeExpired: 'Your sign-in has expired. Please sign in again.',
  notEnrolling: 'Start the two-factor setup again',
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  /** Issue 38: a My Profile change whose challenge expired or is not the user's: a form error, not a sign-out. */
  startAgain: 'This took too long. Start again.',
} as const;

/** Roles a tenant may require two-factor sign-in for: its own users' roles (not the platform's 1 and 2). */
export const MFA_ROLE_CHOICES = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 50, 51] as const;

/** The password step passed; the second step is next: `verify` a code, or `enrol` first. */
export const MfaChallengeSchema = z.object({
  mfa: z.enum(['verify', 'enrol']),
  challenge: z.string(),
  message: z.string(),
});
export type MfaChallenge = z.infer<typeof MfaChallengeSchema>;
/** POST /api/auth/login: signed in (the Me answer), or a second step to take. */
export const LoginAnswerSchema = z.union([MeSchema, MfaChallengeSchema]);

const ChallengeSchema = text().min(20).max(100);
const CodeSchema = text({ error: MFA_MESSAGES.codeRequired })
  .trim()
  .regex(/^\d{6}$/, MFA_MESSAGES.codeRequired);
/** A recovery code as shown: 10 characters in two groups (`ab12c-de34f`); case and dashes are ignored. */
const RecoverySchema = text().trim().min(8).max(20);

export const MfaVerifyBodySchema = z.union([
  z.object({ challenge: ChallengeSchema, code: CodeSchema }).strict(),
  z.object({ challenge: ChallengeSchema, recoveryCode: RecoverySchema }).strict(),
]);
export type MfaVerifyBody = z.infer<typeof MfaVerifyBodySchema>;

export const MfaEnrolStartBodySchema = z.object({ challenge: ChallengeSchema }).strict();
export const MfaEnrolmentSchema = z.object({
  /** The secret in base32, for typing in by hand when the QR code cannot be scanned. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The QR code of `otpauthUrl` as a PNG data URL. */
  qrCode: z.string(),
});
export type MfaEnrolment = z.infer<typeof MfaEnrolmentSchema>;
export const MfaEnrolConfirmBodySchema = z.object({ challenge: ChallengeSchema, code: CodeSchema }).strict();
/** Signed in; the recovery codes are shown this once. */
export const MfaEnrolledSchema = z.object({ me: MeSchema, recoveryCodes: z.array(z.string()) });

/**
 * Issue 38 finding 5: the signed-in user's own two-factor sign-in, on My Profile. The password again (under the
 * sign-in throttle) gives a challenge: to enrol with (enrol-start, enrol-confirm, as at sign-in) when it is off, or
 * to give a code with when it is on, for ten new recovery codes (the old ones stop working).
 */
export const MfaSelfChallengeBodySchema = z
  .object({ currentPassword: text().min(1, 'Enter your password').max(200) })
  .strict();
export const MfaRecoveryCodesBodySchema = z.object({ challenge: ChallengeSchema, code: CodeSchema }).strict();
export const MfaRecoveryCodesSchema = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });
export const RECOVERY_CODES_REPLACED = 'New recovery codes are ready. The old ones no longer work.';
export const MfaStatusBodySchema = z.object({}).strict();
/** What My Profile says of the user's two-factor sign-in; `lastUsedAt`: the last authenticator code accepted. */
export const MfaStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  recoveryCodesLeft: z.number(),
  locked: z.boolean(),
});
export type MfaStatus = z.infer<typeof MfaStatusSchema>;

/**
 * The tenant's one two-factor rule (docs/decisions.md): 002 §3.1 `mfaRequired`, switched on the Reminders screen
 * or on User Roles, and the roles it applies to, picked on User Roles. No role picked means every user.
 */
export const MfaSettingsSchema = z.object({ mfaRequired: z.boolean(), roleIds: z.array(z.number()) });
export type MfaSettings = z.infer<typeof MfaSettingsSchema>;

/** Does the tenant's rule ask a user of this role for a second factor? */
export const mfaAppliesTo = (settings: MfaSettings, roleId: number): boolean =>
  settings.mfaRequired && (settings.roleIds.length === 0 || settings.roleIds.includes(roleId));
/**
 * The second step a user's sign-in needs (issue 16; issue 39 finding 2 for one-time links too): a code when
 * enrolled, enrolment first when the tenant's rule covers the role, else none. Platform users (no tenant) only
 * when enrolled.
 */
export const secondStepFor = (user: {
  enrolled: boolean;
  tenantId: string | null;
  roleId: number;
  mfaRequired: boolean | null;
  mfaRoles: number[] | null;
}): 'verify' | 'enrol' | null => {
  if (user.enrolled) return 'verify';
  const settings = { mfaRequired: user.mfaRequired === true, roleIds: user.mfaRoles ?? [] };
  return user.tenantId && mfaAppliesTo(settings, user.roleId) ? 'enrol' : null;
};
export const MfaSettingsBodySchema = z
  .object({
    mfaRequired: z.boolean(),
    roleIds: z
      .array(id())
      .max(20)
      .refine((ids) => ids.every((r) => (MFA_ROLE_CHOICES as readonly number[]).includes(r)), 'Unknown role'),
  })
  .strict();
export const EmptyBodySchema = z.object({}).strict();
