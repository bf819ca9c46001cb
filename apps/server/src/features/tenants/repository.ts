import { type Executor, schema } from '@caseport/db/client';
import type { TenantListBody } from '@caseport/domain/tenants/contracts';
import { and, count, eq } from 'drizzle-orm';
import { containsText, orderByOf, pageWindow, toPage } from '../../platform/list';

const t = schema.tenants;

export const findTenant = async (tx: Executor, tenantId: string) => {
  const [row] = await tx.select().from(t).where(eq(t.id, tenantId));
  return row ?? null;
};

/** The tenant directory (RLS lets only the platform context see more than its own row). */
export const listTenants = async (tx: Executor, q: TenantListBody) => {
  const where = and(
    containsText(t.name, q.filters.searchString),
    q.filters.tenantType ? eq(t.type, q.filters.tenantType) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const rows = tx
    .select({
      _id: t.id,
      name: t.name,
      tenantType: t.type,
      idPrefix: t.idPrefix,
      createdOn: t.createdOn,
    })
    .from(t)
    .where(where)
    .orderBy(...orderByOf(q.sorting, { name: t.name, createdOn: t.createdOn }, { path: 'name', order: 1 }, t.id))
    .limit(limit)
    .offset(offset);
  return toPage(rows, tx.select({ n: count() }).from(t).where(where));
};
