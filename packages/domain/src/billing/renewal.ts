import { addDays } from '../reminders/engine';
import { centsToDollars, formatUsd } from './invoices';
import { findPlan, type Interval, type PlanId, type Renewal, type Subscription } from './plans';
import { type ChangeQuote, longDay, wholePeriod } from './proration';

/**
 * Issue 38 finding 1: the renewal (apps/server/src/features/billing/renewal.ts runs it). On or after its renewal
 * date (the tenant's day) a subscription starts its next period: the plan of that period is the change at renewal
 * when one waits (`pendingChange`, a cheaper plan, effective on the renewal date), else the same plan and interval;
 * it is charged its whole list price for the period, with no coupon (a coupon takes its percentage off one invoice,
 * the one it was redeemed on) and the subscription tax rule of proration.ts. The renewal date moves one period on.
 */

/** A tenant is renewed at most this many periods in one run; a longer gap is caught up by the next runs. */
export const RENEWAL_PERIODS_PER_RUN = 12;

/** Is the subscription's period over on `today` (the tenant's day), so that its next one is due? */
export const isRenewalDue = (sub: Pick<Subscription, 'renewsOn'> | null | undefined, today: string): boolean =>
  !!sub && sub.renewsOn <= today;

/**
 * The latest renewal date any tenant can have reached at `now`: no time zone is more than 14 hours ahead of UTC, so
 * no tenant's day is past the UTC date's next day. The run's one cheap query takes the subscriptions renewing on or
 * before it, and each tenant's own day then decides.
 */
export const renewalHorizon = (now: Date): string => addDays(now.toISOString().slice(0, 10), 1);

export interface NextPeriod {
  planId: PlanId;
  name: string;
  interval: Interval;
  /** The invoice's lines: the period from the renewal date, whole price, nothing off, nothing credited. */
  quote: ChangeQuote;
  /** The subscription once renewed. */
  subscription: Subscription;
}

/** The period after `sub`'s current one: its plan (the change at renewal's, when it takes effect then) and price. */
export const nextPeriodOf = (sub: Subscription): NextPeriod => {
  const waiting = sub.pendingChange ?? null;
  const change = waiting && waiting.effectiveOn <= sub.renewsOn ? waiting : null;
  const planId = change?.planId ?? sub.planId;
  const interval = change?.interval ?? sub.interval;
  const name = findPlan(planId)?.name ?? change?.name ?? sub.name;
  const quote = wholePeriod({ planId, interval, percentOff: 0 }, sub.renewsOn, 'renewal');
  return {
    planId,
    name,
    interval,
    quote,
    subscription: {
      planId,
      name,
      interval,
      couponCode: null,
      percentOff: 0,
      startedOn: quote.periodStart,
      renewsOn: quote.renewsOn,
      pendingChange: change ? null : waiting,
    },
  };
};

/** What the plan card says will be charged at the renewal (server figures, `selected-plan`'s `renewal`). */
export const renewalOf = (sub: Subscription): Renewal => {
  const next = nextPeriodOf(sub);
  return {
    on: sub.renewsOn,
    planId: next.planId,
    name: next.name,
    interval: next.interval,
    amount: centsToDollars(next.quote.totalCents),
  };
};

/**
 * The plan card's words about the renewal, after the current plan: when, the plan it becomes when a change waits,
 * how much, and from what ('renews on Jan 1, 2027: $199.00 will be charged to the card on file.').
 */
export const renewalSentence = (
  renewal: Renewal,
  current: { planId: string; interval: Interval },
  hasCard: boolean,
) => {
  const every = renewal.interval === 'year' ? 'yearly' : 'monthly';
  const changes = renewal.planId !== current.planId || renewal.interval !== current.interval;
  const when = `renews on ${longDay(renewal.on)}${changes ? ` as ${renewal.name} (${every})` : ''}`;
  const amount = formatUsd(renewal.amount);
  return hasCard
    ? `${when}: ${amount} will be charged to the card on file.`
    : `${when}: ${amount} will be due; add a card to pay it.`;
};
