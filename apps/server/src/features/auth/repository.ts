import { type Executor, schema } from '@caseport/db/client';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';

const u = schema.users;
const t = schema.userTokens;
/** The user's tenant; NULL for a platform user (roles 1/2), who signs in too. */
const ofTenant = (tenantId: string | null) => (tenantId === null ? isNull(u.tenantId) : eq(u.tenantId, tenantId));

/**
 * System context only: login runs before any tenant is known. With the tenant's status (issue 16).
 * @platformScope login finds the user by e-mail, unique across tenants, before any tenant is known
 */
export const findUserByEmail = async (tx: Executor, email: string) => {
  const [row] = await tx
    .select({
      user: schema.users,
      tenantStatus: schema.tenants.status,
      mfaRequired: schema.tenants.mfaRequired,
      mfaRoles: schema.tenants.mfaRoles,
    })
    .from(schema.users)
    .leftJoin(schema.tenants, eq(schema.tenants.id, schema.users.tenantId))
    .where(eq(schema.users.email, email))
    .limit(1);
  return row
    ? {
        ...row.user,
        tenantStatus: row.tenantStatus,
        mfaRequired: row.mfaRequired,
        mfaRoles: row.mfaRoles,
      }
    : null;
};

/** `tenantId` null: a platform user. */
export const findUserById = async (tx: Executor, tenantId: string | null, userId: string) => {
  const [row] = await tx
    .select()
    .from(u)
    .where(and(ofTenant(tenantId), eq(u.id, userId)))
    .limit(1);
  return row ?? null;
};

export const findTenantName = async (tx: Executor, tenantId: string) => {
  const [row] = await tx
    .select({ name: schema.tenants.name })
    .from(schema.tenants)
    .where(eq(schema.tenants.id, tenantId));
  return row?.name ?? null;
};

/** A new hash; every session of the user ends (the caller gets a fresh one, SECURITY 9). */
export const replacePassword = async (
  tx: Executor,
  tenantId: string | null,
  userId: string,
  passwordHash: string,
  at: Date,
) => {
  await tx
    .update(u)
    .set({ passwordHash, passwordChangedAt: at, mfaFailures: 0, mfaLockedAt: null })
    .where(and(ofTenant(tenantId), eq(u.id, userId)));
  await tx.delete(schema.sessions).where(eq(schema.sessions.userId, userId));
};

/** Tenant context: the caller's own tenant row, role name and default workflow for /auth/me. */
export const loadMeDetails = async (tx: Executor, tenantId: string | null, roleId: number) => {
  const [role] = await tx
    .select({ name: schema.userRoles.name })
    .from(schema.userRoles)
    .where(eq(schema.userRoles.id, roleId));
  if (!tenantId) return { roleName: role?.name ?? '', tenant: null, defaultWorkflowId: null };
  const [tenant] = await tx.select().from(schema.tenants).where(eq(schema.tenants.id, tenantId));
  const [workflow] = await tx
    .select({ id: schema.workflows.id })
    .from(schema.workflows)
    .where(and(eq(schema.workflows.tenantId, tenantId), eq(schema.workflows.isDefault, true)))
    .limit(1);
  return { roleName: role?.name ?? '', tenant: tenant ?? null, defaultWorkflowId: workflow?.id ?? null };
};

// ---- two-factor sign-in (mfa.ts): the challenge and the user's second factor, in the system context -----

/** A sign-in challenge of the user (its SHA-256 kept, used once). `tenantId` null: a platform user. */
export const insertChallenge = (
  tx: Executor,
  tenantId: string | null,
  values: { userId: string; purpose: string; tokenHash: string; expiresAt: Date },
) => tx.insert(t).values({ tenantId, ...values });

/**
 * The live challenge's user and the tenant's status.
 * @platformScope the challenge is found by its token's hash before any tenant is known
 */
export const findChallengeUser = async (tx: Executor, tokenHash: string, purpose: string, now: Date) => {
  const [row] = await tx
    .select({
      tokenId: t.id,
      userId: u.id,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      roleId: u.roleId,
      tenantId: u.tenantId,
      isActive: u.isActive,
      mfaSecret: u.mfaSecret,
      mfaPendingSecret: u.mfaPendingSecret,
      mfaLastStep: u.mfaLastStep,
      tenantStatus: schema.tenants.status,
    })
    .from(t)
    .innerJoin(u, eq(u.id, t.userId))
    .leftJoin(schema.tenants, eq(schema.tenants.id, u.tenantId))
    .where(and(eq(t.tokenHash, tokenHash), eq(t.purpose, purpose), isNull(t.usedAt), gt(t.expiresAt, now)));
  return row ?? null;
};

/**
 * Marks the challenge used; false when a second, racing use got there first.
 * @platformScope the challenge found by its hash (findChallengeUser), in the system context of a sign-in
 */
export const useChallenge = async (tx: Executor, tokenId: string, now: Date) => {
  const rows = await tx
    .update(t)
    .set({ usedAt: now })
    .where(and(eq(t.id, tokenId), isNull(t.usedAt)))
    .returning({ id: t.id });
  return rows.length === 1;
};

/**
 * Issue 39: one attempt at the second step, reserved before the code is judged, in one UPDATE (the row lock
 * orders racing attempts): the account's count goes up only while it is under `limit` and not locked. The new
 * count, or null when the second step is locked.
 */
export const reserveMfaAttempt = async (tx: Executor, tenantId: string | null, userId: string, limit: number) => {
  const [row] = await tx
    .update(u)
    .set({ mfaFailures: sql`${u.mfaFailures} + 1` })
    .where(and(ofTenant(tenantId), eq(u.id, userId), isNull(u.mfaLockedAt), sql`${u.mfaFailures} < ${limit}`))
    .returning({ failures: u.mfaFailures });
  return row?.failures ?? null;
};

/**
 * Issue 39: the same on the challenge (unused, under its own limit); false when it has had its share.
 * @platformScope the challenge found by its hash (findChallengeUser), in the system context of a sign-in
 */
export const reserveChallengeAttempt = async (tx: Executor, tokenId: string, limit: number) => {
  const rows = await tx
    .update(t)
    .set({ failures: sql`${t.failures} + 1` })
    .where(and(eq(t.id, tokenId), isNull(t.usedAt), sql`${t.failures} < ${limit}`))
    .returning({ id: t.id });
  return rows.length === 1;
};

/** A right code: the account's count of wrong ones starts again. */
export const clearMfaFailures = (tx: Executor, tenantId: string | null, userId: string) =>
  tx
    .update(u)
    .set({ mfaFailures: 0 })
    .where(and(ofTenant(tenantId), eq(u.id, userId)));

/** The account's last allowed wrong code: its second step locks (true when this call locked it). */
export const lockMfa = async (tx: Executor, tenantId: string | null, userId: string, at: Date) => {
  const rows = await tx
    .update(u)
    .set({ mfaLockedAt: at })
    .where(and(ofTenant(tenantId), eq(u.id, userId), isNull(u.mfaLockedAt)))
    .returning({ id: u.id });
  return rows.length === 1;
};

/** Records the step as used, only if it is newer than the last one used (replay refused, even racing). */
export const takeMfaStep = async (tx: Executor, tenantId: string | null, userId: string, step: number) => {
  const rows = await tx
    .update(u)
    .set({ mfaLastStep: step })
    .where(and(ofTenant(tenantId), eq(u.id, userId), sql`(${u.mfaLastStep} is null or ${u.mfaLastStep} < ${step})`))
    .returning({ id: u.id });
  return rows.length === 1;
};

/** Removes one unused recovery code by its hash; false when it is not one of the user's. */
export const takeRecoveryHash = async (tx: Executor, tenantId: string | null, userId: string, hash: string) => {
  const rows = await tx
    .update(u)
    .set({ mfaRecoveryHashes: sql`${u.mfaRecoveryHashes} - ${hash}::text` })
    .where(and(ofTenant(tenantId), eq(u.id, userId), sql`jsonb_exists(${u.mfaRecoveryHashes}, ${hash}::text)`))
    .returning({ id: u.id });
  return rows.length === 1;
};

/** Issue 38 finding 5: ten new recovery codes replace the old ones (hashes only). */
export const setRecoveryHashes = (tx: Executor, tenantId: string | null, userId: string, hashes: string[]) =>
  tx
    .update(u)
    .set({ mfaRecoveryHashes: hashes })
    .where(and(ofTenant(tenantId), eq(u.id, userId)));

export const setPendingMfaSecret = (tx: Executor, tenantId: string | null, userId: string, sealed: string) =>
  tx
    .update(u)
    .set({ mfaPendingSecret: sealed })
    .where(and(ofTenant(tenantId), eq(u.id, userId)));

export const enableMfa = (
  tx: Executor,
  tenantId: string | null,
  userId: string,
  values: { mfaSecret: string; mfaEnabledAt: Date; mfaLastStep: number; mfaRecoveryHashes: string[] },
) =>
  tx
    .update(u)
    .set({ ...values, mfaPendingSecret: null })
    .where(and(ofTenant(tenantId), eq(u.id, userId)));
