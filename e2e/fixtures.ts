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

/** The server answers `path` with a D-07 error envelope (`seen` collects the request bodies). */
export const failWith = (page: Page, path: string, status: number, body: object, seen?: unknown[]) =>
  page.route(`**${path}`, (route) => {
    seen?.push(route.request().postDataJSON());
    return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  });

/**
 * The demo tenants' profiles start incomplete, which holds roles 3/4 on Company Details (R-SHELL-042,
 * D-03). Areas other than the profile show their screens to a tenant whose profile is done: this makes the
 * browser see `profComplted: 'Yes'` in /api/auth/me. The server's permissions do not depend on it.
 */
export const withCompletedProfile = async (page: Page) => {
  await page.route('**/api/auth/me', async (route) => {
    const response = await route.fetch();
    const me = await response.json();
    if (me?.tenant) me.tenant.profComplted = 'Yes';
    await route.fulfill({ response, json: me });
  });
};
