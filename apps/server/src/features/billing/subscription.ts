import { createHash } from 'node:crypto';
import type { Executor } from '@caseport/db/client';
import { type AttachPaymentMethodBody, CARD_MESSAGES, type Card } from '@caseport/domain/billing/cards';
import {
  COUPON_MESSAGES,
  checkCoupon,
  findPlan,
  IDEMPOTENCY_KEY_HOURS,
  normalCouponCode,
  PLANS,
  priceCents,
  renewalDate,
  type SelectedPlan,
  SUBSCRIBE_MESSAGES,
  type SubscribeBody,
  type Subscription,
  subscribedMessage,
} from '@caseport/domain/billing/plans';
import { addDays } from '@caseport/domain/reminders/engine';
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
export const selectedPlan = async (tx: Executor, ctx: RequestContext): Promise<SelectedPlan> => {
  const { state } = await stateOf(tx, ctx);
  return {
    plan: state.planId ? { code: state.planId, ...(state.subscription ?? {}) } : null,
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
type SubscribeAnswer = { message: string; subscription: Subscription; invoice: ReturnType<typeof invoiceView> };

/**
 * Subscribe (a purchase, or a renewal or change of plan): charges the card on file for the plan and interval
 * less the coupon, and in the same transaction records the subscription and its paid, numbered invoice (its PDF
 * is rendered from the row, R-BILL-029). A decline is 402 and changes nothing.
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
  const { idempotencyKey, ...request } = body;
  const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
  const now = clock();
  const seen = await repo.findIdempotencyKey(tx, tenantId, SUBSCRIBE_ROUTE, idempotencyKey);
  if (seen && now.getTime() - seen.createdOn.getTime() < IDEMPOTENCY_KEY_HOURS * 3_600_000) {
    if (seen.requestHash !== requestHash || seen.userId !== ctx.principal.userId)
      throw duplicateField('idempotencyKey', SUBSCRIBE_MESSAGES.keyReused);
    return seen.response as SubscribeAnswer;
  }
  const plan = findPlan(body.planId);
  if (!plan) throw fieldError('planId', 'Plan does not exist');
  const coupon = body.couponCode ? await validateCoupon(tx, ctx, clock, body.couponCode) : null;
  if (!state.cardToken) {
    throw fieldError('card', CARD_MESSAGES.noCard);
  }
  // The tenant's day (issue 38 finding 2): a New York firm subscribing at 23:30 starts on its own date.
  const startedOn = await tenantDay(tx, tenantId, now);
  const current = state.subscription;
  if (current && current.planId === plan._id && current.interval === body.interval && startedOn < current.renewsOn)
    throw duplicateField('planId', SUBSCRIBE_MESSAGES.alreadySubscribed(plan.name, current.renewsOn));
  const renewsOn = renewalDate(startedOn, body.interval);
  const amountCents = priceCents(plan, body.interval, coupon?.percentOff ?? 0);
  const refId = await repo.nextInvoiceRef(tx, tenantId, Number(startedOn.slice(0, 4)));
  // Issue 39: the coupon's redemption is taken before the charge (its cap may have been reached meanwhile); a
  // decline below rolls it back with the rest.
  if (coupon && !(await repo.redeemCoupon(tx, tenantId, coupon.couponCode, refId, now)))
    throw fieldError('couponCode', COUPON_MESSAGES.exhausted);
  const charge = await payments.charge({
    token: state.cardToken,
    amountCents,
    currency: 'USD',
    description: `${plan.name} plan (${body.interval})`,
    idempotencyKey: `${tenantId}:subscribe:${idempotencyKey}`,
  });
  if (!charge.ok) {
    throw new AppError('PAYMENT_FAILED', CARD_MESSAGES.declined, [{ name: 'card', message: CARD_MESSAGES.declined }]);
  }
  const subscription: Subscription = {
    planId: plan._id,
    name: plan.name,
    interval: body.interval,
    couponCode: coupon?.couponCode ?? null,
    percentOff: coupon?.percentOff ?? 0,
    startedOn,
    renewsOn,
  };
  await repo.updateTenantBilling(tx, tenantId, { subscriptionPlan: plan._id, subscription }, now);
  const subscriberEmail = ctx.principal.email;
  const invoice = await repo.insertInvoice(tx, tenantId, {
    refId,
    subscriberEmail,
    planName: plan.name,
    periodStart: startedOn,
    periodEnd: addDays(renewsOn, -1),
    totalCents: amountCents,
    currency: 'USD',
    statusId: 2,
    dueDate: startedOn,
    paidOn: now,
    createdOn: now,
  });
  await recordAudit(tx, ctx, {
    entity: 'subscription',
    entityId: tenantId,
    action: state.planId ? 'update' : 'create',
    before: state.subscription,
    after: { ...subscription, invoice: refId, chargeId: charge.chargeId },
  });
  const answer: SubscribeAnswer = {
    message: subscribedMessage(plan.name),
    subscription,
    invoice: invoiceView(invoice),
  };
  await repo.saveIdempotencyKey(tx, tenantId, {
    route: SUBSCRIBE_ROUTE,
    key: idempotencyKey,
    userId: ctx.principal.userId,
    requestHash,
    response: answer,
    createdOn: now,
  });
  return answer;
};
