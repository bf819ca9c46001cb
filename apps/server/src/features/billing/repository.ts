import { type Executor, schema } from '@caseport/db/client';
import type { BillingDetails } from '@caseport/domain/billing/billing-details';
import type { Card } from '@caseport/domain/billing/cards';
import type { InvoiceListBody } from '@caseport/domain/billing/invoices';
import type { Subscription } from '@caseport/domain/billing/plans';
import { and, count, eq, inArray, like, lt, max, sql } from 'drizzle-orm';
import { containsText, orderByOf, pageWindow, toPage, withinDays } from '../../platform/list';

const i = schema.invoices;
export type InvoiceRow = typeof i.$inferSelect;

/**
 * R-BILL-024..026, R-BILL-032: one page of the tenant's invoices and the total. The tenant is the caller's
 * (row-level security holds the same line); `companyId` can only narrow it, so another tenant's id is empty.
 */
export const listInvoices = async (tx: Executor, tenantId: string, q: InvoiceListBody, zone: string) => {
  const f = q.filters;
  const where = and(
    eq(i.tenantId, tenantId),
    f.companyId ? eq(i.tenantId, f.companyId) : undefined,
    containsText(i.refId, f.title),
    f.statusIds?.length ? inArray(i.statusId, f.statusIds) : undefined,
    withinDays(i.createdOn, f.createdOnRange, zone),
    withinDays(i.dueDate, f.dueDateRange),
    withinDays(i.paidOn, f.paidDateRange, zone),
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

/** `lock`: the invoice's row is held until the transaction ends (Pay now, issue 38 finding 1). */
export const findInvoice = async (tx: Executor, tenantId: string, id: string, lock = false) => {
  const query = tx
    .select()
    .from(i)
    .where(and(eq(i.tenantId, tenantId), eq(i.id, id)));
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
};

/** Issue 38 finding 1: an unpaid invoice becomes paid (false when it was not unpaid). */
export const markInvoicePaid = async (tx: Executor, tenantId: string, id: string, paidOn: Date) => {
  const [row] = await tx
    .update(i)
    .set({ statusId: 2, paidOn })
    .where(and(eq(i.tenantId, tenantId), eq(i.id, id), eq(i.statusId, 1)))
    .returning();
  return (row as InvoiceRow | undefined) ?? null;
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

const t = schema.tenants;

/** The tenant's card, subscription and payment-terms state (undefined: no such tenant in scope). */
/** `lock`: the tenant's row is held until the transaction ends (two subscribes at once take turns). */
export const readBillingState = async (tx: Executor, tenantId: string, lock = false) => {
  const query = tx
    .select({
      cardToken: t.cardToken,
      card: t.card,
      planId: t.subscriptionPlan,
      subscription: t.subscription,
      payTermsAcceptedOn: t.payTermsAcceptedOn,
    })
    .from(t)
    .where(eq(t.id, tenantId));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) return undefined;
  return {
    ...row,
    card: (row.card as Card | null) ?? null,
    subscription: (row.subscription as Subscription | null) ?? null,
  };
};
export type BillingState = NonNullable<Awaited<ReturnType<typeof readBillingState>>>;

export const updateTenantBilling = async (
  tx: Executor,
  tenantId: string,
  values: Partial<
    Pick<typeof t.$inferInsert, 'cardToken' | 'card' | 'subscriptionPlan' | 'subscription' | 'payTermsAcceptedOn'>
  >,
  now: Date,
) => {
  await tx
    .update(t)
    .set({ ...values, updatedOn: now })
    .where(eq(t.id, tenantId));
};

/** The next invoice number of the tenant's year: INV-<year>-<NNNN>, one above the highest of that year. */
export const nextInvoiceRef = async (tx: Executor, tenantId: string, year: number) => {
  const prefix = `INV-${year}-`;
  const [row] = await tx
    .select({ ref: max(i.refId) })
    .from(i)
    .where(and(eq(i.tenantId, tenantId), like(i.refId, `${prefix}%`)));
  const last = Number(row?.ref?.slice(prefix.length) ?? 0) || 0;
  return `${prefix}${String(last + 1).padStart(4, '0')}`;
};

export const insertInvoice = async (
  tx: Executor,
  tenantId: string,
  values: Omit<typeof i.$inferInsert, 'tenantId'>,
) => {
  const [row] = await tx
    .insert(i)
    .values({ ...values, tenantId })
    .returning();
  return row as InvoiceRow;
};

const k = schema.idempotencyKeys;

/** Issue 39: the answer a tenant's idempotency key got on a route, if any (the caller judges its age). */
export const findIdempotencyKey = async (tx: Executor, tenantId: string, route: string, key: string) => {
  const [row] = await tx
    .select()
    .from(k)
    .where(and(eq(k.tenantId, tenantId), eq(k.route, route), eq(k.key, key)));
  return row ?? null;
};

/** Records (or replaces a day-old) key with its answer. */
export const saveIdempotencyKey = async (
  tx: Executor,
  tenantId: string,
  values: Omit<typeof k.$inferInsert, 'tenantId'> & { createdOn: Date },
) => {
  await tx
    .insert(k)
    .values({ ...values, tenantId })
    .onConflictDoUpdate({
      target: [k.tenantId, k.route, k.key],
      set: {
        userId: values.userId,
        requestHash: values.requestHash,
        response: values.response,
        createdOn: values.createdOn,
      },
    });
};

const c = schema.coupons;
const cr = schema.couponRedemptions;

/**
 * Issue 39: a coupon on offer, with its redemptions so far.
 * @platformScope coupons are the platform's offer to every tenant (no tenant column)
 */
export const findCoupon = async (tx: Executor, code: string) => {
  const [row] = await tx.select().from(c).where(eq(c.code, code));
  return row ?? undefined;
};

/** Has the tenant redeemed this coupon already (once per tenant)? */
export const hasRedeemed = async (tx: Executor, tenantId: string, code: string) => {
  const [row] = await tx
    .select({ code: cr.couponCode })
    .from(cr)
    .where(and(eq(cr.tenantId, tenantId), eq(cr.couponCode, code)));
  return !!row;
};

/**
 * Takes one redemption of the coupon for the tenant: counts it up only while under its cap (the row lock of the
 * UPDATE serializes concurrent redemptions across tenants) and records the tenant's redemption (its primary key
 * is once per tenant). False when the cap was reached meanwhile. The caller's transaction undoes both if the
 * charge then fails.
 */
export const redeemCoupon = async (tx: Executor, tenantId: string, code: string, invoiceRef: string, now: Date) => {
  const [taken] = await tx
    .update(c)
    .set({ redeemed: sql`${c.redeemed} + 1` })
    .where(and(eq(c.code, code), lt(c.redeemed, c.maxRedemptions)))
    .returning({ code: c.code });
  if (!taken) return false;
  await tx.insert(cr).values({ tenantId, couponCode: code, invoiceRef, redeemedOn: now });
  return true;
};

/**
 * Issue 38 finding 1: the tenants whose subscription renews on or before `horizon` (the renewal run's one query; each
 * tenant's own day then decides, in its own scope, with its row locked). A seq scan of the tenants table: one row a
 * tenant.
 * @platformScope the renewal run walks every tenant; each renewal is then written in its tenant's scope
 */
export const dueSubscriptions = async (tx: Executor, horizon: string) => {
  const rows = await tx
    .select({ tenantId: t.id })
    .from(t)
    .where(sql`${t.subscription} is not null and ${t.subscription}->>'renewsOn' <= ${horizon}`)
    .orderBy(sql`${t.subscription}->>'renewsOn'`, t.id);
  return rows.map((r) => r.tenantId);
};

/**
 * Who a renewal invoice is addressed to: the subscriber of the tenant's latest invoice, else its first administrator
 * (role 3), else its oldest user.
 */
export const renewalSubscriberEmail = async (tx: Executor, tenantId: string) => {
  const u = schema.users;
  const r = await tx.execute<{ email: string | null }>(sql`select coalesce(
      (select ${i.subscriberEmail} from ${i} where ${i.tenantId} = ${tenantId}
        order by ${i.createdOn} desc, ${i.refId} desc limit 1),
      (select ${u.email} from ${u} where ${u.tenantId} = ${tenantId}
        order by (${u.roleId} = 3) desc, ${u.createdOn} limit 1)) as email`);
  return r.rows[0]?.email ?? '';
};
