import { type Executor, schema } from '@caseport/db/client';
import type { ServiceCenterListBody } from '@caseport/domain/service-centers/contracts';
import { and, asc, count, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { containsText, orderByOf, pageWindow, toPage, withinDays } from '../../platform/list';

const sc = schema.serviceCenters;
const pt = schema.petitionTypes;

/** R-SVC-014: a tenant sees the platform-level centers and its own; the platform sees platform rows. */
const visibleTo = (tenantId: string | null): SQL =>
  tenantId ? (or(isNull(sc.tenantId), eq(sc.tenantId, tenantId)) as SQL) : isNull(sc.tenantId);

const ROW = {
  id: sc.id,
  tenantId: sc.tenantId,
  name: sc.name,
  typeId: sc.typeId,
  typeName: pt.name,
  stateIds: sc.stateIds,
  addressConfig: sc.addressConfig,
  premiumProcessing: sc.premiumProcessing,
  description: sc.description,
  createdOn: sc.createdOn,
  updatedOn: sc.updatedOn,
};

export const listServiceCenters = async (
  tx: Executor,
  tenantId: string | null,
  q: ServiceCenterListBody,
  zone: string,
) => {
  const f = q.filters;
  const where = and(
    visibleTo(tenantId),
    containsText(sc.name, f.title),
    f.typeIds?.length ? inArray(sc.typeId, f.typeIds) : undefined,
    // R-SVC-003: whole days, the end day included.
    withinDays(sc.createdOn, f.createdDateRange, zone),
  );
  const { limit, offset } = pageWindow(q);
  const rows = tx
    .select(ROW)
    .from(sc)
    .innerJoin(pt, eq(pt.id, sc.typeId))
    .where(where)
    .orderBy(
      ...orderByOf(
        q.sorting,
        { name: sql`lower(${sc.name})`, typeName: pt.name, createdOn: sc.createdOn, updatedOn: sc.updatedOn },
        { path: 'createdOn', order: -1 },
        sc.id,
      ),
    )
    .limit(limit)
    .offset(offset);
  return toPage(rows, tx.select({ n: count() }).from(sc).where(where));
};

export const findServiceCenter = async (tx: Executor, tenantId: string | null, id: string) => {
  const [row] = await tx
    .select(ROW)
    .from(sc)
    .innerJoin(pt, eq(pt.id, sc.typeId))
    .where(and(visibleTo(tenantId), eq(sc.id, id)));
  return row ?? null;
};
export type ServiceCenterRow = NonNullable<Awaited<ReturnType<typeof findServiceCenter>>>;

/** @platformScope US states are master data */
export const statesByIds = async (tx: Executor, ids: number[]) =>
  ids.length
    ? tx
        .select({ id: schema.states.id, name: schema.states.name, countryId: schema.states.countryId })
        .from(schema.states)
        .where(inArray(schema.states.id, ids))
    : [];

/** @platformScope couriers are master data */
export const listCouriers = (tx: Executor) =>
  tx
    .select({ id: schema.couriers.id, name: schema.couriers.name })
    .from(schema.couriers)
    .orderBy(asc(schema.couriers.id));

/** @platformScope the case-type catalogue is master data */
export const petitionTypeExists = async (tx: Executor, id: number) =>
  (await tx.select({ id: pt.id }).from(pt).where(eq(pt.id, id))).length > 0;

type CenterValues = Omit<typeof sc.$inferInsert, 'tenantId'>;
/** The row's own tenant; null: a platform-level center (R-SVC-014). */
const ownedBy = (tenantId: string | null): SQL => (tenantId === null ? isNull(sc.tenantId) : eq(sc.tenantId, tenantId));

/** `tenantId` null: roles 1 and 2 create a platform-level center (R-SVC-014). */
export const insertServiceCenter = async (tx: Executor, tenantId: string | null, values: CenterValues) => {
  const [row] = await tx
    .insert(sc)
    .values({ ...values, tenantId })
    .returning({ id: sc.id });
  return row!.id;
};

/** `tenantId`: the row's own (null: a platform-level center). */
export const updateServiceCenter = async (
  tx: Executor,
  tenantId: string | null,
  id: string,
  values: Partial<CenterValues>,
) =>
  tx
    .update(sc)
    .set(values)
    .where(and(ownedBy(tenantId), eq(sc.id, id)));

/** `tenantId`: the row's own (null: a platform-level center). */
export const deleteServiceCenter = async (tx: Executor, tenantId: string | null, id: string) =>
  tx.delete(sc).where(and(ownedBy(tenantId), eq(sc.id, id)));
