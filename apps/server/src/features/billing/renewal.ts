import { type Db, inSystemTx, inTenantTx, type Tx } from '@caseport/db/client';
import { isRenewalDue, nextPeriodOf, RENEWAL_PERIODS_PER_RUN, renewalHorizon } from '@caseport/domain/billing/renewal';
import { recordSystemAudit } from '../../platform/audit';
import type { PaymentProvider } from '../../platform/payments';
import { scheduleEvery } from '../../platform/schedule';
import { tenantDay } from '../../platform/tenant-day';
import * as repo from './repository';
import { insertQuotedInvoice } from './subscription';

export interface RenewalResult {
  /** Tenants the run's query found with a renewal date on or before the horizon. */
  tenants: number;
  /** Periods renewed (one invoice each). */
  renewed: number;
  /** Of which the card was charged (the rest: declined or no card, the invoice pending). */
  paid: number;
  /** Tenants whose renewal failed (rolled back, tried again by the next run); the others went on. */
  failed: number;
}

type Outcome = 'paid' | 'unpaid' | null;

/**
 * One period of one tenant, in its own transaction and scope: the tenant's row is locked first (as billingWriter
 * locks it), so a second run (an overlapping tick, another server process) waits and then finds the renewal date
 * moved on: nothing to do. Not due on the tenant's own day (its time zone): nothing. Else the invoice of the next
 * period (billing/renewal.ts `nextPeriodOf`: the change at renewal's plan when one waits, whole price, no coupon) is
 * written, the card on file charged with a key of tenant and period (a rerun after a failed commit, or another
 * process, is the same charge at the processor), and the subscription moves to that period. A decline or no card
 * leaves the invoice pending, due on the renewal day (overdue the day after; Pay now settles it), and the period
 * moves on all the same.
 */
const renewOnce = async (tx: Tx, tenantId: string, payments: PaymentProvider, now: Date): Promise<Outcome> => {
  const state = await repo.readBillingState(tx, tenantId, true);
  const stored = state?.subscription;
  if (!state || !stored) return null;
  const today = await tenantDay(tx, tenantId, now);
  if (!isRenewalDue(stored, today)) return null;
  const next = nextPeriodOf(stored);
  const { quote } = next;
  const refId = await repo.nextInvoiceRef(tx, tenantId, Number(today.slice(0, 4)));
  const charge = state.cardToken
    ? await payments.charge({
        token: state.cardToken,
        amountCents: quote.totalCents,
        currency: 'USD',
        description: `${next.name} plan (${next.interval}), renewal`,
        // Tenant and period (with the plan it is of): the same renewal is the same charge at the processor.
        idempotencyKey: `${tenantId}:renewal:${next.planId}:${next.interval}:${quote.periodStart}`,
      })
    : null;
  const paid = charge?.ok === true;
  await repo.updateTenantBilling(tx, tenantId, { subscriptionPlan: next.planId, subscription: next.subscription }, now);
  const invoice = await insertQuotedInvoice(tx, tenantId, {
    refId,
    subscriberEmail: await repo.renewalSubscriberEmail(tx, tenantId),
    planName: next.name,
    interval: next.interval,
    quote,
    couponCode: null,
    creditPlan: null,
    dueDate: quote.periodStart,
    paidOn: paid ? now : null,
    createdOn: now,
  });
  await recordSystemAudit(tx, tenantId, {
    entity: 'subscription',
    entityId: tenantId,
    action: 'renew',
    before: stored,
    after: {
      ...next.subscription,
      invoice: invoice.refId,
      amountCents: quote.totalCents,
      ...(charge?.ok ? { chargeId: charge.chargeId } : { unpaid: charge ? charge.reason : 'no_card' }),
    },
  });
  return paid ? 'paid' : 'unpaid';
};

/**
 * Issue 38 finding 1: the renewal run. One query (system context) finds the subscriptions whose renewal date is on or
 * before the latest day any tenant can be on; each of those tenants is then renewed period by period (at most
 * RENEWAL_PERIODS_PER_RUN a run), one transaction per period in the tenant's scope, audited as the system.
 * Idempotent: run it twice, on one server or two, and each tenant's period is invoiced and charged once.
 */
export const runRenewals = async (
  db: Db,
  payments: PaymentProvider,
  now: Date,
  onError?: (tenantId: string, err: unknown) => void,
): Promise<RenewalResult> => {
  const due = await inSystemTx(db, (tx) => repo.dueSubscriptions(tx, renewalHorizon(now)));
  const result: RenewalResult = { tenants: due.length, renewed: 0, paid: 0, failed: 0 };
  for (const tenantId of due) {
    try {
      for (let n = 0; n < RENEWAL_PERIODS_PER_RUN; n++) {
        const outcome = await inTenantTx(db, { tenantId }, (tx) => renewOnce(tx, tenantId, payments, now));
        if (!outcome) break;
        result.renewed += 1;
        if (outcome === 'paid') result.paid += 1;
      }
    } catch (err) {
      // One tenant's failure (the processor unreachable, say) does not hold the others back.
      result.failed += 1;
      onError?.(tenantId, err);
    }
  }
  return result;
};

/** The hourly renewal run in the server (BILLING_RENEWALS=off turns it off; tests leave it off). */
export const scheduleRenewals = (
  db: Db,
  clock: () => Date,
  payments: PaymentProvider,
  log: { error: (o: object, msg: string) => void; info: (o: object, msg: string) => void },
  everyMs = 60 * 60_000,
) =>
  scheduleEvery(
    'renewal',
    async () => {
      const r = await runRenewals(db, payments, clock(), (tenantId, err) =>
        log.error({ err, tenantId }, 'subscription renewal failed'),
      );
      if (r.renewed) log.info({ renewed: r.renewed, paid: r.paid }, 'subscriptions renewed');
    },
    log,
    everyMs,
  );
