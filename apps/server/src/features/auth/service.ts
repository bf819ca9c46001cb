import { type Db, inSystemTx, type Tx } from '@caseport/db/client';
import {
  type ChangePasswordBody,
  CURRENT_PASSWORD_WRONG,
  INVALID_CREDENTIALS,
  type LoginBody,
  type Me,
  PASSWORD_TOO_COMMON,
} from '@caseport/domain/auth/contracts';
import { MFA_MESSAGES } from '@caseport/domain/auth/mfa';
import { passwordProblem } from '@caseport/domain/auth/password-policy';
import { allowedRoleIds, Role } from '@caseport/domain/auth/roles';
import { menuTabs, openableTabs } from '@caseport/domain/settings/tabs';
import { ACCOUNT_SUSPENDED } from '@caseport/domain/users/contracts';
import { recordAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { AppError, fieldError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import { noticeOwner } from '../../platform/owner-notice';
import { hashPassword, isCommonPassword, verifyPassword } from '../../platform/passwords';
import type { Principal } from '../../platform/principal';
import { createSession } from '../../platform/session';
import {
  ACCOUNT_FREE_FAILURES,
  isNoticeDue,
  recordFailure,
  signedInFrom,
  unlessThrottled,
} from '../../platform/sign-in-throttle';
import { tenantZone } from '../../platform/tenant-day';
import { issueChallenge, mfaStatusOf, secondStepOf } from './mfa';
import * as repo from './repository';

/**
 * Issue 39 (finding 9): told once, when the account's failures reach the point where strangers are slowed;
 * what it says holds whoever caused them, and it names no address.
 */
const failuresNotice = (user: { id: string; tenantId: string | null; email: string; firstName: string }) => ({
  tenantId: user.tenantId,
  userId: user.id,
  to: user.email,
  subject: 'Failed sign-in attempts on your Caseport account',
  text: `Hello ${user.firstName},\n\nThere have been ${ACCOUNT_FREE_FAILURES} failed attempts to sign in to your Caseport account in the last 24 hours. Sign-ins from addresses you have not used before are now slowed down; you can still sign in as usual. If these attempts were not yours, no action is needed, but make sure your password is long and used nowhere else.\n`,
});

/** A wrong password (or current password): counted; the owner of a known account is told at the threshold. */
const failed = async (
  db: Db,
  mailer: Mailer | null,
  email: string,
  ip: string,
  now: Date,
  user: { id: string; tenantId: string | null; email: string; firstName: string } | null,
) => {
  const failures = await inSystemTx(db, (tx) => recordFailure(tx, email, ip, now));
  if (user && isNoticeDue(failures)) await noticeOwner(db, mailer, failuresNotice(user), now);
};

export const login = async (db: Db, clock: Clock, mailer: Mailer | null, body: LoginBody, ip: string) => {
  const now = clock();
  const user = await unlessThrottled(db, body.email, ip, now, (tx) => repo.findUserByEmail(tx, body.email));
  const ok = (await verifyPassword(user?.passwordHash ?? null, body.password)) && !!user?.isActive;
  if (!ok || !user) {
    await failed(db, mailer, body.email, ip, now, user);
    throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
  }
  await inSystemTx(db, (tx) => signedInFrom(tx, body.email, ip, now));
  // Issue 16: said only to whoever knows the password, so it reveals nothing to a guesser.
  if (user.tenantStatus === 'suspended') throw new AppError('FORBIDDEN', ACCOUNT_SUSPENDED);
  // Issue 16: a second step (a code, or enrolment first) before any session exists.
  const step = secondStepOf(user);
  if (step) return { challenge: await issueChallenge(db, user, step, now) };
  // A new session id at every login (SECURITY 9: no fixation), audited with it (SECURITY 19).
  const principal = { userId: user.id, roleId: user.roleId, tenantId: user.tenantId } as Principal;
  const token = await createSession(db, user.id, now, (tx) =>
    recordAudit(tx, { principal, actingTenantId: null }, { entity: 'user', entityId: user.id, action: 'login' }),
  );
  return { token, userId: user.id };
};

/** The signed-in user, once their current password is checked under the login throttle (a wrong one counts). */
const currentPasswordUser = async (
  db: Db,
  mailer: Mailer | null,
  principal: Principal,
  password: string,
  ip: string,
  now: Date,
) => {
  const user = await unlessThrottled(db, principal.email, ip, now, (tx) =>
    repo.findUserById(tx, principal.tenantId, principal.userId),
  );
  if (!user || !(await verifyPassword(user.passwordHash, password))) {
    await failed(db, mailer, principal.email, ip, now, user);
    throw fieldError('currentPassword', CURRENT_PASSWORD_WRONG);
  }
  return user;
};

/**
 * SECURITY 7/8/9: the current password is checked under the login throttle; the new one must not be on
 * the common list; the hash is replaced and every session of the user ends, then the caller gets a new one.
 */
export const changePassword = async (
  db: Db,
  clock: Clock,
  mailer: Mailer | null,
  principal: Principal,
  body: ChangePasswordBody,
  ip: string,
): Promise<{ token: string }> => {
  const now = clock();
  const user = await currentPasswordUser(db, mailer, principal, body.currentPassword, ip, now);
  const { tenantId } = user;
  const tenantName = tenantId ? await inSystemTx(db, (tx) => repo.findTenantName(tx, tenantId)) : null;
  const problem =
    passwordProblem(body.newPassword, {
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      tenantName,
    }) ?? ((await isCommonPassword(body.newPassword)) ? PASSWORD_TOO_COMMON : null);
  if (problem) throw fieldError('newPassword', problem);
  const passwordHash = await hashPassword(body.newPassword);
  await inSystemTx(db, async (tx) => {
    await repo.replacePassword(tx, user.tenantId, user.id, passwordHash, now);
    await recordAudit(
      tx,
      { principal, actingTenantId: null },
      { entity: 'user', entityId: user.id, action: 'password' },
    );
  });
  return { token: await createSession(db, user.id, now) };
};

/**
 * Issue 38 finding 5: the signed-in user proves their password again (under the sign-in throttle, as a password
 * change does) before changing their own two-factor sign-in: a challenge to enrol with when it is off, or to give
 * a code with when it is on (new recovery codes). A locked second step stays locked.
 */
export const selfMfaChallenge = async (
  db: Db,
  clock: Clock,
  mailer: Mailer | null,
  principal: Principal,
  body: { currentPassword: string },
  ip: string,
) => {
  const now = clock();
  const user = await currentPasswordUser(db, mailer, principal, body.currentPassword, ip, now);
  if (user.mfaLockedAt) throw new AppError('RATE_LIMITED', MFA_MESSAGES.locked);
  return user.mfaSecret
    ? issueChallenge(db, user, 'verify', now, 'Enter the code from your authenticator app', principal)
    : issueChallenge(
        db,
        user,
        'enrol',
        now,
        'Scan the QR code with your authenticator app and enter its code.',
        principal,
      );
};

/** Issue 38 finding 5: the signed-in user's own two-factor state (My Profile). */
export const selfMfaStatus = async (db: Db, principal: Principal) => {
  const user = await inSystemTx(db, (tx) => repo.findUserById(tx, principal.tenantId, principal.userId));
  if (!user) throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
  return mfaStatusOf(user);
};

/** The admin phone kept in the tenant profile (Company Details), as the plan request's subscriber wants it. */
const adminPhoneOf = (profile: unknown) => {
  const p = (profile ?? {}) as { phone?: string; phoneCountryCode?: { countryCallingCode?: string } | null };
  return { phone: p.phone ?? '', phoneCode: p.phoneCountryCode?.countryCallingCode ?? '' };
};

export const buildMe = async (tx: Tx, principal: Principal): Promise<Me> => {
  const details = await repo.loadMeDetails(tx, principal.tenantId, principal.roleId);
  const viewer = { roleId: principal.roleId, tenantType: principal.tenantType };
  const t = details.tenant;
  return {
    user: {
      id: principal.userId,
      email: principal.email,
      firstName: principal.firstName,
      lastName: principal.lastName,
      roleName: details.roleName,
      ...(principal.roleId === Role.Admin ? adminPhoneOf(t?.profile) : {}),
    },
    roleId: principal.roleId,
    tenantId: principal.tenantId,
    tenantType: principal.tenantType,
    tenant: t
      ? {
          tenantId: t.id,
          name: t.name,
          tenantType: t.type as 1 | 2,
          profComplted: t.profComplted === 'Yes' ? 'Yes' : 'no',
          hasCard: !!t.cardToken,
          hasPlan: !!t.subscriptionPlan,
          defaultWorkflowId: details.defaultWorkflowId,
          // The zone its dates are in, by the one rule (issue 38 finding 2): its configuration's, else its own.
          timezone: await tenantZone(tx, t.id),
        }
      : null,
    menu: menuTabs(viewer).map((tab) => ({ key: tab.key, label: tab.label })),
    tabs: openableTabs(viewer),
    allowedRoleIds: allowedRoleIds(principal.roleId),
  };
};
