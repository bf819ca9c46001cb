import { type Executor, schema } from '@caseport/db/client';
import type { LabelListBody } from '@caseport/domain/labels/contracts';
import { and, count, eq, ilike, inArray, isNull, ne, sql } from 'drizzle-orm';
import { likePattern, orderByOf, ownedBy, pageWindow, QueryShapes, shapeBuilder, toPage } from '../../platform/list';

const l = schema.messageLabels;

const ITEM = {
  _id: l.id,
  name: l.name,
  color: l.color,
  status: l.active,
  createdByName: l.createdByName,
  createdByRoleName: l.createdByRoleName,
  createdOn: l.createdOn,
  updatedOn: l.updatedOn,
};

const LABEL_SORTS = {
  name: sql`lower(${l.name})`,
  createdByName: l.createdByName,
  createdOn: l.createdOn,
  updatedOn: l.updatedOn,
};
const shapes = new QueryShapes();
const P = sql.placeholder;

/**
 * R-LABEL-013: one indexed query per page. WHERE tenant_id = $1 [AND name ILIKE] ORDER BY <column>, id
 * matches the (tenant_id, <column>, id) indexes, so a page is an index range scan, not a sort. The page and
 * the count are built once per shape (which filters, which sort) and then only bound (issue 22, QueryShapes).
 */
export const listLabels = async (tx: Executor, tenantId: string | null, q: LabelListBody) => {
  const statuses = q.matcher.statusList ?? [];
  const search = likePattern(q.matcher.searchString);
  const sorting = q.sorting ?? { path: 'createdOn' as const, order: -1 as const };
  const key = `${tenantId ? 'tenant' : 'platform'}|${search ? 'search' : ''}|${statuses.length}|${sorting.path}|${sorting.order}`;
  const where = () =>
    and(
      tenantId ? eq(l.tenantId, P('tenant')) : isNull(l.tenantId),
      search ? ilike(l.name, P('search')) : undefined,
      statuses.length
        ? inArray(
            l.active,
            statuses.map((_, i) => P(`status${i}`)),
          )
        : undefined,
    );
  const values = {
    tenant: tenantId,
    search,
    ...pageWindow(q),
    ...Object.fromEntries(statuses.map((s, i) => [`status${i}`, s])),
  };
  return toPage(
    shapes.run(
      tx,
      `page|${key}`,
      () =>
        shapeBuilder
          .select(ITEM)
          .from(l)
          .where(where())
          .orderBy(...orderByOf(sorting, LABEL_SORTS, { path: 'createdOn', order: -1 }, l.id))
          .limit(P('limit'))
          .offset(P('offset')),
      values,
    ),
    shapes.run(tx, `count|${key}`, () => shapeBuilder.select({ n: count() }).from(l).where(where()), values),
  );
};

export const findLabel = async (tx: Executor, tenantId: string | null, id: string) => {
  const [row] = await tx
    .select()
    .from(l)
    .where(and(ownedBy(l.tenantId, tenantId), eq(l.id, id)));
  return row ?? null;
};

/** D-20: names are unique per tenant ignoring case. */
export const nameTaken = async (tx: Executor, tenantId: string | null, name: string, exceptId?: string) => {
  const [row] = await tx
    .select({ id: l.id })
    .from(l)
    .where(
      and(
        ownedBy(l.tenantId, tenantId),
        sql`lower(${l.name}) = lower(${name})`,
        exceptId ? ne(l.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return !!row;
};

export const insertLabel = async (
  tx: Executor,
  tenantId: string | null,
  values: Omit<typeof l.$inferInsert, 'tenantId'>,
) => {
  const [row] = await tx
    .insert(l)
    .values({ ...values, tenantId })
    .returning();
  return row!;
};

export const updateLabel = async (
  tx: Executor,
  tenantId: string | null,
  id: string,
  values: Partial<typeof l.$inferInsert>,
) => {
  const [row] = await tx
    .update(l)
    .set(values)
    .where(and(ownedBy(l.tenantId, tenantId), eq(l.id, id)))
    .returning();
  return row ?? null;
};
