import { type Executor, schema, type Tx } from '@caseport/db/client';
import { eq, inArray } from 'drizzle-orm';

const g = schema.globalConfigs;

export const findConfig = async (tx: Executor, tenantId: string) => {
  const [row] = await tx.select().from(g).where(eq(g.tenantId, tenantId));
  return row ?? null;
};

export const insertConfig = async (
  tx: Tx,
  tenantId: string,
  values: { config: unknown; commuEmails: string; createdBy: string | null },
  now: Date,
) => {
  const [row] = await tx
    .insert(g)
    .values({ tenantId, ...values, createdOn: now, updatedOn: now })
    .onConflictDoNothing({ target: g.tenantId })
    .returning({ id: g.id });
  return row ?? null;
};

export const updateConfig = async (
  tx: Tx,
  tenantId: string,
  values: { config: unknown; commuEmails: string },
  now: Date,
) => {
  const [row] = await tx
    .update(g)
    .set({ ...values, updatedOn: now })
    .where(eq(g.tenantId, tenantId))
    .returning({ id: g.id });
  return row ?? null;
};

/** 002 §3.1 `mfaRequired` lives with the tenant's two-factor roles (one rule, docs/decisions.md). */
export const tenantMfaRequired = async (tx: Executor, tenantId: string) => {
  const [row] = await tx
    .select({ on: schema.tenants.mfaRequired })
    .from(schema.tenants)
    .where(eq(schema.tenants.id, tenantId));
  return row?.on ?? false;
};

export const setTenantMfaRequired = (tx: Tx, tenantId: string, on: boolean, now: Date) =>
  tx.update(schema.tenants).set({ mfaRequired: on, updatedOn: now }).where(eq(schema.tenants.id, tenantId));

/** @platformScope role names are master data, the same for every tenant. */
export const roleNames = (tx: Executor, ids: number[]) =>
  ids.length
    ? tx
        .select({ id: schema.userRoles.id, name: schema.userRoles.name })
        .from(schema.userRoles)
        .where(inArray(schema.userRoles.id, ids))
    : Promise.resolve([]);

/** @platformScope countries are master data, the same for every tenant. */
export const countryNames = (tx: Executor, ids: number[]) =>
  ids.length
    ? tx
        .select({ id: schema.countries.id, name: schema.countries.name })
        .from(schema.countries)
        .where(inArray(schema.countries.id, ids))
    : Promise.resolve([]);

export const tenantTimezone = async (tx: Executor, tenantId: string) => {
  const [row] = await tx
    .select({ timezone: schema.tenants.timezone })
    .from(schema.tenants)
    .where(eq(schema.tenants.id, tenantId));
  return row?.timezone ?? null;
};
