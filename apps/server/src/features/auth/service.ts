import { type Db, inSystemTx, type Tx } from '@caseport/db/client';
import {
  type ChangePasswordBody,
  CURRENT_PASSWORD_WRONG,
  INVALID_CREDENTIALS,
  type LoginBody,
  type Me,
  PASSWORD_TOO_COMMON,
} from '@caseport/domain/auth/contracts';
import { passwordProblem } from '@caseport/domain/auth/password-policy';
import { allowedRoleIds, Role } from '@caseport/domain/auth/roles';
import { menuTabs, openableTabs } from '@caseport/domain/settings/tabs';
import { ACCOUNT_SUSPENDED } from '@caseport/domain/users/contracts';
import { recordAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { AppError, fieldError } from '../../platform/errors';
import { hashPassword, isCommonPassword, verifyPassword } from '../../platform/passwords';
import type { Principal } from '../../platform/principal';
import { createSession } from '../../platform/session';
import { FAILURE_WINDOW_MS, recordFailure, unlessThrottled } from '../../platform/sign-in-throttle';
import { issueChallenge, secondStepOf } from './mfa';
import * as repo from './repository';

export const login = async (db: Db, clock: Clock, body: LoginBody, ip: string) => {
  const now = clock();
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const user = await unlessThrottled(db, body.email, ip, since, (tx) => repo.findUserByEmail(tx, body.email));
  const ok = (await verifyPassword(user?.passwordHash ?? null, body.password)) && !!user?.isActive;
  if (!ok || !user) {
    await inSystemTx(db, (tx) => recordFailure(tx, body.email, ip, now));
    throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
  }
  await inSystemTx(db, (tx) => repo.clearFailures(tx, body.email, since));
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

/**
 * SECURITY 7/8/9: the current password is checked under the login throttle; the new one must not be on
 * the common list; the hash is replaced and every session of the user ends, then the caller gets a new one.
 */
export const changePassword = async (
  db: Db,
  clock: Clock,
  principal: Principal,
  body: ChangePasswordBody,
  ip: string,
): Promise<{ token: string }> => {
  const now = clock();
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const user = await unlessThrottled(db, principal.email, ip, since, (tx) =>
    repo.findUserById(tx, principal.tenantId, principal.userId),
  );
  if (!user || !(await verifyPassword(user.passwordHash, body.currentPassword))) {
    await inSystemTx(db, (tx) => recordFailure(tx, principal.email, ip, now));
    throw fieldError('currentPassword', CURRENT_PASSWORD_WRONG);
  }
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
          timezone: t.timezone,
        }
      : null,
    menu: menuTabs(viewer).map((tab) => ({ key: tab.key, label: tab.label })),
    tabs: openableTabs(viewer),
    allowedRoleIds: allowedRoleIds(principal.roleId),
  };
};
