import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * D-27: what a new tenant's admin does in the Plan & payment step, through the same calls (billing-plan.spec
 * walks the screen): accept the payment terms, tokenize a sandbox card, attach its token, subscribe.
 */
export const addPlanAndCard = async (page: Page) => {
  const post = async (url: string, data: object) => {
    const res = await page.request.post(url, { headers: { 'X-Requested-With': 'XMLHttpRequest' }, data });
    expect(res.status(), await res.text()).toBe(200);
    return res.json();
  };
  await post('/api/tenant/pay-terms-accepted', {});
  const token = await post('/api/payments-sandbox/tokens', {
    number: '4242424242424242',
    exp_month: 12,
    exp_year: new Date().getFullYear() + 2,
    cvc: '123',
  });
  await post('/api/subscription/attach-payment-method', { token: token.id });
  await post('/api/subscription/subscribe', {
    planId: 'professional',
    interval: 'month',
    idempotencyKey: randomUUID(),
  });
};
