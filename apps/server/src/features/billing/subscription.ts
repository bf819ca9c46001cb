import { createHash } from 'node:crypto';
import type { Executor } from '@caseport/db/client';
import { type AttachPaymentMethodBody, CARD_MESSAGES, type Card } from '@caseport/domain/billing/cards';
import { InvoiceStatus } from '@caseport/domain/billing/invoices';
import {
  COUPON_MESSAGES,
  checkCoupon,
  findPlan,
  IDEMPOTENCY_KEY_HOURS,
  type Interval,
  normalCouponCode,
  PLANS,
  type PlanId,
  type SelectedPlan,
  SUBSCRIBE_MESSAGES,
  type SubscribeBody,
  type Subscription,
  subscribedMessage,
} from '@caseport/domain/billing/plans';
import {
  CHANGE_MESSAGES,
  type ChangePreview,
  type ChangeQuote,
  effectiveSubscription,
  INVOICE_PAY_MESSAGES,
  type PayInvoiceBody,
  type PreviewChangeBody,
  previewOf,
  quoteChange,
} from '@caseport/domain/billing/proration';
import { renewalOf } from '@caseport/domain/billing/renewal';
import { recordAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { AppError, duplicateField, fieldError, notFound } from '../../platform/errors';
import type { PaymentProvider } from '../../platform/payments';
import { tenantDay } from '../../platform/tenant-day';
import * as repo from './repository';
import { invoiceView } from './service';
import { billingWriter } from './writer';

/** The caller's tenant billing state; a caller without a tenant (or another's) has none: 404. */
const stateOf = async (tx: Executor, ctx: RequestContext) => {
  const state = ctx.tenantId ? await repo.readBillingState(tx, ctx.tenantId) : undefined;
  if (!state || !ctx.tenantId) throw notFound('Subscriber');
  return { tenantId: ctx.tenantId, state };
};

/** R-BILL-020, R-BILL-023: the plans on offer (one page holds them all). */
export const listPlans = () => ({ list: [...PLANS], totalCount: PLANS.length });

/** R-BILL-001, R-BILL-021: the card on file, as a list of at most one (brand, last4, expiry). */
export const listCards = async (tx: Executor, ctx: RequestContext) => {
  const { state } = await stateOf(tx, ctx);
  const list: Card[] = state.cardToken && state.card ? [state.card] : [];
  return { list, totalCount: list.length };
};

/** R-SHELL-048: the selected plan with its subscription, whether a card is on file and the terms accepted. */
export const selectedPlan = async (tx: Executor, ctx: RequestContext, clock: Clock): Promise<SelectedPlan> => {
  const { tenantId, state } = await stateOf(tx, ctx);
  // Issue 38 finding 1: a change at renewal is the plan from its day on.
  const current = state.subscription ? currentOf(state, await tenantDay(tx, tenantId, clock())) : null;
  return {
    // What the renewal run will charge on the renewal date (renewal.ts), as the plan card says it.
    plan: state.planId
      ? { code: current?.planId ?? state.planId, ...(current ?? {}), renewal: current ? renewalOf(current) : null }
      : null,
    hasCard: !!state.cardToken,
    payTermsAccepted: !!state.payTermsAcceptedOn,
  };
};

/** R-BILL-005: the tenant accepts the payment terms (once; accepting again changes nothing). */
export const acceptPayTerms = async (tx: Executor, ctx: RequestContext, clock: Clock) => {
  const { tenantId, state } = await billingWriter(tx, ctx);
  if (!state.payTermsAcceptedOn) {
    const now = clock();
    await repo.updateTenantBilling(tx, tenantId, { payTermsAcceptedOn: now }, now);
    await recordAudit(tx, ctx, {
      entity: 'tenant_pay_terms',
      entityId: tenantId,
      action: 'update',
      after: { acceptedOn: now.toISOString() },
    });
  }
  return { message: CARD_MESSAGES.termsAccepted, payTermsAccepted: true as const };
};

/**
 * Attach payment method (R-BILL-004, R-BILL-008, D-26): the token the processor issued becomes the card on
 * file. The processor says what card it stands for (brand, last4, expiry); the browser's word is not taken.
 * The payment terms must have been accepted first.
 */
export const attachPaymentMethod = async (
  tx: Executor,
  ctx: RequestContext,
  clock: Clock,
  payments: PaymentProvider,
  body: AttachPaymentMethodBody,
) => {
  const { tenantId, state } = await billingWriter(tx, ctx);
  if (!state.payTermsAcceptedOn) {
    throw fieldError('terms', CARD_MESSAGES.termsRequired);
  }
  // Issue 39: only a token this user made for this tenant stands for a card here.
  const card = await payments.retrieveCard(body.token, { tenantId, userId: ctx.principal.userId });
  if (!card) {
    throw fieldError('token', CARD_MESSAGES.invalidCard);
  }
  await repo.updateTenantBilling(tx, tenantId, { cardToken: body.token, card }, clock());
  await recordAudit(tx, ctx, {
    entity: 'tenant_card',
    entityId: tenantId,
    action: 'update',
    before: state.card,
    after: card,
  });
  return { message: CARD_MESSAGES.updated, card };
};

/**
 * Validate coupon (issue 39, finding 7): valid for this tenant today (its discount), or 400 on couponCode:
 * unknown, expired, already used by the tenant, or used up.
 */
export const validateCoupon = async (tx: Executor, ctx: RequestContext, clock: Clock, code: string) => {
  if (!ctx.tenantId) throw notFound('Subscriber');
  const normal = normalCouponCode(code);
  const offer = await repo.findCoupon(tx, normal);
  const used = offer ? await repo.hasRedeemed(tx, ctx.tenantId, offer.code) : false;
  const coupon = checkCoupon(offer, await tenantDay(tx, ctx.tenantId, clock()), used);
  if (!coupon.ok) throw fieldError('couponCode', coupon.message);
  return {
    message: `Coupon applied: ${coupon.percentOff}% off`,
    couponCode: coupon.code,
    percentOff: coupon.percentOff,
  };
};

const SUBSCRIBE_ROUTE = 'POST /api/subscription/subscribe';
const PAY_ROUTE = 'POST /api/invoices/pay';
type SubscribeAnswer = {
  message: string;
  subscription: Subscription;
  invoice: ReturnType<typeof invoiceView> | null;
};

/** The stored subscription as it stands on the tenant's day (a change at renewal in effect from its day). */
const currentOf = (state: repo.BillingState, today: string): Subscription | null =>
  state.subscription ? effectiveSubscription(state.subscription, today) : null;

/**
 * Issue 38 finding 1: what a change to `body`'s plan and interval costs today and from when (billing/proration.ts),
 * after the rules every change meets: one subscription per tenant, plan and period (issue 39: the plan and interval
 * the tenant has, before its renewal date, is 409; so is the change it already waits for), and a valid coupon only
 * on a charge now. The preview answers it; subscribe charges exactly it.
 */
const quoteFor = async (
  tx: Executor,
  ctx: RequestContext,
  clock: Clock,
  tenantId: string,
  state: repo.BillingState,
  body: { planId: PlanId; interval: Interval; couponCode?: string | undefined },
) => {
  const plan = findPlan(body.planId);
  if (!plan) throw fieldError('planId', 'Plan does not exist');
  const today = await tenantDay(tx, tenantId, clock());
  const current = currentOf(state, today);
  if (current && current.planId === plan._id && current.interval === body.interval && today < current.renewsOn)
    throw duplicateField('planId', SUBSCRIBE_MESSAGES.alreadySubscribed(plan.name, current.renewsOn));
  const pending = current?.pendingChange;
  if (pending && pending.planId === plan._id && pending.interval === body.interval)
    throw duplicateField('planId', CHANGE_MESSAGES.alreadyScheduled(plan.name, pending.effectiveOn));
  const coupon = body.couponCode ? await validateCoupon(tx, ctx, clock, body.couponCode) : null;
  const quote = quoteChange(
    current,
    { planId: plan._id, interval: body.interval, percentOff: coupon?.percentOff ?? 0 },
    today,
  );
  if (coupon && quote.when === 'renewal') throw fieldError('couponCode', CHANGE_MESSAGES.couponAtRenewal);
  return { plan, today, current, coupon, quote };
};

/** Issue 38 finding 1: the confirmation's figures, what subscribe would charge now and from when; changes nothing. */
export const previewChange = async (
  tx: Executor,
  ctx: RequestContext,
  clock: Clock,
  body: PreviewChangeBody,
): Promise<ChangePreview> => {
  const { tenantId, state } = await billingWriter(tx, ctx, 'billing', false);
  const { plan, coupon, quote } = await quoteFor(tx, ctx, clock, tenantId, state, body);
  return previewOf(quote, {
    planId: plan._id,
    name: plan.name,
    interval: body.interval,
    couponCode: coupon?.couponCode ?? null,
  });
};

/**
 * Issue 39 finding 4: a billing write the client keys (`idempotencyKey`, one per user action). The same key from
 * this tenant within IDEMPOTENCY_KEY_HOURS answers `seen`, the first answer again (with other details, or from
 * another user: 409); else the write goes on and `remember` keeps its answer for the key, in its transaction.
 */
const keyedWrite = async <Answer>(
  tx: Executor,
  ctx: RequestContext,
  tenantId: string,
  route: string,
  idempotencyKey: string,
  request: object,
  now: Date,
) => {
  const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
  const seen = await repo.findIdempotencyKey(tx, tenantId, route, idempotencyKey);
  if (seen && now.getTime() - seen.createdOn.getTime() < IDEMPOTENCY_KEY_HOURS * 3_600_000) {
    if (seen.requestHash !== requestHash || seen.userId !== ctx.principal.userId)
      throw duplicateField('idempotencyKey', SUBSCRIBE_MESSAGES.keyReused);
    return { seen: seen.response as Answer, remember: async (answer: Answer) => answer };
  }
  const remember = async (answer: Answer) => {
    await repo.saveIdempotencyKey(tx, tenantId, {
      route,
      key: idempotencyKey,
      userId: ctx.principal.userId,
      requestHash,
      response: answer,
      createdOn: now,
    });
    return answer;
  };
  return { seen: null, remember };
};

/**
 * Issue 38 finding 1: the numbered invoice of a quote (billing/proration.ts) with its lines: list price, discount,
 * credit, tax and the proration's days. Paid when `paidOn` is given, else pending until Pay now. Subscribe's and the
 * renewal run's (renewal.ts) one way to write an invoice.
 */
export const insertQuotedInvoice = (
  tx: Executor,
  tenantId: string,
  v: {
    refId: string;
    subscriberEmail: string;
    planName: string;
    interval: Interval;
    quote: ChangeQuote;
    couponCode: string | null;
    /** The plan whose unused days are credited (kept only when there is a credit). */
    creditPlan: string | null;
    dueDate: string;
    paidOn: Date | null;
    createdOn: Date;
  },
) =>
  repo.insertInvoice(tx, tenantId, {
    refId: v.refId,
    subscriberEmail: v.subscriberEmail,
    planName: v.planName,
    periodStart: v.quote.periodStart,
    periodEnd: v.quote.periodEnd,
    totalCents: v.quote.totalCents,
    listCents: v.quote.listCents,
    discountCents: v.quote.discountCents,
    couponCode: v.couponCode,
    creditCents: v.quote.creditCents,
    taxCents: v.quote.taxCents,
    proration: {
      days: v.quote.days,
      periodDays: v.quote.periodDays,
      planListCents: v.quote.planListCents,
      interval: v.interval,
      creditDays: v.quote.creditDays,
      creditPlan: v.quote.creditCents > 0 ? v.creditPlan : null,
    },
    currency: 'USD',
    statusId: v.paidOn ? InvoiceStatus.Paid : InvoiceStatus.Pending,
    dueDate: v.dueDate,
    paidOn: v.paidOn,
    createdOn: v.createdOn,
  });

/**
 * Subscribe (a purchase, or a renewal or change of plan): charges the card on file what the change costs now
 * (issue 38 finding 1: billing/proration.ts, the figures the preview showed) and in the same transaction records the
 * subscription and its paid, numbered invoice with its lines (its PDF is rendered from the row, R-BILL-029); a
 * cheaper plan charges nothing and is kept as the change at renewal. A decline is 402 and changes nothing.
 *
 * Issue 39 (finding 4, SECURITY 26), money moves once:
 * - the tenant's row is locked first (billingWriter), so one tenant's subscribes take turns on every driver;
 * - the client's `idempotencyKey` (one per user action) seen from this tenant within a day answers the first
 *   answer again, charging nothing; the same key with other details is 409;
 * - one subscription per tenant, plan and period: the plan and interval the tenant already has, before its
 *   renewal date, is 409 (a change to another plan or interval is a new purchase);
 * - the processor gets an idempotency key made of the tenant and the client's key, so a retry after a failure
 *   between the charge and the commit is not a second charge at the processor either.
 */
export const subscribe = async (
  tx: Executor,
  ctx: RequestContext,
  clock: Clock,
  payments: PaymentProvider,
  body: SubscribeBody,
): Promise<SubscribeAnswer> => {
  const { tenantId, state } = await billingWriter(tx, ctx);
  const { idempotencyKey, expectedDueNow, ...request } = body;
  const now = clock();
  const keyed = await keyedWrite<SubscribeAnswer>(tx, ctx, tenantId, SUBSCRIBE_ROUTE, idempotencyKey, request, now);
  if (keyed.seen) return keyed.seen;
  if (!state.cardToken) {
    throw fieldError('card', CARD_MESSAGES.noCard);
  }
  // The tenant's day (issue 38 finding 2): a New York firm subscribing at 23:30 starts on its own date.
  const { plan, today, current, coupon, quote } = await quoteFor(tx, ctx, clock, tenantId, state, body);
  const dueNowCents = quote.when === 'now' ? quote.totalCents : 0;
  // Issue 38 finding 1: the charge is what the confirmation showed, or nothing.
  if (expectedDueNow !== undefined && Math.round(expectedDueNow * 100) !== dueNowCents)
    throw duplicateField('expectedDueNow', CHANGE_MESSAGES.amountChanged);

  if (quote.when === 'renewal' && current) {
    // A cheaper plan: the current one runs to its renewal date, then the new one; nothing charged now.
    const subscription: Subscription = {
      ...current,
      pendingChange: { planId: plan._id, name: plan.name, interval: body.interval, effectiveOn: quote.effectiveOn },
    };
    await repo.updateTenantBilling(tx, tenantId, { subscriptionPlan: current.planId, subscription }, now);
    await recordAudit(tx, ctx, {
      entity: 'subscription',
      entityId: tenantId,
      action: 'update',
      before: state.subscription,
      after: subscription,
    });
    const answer: SubscribeAnswer = {
      message: CHANGE_MESSAGES.scheduled(plan.name, quote.effectiveOn),
      subscription,
      invoice: null,
    };
    return keyed.remember(answer);
  }

  const refId = await repo.nextInvoiceRef(tx, tenantId, Number(today.slice(0, 4)));
  // Issue 39: the coupon's redemption is taken before the charge (its cap may have been reached meanwhile); a
  // decline below rolls it back with the rest.
  if (coupon && !(await repo.redeemCoupon(tx, tenantId, coupon.couponCode, refId, now)))
    throw fieldError('couponCode', COUPON_MESSAGES.exhausted);
  const charge = await payments.charge({
    token: state.cardToken,
    amountCents: quote.totalCents,
    currency: 'USD',
    description: `${plan.name} plan (${body.interval})`,
    idempotencyKey: `${tenantId}:subscribe:${idempotencyKey}`,
  });
  if (!charge.ok) {
    throw new AppError('PAYMENT_FAILED', CARD_MESSAGES.declined, [{ name: 'card', message: CARD_MESSAGES.declined }]);
  }
  // A change within the period keeps its start when the interval stays (the renewal date is the same).
  const keepsPeriod = !!current && quote.renewsOn === current.renewsOn && quote.periodStart !== current.startedOn;
  const subscription: Subscription = {
    planId: plan._id,
    name: plan.name,
    interval: body.interval,
    couponCode: coupon?.couponCode ?? null,
    percentOff: coupon?.percentOff ?? 0,
    startedOn: keepsPeriod && current ? current.startedOn : quote.periodStart,
    renewsOn: quote.renewsOn,
    pendingChange: null,
  };
  await repo.updateTenantBilling(tx, tenantId, { subscriptionPlan: plan._id, subscription }, now);
  const invoice = await insertQuotedInvoice(tx, tenantId, {
    refId,
    subscriberEmail: ctx.principal.email,
    planName: plan.name,
    interval: body.interval,
    quote,
    couponCode: coupon?.couponCode ?? null,
    creditPlan: current?.name ?? null,
    dueDate: today,
    paidOn: now,
    createdOn: now,
  });
  await recordAudit(tx, ctx, {
    entity: 'subscription',
    entityId: tenantId,
    action: state.planId ? 'update' : 'create',
    before: state.subscription,
    after: { ...subscription, invoice: refId, chargeId: charge.chargeId, amountCents: quote.totalCents },
  });
  const answer: SubscribeAnswer = {
    message: subscribedMessage(plan.name),
    subscription,
    invoice: invoiceView(invoice, today),
  };
  return keyed.remember(answer);
};

/**
 * Issue 38 finding 1: Pay now — one of the tenant's unpaid invoices (overdue or not) is charged to the card on file
 * through the payment provider, audited. Idempotent as subscribe: the same client key within a day answers the first
 * answer; the tenant's row and the invoice's are locked, and a paid invoice is 409, so an invoice is charged once. A
 * decline is 402 with a message that says the invoice is still unpaid, and changes nothing. Another tenant's
 * invoice (or none) is 404.
 */
export const payInvoice = async (
  tx: Executor,
  ctx: RequestContext,
  clock: Clock,
  payments: PaymentProvider,
  body: PayInvoiceBody,
) => {
  const { tenantId, state } = await billingWriter(tx, ctx);
  const { idempotencyKey, ...request } = body;
  const now = clock();
  const keyed = await keyedWrite<{ message: string; invoice: ReturnType<typeof invoiceView> }>(
    tx,
    ctx,
    tenantId,
    PAY_ROUTE,
    idempotencyKey,
    request,
    now,
  );
  if (keyed.seen) return keyed.seen;
  const row = await repo.findInvoice(tx, tenantId, body.invoiceId, true);
  if (!row) throw notFound('Invoice');
  if (row.statusId === InvoiceStatus.Paid) throw duplicateField('invoiceId', INVOICE_PAY_MESSAGES.alreadyPaid);
  if (!state.cardToken) throw fieldError('card', CARD_MESSAGES.noCard);
  const charge = await payments.charge({
    token: state.cardToken,
    amountCents: row.totalCents,
    currency: 'USD',
    description: `Invoice ${row.refId}`,
    idempotencyKey: `${tenantId}:invoice:${row.id}:${idempotencyKey}`,
  });
  if (!charge.ok) {
    throw new AppError('PAYMENT_FAILED', INVOICE_PAY_MESSAGES.declined, [
      { name: 'card', message: INVOICE_PAY_MESSAGES.declined },
    ]);
  }
  const paid = await repo.markInvoicePaid(tx, tenantId, row.id, now);
  if (!paid) throw duplicateField('invoiceId', INVOICE_PAY_MESSAGES.alreadyPaid);
  await recordAudit(tx, ctx, {
    entity: 'invoice',
    entityId: row.id,
    action: 'update',
    before: { refId: row.refId, statusId: row.statusId, paidOn: null },
    after: { refId: row.refId, statusId: paid.statusId, paidOn: now.toISOString(), chargeId: charge.chargeId },
  });
  const answer = {
    message: INVOICE_PAY_MESSAGES.paid(row.refId),
    invoice: invoiceView(paid, await tenantDay(tx, tenantId, now)),
  };
  return keyed.remember(answer);
};
