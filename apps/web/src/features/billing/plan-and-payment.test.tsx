import { CARD_MESSAGES } from '@caseport/domain/billing/cards';
import { PLANS } from '@caseport/domain/billing/plans';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../components/notify';
import { CurrentUserContext } from '../../lib/current-user';
import { buildMe } from '../../test/factories';
import { mockApi, renderWithProviders } from '../../test/render';
import { PlanAndPayment } from './plan-and-payment';

const CARDS = 'POST /api/subscription/cards';
const PLANS_URL = 'POST /api/subscription/plans';
const SELECTED = 'POST /api/billing/selected-plan';
const TOKENS = 'POST /api/payments-sandbox/tokens';
const ATTACH = 'POST /api/subscription/attach-payment-method';
const TERMS = 'POST /api/tenant/pay-terms-accepted';
const SUBSCRIBE = 'POST /api/subscription/subscribe';
const PREVIEW = 'POST /api/subscription/preview-change';
/** What the server answered for Professional (monthly, 1-31 Dec) to Enterprise on 20 Dec (billing/proration.ts). */
const ENTERPRISE_PREVIEW = {
  planId: 'enterprise',
  name: 'Enterprise',
  interval: 'month',
  couponCode: null,
  when: 'now',
  effectiveOn: '2026-12-20',
  periodStart: '2026-12-20',
  periodEnd: '2026-12-31',
  renewsOn: '2027-01-01',
  planListAmount: 499,
  days: 12,
  periodDays: 31,
  listAmount: 193.16,
  discountAmount: 0,
  creditAmount: 77.03,
  creditDays: 12,
  taxAmount: 0,
  totalAmount: 116.13,
  dueNow: 116.13,
  summary:
    '$116.13 will be charged to your card now for Enterprise (monthly) for 12 of 31 days, from Dec 20, 2026 to Dec 31, 2026. It renews on Jan 1, 2027.',
};
const VISA = { brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030 };
const nextYear = String(new Date().getFullYear() + 1);

const base = (over: Record<string, (body: unknown) => unknown> = {}) =>
  mockApi({
    [CARDS]: () => ({ list: [VISA], totalCount: 1 }),
    [PLANS_URL]: () => ({ list: PLANS, totalCount: PLANS.length }),
    [SELECTED]: () => ({
      plan: { code: 'professional', name: 'Professional', interval: 'month', renewsOn: '2026-12-01' },
      hasCard: true,
      payTermsAccepted: true,
    }),
    ...over,
  });
const show = () =>
  renderWithProviders(
    <CurrentUserContext.Provider value={buildMe(3)}>
      <PlanAndPayment />
    </CurrentUserContext.Provider>,
  );
const fillCard = async (number: string, cvc = '123') => {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Card Number/), number);
  await user.type(screen.getByLabelText(/Expiry Month/), '12');
  await user.type(screen.getByLabelText(/Expiry Year/), nextYear);
  await user.type(screen.getByLabelText(/CVC/), cvc);
  return user;
};

afterEach(() => vi.restoreAllMocks());

describe('Card section and plans', { timeout: 20_000 }, () => {
  it('R-BILL-001, R-BILL-021: the saved card shows brand, last 4 and expiry month and year, from the card list requested 100 a page', async () => {
    const api = base();
    show();
    const card = await screen.findByLabelText('Saved card');
    expect(within(card).getByText('Visa ending in 4242')).toBeTruthy();
    expect(within(card).getByText('Expires 12/2030')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/subscription/cards')?.body).toEqual({ page: 1, perpage: 100 });
  });

  it('R-BILL-002, R-BILL-003: Update Card toggles to the form with the payment-terms checkbox, Cancel back to the saved card', async () => {
    base();
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Update Card' }));
    expect(screen.getByRole('checkbox', { name: 'I agree to the payment Terms' })).toBeTruthy();
    expect(screen.queryByLabelText('Saved card')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByLabelText('Saved card')).toBeTruthy();
  });

  it('R-BILL-004: saving without the payment terms shows "* You must agree payment Terms" and sends nothing', async () => {
    const api = base({ [CARDS]: () => ({ list: [], totalCount: 0 }) });
    show();
    await screen.findByLabelText(/Card Number/);
    const user = await fillCard('4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Save Card' }));
    expect(await screen.findByText(CARD_MESSAGES.termsRequired)).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/payments-sandbox/tokens')).toBe(false);
  });

  it('R-BILL-006, R-BILL-007: a Luhn-invalid number or a 3-digit American Express CVC shows "Please enter valid card details" in the browser', async () => {
    const api = base({ [CARDS]: () => ({ list: [], totalCount: 0 }) });
    show();
    await screen.findByLabelText(/Card Number/);
    const user = await fillCard('4242424242424241');
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the payment Terms' }));
    await user.click(screen.getByRole('button', { name: 'Save Card' }));
    expect((await screen.findByRole('alert')).textContent).toContain(CARD_MESSAGES.invalidCard);
    await user.clear(screen.getByLabelText(/Card Number/));
    await user.clear(screen.getByLabelText(/CVC/));
    await user.type(screen.getByLabelText(/Card Number/), '378282246310005');
    await user.type(screen.getByLabelText(/CVC/), '123');
    await user.click(screen.getByRole('button', { name: 'Save Card' }));
    expect(screen.getByRole('alert').textContent).toContain(CARD_MESSAGES.invalidCard);
    expect(api.calls.some((c) => c.path === '/api/payments-sandbox/tokens')).toBe(false);
  });

  it('R-BILL-005, R-BILL-008, D-26: a valid card accepts the terms, goes to the tokenization endpoint, and only its token reaches billing; "Card details are updated successfully"', async () => {
    const success = vi.spyOn(notify, 'success');
    const api = base({
      [CARDS]: () => ({ list: [], totalCount: 0 }),
      [TERMS]: () => ({ message: 'Payment terms accepted', payTermsAccepted: true }),
      [TOKENS]: () => ({ id: 'tok_abc', card: VISA }),
      [ATTACH]: () => ({ message: CARD_MESSAGES.updated, card: VISA }),
    });
    show();
    await screen.findByLabelText(/Card Number/);
    const user = await fillCard('4242424242424242');
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the payment Terms' }));
    await user.click(screen.getByRole('button', { name: 'Save Card' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(CARD_MESSAGES.updated));
    const paths = api.calls.map((c) => c.path);
    expect(paths.indexOf('/api/tenant/pay-terms-accepted')).toBeLessThan(paths.indexOf('/api/payments-sandbox/tokens'));
    expect(api.calls.find((c) => c.path === '/api/subscription/attach-payment-method')?.body).toEqual({
      token: 'tok_abc',
    });
    for (const c of api.calls.filter((c) => c.path !== '/api/payments-sandbox/tokens')) {
      expect(JSON.stringify(c.body ?? '')).not.toContain('4242424242424242');
    }
  });

  it('R-BILL-020, R-BILL-023: the plans are requested 2500 a page and each shows its price and criteria; the current plan shows its renewal date', async () => {
    const api = base();
    show();
    expect(await screen.findByLabelText('Starter plan')).toBeTruthy();
    expect(screen.getByLabelText('Enterprise plan').textContent).toContain('100 users');
    expect(api.calls.find((c) => c.path === '/api/subscription/plans')?.body).toEqual({ page: 1, perpage: 2500 });
    expect((await screen.findByLabelText('Current plan')).textContent).toMatch(/renews on/);
  });

  it('issue 38 finding 1: the plan card says what the renewal charges to the card on file, and the plan a change at renewal makes', async () => {
    base({
      [SELECTED]: () => ({
        plan: {
          code: 'enterprise',
          planId: 'enterprise',
          name: 'Enterprise',
          interval: 'month',
          renewsOn: '2027-01-01',
          pendingChange: { planId: 'starter', name: 'Starter', interval: 'month', effectiveOn: '2027-01-01' },
          renewal: { on: '2027-01-01', planId: 'starter', name: 'Starter', interval: 'month', amount: 99 },
        },
        hasCard: true,
        payTermsAccepted: true,
      }),
    });
    show();
    expect((await screen.findByLabelText('Current plan')).textContent).toBe(
      'Current plan: Enterprise (monthly) · renews on Jan 1, 2027 as Starter (monthly): $99.00 will be charged to the card on file.',
    );
  });

  it('R-BILL-022: a failed subscribe shows "somthing went wrong"', async () => {
    const error = vi.spyOn(notify, 'error');
    base({
      [PREVIEW]: () => ENTERPRISE_PREVIEW,
      [SUBSCRIBE]: () => [402, { code: 'PAYMENT_FAILED', message: 'Your card was declined' }],
    });
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Enterprise plan'));
    await user.click(screen.getByRole('button', { name: 'Change Plan' }));
    await user.click(await screen.findByRole('button', { name: 'Pay $116.13 now' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('somthing went wrong'));
  });

  it('issue 38 finding 1: Change Plan charges nothing until the confirmation, which shows the amount now, the dates and the lines; Yes sends that amount', async () => {
    const api = base({
      [PREVIEW]: () => ENTERPRISE_PREVIEW,
      [SUBSCRIBE]: () => ({
        message: 'You are subscribed to the Enterprise plan',
        subscription: {
          planId: 'enterprise',
          name: 'Enterprise',
          interval: 'month',
          couponCode: null,
          percentOff: 0,
          startedOn: '2026-12-01',
          renewsOn: '2027-01-01',
          pendingChange: null,
        },
        invoice: null,
      }),
    });
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Enterprise plan'));
    await user.click(screen.getByRole('button', { name: 'Change Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm plan change' });
    expect(api.calls.some((c) => c.path === '/api/subscription/subscribe')).toBe(false);
    expect(api.calls.find((c) => c.path === '/api/subscription/preview-change')?.body).toEqual({
      planId: 'enterprise',
      interval: 'month',
    });
    expect(dialog.textContent).toContain(ENTERPRISE_PREVIEW.summary);
    const lines = within(dialog).getByRole('table', { name: 'Charge' });
    expect(lines.textContent).toContain('Enterprise plan, list price $499.00 a month');
    expect(lines.textContent).toContain('Prorated for 12 of 31 days');
    expect(lines.textContent).toContain('-$77.03');
    expect(lines.textContent).toContain('Tax$0.00');
    expect(within(dialog).getByLabelText('Due now').textContent).toBe('$116.13');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $116.13 now' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/subscription/subscribe')?.body).toMatchObject({
        planId: 'enterprise',
        interval: 'month',
        expectedDueNow: 116.13,
        idempotencyKey: expect.any(String),
      }),
    );
  });

  it('issue 38 finding 1: Cancel in the confirmation charges nothing', async () => {
    const api = base({ [PREVIEW]: () => ENTERPRISE_PREVIEW });
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Enterprise plan'));
    await user.click(screen.getByRole('button', { name: 'Change Plan' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm plan change' })).toBeNull());
    expect(api.calls.some((c) => c.path === '/api/subscription/subscribe')).toBe(false);
  });
});
