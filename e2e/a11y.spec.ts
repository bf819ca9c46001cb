import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { type AccountKey, expect, openTab, tabTitle, test } from './fixtures';

/** Serious and critical WCAG 2 A/AA findings on the page as it stands. */
const violationsOn = async (page: Page) => {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

// newAdmin: a new tenant, whose tabs show their holds (issue 15).
const ACCOUNTS: AccountKey[] = ['lawAdmin', 'lawManager', 'coAdmin', 'platformAdmin', 'newAdmin'];

test.describe('Accessibility of every settings tab (axe, WCAG 2 A/AA)', () => {
  // Read-only walks, one test per account: they spread over both workers (each has its own server) instead of
  // running one after the other on one worker (docs/decisions.md "CI time").
  test.describe.configure({ mode: 'parallel' });

  test('the sign-in page has no serious or critical axe finding', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
    expect(await violationsOn(page)).toEqual([]);
  });

  for (const account of ACCOUNTS) {
    test(`${account}: every tab in the menu has no serious or critical axe finding`, async ({ page, as }) => {
      // Up to 19 tabs, each loaded and analysed, next to the other worker's walk on a shared 2-core machine.
      test.setTimeout(240_000);
      await as(account);
      const me = await (await page.request.get('/api/auth/me')).json();
      const found: Record<string, string[]> = {};
      const menu = me.menu as { key: string; label: string }[];
      for (const [i, tab] of menu.entries()) {
        // The first tab loads the app; the others open inside it, as the sidebar opens them (fixtures.ts openTab).
        if (i === 0) {
          await page.goto(`/settings/${tab.key}`);
          await page.waitForLoadState('networkidle');
          await expect(
            page
              .getByRole('main')
              .getByRole('heading', { name: tabTitle(tab.key, tab.label) })
              .first(),
          ).toBeVisible();
        } else await openTab(page, tab.key, tab.label);
        // The screen itself, not its loading placeholder (a busy machine can leave it up past networkidle).
        await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
        const v = await violationsOn(page);
        if (v.length) found[tab.key] = v;
      }
      expect(found).toEqual({});
    });
  }

  test('newAdmin: the first-time setup steps have no serious or critical axe finding', async ({ page, as }) => {
    test.setTimeout(120_000);
    await as('newAdmin');
    const found: Record<string, string[]> = {};
    for (const step of ['profile', 'workflow', 'questionnarie']) {
      await page.goto(`/basic-settings/${step}`);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('list', { name: 'Setup steps' })).toBeVisible();
      const v = await violationsOn(page);
      if (v.length) found[step] = v;
    }
    expect(found).toEqual({});
  });
});
