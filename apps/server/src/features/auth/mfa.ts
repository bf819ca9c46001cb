import { createHash, randomBytes } from 'node:crypto';
import { type Db, inSystemTx, type Tx } from '@caseport/db/client';
import {
  MFA_MESSAGES as M,
  MFA_ACCOUNT_LIMIT,
  MFA_CHALLENGE_LIMIT,
  MFA_CHALLENGE_TTL_MS,
  MFA_DIGITS,
  MFA_ISSUER,
  MFA_PERIOD_S,
  type MfaChallenge,
  type MfaStatus,
  type MfaVerifyBody,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODES_REPLACED,
  secondStepFor,
} from '@caseport/domain/auth/mfa';
import { Secret, TOTP } from 'otpauth';
import { recordAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { AppError, fieldError, formError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import { tokenHashOf } from '../../platform/one-time-links';
import { queueNotice, sendNotice } from '../../platform/owner-notice';
import type { Principal } from '../../platform/principal';
import type { SecretBox } from '../../platform/secret-box';
import { createSession, newToken } from '../../platform/session';
import * as repo from './repository';

/**
 * Two-factor sign-in (issue 16, SECURITY 12). After the password, a user who has enrolled must give a TOTP code
 * (or a recovery code); one whose role the tenant requires it for, and who has not enrolled, enrols first. The
 * step between is a challenge: a random token (SHA-256 stored in user_tokens, purpose 'mfa', 10 minutes, used
 * once). Wrong codes are counted apart from password failures, per challenge and per account (issue 39,
 * `underThrottle`); a code, or an older one,
 * is never accepted twice (users.mfa_last_step); the TOTP secret is stored encrypted (platform/secret-box.ts);
 * no code or secret is ever logged or audited.
 */
const CHALLENGE = 'mfa';

const totpOf = (email: string, base32: string) =>
  new TOTP({
    issuer: MFA_ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: MFA_DIGITS,
    period: MFA_PERIOD_S,
    secret: Secret.fromBase32(base32),
  });

/** The 30-second step a code belongs to (now ± one step for clock drift), or null when it is wrong. */
const stepOf = (email: string, base32: string, code: string, now: Date): number | null => {
  const delta = totpOf(email, base32).validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / MFA_PERIOD_S) + delta;
};

const recoveryHashOf = (code: string) =>
  createHash('sha256')
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .digest('hex');
const newRecoveryCodes = () =>
  Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = randomBytes(8).toString('hex').slice(0, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });

interface SignInUser {
  id: string;
  tenantId: string | null;
  roleId: number;
  mfaSecret: string | null;
  mfaRequired: boolean | null;
  mfaRoles: number[] | null;
}

/**
 * The second step a password sign-in needs: none, a code, or enrolment first, by the tenant's one rule
 * (`mfaAppliesTo`: the roles picked on User Roles, every user when none is picked).
 */
export const secondStepOf = (user: SignInUser): MfaChallenge['mfa'] | null =>
  secondStepFor({ ...user, enrolled: !!user.mfaSecret });

export const issueChallenge = async (
  db: Db,
  user: Pick<SignInUser, 'id' | 'tenantId'>,
  step: MfaChallenge['mfa'],
  now: Date,
  /** What the step says; by default the sign-in's words. */
  message?: string,
  /** Issue 38: a signed-in user's own challenge (My Profile) is audited with it, in the same transaction. */
  self?: Principal,
): Promise<MfaChallenge> => {
  const challenge = newToken();
  await inSystemTx(db, async (tx) => {
    await repo.insertChallenge(tx, user.tenantId, {
      userId: user.id,
      purpose: CHALLENGE,
      tokenHash: tokenHashOf(challenge),
      expiresAt: new Date(now.getTime() + MFA_CHALLENGE_TTL_MS),
    });
    if (self)
      await recordAudit(
        tx,
        { principal: self, actingTenantId: null },
        { entity: 'user', entityId: user.id, action: 'two-factor-password-confirmed' },
      );
  });
  return {
    mfa: step,
    challenge,
    message:
      message ??
      (step === 'verify'
        ? 'Enter the code from your authenticator app'
        : 'Your organization requires two-factor sign-in. Set it up to continue.'),
  };
};

const expired = () => new AppError('UNAUTHENTICATED', M.challengeExpired);

/** The challenge's user (system context), if the challenge is live and the user may still sign in. */
const challengeUser = async (tx: Tx, challenge: string, now: Date) => {
  const row = await repo.findChallengeUser(tx, tokenHashOf(challenge), CHALLENGE, now);
  if (!row?.isActive || row.tenantStatus === 'suspended') throw expired();
  return row;
};
type ChallengeUser = Awaited<ReturnType<typeof challengeUser>>;

const principalOf = (row: ChallengeUser): Principal => ({
  userId: row.userId,
  sessionId: '',
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  roleId: row.roleId,
  tenantId: row.tenantId,
  tenantType: null,
});
const audit = (tx: Tx, row: ChallengeUser, action: string) =>
  recordAudit(
    tx,
    { principal: principalOf(row), actingTenantId: null },
    { entity: 'user', entityId: row.userId, action },
  );

/** The challenge is used once: a second, racing use finds nothing to mark. */
const useChallenge = async (tx: Tx, tokenId: string, now: Date) => {
  if (!(await repo.useChallenge(tx, tokenId, now))) throw expired();
};

const wrongCode = (field: string) => fieldError(field, M.codeWrong);

/** Said to the owner when their second step locks (issue 39): no code, no address, only what happened. */
const lockNotice = (row: ChallengeUser) => ({
  tenantId: row.tenantId,
  userId: row.userId,
  to: row.email,
  subject: 'Two-factor sign-in to your Caseport account is locked',
  text: `Hello ${row.firstName},\n\nSomeone who knows your Caseport password gave ${MFA_ACCOUNT_LIMIT} wrong two-factor codes in a row, so two-factor sign-in to your account is now locked. If this was not you, your password is known to someone else: ask your administrator for a password reset link (setting a new password lifts the lock) or to reset two-factor sign-in.\n`,
});

/**
 * Runs one code check (issue 39, finding 1). The attempt is reserved first, in one transaction whose UPDATEs
 * lock the user's row and the challenge's row: the account's count of wrong codes (never reset by the password
 * step; at MFA_ACCOUNT_LIMIT the second step is locked, 429) and the challenge's (at MFA_CHALLENGE_LIMIT: 429,
 * sign in again). So racing codes are judged at most up to the limits. A right code clears the account's count;
 * a wrong one leaves it counted, and the one that reaches the limit locks the second step and tells the owner.
 * `check` runs in the transaction that signs in, so nothing is half done.
 */
const checkCode = async (
  db: Db,
  clock: Clock,
  mailer: Mailer | null,
  challenge: string,
  field: string,
  check: (tx: Tx, row: ChallengeUser, now: Date) => Promise<boolean>,
  action: string,
  /** Issue 38: a signed-in user's own challenge (no new session; another user's challenge is expired to them). */
  own?: { userId: string },
) => {
  const now = clock();
  const row = await inSystemTx(db, (tx) => challengeUser(tx, challenge, now)).catch((e: unknown) => {
    throw own ? formError(M.startAgain) : e;
  });
  if (own && row.userId !== own.userId) throw formError(M.startAgain);
  const failures = await inSystemTx(db, async (tx) => {
    const n = await repo.reserveMfaAttempt(tx, row.tenantId, row.userId, MFA_ACCOUNT_LIMIT);
    if (n === null) throw new AppError('RATE_LIMITED', M.locked);
    // Thrown inside the transaction: the account's reservation rolls back with it.
    if (!(await repo.reserveChallengeAttempt(tx, row.tokenId, MFA_CHALLENGE_LIMIT)))
      throw new AppError('RATE_LIMITED', M.challengeSpent);
    return n;
  });
  const ok = await inSystemTx(db, async (tx) => {
    if (!(await check(tx, row, now))) return false;
    await useChallenge(tx, row.tokenId, now);
    await repo.clearMfaFailures(tx, row.tenantId, row.userId);
    await audit(tx, row, action);
    return true;
  });
  if (!ok) {
    if (failures >= MFA_ACCOUNT_LIMIT) {
      const notice = lockNotice(row);
      const outboxId = await inSystemTx(db, async (tx) => {
        if (!(await repo.lockMfa(tx, row.tenantId, row.userId, now))) return null;
        await audit(tx, row, 'two-factor-locked');
        return queueNotice(tx, notice);
      });
      if (outboxId) await sendNotice(db, mailer, outboxId, notice, now);
    }
    throw wrongCode(field);
  }
  return { userId: row.userId, now };
};

/** A code check that signs in: a new session once the code is right (the sign-in's second step, enrolment). */
const underThrottle = async (...args: Parameters<typeof checkCode>) => {
  const { userId, now } = await checkCode(...args);
  return { userId, token: await createSession(args[0], userId, now) };
};

/** An enrolled user's authenticator code, accepted once (its step, or an older one, never again). */
const takeCode = async (tx: Tx, secrets: SecretBox, row: ChallengeUser, code: string, now: Date) => {
  if (!row.mfaSecret) return false;
  const step = stepOf(row.email, secrets.open(row.mfaSecret), code, now);
  return step !== null && (await repo.takeMfaStep(tx, row.tenantId, row.userId, step));
};

/** The second step: a TOTP code (once) or a recovery code (once). */
export const verifySecondStep = (
  db: Db,
  clock: Clock,
  mailer: Mailer | null,
  secrets: SecretBox,
  body: MfaVerifyBody,
) =>
  'code' in body
    ? underThrottle(
        db,
        clock,
        mailer,
        body.challenge,
        'code',
        (tx, row, now) => takeCode(tx, secrets, row, body.code, now),
        'sign-in-two-factor',
      )
    : underThrottle(
        db,
        clock,
        mailer,
        body.challenge,
        'recoveryCode',
        async (tx, row) =>
          !!row.mfaSecret &&
          (await repo.takeRecoveryHash(tx, row.tenantId, row.userId, recoveryHashOf(body.recoveryCode))),
        'sign-in-recovery-code',
      );

/** Enrolment, step 1: a new secret (kept pending, encrypted) as a QR code and as text. */
export const startEnrolment = async (db: Db, clock: Clock, secrets: SecretBox, challenge: string) => {
  const now = clock();
  const secret = new Secret({ size: 20 }).base32;
  const row = await inSystemTx(db, async (tx) => {
    const row = await challengeUser(tx, challenge, now);
    if (row.mfaSecret) throw formError('Two-factor sign-in is already set up');
    await repo.setPendingMfaSecret(tx, row.tenantId, row.userId, secrets.seal(secret));
    await audit(tx, row, 'two-factor-setup-started');
    return row;
  });
  const otpauthUrl = totpOf(row.email, secret).toString();
  // qrcode (~60 files) is loaded at the first enrolment, not at every server start (issue 38 finding 11).
  const { toDataURL } = await import('qrcode');
  return { secret, otpauthUrl, qrCode: await toDataURL(otpauthUrl, { margin: 1, width: 220 }) };
};

/** Enrolment, step 2: a code from the app proves it; the secret is kept, ten recovery codes are shown once. */
export const confirmEnrolment = async (
  db: Db,
  clock: Clock,
  mailer: Mailer | null,
  secrets: SecretBox,
  body: { challenge: string; code: string },
) => {
  const recoveryCodes = newRecoveryCodes();
  const signedIn = await underThrottle(
    db,
    clock,
    mailer,
    body.challenge,
    'code',
    async (tx, row, now) => {
      if (row.mfaSecret || !row.mfaPendingSecret) throw formError(M.notEnrolling);
      const step = stepOf(row.email, secrets.open(row.mfaPendingSecret), body.code, now);
      if (step === null) return false;
      await repo.enableMfa(tx, row.tenantId, row.userId, {
        mfaSecret: row.mfaPendingSecret,
        mfaEnabledAt: now,
        mfaLastStep: step,
        mfaRecoveryHashes: recoveryCodes.map(recoveryHashOf),
      });
      return true;
    },
    'two-factor-enrolled',
  );
  return { ...signedIn, recoveryCodes };
};

/**
 * Issue 38 finding 5: ten new recovery codes for a signed-in user who gives a code from their app (under the same
 * throttle as a sign-in's codes, on a challenge their password opened). The old codes stop working; audited.
 */
export const regenerateRecoveryCodes = async (
  db: Db,
  clock: Clock,
  mailer: Mailer | null,
  secrets: SecretBox,
  principal: Principal,
  body: { challenge: string; code: string },
) => {
  const recoveryCodes = newRecoveryCodes();
  await checkCode(
    db,
    clock,
    mailer,
    body.challenge,
    'code',
    async (tx, row, now) => {
      if (!(await takeCode(tx, secrets, row, body.code, now))) return false;
      await repo.setRecoveryHashes(tx, row.tenantId, row.userId, recoveryCodes.map(recoveryHashOf));
      return true;
    },
    'two-factor-recovery-codes-replaced',
    { userId: principal.userId },
  );
  return { message: RECOVERY_CODES_REPLACED, recoveryCodes };
};

/** Issue 38 finding 5: the signed-in user's own two-factor state for My Profile (no secret, no code). */
export const mfaStatusOf = (user: {
  mfaSecret: string | null;
  mfaEnabledAt: Date | null;
  mfaLastStep: number | null;
  mfaRecoveryHashes: string[];
  mfaLockedAt: Date | null;
}): MfaStatus => ({
  enabled: !!user.mfaSecret,
  enabledAt: user.mfaSecret && user.mfaEnabledAt ? user.mfaEnabledAt.toISOString() : null,
  lastUsedAt:
    user.mfaSecret && user.mfaLastStep ? new Date(user.mfaLastStep * MFA_PERIOD_S * 1000).toISOString() : null,
  recoveryCodesLeft: user.mfaSecret ? user.mfaRecoveryHashes.length : 0,
  locked: !!user.mfaLockedAt,
});
