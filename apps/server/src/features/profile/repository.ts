import { type Executor, schema } from '@caseport/db/client';
import { and, asc, eq, inArray } from 'drizzle-orm';

const t = schema.tenants;

/** The tenant row, locked for the rest of the transaction (two saves never interleave the lock check). */
export const findTenantForUpdate = async (tx: Executor, tenantId: string) => {
  const [row] = await tx.select().from(t).where(eq(t.id, tenantId)).for('update');
  return row ?? null;
};

export const findTenantRow = async (tx: Executor, tenantId: string) => {
  const [row] = await tx.select().from(t).where(eq(t.id, tenantId));
  return row ?? null;
};

export interface TenantChanges {
  slug?: string | null;
  idPrefix?: string | null;
  profComplted?: string;
  profile: Record<string, unknown>;
  updatedOn: Date;
}

export const updateTenant = async (tx: Executor, tenantId: string, changes: TenantChanges) => {
  await tx.update(t).set(changes).where(eq(t.id, tenantId));
};

/** The tenant's first administrator: whose e-mail the Company Details show read-only (R-PROFILE-003). */
export const findTenantAdmin = async (tx: Executor, tenantId: string) => {
  const u = schema.users;
  const [row] = await tx
    .select({ email: u.email, firstName: u.firstName, lastName: u.lastName })
    .from(u)
    .where(and(eq(u.tenantId, tenantId), eq(u.roleId, 3)))
    .orderBy(asc(u.createdOn), asc(u.email))
    .limit(1);
  return row ?? null;
};

/** Upload records by stored path; row-level security keeps them to the caller's tenant. */
export const findFilesByPaths = async (tx: Executor, tenantId: string, paths: string[]) => {
  if (paths.length === 0) return [];
  const f = schema.files;
  return tx
    .select()
    .from(f)
    .where(and(eq(f.tenantId, tenantId), inArray(f.storedName, paths)));
};

export const deleteFileRow = async (tx: Executor, tenantId: string, storedName: string) => {
  const f = schema.files;
  await tx.delete(f).where(and(eq(f.tenantId, tenantId), eq(f.storedName, storedName)));
};
