import { type Executor, schema } from '@caseport/db/client';
import type { CaseIdConfig, CaseIdConfigListBody } from '@caseport/domain/case-codes/contracts';
import { and, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { orderByOf, pageWindow, toPage, withinDays } from '../../platform/list';

const c = schema.caseIdConfigs;
const cs = schema.caseIdConfigSubTypes;
const t = schema.tenants;
const st = schema.petitionSubTypes;
const pt = schema.petitionTypes;
const roles = schema.userRoles;
const nc = schema.caseNumberCodes;

/**
 * The sub-types of a configuration with their codes and case type, as one JSON array per row; numberCode and
 * typeNumberCode are the codes its case numbers carry (the tenant's custom codes of D-23 when set).
 */
const subTypeDetails = sql<CaseIdConfig['subTypeDetails']>`coalesce((
  select json_agg(json_build_object('id', ${st.id}, 'name', ${st.name}, 'code', ${st.code},
           'typeId', ${pt.id}, 'typeName', ${pt.name}, 'typeCode', ${pt.code},
           'numberCode', coalesce((select ${nc.code} from ${nc} where ${nc.tenantId} = ${c.tenantId}
                                     and ${nc.scope} = 'subtype:' || ${st.id}), ${st.code}),
           'typeNumberCode', coalesce((select ${nc.code} from ${nc} where ${nc.tenantId} = ${c.tenantId}
                                         and ${nc.scope} = 'type:' || ${pt.id}), ${pt.code}))
           order by ${pt.id}, ${st.id})
    from ${cs} join ${st} on ${st.id} = ${cs.subTypeId} join ${pt} on ${pt.id} = ${st.petitionTypeId}
   where ${cs.configId} = ${c.id} and ${cs.tenantId} = ${c.tenantId}), '[]'::json)`;

const columns = {
  _id: c.id,
  tenantId: c.tenantId,
  tenantName: t.name,
  tenantCustomId: t.idPrefix,
  groupCode: c.groupCode,
  parts: c.parts,
  sNoStartsFrom: c.sNoStartsFrom,
  resetIdBy: c.resetIdBy,
  createdByName: c.createdByName,
  createdByRoleName: sql<string>`coalesce(${roles.name}, '')`,
  createdOn: c.createdOn,
  updatedOn: c.updatedOn,
  subTypeDetails,
};

const listWhere = (tenantId: string | null, f: CaseIdConfigListBody['filters'], zone: string): SQL | undefined =>
  and(
    tenantId ? eq(c.tenantId, tenantId) : undefined,
    f.tenantIds?.length ? inArray(c.tenantId, f.tenantIds) : undefined,
    f.tenantCustomId ? sql`lower(${t.idPrefix}) = lower(${f.tenantCustomId})` : undefined,
    f.groupCodes?.length ? inArray(c.groupCode, f.groupCodes) : undefined,
    f.subTypeIds?.length
      ? sql`exists (select 1 from ${cs} where ${cs.configId} = ${c.id} and ${cs.tenantId} = ${c.tenantId} and ${inArray(cs.subTypeId, f.subTypeIds)})`
      : undefined,
    withinDays(c.createdOn, f.createdDateRange, zone),
  );

/** R-CASECODE-052: one page and the total. `tenantId` null is the platform view across customers (D-02). */
export const listConfigs = async (tx: Executor, tenantId: string | null, q: CaseIdConfigListBody, zone: string) => {
  const where = listWhere(tenantId, q.filters, zone);
  const { limit, offset } = pageWindow(q);
  const rows = tx
    .select(columns)
    .from(c)
    .innerJoin(t, eq(t.id, c.tenantId))
    .leftJoin(roles, eq(roles.id, c.createdByRoleId))
    .where(where)
    .orderBy(
      ...orderByOf(
        q.sorting,
        { createdOn: c.createdOn, updatedOn: c.updatedOn, sNoStartsFrom: c.sNoStartsFrom },
        { path: 'createdOn', order: -1 },
        c.id,
      ),
    )
    .limit(limit)
    .offset(offset);
  return toPage(rows, tx.select({ n: count() }).from(c).innerJoin(t, eq(t.id, c.tenantId)).where(where));
};

/** One configuration; `tenantId` null is the platform view across customers (D-02). */
export const findConfig = async (tx: Executor, tenantId: string | null, configId: string) => {
  const [row] = await tx
    .select(columns)
    .from(c)
    .innerJoin(t, eq(t.id, c.tenantId))
    .leftJoin(roles, eq(roles.id, c.createdByRoleId))
    .where(and(tenantId ? eq(c.tenantId, tenantId) : undefined, eq(c.id, configId)));
  return row ?? null;
};

/** Sub-types among `ids` already numbered by a configuration of the tenant other than `exceptConfigId`. */
export const subTypesTaken = async (tx: Executor, tenantId: string, ids: number[], exceptConfigId?: string) => {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: st.id, name: st.name })
    .from(cs)
    .innerJoin(st, eq(st.id, cs.subTypeId))
    .where(
      and(
        eq(cs.tenantId, tenantId),
        inArray(cs.subTypeId, ids),
        exceptConfigId ? ne(cs.configId, exceptConfigId) : undefined,
      ),
    );
  return rows;
};

/** @platformScope case sub-types are master data, the same for every tenant. */
export const existingSubTypeIds = async (tx: Executor, ids: number[]) =>
  ids.length === 0 ? [] : (await tx.select({ id: st.id }).from(st).where(inArray(st.id, ids))).map((r) => r.id);

export interface ConfigWrite {
  groupCode: string;
  parts: string[];
  sNoStartsFrom: number;
  resetIdBy: string | null;
}

export const insertConfig = async (
  tx: Executor,
  tenantId: string,
  values: ConfigWrite & { createdBy: string; createdByName: string; createdByRoleId: number },
  subTypeIds: number[],
  now: Date,
) => {
  const [row] = await tx
    .insert(c)
    .values({ tenantId, ...values, createdOn: now, updatedOn: now })
    .returning({ id: c.id });
  const id = (row as { id: string }).id;
  await tx.insert(cs).values(subTypeIds.map((subTypeId) => ({ tenantId, configId: id, subTypeId })));
  return id;
};

export const updateConfig = async (
  tx: Executor,
  tenantId: string,
  configId: string,
  values: Omit<ConfigWrite, 'sNoStartsFrom'>,
  subTypeIds: number[],
  now: Date,
) => {
  await tx
    .update(c)
    .set({ ...values, updatedOn: now })
    .where(and(eq(c.tenantId, tenantId), eq(c.id, configId)));
  await tx.delete(cs).where(and(eq(cs.tenantId, tenantId), eq(cs.configId, configId)));
  await tx.insert(cs).values(subTypeIds.map((subTypeId) => ({ tenantId, configId, subTypeId })));
};

export const deleteConfig = async (tx: Executor, tenantId: string, configId: string) => {
  await tx.delete(c).where(and(eq(c.tenantId, tenantId), eq(c.id, configId)));
};

const codes = schema.caseNumberCodes;

/** @platformScope case types and sub-types are master data, the same for every tenant. */
export const findSubTypeOfType = async (tx: Executor, typeId: number, subTypeId: number | null) => {
  if (subTypeId === null) {
    const [row] = await tx.select({ id: pt.id }).from(pt).where(eq(pt.id, typeId));
    return !!row;
  }
  const [row] = await tx
    .select({ id: st.id })
    .from(st)
    .where(and(eq(st.id, subTypeId), eq(st.petitionTypeId, typeId)));
  return !!row;
};

export const findCustomCode = async (tx: Executor, tenantId: string, scope: string) => {
  const [row] = await tx
    .select()
    .from(codes)
    .where(and(eq(codes.tenantId, tenantId), eq(codes.scope, scope)));
  return row ?? null;
};

/** One code per tenant and scope: a second save replaces the first. */
export const upsertCustomCode = async (
  tx: Executor,
  tenantId: string,
  values: { scope: string; typeId: number; subTypeId: number | null; code: string },
  now: Date,
) => {
  const [row] = await tx
    .insert(codes)
    .values({ tenantId, ...values, createdOn: now, updatedOn: now })
    .onConflictDoUpdate({ target: [codes.tenantId, codes.scope], set: { code: values.code, updatedOn: now } })
    .returning({ id: codes.id, code: codes.code });
  return row as { id: string; code: string };
};
