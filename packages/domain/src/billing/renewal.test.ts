import { describe, expect, it } from 'vitest';
import type { Subscription } from './plans';
import { isRenewalDue, nextPeriodOf, renewalHorizon, renewalOf, renewalSentence } from './renewal';

/** Professional, monthly, 1-31 December, bought with 10 % off. */
const pro: Subscription = {
  planId: 'professional',
  name: 'Professional',
  interval: 'month',
  couponCode: 'WELCOME10',
  percentOff: 10,
  startedOn: '2026-12-01',
  renewsOn: '2027-01-01',
  pendingChange: null,
};

describe('issue 38 finding 1: the renewal', () => {
  it('is due on and after the renewal date (the tenant day), not before', () => {
    expect(isRenewalDue(pro, '2026-12-31')).toBe(false);
    expect(isRenewalDue(pro, '2027-01-01')).toBe(true);
    expect(isRenewalDue(pro, '2027-01-15')).toBe(true);
    expect(isRenewalDue(null, '2027-01-01')).toBe(false);
  });

  it('the horizon is the UTC date plus one: no tenant day is later', () => {
    expect(renewalHorizon(new Date('2026-12-31T23:59:00Z'))).toBe('2027-01-01');
    expect(renewalHorizon(new Date('2027-01-01T00:00:00Z'))).toBe('2027-01-02');
  });

  it('the next period is the same plan at its whole price, without the coupon, from the renewal date', () => {
    const next = nextPeriodOf(pro);
    expect(next.quote).toMatchObject({
      periodStart: '2027-01-01',
      periodEnd: '2027-01-31',
      renewsOn: '2027-02-01',
      listCents: 19_900,
      discountCents: 0,
      creditCents: 0,
      taxCents: 0,
      totalCents: 19_900,
    });
    expect(next.subscription).toEqual({
      ...pro,
      couponCode: null,
      percentOff: 0,
      startedOn: '2027-01-01',
      renewsOn: '2027-02-01',
    });
  });

  it('a change at renewal becomes the plan: its interval, its price, and it is no longer waiting', () => {
    const waiting: Subscription = {
      ...pro,
      pendingChange: { planId: 'starter', name: 'Starter', interval: 'year', effectiveOn: '2027-01-01' },
    };
    const next = nextPeriodOf(waiting);
    expect(next).toMatchObject({ planId: 'starter', name: 'Starter', interval: 'year' });
    expect(next.quote).toMatchObject({ periodEnd: '2027-12-31', renewsOn: '2028-01-01', totalCents: 99_000 });
    expect(next.subscription.pendingChange).toBeNull();
    const renewal = renewalOf(waiting);
    expect(renewal).toEqual({ on: '2027-01-01', planId: 'starter', name: 'Starter', interval: 'year', amount: 990 });
    expect(renewalSentence(renewal, pro, true)).toBe(
      'renews on Jan 1, 2027 as Starter (yearly): $990.00 will be charged to the card on file.',
    );
  });

  it('the plan card says when and how much, and what happens without a card', () => {
    const renewal = renewalOf(pro);
    expect(renewalSentence(renewal, pro, true)).toBe(
      'renews on Jan 1, 2027: $199.00 will be charged to the card on file.',
    );
    expect(renewalSentence(renewal, pro, false)).toBe(
      'renews on Jan 1, 2027: $199.00 will be due; add a card to pay it.',
    );
  });
});
