import { z } from 'zod';
import { text } from '../api/scalars';
import { addDays, daysBetween } from '../reminders/engine';
import { centsToDollars, formatUsd, InvoiceItemSchema, InvoiceStatus } from './invoices';
import {
  findPlan,
  INTERVALS,
  type Interval,
  type PendingChange,
  PLAN_IDS,
  type PlanId,
  priceCents,
  renewalDate,
} from './plans';

/**
 * Issue 38 finding 1: what a plan change costs and from when, decided once here and used by the server (the preview
 * and the charge, `POST /api/subscription/preview-change` and `subscribe`) and shown by the web's confirmation.
 *
 * The rule (dates are the tenant's days, YYYY-MM-DD; amounts whole cents):
 * - No subscription, or its period is over (today on or after its renewal date): a new period starts today and the
 *   whole price is charged now, less the coupon.
 * - A change within the period: the unused days of the current period are credited at what the current plan costs
 *   (its price less its coupon), and the new plan is charged now from today:
 *   - same interval: for the rest of the current period only (the renewal date stays), its list price prorated by
 *     days left / days of the period;
 *   - another interval: for a whole new period from today (the renewal date moves to a period from today).
 * - If that leaves nothing to pay (a cheaper plan), nothing is charged now and the change takes effect on the
 *   renewal date instead, at the new plan's whole price; the current plan runs to the end of what was paid for.
 * - Tax: none is charged on the subscription (the line is printed with 0.00 so the invoice says so).
 */

export interface CurrentSubscription {
  planId: string;
  interval: Interval;
  percentOff: number;
  startedOn: string;
  renewsOn: string;
}

export interface ChangeRequest {
  planId: PlanId;
  interval: Interval;
  /** The coupon's percentage off the charge now (0 without one). */
  percentOff: number;
}

export interface ChangeQuote {
  /** 'now': charged today and in effect today; 'renewal': nothing charged now, the change takes effect on `effectiveOn`. */
  when: 'now' | 'renewal';
  effectiveOn: string;
  /** The service the charge (now) or the first renewal charge covers: first and last day; the next renewal date. */
  periodStart: string;
  periodEnd: string;
  renewsOn: string;
  /** The new plan's list price for a whole period of its interval. */
  planListCents: number;
  /** Days charged of how many in the period (equal when not prorated). */
  days: number;
  periodDays: number;
  /** The invoice's lines: list price (prorated), coupon discount, credit for unused days, tax, total. */
  listCents: number;
  discountCents: number;
  creditCents: number;
  taxCents: number;
  totalCents: number;
  /** The unused days credited (0 with no credit). */
  creditDays: number;
}

/** Sales tax on the subscription: none (the invoice still prints the line). */
export const SUBSCRIPTION_TAX_PERCENT = 0;

const percentOf = (cents: number, percent: number) => Math.round((cents * percent) / 100);
const prorate = (cents: number, days: number, periodDays: number) =>
  periodDays > 0 ? Math.round((cents * days) / periodDays) : 0;

/**
 * A whole period from `start`: the price less the coupon, nothing credited ('renewal': no coupon, nothing charged
 * before `start`; the renewal run charges it then, billing/renewal.ts).
 */
export const wholePeriod = (change: ChangeRequest, start: string, when: ChangeQuote['when']): ChangeQuote => {
  const plan = findPlan(change.planId);
  if (!plan) throw new Error(`Unknown plan ${change.planId}`);
  const listCents = priceCents(plan, change.interval);
  const renewsOn = renewalDate(start, change.interval);
  const days = daysBetween(start, renewsOn);
  const discountCents = when === 'now' ? percentOf(listCents, change.percentOff) : 0;
  const taxCents = percentOf(listCents - discountCents, SUBSCRIPTION_TAX_PERCENT);
  return {
    when,
    effectiveOn: start,
    periodStart: start,
    periodEnd: addDays(renewsOn, -1),
    renewsOn,
    planListCents: listCents,
    days,
    periodDays: days,
    listCents,
    discountCents,
    creditCents: 0,
    taxCents,
    totalCents: listCents - discountCents + taxCents,
    creditDays: 0,
  };
};

/** Is the current subscription's period still running on `today`? */
export const isInPeriod = (current: CurrentSubscription | null | undefined, today: string): boolean =>
  !!current && current.startedOn <= today && today < current.renewsOn;

/** What changing to `change` costs on `today` (the tenant's day), and from when. */
export const quoteChange = (
  current: CurrentSubscription | null | undefined,
  change: ChangeRequest,
  today: string,
): ChangeQuote => {
  const plan = findPlan(change.planId);
  const currentPlan = findPlan(current?.planId);
  if (!plan) throw new Error(`Unknown plan ${change.planId}`);
  if (!current || !currentPlan || !isInPeriod(current, today)) return wholePeriod(change, today, 'now');

  const periodDays = daysBetween(current.startedOn, current.renewsOn);
  const creditDays = daysBetween(today, current.renewsOn);
  const creditCents = prorate(priceCents(currentPlan, current.interval, current.percentOff), creditDays, periodDays);
  const planListCents = priceCents(plan, change.interval);
  const sameInterval = change.interval === current.interval;
  const renewsOn = sameInterval ? current.renewsOn : renewalDate(today, change.interval);
  const days = sameInterval ? creditDays : daysBetween(today, renewsOn);
  const chargedPeriod = sameInterval ? periodDays : days;
  const listCents = prorate(planListCents, days, chargedPeriod);
  const discountCents = percentOf(listCents, change.percentOff);
  const taxCents = percentOf(listCents - discountCents, SUBSCRIPTION_TAX_PERCENT);
  const totalCents = listCents - discountCents - creditCents + taxCents;
  // A cheaper plan: what is paid for runs out first, then the new plan starts at its whole price.
  if (totalCents <= 0) return wholePeriod(change, current.renewsOn, 'renewal');
  return {
    when: 'now',
    effectiveOn: today,
    periodStart: today,
    periodEnd: addDays(renewsOn, -1),
    renewsOn,
    planListCents,
    days,
    periodDays: chargedPeriod,
    listCents,
    discountCents,
    creditCents,
    taxCents,
    totalCents,
    creditDays,
  };
};

/** The subscription as it stands on `today`: a change at renewal is in effect from its day. */
export const effectiveSubscription = <
  S extends CurrentSubscription & { name: string; couponCode: string | null; pendingChange?: PendingChange | null },
>(
  sub: S,
  today: string,
): S => {
  const next = sub.pendingChange;
  if (!next || today < next.effectiveOn) return sub;
  return {
    ...sub,
    planId: next.planId,
    name: next.name,
    interval: next.interval,
    couponCode: null,
    percentOff: 0,
    startedOn: next.effectiveOn,
    renewsOn: renewalDate(next.effectiveOn, next.interval),
    pendingChange: null,
  };
};

// ---- The preview (the confirmation's figures) ----

export const PreviewChangeBodySchema = z
  .object({
    planId: z.enum(PLAN_IDS),
    interval: z.enum(INTERVALS).default('month'),
    couponCode: text()
      .max(40)
      .transform((v) => v.trim().toUpperCase())
      .optional(),
  })
  .strict();
export type PreviewChangeBody = z.infer<typeof PreviewChangeBodySchema>;

/** The quote on the wire: dollars (two decimals) as the invoices carry them. */
export const ChangePreviewSchema = z.object({
  planId: z.enum(PLAN_IDS),
  name: z.string(),
  interval: z.enum(INTERVALS),
  couponCode: z.string().nullable(),
  when: z.enum(['now', 'renewal']),
  effectiveOn: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  renewsOn: z.string(),
  planListAmount: z.number(),
  days: z.number(),
  periodDays: z.number(),
  listAmount: z.number(),
  discountAmount: z.number(),
  creditAmount: z.number(),
  creditDays: z.number(),
  taxAmount: z.number(),
  totalAmount: z.number(),
  /** What is charged today: the total when `when` is 'now', else 0. */
  dueNow: z.number(),
  summary: z.string(),
});
export type ChangePreview = z.infer<typeof ChangePreviewSchema>;

/** A day as the confirmation writes it ('Dec 28, 2026'); the date is the tenant's calendar day as stored. */
export const longDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** The confirmation's sentence: what is charged now and from when (or that the change waits for the renewal). */
export const changeSummary = (q: ChangeQuote, planName: string, interval: Interval): string => {
  const every = interval === 'year' ? 'yearly' : 'monthly';
  if (q.when === 'renewal')
    return `Nothing is charged now. Your plan changes to ${planName} (${every}) on ${longDay(q.effectiveOn)}, when ${formatUsd(centsToDollars(q.totalCents))} will be charged to your card.`;
  const prorated = q.days < q.periodDays ? ` for ${q.days} of ${q.periodDays} days` : '';
  return `${formatUsd(centsToDollars(q.totalCents))} will be charged to your card now for ${planName} (${every})${prorated}, from ${longDay(q.periodStart)} to ${longDay(q.periodEnd)}. It renews on ${longDay(q.renewsOn)}.`;
};

export const previewOf = (
  q: ChangeQuote,
  change: { planId: PlanId; name: string; interval: Interval; couponCode: string | null },
): ChangePreview => ({
  ...change,
  when: q.when,
  effectiveOn: q.effectiveOn,
  periodStart: q.periodStart,
  periodEnd: q.periodEnd,
  renewsOn: q.renewsOn,
  planListAmount: centsToDollars(q.planListCents),
  days: q.days,
  periodDays: q.periodDays,
  listAmount: centsToDollars(q.listCents),
  discountAmount: centsToDollars(q.discountCents),
  creditAmount: centsToDollars(q.creditCents),
  creditDays: q.creditDays,
  taxAmount: centsToDollars(q.taxCents),
  totalAmount: centsToDollars(q.totalCents),
  dueNow: q.when === 'now' ? centsToDollars(q.totalCents) : 0,
  summary: changeSummary(q, change.name, change.interval),
});

export const CHANGE_MESSAGES = {
  couponAtRenewal: 'A coupon takes its percentage off a charge now; this change is charged at renewal',
  amountChanged: 'The amount to charge has changed since it was shown; review it again',
  alreadyScheduled: (name: string, on: string) => `Your plan already changes to ${name} on ${on}`,
  scheduled: (name: string, on: string) => `Your plan changes to the ${name} plan on ${on}`,
} as const;

// ---- Overdue invoices and Pay now ----

/** An invoice is overdue when it is unpaid and its due date is before the tenant's day. */
export const isInvoiceOverdue = (invoice: { statusId: number; dueDate: string | null }, today: string): boolean =>
  invoice.statusId === InvoiceStatus.Pending && !!invoice.dueDate && invoice.dueDate < today;

export const PayInvoiceBodySchema = z
  .object({
    invoiceId: z.uuid(),
    // One per user action (a click on Pay now), sent again on a retry: as subscribe's (issue 39).
    idempotencyKey: text().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Invalid idempotency key'),
  })
  .strict();
export type PayInvoiceBody = z.infer<typeof PayInvoiceBodySchema>;

export const PayInvoiceSchema = z.object({ message: z.string(), invoice: InvoiceItemSchema });

export const INVOICE_PAY_MESSAGES = {
  paid: (refId: string) => `Invoice ${refId} is paid`,
  alreadyPaid: 'This invoice is already paid',
  declined: 'Your card was declined; the invoice is still unpaid. Update the card and try again.',
} as const;
