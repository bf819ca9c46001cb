import { type Executor, schema } from '@caseport/db/client';
import { and, eq, or, sql } from 'drizzle-orm';

/** System context only: login runs before any tenant is known. With the tenant's status (issue 16). */
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

export const findUserById = async (tx: Executor, userId: string) => {
  const [row] = await tx.select().from(schema.users).where(eq(schema.users.id, userId)).limit(1);
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
export const replacePassword = async (tx: Executor, userId: string, passwordHash: string, at: Date) => {
  await tx.update(schema.users).set({ passwordHash, passwordChangedAt: at }).where(eq(schema.users.id, userId));
  await tx.delete(schema.sessions).where(eq(schema.sessions.userId, userId));
};

export const clearFailures = (tx: Executor, email: string, before: Date) =>
  tx
    .delete(schema.loginFailures)
    .where(or(eq(schema.loginFailures.email, email), sql`${schema.loginFailures.at} < ${before}`));

/** Tenant context: the caller's own tenant row, role name and default workflow for /auth/me. */
export const loadMeDetails = async (tx: Executor, roleId: number, tenantId: string | null) => {
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
