import { DEMO_CARD_TOKEN_PREFIX } from '@caseport/domain/billing/cards';
import { calendarDateIn } from '@caseport/domain/tenants/tenant-day';
import type { Executor } from '../client';
import { invoices } from '../schema/index';

/** The demo plan of D-27 ('professional'): its name and monthly price as invoices record them. */
export const DEMO_PLAN = { code: 'professional', name: 'Professional', monthlyCents: 19_900 } as const;

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** The demo tenants' zone (tenants.timezone's default; the law firm's and company's tenantDefaultTZ 1). */
export const DEMO_ZONE = 'America/New_York';

/**
 * 09:00 UTC on the 1st of the month `now` is in for the tenant (its zone, issue 38 finding 2): seeded between
 * midnight UTC and midnight in New York on the 1st, the demo's period is still last month's, as its screens say.
 */
const firstOfTenantMonth = (now: Date, zone: string) => {
  const { year, month } = calendarDateIn(now, zone);
  return new Date(Date.UTC(Number(year), Number(month) - 1, 1, 9));
};

/**
 * D-27: a demo tenant's card on file (a sandbox token the sandbox always charges, D-26: no number), its
 * monthly subscription of the demo plan renewing on the 1st of next month, and the payment terms accepted.
 */
export const demoBilling = (key: string, now = new Date(), zone = DEMO_ZONE) => {
  const thisMonth = firstOfTenantMonth(now, zone);
  return {
    subscriptionPlan: DEMO_PLAN.code,
    cardToken: `${DEMO_CARD_TOKEN_PREFIX}${key}`,
    card: { brand: 'Visa', last4: '4242', exp_month: 12, exp_year: now.getUTCFullYear() + 4 },
    subscription: {
      planId: DEMO_PLAN.code,
      name: DEMO_PLAN.name,
      interval: 'month',
      couponCode: null,
      percentOff: 0,
      startedOn: isoDate(thisMonth),
      renewsOn: isoDate(addMonths(thisMonth, 1)),
    },
    payTermsAcceptedOn: thisMonth,
  };
};
const addMonths = (d: Date, n: number) => {
  const next = new Date(d);
  next.setUTCMonth(d.getUTCMonth() + n);
  return next;
};
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

/**
 * A demo tenant's billing history: one monthly invoice of the demo plan for each of the last `months`
 * months of the tenant's calendar, issued on the 1st (09:00 UTC) and due 15 days later. Every invoice is paid three days after it was
 * issued except the last `unpaid` (this month's by default), which are still pending: with 2, last month's is past
 * its due date whatever the day (issue 38 finding 1: the demo shows an Overdue invoice and Pay now). Numbers run
 * INV-<year>-<0001...> per tenant.
 */
export const demoInvoiceRows = (
  tenantId: string,
  subscriberEmail: string,
  months: number,
  now: Date,
  unpaid = 1,
  zone = DEMO_ZONE,
): (typeof invoices.$inferInsert)[] => {
  const thisMonth = firstOfTenantMonth(now, zone);
  const rows: (typeof invoices.$inferInsert)[] = [];
  for (let i = months - 1; i >= 0; i--) {
    const issued = addMonths(thisMonth, -i);
    const isPending = i < unpaid;
    const seq = months - i;
    rows.push({
      tenantId,
      refId: `INV-${issued.getUTCFullYear()}-${String(seq).padStart(4, '0')}`,
      subscriberEmail,
      planName: DEMO_PLAN.name,
      periodStart: isoDate(issued),
      periodEnd: isoDate(addDays(addMonths(issued, 1), -1)),
      totalCents: DEMO_PLAN.monthlyCents,
      listCents: DEMO_PLAN.monthlyCents,
      currency: 'USD',
      statusId: isPending ? 1 : 2,
      dueDate: isoDate(addDays(issued, 15)),
      paidOn: isPending ? null : addDays(issued, 3),
      createdOn: issued,
    });
  }
  return rows;
};

export const seedDemoInvoices = async (
  db: Executor,
  tenants: { tenantId: string; email: string; months: number; unpaid?: number }[],
  now = new Date(),
) => {
  for (const t of tenants) {
    const rows = demoInvoiceRows(t.tenantId, t.email, t.months, now, t.unpaid);
    if (rows.length) await db.insert(invoices).values(rows);
  }
};
