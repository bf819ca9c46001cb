import { type Executor, schema } from '@caseport/db/client';
import type { BillingDetails } from '@caseport/domain/billing/billing-details';
import type { InvoiceListBody } from '@caseport/domain/billing/invoices';
import { and, count, eq, inArray } from 'drizzle-orm';
import { containsText, orderByOf, pageWindow, toPage, withinDays } from '../../platform/list';

const i = schema.invoices;
export type InvoiceRow = typeof i.$inferSelect;

/**
 * R-BILL-024..026, R-BILL-032: one page of the tenant's invoices and the total. The tenant is the caller's
 * (row-level security holds the same line); `companyId` can only narrow it, so another tenant's id is empty.
 */
export const listInvoices = async (tx: Executor, tenantId: string, q: InvoiceListBody) => {
  const f = q.filters;
  const where = and(
    eq(i.tenantId, tenantId),
    f.companyId ? eq(i.tenantId, f.companyId) : undefined,
    containsText(i.refId, f.title),
    f.statusIds?.length ? inArray(i.statusId, f.statusIds) : undefined,
    withinDays(i.createdOn, f.createdOnRange),
    withinDays(i.dueDate, f.dueDateRange),
    withinDays(i.paidOn, f.paidDateRange),
  );
  const { limit, offset } = pageWindow(q);
  const rows = tx
    .select()
    .from(i)
    .where(where)
    .orderBy(
      ...orderByOf(
        q.sorting,
        { createdOn: i.createdOn, refId: i.refId, totalAmount: i.totalCents, dueDate: i.dueDate },
        { path: 'createdOn', order: -1 },
        i.id,
      ),
    )
    .limit(limit)
    .offset(offset);
  return toPage(rows, tx.select({ n: count() }).from(i).where(where));
};

export const findInvoice = async (tx: Executor, tenantId: string, id: string) => {
  const [row] = await tx
    .select()
    .from(i)
    .where(and(eq(i.tenantId, tenantId), eq(i.id, id)));
  return row ?? null;
};

export const tenantName = async (tx: Executor, tenantId: string) => {
  const [row] = await tx
    .select({ name: schema.tenants.name })
    .from(schema.tenants)
    .where(eq(schema.tenants.id, tenantId));
  return row?.name ?? '';
};

/** R-BILL-010: the tenant's saved Billing Details (null until the first save). */
export const readBillingDetails = async (tx: Executor, tenantId: string) => {
  const [row] = await tx
    .select({ billingDetails: schema.tenants.billingDetails })
    .from(schema.tenants)
    .where(eq(schema.tenants.id, tenantId));
  return row ? ((row.billingDetails as BillingDetails | null) ?? null) : undefined;
};

export const saveBillingDetails = async (tx: Executor, tenantId: string, details: BillingDetails, now: Date) => {
  const [row] = await tx
    .update(schema.tenants)
    .set({ billingDetails: details, updatedOn: now })
    .where(eq(schema.tenants.id, tenantId))
    .returning({ id: schema.tenants.id });
  return !!row;
};
