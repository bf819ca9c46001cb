import { DEMO_EMAILS } from '@caseport/db/seed/demo';
import { test as base, expect, type Page } from '@playwright/test';

export const E2E_PASSWORD = 'E2e-password-2026';

export const ACCOUNTS = DEMO_EMAILS;
export type AccountKey = keyof typeof ACCOUNTS;

/** Signs in through the API (the login screen has its own spec) so each test starts where a user lands. */
export const signIn = async (page: Page, account: AccountKey) => {
  const res = await page.request.post('/api/auth/login', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { email: ACCOUNTS[account], password: E2E_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
};

export const test = base.extend<{ as: (account: AccountKey) => Promise<void> }>({
  as: async ({ page }, use) => {
    await use((account) => signIn(page, account));
  },
});
export { expect };
