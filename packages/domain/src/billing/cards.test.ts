import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, checkCard } from './cards';
import { COUPON_MESSAGES, checkCoupon, findPlan, PLANS, priceCents, renewalDate } from './plans';

const today = new Date('2026-11-26T02:00:00Z');
const card = (over: Partial<Parameters<typeof checkCard>[0]> = {}) =>
  checkCard({ number: '4242 4242 4242 4242', expMonth: '11', expYear: '2026', cvc: '123', ...over }, today);

describe('card checks shared by the browser and the sandbox', () => {
  it('R-BILL-006: a valid Visa passes with brand, last 4 and expiry; Luhn failure, unknown brand and a past month give "Please enter valid card details"', () => {
    expect(card()).toEqual({ ok: true, card: { brand: 'Visa', last4: '4242', exp_month: 11, exp_year: 2026 } });
    expect(card({ number: '4242424242424241' })).toEqual({
      ok: false,
      fields: [{ name: 'number', message: CARD_MESSAGES.invalidCard }],
    });
    expect(card({ number: '1234567812345670' }).ok).toBe(false);
    expect(card({ expMonth: '10' })).toEqual({
      ok: false,
      fields: [{ name: 'expYear', message: CARD_MESSAGES.invalidCard }],
    });
    expect(card({ expYear: '26' }).ok).toBe(true);
  });

  it('R-BILL-007: the CVC is 3 digits, 4 for American Express', () => {
    expect(card({ cvc: '1234' }).ok).toBe(false);
    expect(card({ number: '378282246310005', cvc: '123' }).ok).toBe(false);
    expect(card({ number: '378282246310005', cvc: '1234' })).toMatchObject({
      ok: true,
      card: { brand: 'American Express' },
    });
  });
});

describe('plans and coupons', () => {
  it('R-BILL-023: every plan has _id and criteria; the yearly price is ten months', () => {
    expect(PLANS.length).toBeGreaterThanOrEqual(3);
    for (const p of PLANS) {
      expect(p.criteria).toEqual({
        users: expect.any(Number),
        cases: expect.any(Number),
        storageGb: expect.any(Number),
      });
      expect(p.yearlyPrice).toBe(p.monthlyPrice * 10);
    }
    expect(priceCents(findPlan('starter')!, 'year', 10)).toBe(89_100);
  });

  it('R-BILL-019, issue 39: a coupon is valid, unknown, expired, used by the tenant or used up on a given day', () => {
    const welcome = { code: 'WELCOME10', percentOff: 10, validUntil: '2099-12-31', maxRedemptions: 2, redeemed: 0 };
    const launch = { ...welcome, code: 'LAUNCH2025', validUntil: '2025-12-31' };
    const day = '2026-11-26';
    expect(checkCoupon(welcome, day, false)).toEqual({ ok: true, code: 'WELCOME10', percentOff: 10 });
    expect(checkCoupon(launch, day, false)).toEqual({ ok: false, message: COUPON_MESSAGES.expired });
    // Good through its last day (the tenant's day, issue 38 finding 2), not past it.
    expect(checkCoupon(launch, '2025-12-31', false).ok).toBe(true);
    expect(checkCoupon(launch, '2026-01-01', false).ok).toBe(false);
    expect(checkCoupon(undefined, day, false)).toEqual({ ok: false, message: COUPON_MESSAGES.unknown });
    expect(checkCoupon(welcome, day, true)).toEqual({ ok: false, message: COUPON_MESSAGES.usedByTenant });
    expect(checkCoupon({ ...welcome, redeemed: 2 }, day, false)).toEqual({
      ok: false,
      message: COUPON_MESSAGES.exhausted,
    });
  });

  it('renews a month or a year later, on the last day of a shorter month', () => {
    expect(renewalDate('2026-01-31', 'month')).toBe('2026-02-28');
    expect(renewalDate('2026-11-26', 'year')).toBe('2027-11-26');
    expect(renewalDate('2024-02-29', 'year')).toBe('2025-02-28');
  });
});
