import { randomUUID } from 'node:crypto';
import { type Db, type Executor, inSystemTx, type Tx } from '@caseport/db/client';
import { PASSWORD_TOO_COMMON } from '@caseport/domain/auth/contracts';
import { type MfaSettings, secondStepFor } from '@caseport/domain/auth/mfa';
import { passwordProblem } from '@caseport/domain/auth/password-policy';
import { canAssignRole } from '@caseport/domain/auth/roles';
import { BRANCH_MESSAGES } from '@caseport/domain/branches/contracts';
import {
  type AcceptTokenBody,
  LINK_INVALID,
  NOT_YOURSELF,
  type OwnProfileBody,
  ROLE_NOT_ALLOWED,
  TOKEN_PURPOSES,
  type TokenInfo,
  type TokenPurpose,
  USER_NOT_MANAGEABLE,
  type UserInviteBody,
  type UserItem,
  type UserStatusBody,
  type UserUpdateBody,
} from '@caseport/domain/users/contracts';
import { recordAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { AppError, fieldError, formError, notFound } from '../../platform/errors';
import { issueDecoyLink, issueLink, type PendingMail, tokenHashOf } from '../../platform/one-time-links';
import { hashPassword, isCommonPassword } from '../../platform/passwords';
import type { Principal } from '../../platform/principal';
import { branchScopeOf, NO_BRANCH } from '../../platform/users';
import * as repo from './repository';

const roleRefused = () => fieldError('roleId', ROLE_NOT_ALLOWED);

/**
 * 001 §6 (R-ROLE-010/011): the role given must be in the caller's allowed-roles set. Role ids are not
 * resolved by references.ts: the allowed set is a subset of the seeded roles, so an unknown id is refused here.
 */
const requireAssignable = (ctx: RequestContext, roleId: number) => {
  if (!canAssignRole(ctx.principal.roleId, roleId)) throw roleRefused();
};

const outsideBranch = (message: string = BRANCH_MESSAGES.notYourBranch) =>
  new AppError('FORBIDDEN', message, [{ name: 'branchId', message }]);

/**
 * The branch a new or changed user gets: a branch manager may give only their own (left out: their own);
 * `undefined` keeps the current one on update.
 */
const branchFor = async (tx: Tx, ctx: RequestContext, branchId: string | null | undefined, creating: boolean) => {
  const scope = await branchScopeOf(tx, ctx);
  if (scope === undefined) return creating ? (branchId ?? null) : branchId;
  if (scope === NO_BRANCH) throw outsideBranch(BRANCH_MESSAGES.noBranch);
  if (branchId === undefined) return creating ? scope : undefined;
  if (branchId !== scope) throw outsideBranch();
  return scope;
};

/**
 * The user another user may act on: in the caller's tenant (another tenant's id: 404), holding a role of the
 * caller's allowed-roles set (a branch manager cannot touch an admin: 403), and not the caller (their own
 * role and status are not theirs to change).
 */
const manageableUser = async (tx: Tx, ctx: RequestContext, userId: string): Promise<UserItem> => {
  const user = await repo.findUserItem(tx, ctx.tenantId as string, userId);
  if (!user) throw notFound('User');
  if (user._id === ctx.principal.userId) throw new AppError('FORBIDDEN', NOT_YOURSELF);
  if (!canAssignRole(ctx.principal.roleId, user.roleId)) throw new AppError('FORBIDDEN', USER_NOT_MANAGEABLE);
  const scope = await branchScopeOf(tx, ctx);
  if (scope !== undefined && user.branchId !== scope) throw new AppError('FORBIDDEN', BRANCH_MESSAGES.notYourBranch);
  return user;
};

export const sendLink = async (
  tx: Tx,
  ctx: RequestContext,
  user: Pick<UserItem, '_id' | 'email' | 'firstName'>,
  purpose: TokenPurpose,
  origin: string,
  now: Date,
): Promise<PendingMail> => {
  const tenantName = ctx.tenantId ? await repo.tenantName(tx, ctx.tenantId) : null;
  return issueLink(
    tx,
    ctx,
    { userId: user._id, tenantId: ctx.tenantId, email: user.email, firstName: user.firstName, tenantName, purpose },
    origin,
    now,
  );
};

export const inviteUser = async (
  tx: Tx,
  ctx: RequestContext,
  clock: Clock,
  body: UserInviteBody,
  origin: string,
  /** false when the caller's own audit row names the invitation (tenant creation: one row per request). */
  { audit = true }: { audit?: boolean } = {},
): Promise<{ user: UserItem; mail: PendingMail }> => {
  requireAssignable(ctx, body.roleId);
  const branchId = await branchFor(tx, ctx, body.branchId, true);
  const values = { ...body, branchId };
  const tenantId = ctx.tenantId as string;
  const userId = await repo.insertUser(tx, tenantId, values);
  const user = (await repo.findUserItem(tx, tenantId, userId)) as UserItem;
  if (audit) await recordAudit(tx, ctx, { entity: 'user', entityId: userId, action: 'invite', after: values });
  return { user, mail: await sendLink(tx, ctx, user, 'invite', origin, clock()) };
};

/**
 * Issue 39 (finding 8): an invitation of an e-mail taken in another tenant answers like any other (the same
 * checks first, the same answer, message and audit row) and creates nothing here: no user, no working link.
 * The answer's user is what a fresh invitation's would be, under an id that names nothing.
 */
export const inviteTakenElsewhere = async (
  tx: Tx,
  ctx: RequestContext,
  clock: Clock,
  body: UserInviteBody,
  origin: string,
): Promise<{ user: UserItem; mail: PendingMail }> => {
  requireAssignable(ctx, body.roleId);
  const branchId = (await branchFor(tx, ctx, body.branchId, true)) ?? null;
  const values = { ...body, branchId };
  const tenantId = ctx.tenantId as string;
  const labels = await repo.inviteeLabels(tx, tenantId, body.roleId, branchId);
  const user: UserItem = {
    _id: randomUUID(),
    email: body.email,
    firstName: body.firstName,
    lastName: body.lastName,
    roleId: body.roleId,
    roleName: labels.roleName,
    status: 'invited',
    branchId,
    branchName: labels.branchName,
    mfaEnabled: false,
    createdOn: labels.createdOn,
  };
  await recordAudit(tx, ctx, { entity: 'user', entityId: user._id, action: 'invite', after: values });
  const tenantName = await repo.tenantName(tx, tenantId);
  const mail = await issueDecoyLink(
    tx,
    ctx,
    { userId: user._id, tenantId, email: body.email, firstName: body.firstName, tenantName, purpose: 'invite' },
    origin,
    clock(),
  );
  return { user, mail };
};

export const updateUser = async (tx: Tx, ctx: RequestContext, clock: Clock, body: UserUpdateBody) => {
  const before = await manageableUser(tx, ctx, body.userId);
  requireAssignable(ctx, body.roleId);
  const { userId, branchId: asked, ...names } = body;
  const branchId = await branchFor(tx, ctx, asked, false);
  const set = branchId === undefined ? names : { ...names, branchId };
  await repo.updateUser(tx, ctx.tenantId as string, userId, set, clock());
  await recordAudit(tx, ctx, {
    entity: 'user',
    entityId: userId,
    action: 'update',
    before: {
      firstName: before.firstName,
      lastName: before.lastName,
      roleId: before.roleId,
      branchId: before.branchId,
    },
    after: set,
  });
  return (await repo.findUserItem(tx, ctx.tenantId as string, userId)) as UserItem;
};

/** Deactivation ends the user's sessions at their next request (session.ts checks is_active). */
export const setUserStatus = async (tx: Tx, ctx: RequestContext, clock: Clock, body: UserStatusBody) => {
  const before = await manageableUser(tx, ctx, body.userId);
  await repo.updateUser(tx, ctx.tenantId as string, body.userId, { isActive: body.active }, clock());
  await recordAudit(tx, ctx, {
    entity: 'user',
    entityId: body.userId,
    action: body.active ? 'activate' : 'deactivate',
    before: { status: before.status },
    after: { active: body.active },
  });
  return (await repo.findUserItem(tx, ctx.tenantId as string, body.userId)) as UserItem;
};

/** Deactivated: sweep the sessions now (they are already refused by loadPrincipal). */
export const endSessionsOf = (db: Db, userId: string) => inSystemTx(db, (tx) => repo.deleteSessionsOf(tx, userId));

/**
 * An admin-started link: an invitation again for a user who has not accepted yet, otherwise a password reset.
 * Not for a deactivated user (reactivate first).
 */
export const resendLink = async (tx: Tx, ctx: RequestContext, clock: Clock, userId: string, origin: string) => {
  const user = await manageableUser(tx, ctx, userId);
  if (user.status === 'inactive') throw formError('This user is inactive. Activate the user before sending a link.');
  const purpose: TokenPurpose = user.status === 'invited' ? 'invite' : 'reset';
  await recordAudit(tx, ctx, {
    entity: 'user',
    entityId: userId,
    action: purpose === 'invite' ? 'reinvite' : 'reset-link',
  });
  return { user, mail: await sendLink(tx, ctx, user, purpose, origin, clock()) };
};

// ---- public link pages (no session) -------------------------------------------------------------------

const invalidLink = () => fieldError('token', LINK_INVALID);

/** The token's user, if the link still works: unused, unexpired, user active, tenant not suspended. */
const liveLink = async (tx: Tx, token: string, now: Date) => {
  const row = await repo.findLiveToken(tx, tokenHashOf(token), now);
  if (!row?.isActive || row.tenantStatus === 'suspended') return null;
  // A sign-in's second-step challenge (purpose 'mfa') lives in the same table; it is no link.
  if (!(TOKEN_PURPOSES as readonly string[]).includes(row.purpose)) return null;
  if (row.purpose === 'invite' && row.hasPassword) return null;
  return row;
};

export const tokenInfo = async (tx: Tx, token: string, now: Date): Promise<TokenInfo | null> => {
  const row = await liveLink(tx, token, now);
  return row
    ? {
        purpose: row.purpose as TokenPurpose,
        email: row.email,
        firstName: row.firstName,
        lastName: row.lastName,
        tenantName: row.tenantName,
      }
    : null;
};
export { invalidLink };

/**
 * Accepting an invitation or a reset: the shared password policy (SECURITY 7) with the user's context, then
 * the hash, the token used (once), every earlier session of the user ended. The caller signs in only when no
 * second step is due (issue 39, finding 2): `secondStep` says whether the normal sign-in must follow instead
 * (the code for an enrolled user, enrolment where the tenant's rule requires it).
 */
export const acceptLink = async (
  db: Db,
  clock: Clock,
  body: AcceptTokenBody,
): Promise<{ userId: string; secondStep: 'verify' | 'enrol' | null }> => {
  const now = clock();
  const row = await inSystemTx(db, (tx) => liveLink(tx, body.token, now));
  if (!row) throw invalidLink();
  const problem =
    passwordProblem(body.newPassword, {
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      tenantName: row.tenantName,
    }) ?? ((await isCommonPassword(body.newPassword)) ? PASSWORD_TOO_COMMON : null);
  if (problem) throw fieldError('newPassword', problem);
  const passwordHash = await hashPassword(body.newPassword);
  await inSystemTx(db, async (tx) => {
    if (!(await repo.useToken(tx, row.tokenId, now))) throw invalidLink();
    await repo.setPassword(tx, row.tenantId, row.userId, passwordHash, now);
    await repo.deleteSessionsOf(tx, row.userId);
    const principal: Principal = {
      userId: row.userId,
      sessionId: '',
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      roleId: row.roleId,
      tenantId: row.tenantId,
      tenantType: null,
    };
    await recordAudit(
      tx,
      { principal, actingTenantId: null },
      {
        entity: 'user',
        entityId: row.userId,
        action: row.purpose === 'invite' ? 'accept-invitation' : 'reset-password',
      },
    );
  });
  return { userId: row.userId, secondStep: secondStepFor(row) };
};

/**
 * My Profile: the caller's own name. System context, keyed by the session's user id: a platform user (roles 1
 * and 2) has no tenant, so the tenant-scoped transaction would not see their row.
 */
export const updateOwnProfile = (db: Db, ctx: RequestContext, clock: Clock, body: OwnProfileBody) =>
  inSystemTx(db, async (tx) => {
    const userId = ctx.principal.userId;
    await repo.updateUser(tx, ctx.principal.tenantId, userId, body, clock());
    await recordAudit(tx, ctx, {
      entity: 'user',
      entityId: userId,
      action: 'update-own-profile',
      before: { firstName: ctx.principal.firstName, lastName: ctx.principal.lastName },
      after: body,
    });
  });

// ---- two-factor sign-in: the tenant's rule and an admin's reset (issue 16) ---------------------------------

export const mfaSettings = async (tx: Executor, tenantId: string): Promise<MfaSettings> => {
  const row = await repo.readMfaSettings(tx, tenantId);
  return { mfaRequired: row?.mfaRequired ?? false, roleIds: row?.roleIds ?? [] };
};

/** Takes effect at each user's next sign-in (a signed-in session is not ended). */
export const updateMfaSettings = async (tx: Tx, ctx: RequestContext, clock: Clock, body: MfaSettings) => {
  const tenantId = ctx.tenantId as string;
  const before = await mfaSettings(tx, tenantId);
  const roleIds = [...new Set(body.roleIds)].sort((a, b) => a - b);
  await repo.writeMfaSettings(tx, tenantId, body.mfaRequired, roleIds, clock());
  await recordAudit(tx, ctx, {
    entity: 'tenant',
    entityId: tenantId,
    action: 'two-factor-settings',
    before,
    after: { mfaRequired: body.mfaRequired, roleIds },
  });
  return { mfaRequired: body.mfaRequired, roleIds };
};

/** A lost phone: the user's second factor and recovery codes are cleared; they enrol again if required. */
export const resetMfa = async (tx: Tx, ctx: RequestContext, clock: Clock, userId: string) => {
  await manageableUser(tx, ctx, userId);
  const tenantId = ctx.tenantId as string;
  await repo.clearMfa(tx, tenantId, userId, clock());
  await recordAudit(tx, ctx, { entity: 'user', entityId: userId, action: 'two-factor-reset' });
  return (await repo.findUserItem(tx, tenantId, userId)) as UserItem;
};
