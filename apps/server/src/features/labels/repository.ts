import { type Executor, schema } from '@caseport/db/client';
import type { LabelListBody } from '@caseport/domain/labels/contracts';
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { containsText, orderByOf, ownedBy, pageWindow, toPage } from '../../platform/list';

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

/**
 * R-LABEL-013: one indexed query per page. WHERE tenant_id = $1 [AND name ILIKE] ORDER BY <column>, id
 * matches the (tenant_id, <column>, id) indexes, so a page is an index range scan, not a sort.
 */
export const listLabels = async (tx: Executor, tenantId: string | null, q: LabelListBody) => {
  const statuses = q.matcher.statusList;
  const where = and(
    ownedBy(l.tenantId, tenantId),
    containsText(l.name, q.matcher.searchString),
    statuses?.length ? inArray(l.active, statuses) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const rows = tx
    .select(ITEM)
    .from(l)
    .where(where)
    .orderBy(
      ...orderByOf(
        q.sorting,
        { name: sql`lower(${l.name})`, createdByName: l.createdByName, createdOn: l.createdOn, updatedOn: l.updatedOn },
        { path: 'createdOn', order: -1 },
        l.id,
      ),
    )
    .limit(limit)
    .offset(offset);
  return toPage(rows, tx.select({ n: count() }).from(l).where(where));
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

export const insertLabel = async (tx: Executor, values: typeof l.$inferInsert) => {
  const [row] = await tx.insert(l).values(values).returning();
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
