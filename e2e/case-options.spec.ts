import type { Locator, Page } from '@playwright/test';
import { expect, shooter, test } from './fixtures';

const shot = shooter('case-options', { widths: [1440, 390] });

const pick = async (page: Page, input: Locator, option: string | RegExp) => {
  await input.click();
  await page.getByRole('option', { name: option }).first().click();
};

test('issue 34: the branch manager (role 4) gets the owner filter and the SOC code and service center choices', async ({
  page,
  as,
}) => {
  test.setTimeout(120_000);
  await as('lawManager');
  await page.goto('/cases');
  await expect(page.getByRole('heading', { name: 'Cases', exact: true })).toBeVisible({ timeout: 30_000 });
  const filters = page.getByRole('search', { name: 'Case filters' });
  await filters.getByLabel('Owner', { exact: true }).click();
  await expect(page.getByRole('option', { name: 'Marco Mendes' })).toBeVisible();
  await shot(page, 'owner-filter');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'New case' }).click();
  const dialog = page.getByRole('dialog', { name: 'New case' });
  await pick(page, dialog.getByRole('combobox', { name: 'Case type', exact: true }), /^H-1B/);
  await pick(page, dialog.getByRole('combobox', { name: 'Case subtype', exact: true }), /Cap - New Petition/);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await pick(page, dialog.getByRole('combobox', { name: 'Petitioner', exact: true }), 'Priya Patel');
  const form = dialog.getByRole('form', { name: 'New beneficiary' });
  await form.getByLabel('Given name').fill('Rita');
  await form.getByLabel('Family name').fill(`Options${Date.now().toString(36)}`);
  await form.getByRole('button', { name: 'Use as beneficiary' }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('combobox', { name: 'SOC code', exact: true }).click();
  await expect(page.getByText('The SOC codes could not be loaded')).toHaveCount(0);
  await shot(page, 'soc-code-choices');
  await page.keyboard.press('Escape');
  await dialog.getByRole('combobox', { name: 'Service center', exact: true }).click();
  await expect(page.getByText('The service centers could not be loaded')).toHaveCount(0);
  await expect(page.getByRole('option', { name: /Service Center/ }).first()).toBeVisible();
  await shot(page, 'service-center-choices');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The Documents tab of a seeded case: the pinned configuration's checklist.
  await page.getByRole('link', { name: 'H1B-H1BCAP-10001' }).click();
  await page.getByRole('tab', { name: 'Documents' }).click();
  await expect(page.getByRole('heading', { name: 'Letters' })).toBeVisible();
  await shot(page, 'documents');
});
