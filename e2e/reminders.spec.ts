import type { Page } from '@playwright/test';
import { expect, shooter, test } from './fixtures';

const shot = shooter('reminders', { widths: 'as-is' });

const passport = (page: Page, n: number) => page.getByRole('textbox', { name: `Expiry of Passport days ${n}` });
const addCountry = async (page: Page, name: string) => {
  await page.getByPlaceholder('Select Country').click();
  await page.getByRole('option', { name, exact: true }).click();
  await page.getByRole('button', { name: 'Add Country' }).click();
};

test.describe('Reminders tab (global configuration)', () => {
  test('R-REM-034: R-REM-030: R-REM-014: R-REM-029: a law-firm admin orders passport days, is told 45 after 30 is too high, adds India and Mexico, saves and finds them after a reload', async ({
    page,
    as,
  }) => {
    test.setTimeout(90_000); // many fields and a reload on a machine shared with other runs
    await as('lawAdmin');
    await page.goto('/settings/configReminders');
    await expect(page.getByRole('tab', { name: 'Beneficiary or Applicant' })).toBeVisible();
    await shot(page, 'role3-type1');
    // 90, 60, 30 over the seeded 180, 90, 30: bottom up, so no entry is ever out of order when it is left
    // (an entry left out of order is cleared, R-REM-030).
    await passport(page, 3).fill('30');
    await passport(page, 2).fill('60');
    await passport(page, 1).fill('90');
    await page.getByRole('button', { name: 'Expiry of Passport: + More' }).click();
    await passport(page, 4).fill('45');
    await passport(page, 4).blur();
    await expect(page.getByText('Days should be less than above entry')).toBeVisible();
    await expect(passport(page, 4)).toHaveValue('');
    await page.getByRole('button', { name: 'Delete Expiry of Passport entry 4' }).click();

    await addCountry(page, 'India');
    await page.getByRole('textbox', { name: 'India days 1' }).fill('60');
    await addCountry(page, 'Mexico');
    await page.getByRole('textbox', { name: 'Mexico days 1' }).fill('30');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Global configuration updated successfully')).toBeVisible();

    await page.reload();
    await expect(passport(page, 1)).toHaveValue('90');
    await expect(passport(page, 2)).toHaveValue('60');
    await expect(passport(page, 3)).toHaveValue('30');
    await expect(page.getByRole('textbox', { name: 'India days 1' })).toHaveValue('60');
    await expect(page.getByRole('textbox', { name: 'Mexico days 1' })).toHaveValue('30');
    await shot(page, 'role3-type1-saved');
  });

  test('R-REM-002: R-REM-021: a petitioner company has no Family Based, Citizenship or Others tabs', async ({
    page,
    as,
  }) => {
    await as('coAdmin');
    await page.goto('/settings/configReminders');
    await expect(page.getByRole('tab', { name: 'Employment Based' })).toBeVisible();
    for (const name of ['Family Based', 'Citizenship', 'Others'])
      await expect(page.getByRole('tab', { name })).toHaveCount(0);
    await page.getByRole('tab', { name: 'PERM' }).click();
    await expect(page.getByText('Sponsorship Questionnaire by Company')).toBeVisible();
    await shot(page, 'role3-type2');
  });

  test('R-REM-055: R-REM-041: R-REM-056: role 1 adds a season year for a customer, saves it, and is refused a duplicate', async ({
    page,
    as,
  }) => {
    await as('platformAdmin');
    await page.goto('/settings/configReminders');
    await page.getByPlaceholder('Select Customer').click();
    await page.getByRole('option', { name: 'Demo Law Firm', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Cap Season Configuration' })).toBeVisible();
    const addSeason = async (year: string) => {
      await page.getByPlaceholder('Select season year').click();
      await page.getByRole('option', { name: year, exact: true }).click();
      await page.getByLabel('Effective date').fill(`${year}-04-01`);
      await page.getByRole('button', { name: 'Add Season' }).click();
    };
    await addSeason('2031');
    await expect(page.getByRole('button', { name: 'Remove 2031' })).toBeVisible();
    await addSeason('2031');
    await expect(page.getByText('Season year already exists')).toBeVisible();
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Global configuration updated successfully')).toBeVisible();
    await shot(page, 'role1');
  });

  test('the Reminders tab at 390 px for roles 3 and 4', async ({ page, as }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const account of ['lawManager', 'coAdmin'] as const) {
      await as(account);
      await page.goto('/settings/configReminders');
      await expect(page.getByText('Expiry of Passport')).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await shot(page, `390-${account}`);
    }
  });

  test('issue 17: an admin sets a passport expiry 60 days out on a case and sees it on the preview timeline', async ({
    page,
    as,
  }) => {
    await as('lawAdmin');
    // Issue 34: a passport's expiry is the beneficiary's, edited on the case page the list opens.
    await page.goto('/cases');
    const row = page.getByRole('table', { name: 'Cases' }).getByRole('row', { name: /Rahul Mehta/ });
    const open = row.getByRole('link', { name: /^Open / });
    const caseNumber = ((await open.getAttribute('aria-label')) ?? '').replace(/^Open /, '');
    await open.click();
    await expect(page.getByTestId('case-number')).toHaveText(caseNumber);
    await page.getByRole('button', { name: 'Edit the beneficiary' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the beneficiary' });
    // The engine counts in the firm's time zone (New York by default).
    const day = new Date(Date.now() + 60 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    await edit.getByLabel('Passport expiry').fill(day);
    await shot(page, 'case-dates');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toHaveCount(0);
    await expect(page.locator('#case-beneficiary')).toContainText(day);

    await page.goto('/settings/configReminders');
    await page.getByRole('button', { name: 'Preview reminders' }).click();
    const timeline = page.getByLabel('Reminder timeline');
    await expect(timeline.getByText(caseNumber).first()).toBeVisible();
    await expect(timeline.getByText(/days before Passport expiry/).first()).toBeVisible();
    await shot(page, 'preview');
  });
});
