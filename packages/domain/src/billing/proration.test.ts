import { describe, expect, it } from 'vitest';
import { dayIn } from '../tenants/tenant-day';
import { changeSummary, effectiveSubscription, isInvoiceOverdue, quoteChange } from './proration';

/** Professional, monthly, 1-31 December (31 days), no coupon: $199.00 paid. */
const proMonthly = {
  planId: 'professional',
  interval: 'month' as const,
  percentOff: 0,
  startedOn: '2026-12-01',
  renewsOn: '2027-01-01',
};

describe('issue 38 finding 1: the price of a plan change (proration)', () => {
  it('a first subscription (or one whose period is over) is a whole period from today, less the coupon', () => {
    const q = quoteChange(null, { planId: 'enterprise', interval: 'month', percentOff: 25 }, '2026-11-30');
    expect(q).toMatchObject({
      when: 'now',
      periodStart: '2026-11-30',
      periodEnd: '2026-12-29',
      renewsOn: '2026-12-30',
      listCents: 49_900,
      discountCents: 12_475,
      creditCents: 0,
      taxCents: 0,
      totalCents: 37_425,
    });
    const over = quoteChange(proMonthly, { planId: 'starter', interval: 'month', percentOff: 0 }, '2027-01-01');
    expect(over).toMatchObject({ when: 'now', listCents: 9_900, creditCents: 0, totalCents: 9_900 });
  });

  it('an upgrade in the period charges the new plan for the days left less the unused days of the old, period kept', () => {
    // 11 of 31 days left on 21 December: 49900*11/31 = 17706.45 -> 17706; credit 19900*11/31 = 7061.29 -> 7061.
    const q = quoteChange(proMonthly, { planId: 'enterprise', interval: 'month', percentOff: 0 }, '2026-12-21');
    expect(q).toMatchObject({
      when: 'now',
      effectiveOn: '2026-12-21',
      periodStart: '2026-12-21',
      periodEnd: '2026-12-31',
      renewsOn: '2027-01-01',
      days: 11,
      periodDays: 31,
      listCents: 17_706,
      discountCents: 0,
      creditCents: 7_061,
      creditDays: 11,
      taxCents: 0,
      totalCents: 10_645,
    });
    expect(q.listCents - q.discountCents - q.creditCents + q.taxCents).toBe(q.totalCents);
  });

  it('a coupon takes its percentage off the prorated list price; the old plan is credited at what was paid for it', () => {
    const paidLess = { ...proMonthly, percentOff: 10 };
    const q = quoteChange(paidLess, { planId: 'enterprise', interval: 'month', percentOff: 25 }, '2026-12-21');
    // credit: 17910*11/31 = 6355.16 -> 6355; discount 25% of 17706 = 4426.5 -> 4427 (rounded half up).
    expect(q).toMatchObject({ listCents: 17_706, discountCents: 4_427, creditCents: 6_355, totalCents: 6_924 });
  });

  it('on the first day of the period the whole difference is charged; on the last day one day of it', () => {
    const first = quoteChange(proMonthly, { planId: 'enterprise', interval: 'month', percentOff: 0 }, '2026-12-01');
    expect(first).toMatchObject({ days: 31, listCents: 49_900, creditCents: 19_900, totalCents: 30_000 });
    const last = quoteChange(proMonthly, { planId: 'enterprise', interval: 'month', percentOff: 0 }, '2026-12-31');
    expect(last).toMatchObject({ days: 1, listCents: 1_610, creditCents: 642, totalCents: 968 });
  });

  it('another interval starts a whole new period today, less the unused days of the old one', () => {
    const q = quoteChange(proMonthly, { planId: 'professional', interval: 'year', percentOff: 0 }, '2026-12-21');
    expect(q).toMatchObject({
      when: 'now',
      periodStart: '2026-12-21',
      renewsOn: '2027-12-21',
      periodEnd: '2027-12-20',
      days: 365,
      periodDays: 365,
      listCents: 199_000,
      creditCents: 7_061,
      totalCents: 191_939,
    });
  });

  it('a cheaper plan charges nothing now and takes effect on the renewal date at its whole price', () => {
    const q = quoteChange(proMonthly, { planId: 'starter', interval: 'month', percentOff: 0 }, '2026-12-21');
    expect(q).toMatchObject({
      when: 'renewal',
      effectiveOn: '2027-01-01',
      periodStart: '2027-01-01',
      periodEnd: '2027-01-31',
      renewsOn: '2027-02-01',
      listCents: 9_900,
      discountCents: 0,
      creditCents: 0,
      totalCents: 9_900,
    });
    expect(changeSummary(q, 'Starter', 'month')).toBe(
      'Nothing is charged now. Your plan changes to Starter (monthly) on Jan 1, 2027, when $99.00 will be charged to your card.',
    );
    // Yearly to monthly: a year's unused days outweigh a month's price.
    const yearly = { ...proMonthly, interval: 'year' as const, renewsOn: '2027-12-01' };
    expect(quoteChange(yearly, { planId: 'enterprise', interval: 'month', percentOff: 0 }, '2026-12-21').when).toBe(
      'renewal',
    );
  });

  it("the days are the tenant's: at 23:30 in New York on 20 December the change is priced from the 20th, not UTC's 21st", () => {
    const instant = new Date('2026-12-21T04:30:00Z');
    const today = dayIn(instant, 'America/New_York');
    expect(today).toBe('2026-12-20');
    const q = quoteChange(proMonthly, { planId: 'enterprise', interval: 'month', percentOff: 0 }, today);
    expect(q).toMatchObject({ periodStart: '2026-12-20', days: 12 });
    expect(changeSummary(q, 'Enterprise', 'month')).toBe(
      '$116.13 will be charged to your card now for Enterprise (monthly) for 12 of 31 days, from Dec 20, 2026 to Dec 31, 2026. It renews on Jan 1, 2027.',
    );
  });

  it('a change at renewal is the subscription from its day on', () => {
    const sub = {
      ...proMonthly,
      name: 'Professional',
      couponCode: null,
      pendingChange: {
        planId: 'starter' as const,
        name: 'Starter',
        interval: 'month' as const,
        effectiveOn: '2027-01-01',
      },
    };
    expect(effectiveSubscription(sub, '2026-12-31')).toBe(sub);
    expect(effectiveSubscription(sub, '2027-01-01')).toMatchObject({
      planId: 'starter',
      name: 'Starter',
      startedOn: '2027-01-01',
      renewsOn: '2027-02-01',
      pendingChange: null,
    });
  });
});

describe('issue 38 finding 1: overdue invoices', () => {
  it("an unpaid invoice is overdue from the day after its due date (the tenant's day); a paid one never", () => {
    expect(isInvoiceOverdue({ statusId: 1, dueDate: '2026-11-16' }, '2026-11-16')).toBe(false);
    expect(isInvoiceOverdue({ statusId: 1, dueDate: '2026-11-16' }, '2026-11-17')).toBe(true);
    expect(isInvoiceOverdue({ statusId: 2, dueDate: '2026-11-16' }, '2026-11-30')).toBe(false);
    expect(isInvoiceOverdue({ statusId: 1, dueDate: null }, '2026-11-30')).toBe(false);
  });
});
