import { type Executor, schema } from '@caseport/db/client';
import type { SocListBody } from '@caseport/domain/soc-codes/contracts';
import { and, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { containsText, orderByOf, pageWindow, toPage, withinDays } from '../../platform/list';

const s = schema.socCodeConfigs;
export type SocRow = typeof s.$inferSelect;

export const listSocConfigs = async (tx: Executor, tenantId: string, q: SocListBody, zone: string) => {
  const f = q.filters;
  const where = and(
    eq(s.tenantId, tenantId),
    f.title?.trim() ? or(containsText(s.name, f.title), containsText(s.designation, f.title)) : undefined,
    f.statusList?.length ? inArray(s.status, f.statusList) : undefined,
    withinDays(s.createdOn, f.createdDateRange, zone),
  );
  const { limit, offset } = pageWindow(q);
  const rows = tx
    .select({ row: s })
    .from(s)
    .where(where)
    .orderBy(
      ...orderByOf(
        q.sorting,
        { name: sql`lower(${s.name})`, createdOn: s.createdOn, updatedOn: s.updatedOn },
        { path: 'createdOn', order: -1 },
        s.id,
      ),
    )
    .limit(limit)
    .offset(offset);
  return toPage(rows, tx.select({ n: count() }).from(s).where(where));
};

export const findSocConfigs = (tx: Executor, tenantId: string, ids: string[]) =>
  tx
    .select()
    .from(s)
    .where(and(eq(s.tenantId, tenantId), inArray(s.id, ids)));

export const nameTaken = async (tx: Executor, tenantId: string, name: string, exceptId?: string) =>
  (
    await tx
      .select({ id: s.id })
      .from(s)
      .where(
        and(
          eq(s.tenantId, tenantId),
          sql`lower(${s.name}) = lower(${name})`,
          exceptId ? ne(s.id, exceptId) : undefined,
        ),
      )
      .limit(1)
  ).length > 0;

/** @platformScope SOC codes are master data */
export const socCodeExists = async (tx: Executor, id: number) =>
  (await tx.select({ id: schema.socCodes.id }).from(schema.socCodes).where(eq(schema.socCodes.id, id))).length > 0;

export const insertSocConfig = async (
  tx: Executor,
  tenantId: string,
  values: Omit<typeof s.$inferInsert, 'tenantId'>,
) => {
  const [row] = await tx
    .insert(s)
    .values({ ...values, tenantId })
    .returning();
  return row!;
};

export const updateSocConfig = async (
  tx: Executor,
  tenantId: string,
  id: string,
  values: Partial<typeof s.$inferInsert>,
) => {
  const [row] = await tx
    .update(s)
    .set(values)
    .where(and(eq(s.tenantId, tenantId), eq(s.id, id)))
    .returning();
  return row ?? null;
};
