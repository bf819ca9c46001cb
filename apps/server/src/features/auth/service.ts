import { type Db, inSystemTx, type Tx } from '@caseport/db/client';
import { INVALID_CREDENTIALS, type LoginBody, type Me, TOO_MANY_ATTEMPTS } from '@caseport/domain/auth/contracts';
import { menuTabs, openableTabs } from '@caseport/domain/settings/tabs';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { verifyPassword } from '../../platform/passwords';
import type { Principal } from '../../platform/principal';
import { createSession } from '../../platform/session';
import * as repo from './repository';

/** SECURITY 8: 429 after 10 failures per account or per IP within 15 minutes. */
export const MAX_FAILURES = 10;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

export const login = async (db: Db, clock: Clock, body: LoginBody, ip: string) => {
  const now = clock();
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const user = await inSystemTx(db, async (tx) => {
    const failures = await repo.countRecentFailures(tx, body.email, ip, since);
    if (failures.byEmail >= MAX_FAILURES || failures.byIp >= MAX_FAILURES) {
      throw new AppError('RATE_LIMITED', TOO_MANY_ATTEMPTS);
    }
    return repo.findUserByEmail(tx, body.email);
  });
  const ok = (await verifyPassword(user?.passwordHash ?? null, body.password)) && !!user?.isActive;
  if (!ok || !user) {
    await inSystemTx(db, (tx) => repo.recordFailure(tx, body.email, ip, now));
    throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
  }
  await inSystemTx(db, (tx) => repo.clearFailures(tx, body.email, since));
  // A new session id at every login (SECURITY 9: no fixation).
  const token = await createSession(db, user.id, now);
  return { token, userId: user.id };
};

export const buildMe = async (tx: Tx, principal: Principal): Promise<Me> => {
  const details = await repo.loadMeDetails(tx, principal.roleId, principal.tenantId);
  const viewer = { roleId: principal.roleId, tenantType: principal.tenantType };
  const t = details.tenant;
  return {
    user: {
      id: principal.userId,
      email: principal.email,
      firstName: principal.firstName,
      lastName: principal.lastName,
      roleName: details.roleName,
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
        }
      : null,
    menu: menuTabs(viewer).map((tab) => ({ key: tab.key, label: tab.label })),
    tabs: openableTabs(viewer),
  };
};
