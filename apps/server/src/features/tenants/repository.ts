import { type Executor, schema } from '@caseport/db/client';
import { scopeStatement } from '@caseport/db/scope';
import { defaultWorkflowOf } from '@caseport/db/seed/workflows';
import type { TenantTypeId } from '@caseport/domain/auth/roles';
import type { CaseConfigurationState, SetupFacts } from '@caseport/domain/settings/setup';
import type { TenantListBody, TenantStatus } from '@caseport/domain/tenants/contracts';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { containsText, orderByOf, pageWindow, toPage } from '../../platform/list';

const t = schema.tenants;

export const findTenant = async (tx: Executor, tenantId: string) => {
  const [row] = await tx.select().from(t).where(eq(t.id, tenantId));
  return row ?? null;
};

/** The tenant directory (RLS lets only the platform context see more than its own row). */
const itemColumns = {
  _id: t.id,
  name: t.name,
  tenantType: sql<1 | 2>`${t.type}`,
  idPrefix: t.idPrefix,
  status: sql<TenantStatus>`${t.status}`,
  createdOn: sql<string>`to_json(${t.createdOn})#>>'{}'`,
};

export const findTenantItem = async (tx: Executor, tenantId: string) => {
  const [row] = await tx.select(itemColumns).from(t).where(eq(t.id, tenantId));
  return row ?? null;
};

/** @platformScope the tenant directory of roles 1/2 lists every tenant (RLS opens it to the platform context only) */
export const listTenants = async (tx: Executor, q: TenantListBody) => {
  const where = and(
    containsText(t.name, q.filters.searchString),
    q.filters.tenantType ? eq(t.type, q.filters.tenantType) : undefined,
    q.filters.status ? eq(t.status, q.filters.status) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const rows = tx
    .select(itemColumns)
    .from(t)
    .where(where)
    .orderBy(...orderByOf(q.sorting, { name: t.name, createdOn: t.createdOn }, { path: 'name', order: 1 }, t.id))
    .limit(limit)
    .offset(offset);
  return toPage(rows, tx.select({ n: count() }).from(t).where(where));
};

/** Issue 16: the new tenant's row; D-27: it starts without card and plan. */
export const insertTenant = async (tx: Executor, tenantId: string, name: string, type: TenantTypeId) => {
  await tx.insert(t).values({ id: tenantId, name, type });
};

/** Re-scopes the open transaction to `tenantId` as its acting platform admin (D-02): RLS then checks its writes. */
export const scopeTransactionTo = async (tx: Executor, tenantId: string) => {
  await tx.execute(scopeStatement({ tenantId, platform: true }));
};

export const insertDefaultWorkflow = async (tx: Executor, tenantId: string, type: TenantTypeId) => {
  await tx.insert(schema.workflows).values(defaultWorkflowOf(tenantId, type));
};

export const updateTenantStatus = async (tx: Executor, tenantId: string, status: TenantStatus, now: Date) => {
  await tx.update(t).set({ status, updatedOn: now }).where(eq(t.id, tenantId));
};

/** Ends every session of the tenant's users (run in the system context: sessions have no tenant policy). */
export const deleteSessionsOfTenant = (tx: Executor, tenantId: string) =>
  tx
    .delete(schema.sessions)
    .where(
      inArray(
        schema.sessions.userId,
        tx.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.tenantId, tenantId)),
      ),
    );

/**
 * The facts first-time setup is judged by (packages/domain/src/settings/setup.ts), read from the tenant's
 * own rows in one statement: the profile flag, the default workflow's flags, and whether a sub-type is on
 * under a case type that is on.
 */
export const readSetupFacts = async (tx: Executor, tenantId: string): Promise<SetupFacts> => {
  const r = await tx.execute<{ profile: boolean; workflow: boolean; questionnarie: boolean }>(sql`
    select
      (select prof_complted = 'Yes' from tenants where id = ${tenantId}) as profile,
      exists (select 1 from workflows w where w.tenant_id = ${tenantId} and w.is_default
        and w.config_completed and w.active) as workflow,
      exists (select 1 from tenant_case_sub_types s
        join petition_sub_types p on p.id = s.sub_type_id
        join tenant_case_types c on c.tenant_id = s.tenant_id and c.type_id = p.petition_type_id
        where s.tenant_id = ${tenantId} and s.selected and c.selected) as questionnarie`);
  const row = r.rows[0];
  return { profile: !!row?.profile, workflow: !!row?.workflow, questionnarie: !!row?.questionnarie };
};

/**
 * Issue 38 finding 6: the tenant's Case Configuration in counts (packages/domain `caseConfigurationNote` words
 * them): the case types on with a sub-type on, those sub-types, the ones with an active configuration, and the
 * ones still as the platform's defaults left them. A default is recognised by its time: createTenant applies
 * the defaults in the transaction that inserts the tenant, so their rows carry the tenant's own created_on
 * (now() is the transaction's start); any later switch or save stamps updated_on with its own time.
 */
export const readCaseConfigurationState = async (tx: Executor, tenantId: string): Promise<CaseConfigurationState> => {
  const r = await tx.execute<{
    types_on: string[] | null;
    sub_types_on: number;
    sub_types_configured: number;
    sub_types_from_defaults: number;
  }>(sql`
    with tenant as (select created_on from tenants where id = ${tenantId}),
    sub_types_on as (
      select p.petition_type_id as type_id, pc.id is not null as configured,
        s.updated_on = tenant.created_on and c.updated_on = tenant.created_on
          and (pc.id is null or (pc.created_on = tenant.created_on and pc.updated_on = tenant.created_on))
          as from_defaults
      from tenant_case_sub_types s
      cross join tenant
      join petition_sub_types p on p.id = s.sub_type_id
      join tenant_case_types c on c.tenant_id = s.tenant_id and c.type_id = p.petition_type_id
      left join petition_configs pc on pc.tenant_id = s.tenant_id and pc.sub_type_id = s.sub_type_id and pc.active
      where s.tenant_id = ${tenantId} and s.selected and c.selected)
    select
      (select array_agg(t.name order by t.id) from petition_types t
        where t.id in (select type_id from sub_types_on)) as types_on,
      count(*)::int as sub_types_on,
      (count(*) filter (where configured))::int as sub_types_configured,
      (count(*) filter (where from_defaults))::int as sub_types_from_defaults
    from sub_types_on`);
  const row = r.rows[0];
  return {
    typesOn: row?.types_on ?? [],
    subTypesOn: row?.sub_types_on ?? 0,
    subTypesConfigured: row?.sub_types_configured ?? 0,
    subTypesFromDefaults: row?.sub_types_from_defaults ?? 0,
  };
};
