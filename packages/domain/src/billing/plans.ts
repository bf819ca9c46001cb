import { z } from 'zod';
import { listOf } from '../api/responses';
import { money, text } from '../api/scalars';
import { InvoiceItemSchema } from './invoices';

/** R-BILL-020: plans are requested with a page size of 2500. */
export const PLANS_PER_PAGE = 2500;

export const PLAN_IDS = ['starter', 'professional', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const INTERVALS = ['month', 'year'] as const;
export type Interval = (typeof INTERVALS)[number];

/** R-BILL-023: a plan has `_id` and `criteria` (what it includes: users, open cases, document storage). */
export const PlanSchema = z.object({
  _id: z.enum(PLAN_IDS),
  name: z.string(),
  description: z.string(),
  /** Whole US dollars. */
  monthlyPrice: z.number(),
  yearlyPrice: z.number(),
  criteria: z.object({ users: z.number(), cases: z.number(), storageGb: z.number() }),
});
export type Plan = z.infer<typeof PlanSchema>;
export const PlanListSchema = listOf(PlanSchema);

/** The three plans a firm chooses between; the yearly price is ten months'. Amounts in cents where billed. */
export const PLANS: readonly Plan[] = [
  {
    _id: 'starter',
    name: 'Starter',
    description: 'A solo practitioner or a small in-house team',
    monthlyPrice: 99,
    yearlyPrice: 990,
    criteria: { users: 3, cases: 100, storageGb: 25 },
  },
  {
    _id: 'professional',
    name: 'Professional',
    description: 'A growing firm with paralegals and several attorneys',
    monthlyPrice: 199,
    yearlyPrice: 1990,
    criteria: { users: 15, cases: 1000, storageGb: 250 },
  },
  {
    _id: 'enterprise',
    name: 'Enterprise',
    description: 'Multi-office firms and large petitioner companies',
    monthlyPrice: 499,
    yearlyPrice: 4990,
    criteria: { users: 100, cases: 10000, storageGb: 2000 },
  },
];
export const findPlan = (id: string | null | undefined): Plan | undefined => PLANS.find((p) => p._id === id);

/** R-BILL-020: get plans `{page, perpage (2500)}`. */
export const PlanListBodySchema = z
  .object({
    page: z.number().int().min(1).max(1000).default(1),
    perpage: z.literal(PLANS_PER_PAGE).default(PLANS_PER_PAGE),
  })
  .strict();

// ---- Coupons ----

export const COUPON_MESSAGES = {
  unknown: 'Coupon code does not exist',
  expired: 'Coupon code has expired',
  usedByTenant: 'Your company has already used this coupon',
  exhausted: 'This coupon has been fully redeemed',
  applied: (percent: number) => `Coupon applied: ${percent}% off`,
} as const;

/** Issue 39: what the screen says about coupons where one is entered. */
export const COUPON_RULES_NOTE =
  'A coupon takes its percentage off one invoice. Each coupon can be used once by your company, until it expires or all of its redemptions are taken.';

/**
 * Issue 39 (finding 7): a coupon as the platform offers it (table `coupons`, seeded by migration 0051): a
 * percentage off the invoice it is redeemed on, valid through `validUntil` (inclusive, UTC), at most
 * `maxRedemptions` redemptions over all tenants, and once per tenant.
 */
export interface CouponOffer {
  code: string;
  percentOff: number;
  validUntil: string;
  maxRedemptions: number;
  redeemed: number;
}

const couponCode = () =>
  text()
    .min(1, COUPON_MESSAGES.unknown)
    .max(40)
    .transform((v) => v.trim().toUpperCase());

/** A coupon's state for a tenant on a day: valid (with its discount), unknown, expired, used up or used by it. */
export const checkCoupon = (
  coupon: CouponOffer | undefined,
  /** The tenant's day (YYYY-MM-DD): the coupon is good through its last day there. */
  today: string,
  usedByTenant: boolean,
): { ok: true; code: string; percentOff: number } | { ok: false; message: string } => {
  if (!coupon) return { ok: false, message: COUPON_MESSAGES.unknown };
  if (today > coupon.validUntil) return { ok: false, message: COUPON_MESSAGES.expired };
  if (usedByTenant) return { ok: false, message: COUPON_MESSAGES.usedByTenant };
  if (coupon.redeemed >= coupon.maxRedemptions) return { ok: false, message: COUPON_MESSAGES.exhausted };
  return { ok: true, code: coupon.code, percentOff: coupon.percentOff };
};

/** The form a coupon code is looked up in (trimmed, upper case). */
export const normalCouponCode = (code: string) => code.trim().toUpperCase();

export const ValidateCouponBodySchema = z.object({ couponCode: couponCode(), planId: z.enum(PLAN_IDS) }).strict();
export const ValidateCouponSchema = z.object({ message: z.string(), couponCode: z.string(), percentOff: z.number() });

/** The amount in cents of a plan for an interval, less a coupon's percentage (rounded to the cent). */
export const priceCents = (plan: Plan, interval: Interval, percentOff = 0): number => {
  const cents = (interval === 'year' ? plan.yearlyPrice : plan.monthlyPrice) * 100;
  return Math.round((cents * (100 - percentOff)) / 100);
};

/** The day after which a subscription started on `start` (YYYY-MM-DD) renews. */
export const renewalDate = (start: string, interval: Interval): string => {
  const d = new Date(`${start}T00:00:00Z`);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.toISOString().slice(0, 10);
};

// ---- Subscription ----

/**
 * Issue 39 (finding 4, SECURITY 26): the key of one user action (one click on Subscribe), made by the client
 * (a random UUID) and sent again on a retry of that action. The server answers the same key of the same tenant
 * with the first answer for a day, without charging again.
 */
export const IDEMPOTENCY_KEY_HOURS = 24;
export const SUBSCRIBE_MESSAGES = {
  alreadySubscribed: (name: string, renewsOn: string) =>
    `You are already subscribed to the ${name} plan until ${renewsOn}`,
  keyReused: 'This request was already made with other details; start again',
} as const;

export const SubscribeBodySchema = z
  .object({
    planId: z.enum(PLAN_IDS),
    interval: z.enum(INTERVALS).default('month'),
    couponCode: couponCode().optional(),
    // A random key of the client's (the web sends a UUID); not a reference to any row, so not typed as an id.
    idempotencyKey: text().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Invalid idempotency key'),
    /**
     * Issue 38 finding 1: the amount (dollars) the confirmation showed to be charged now; when given and the charge
     * would differ (the day turned, a price changed), 409 and nothing is charged.
     */
    expectedDueNow: money().min(0).max(1_000_000).optional(),
  })
  .strict();
export type SubscribeBody = z.infer<typeof SubscribeBodySchema>;

/**
 * Issue 38 finding 1: a change that takes effect at renewal (a cheaper plan, billing/proration.ts), kept on the
 * subscription until then. From its day the subscription read is the new plan's (`effectiveSubscription`).
 */
export const PendingChangeSchema = z.object({
  planId: z.enum(PLAN_IDS),
  name: z.string(),
  interval: z.enum(INTERVALS),
  effectiveOn: z.string(),
});
export type PendingChange = z.infer<typeof PendingChangeSchema>;

/** The tenant's subscription as stored and shown: plan, interval, coupon, and the renewal date. */
export const SubscriptionSchema = z.object({
  planId: z.enum(PLAN_IDS),
  name: z.string(),
  interval: z.enum(INTERVALS),
  couponCode: z.string().nullable(),
  percentOff: z.number(),
  startedOn: z.string(),
  renewsOn: z.string(),
  pendingChange: PendingChangeSchema.nullable().optional(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;
export const SubscribeSchema = z.object({
  message: z.string(),
  subscription: SubscriptionSchema,
  /** Null when the change takes effect at renewal (nothing charged now, issue 38 finding 1). */
  invoice: InvoiceItemSchema.nullable(),
});
export const subscribedMessage = (name: string) => `You are subscribed to the ${name} plan`;

/**
 * R-SHELL-048, get selected plan: the current plan (null before one is chosen) with its subscription, whether a
 * card is on file and whether the payment terms were accepted (D-27 reads the first two).
 */
/**
 * Issue 38 finding 1: what the renewal run (billing/renewal.ts) will charge the card on file on the renewal date: the
 * plan of the next period (a change at renewal's, when one waits) at its whole price, no coupon.
 */
export const RenewalSchema = z.object({
  on: z.string(),
  planId: z.enum(PLAN_IDS),
  name: z.string(),
  interval: z.enum(INTERVALS),
  /** Dollars, two decimals. */
  amount: z.number(),
});
export type Renewal = z.infer<typeof RenewalSchema>;

export const SelectedPlanSchema = z.object({
  plan: z
    .object({ code: z.string() })
    .extend(SubscriptionSchema.partial().shape)
    .extend({ renewal: RenewalSchema.nullable().optional() })
    .nullable(),
  hasCard: z.boolean(),
  payTermsAccepted: z.boolean(),
});
export type SelectedPlan = z.infer<typeof SelectedPlanSchema>;
