import type { Page } from '@playwright/test';
import { expect, shooter, test } from './fixtures';

const shot = shooter('tab-strips', { widths: 'as-is' });

/** Every tab strip in the page's main region shows all its tabs: none scrolls sideways (its width holds them). */
const hiddenTabs = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('tablist')
    .evaluateAll((lists) =>
      lists.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.getAttribute('aria-label') ?? l.textContent),
    );

/**
 * Issue 38 finding 9: the Fees and Reminders tab strips scrolled sideways with no cue, and the Fees strip was
 * clipped at 1440 px with space to spare ('Cap-Exen…'); both screens lacked a page heading. Now the tabs wrap
 * onto more rows at every width, and each screen has its h2.
 */
test.describe('issue 38 finding 9: the Fees and Reminders tab strips', () => {
  for (const width of [1440, 390]) {
    test(`at ${width} px every Fees sub-type and every Reminders family is in view, under an h2 page heading`, async ({
      page,
      as,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await as('lawAdmin');
      await page.goto('/settings/fillingFeeSettings');
      await expect(page.getByRole('heading', { name: 'Fees', level: 2 })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('main').getByRole('tab').first()).toBeVisible();
      expect(await hiddenTabs(page)).toEqual([]);
      await shot(page, `fees-${width}`);

      await page.goto('/settings/configReminders');
      await expect(page.getByRole('heading', { name: 'Global Configuration', level: 2 })).toBeVisible({
        timeout: 30_000,
      });
      await expect(page.getByRole('main').getByRole('tab').first()).toBeVisible();
      expect(await hiddenTabs(page)).toEqual([]);
      await shot(page, `reminders-${width}`);
    });
  }
});
