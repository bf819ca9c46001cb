import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, shooter, test } from './fixtures';

const shot = shooter('fees', { widths: 'as-is' });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Settings' });
const lines = (page: Page) => page.getByRole('list', { name: 'Fee lines' });
const line = (page: Page, name: string) => lines(page).getByRole('listitem').filter({ hasText: name });

/** Edits the open line's name and amount, then ticks it. */
const editOpenLine = async (page: Page, name: string, amount?: string) => {
  const open = lines(page)
    .getByRole('listitem')
    .filter({ has: page.getByLabel('Fee Type') });
  await open.getByLabel('Fee Type').fill(name);
  if (amount !== undefined) await open.getByLabel('Amount').fill(amount);
  await open.getByRole('button', { name: `Done editing ${name}` }).click();
};

test.describe('Fees tab', () => {
  test('R-FEE-001, R-FEE-002, R-FEE-003, R-FEE-004, R-FEE-005, R-FEE-006, R-FEE-012, D-21: an admin edits the H-1B legal fee, renames a default line on every sub-type, adds a line, saves and finds it all after a reload', async ({
    page,
    as,
  }) => {
    await as('lawAdmin');
    await page.goto('/settings/fillingFeeSettings');
    await expect(page.getByRole('heading', { name: 'Fees' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Case Type' })).toHaveValue('H-1B Specialty Occupation');
    await expect(page.getByRole('tab', { name: 'Cap - New Petition' })).toHaveAttribute('aria-selected', 'true');
    // The USCIS schedule with the demo firm's legal fee; dependents lines labelled.
    await expect(line(page, 'I-129 Standard Fee')).toContainText('$780');
    await expect(line(page, 'H4 (I-539) Filing Fee (Dependents)').first()).toBeVisible();
    await expect(line(page, 'Legal Fee').first()).toContainText('$2,500');
    await shot(page, 'role3-desktop');

    await line(page, 'Legal Fee').first().getByRole('button', { name: 'Edit Legal Fee' }).click();
    await editOpenLine(page, 'Legal Fee', '3200');
    await expect(line(page, 'Legal Fee').first()).toContainText('$3,200');

    await line(page, 'Shipping and Handling').getByRole('button', { name: 'Edit Shipping and Handling' }).click();
    await editOpenLine(page, 'Courier and Handling');

    await page.getByRole('button', { name: 'Add More' }).click();
    await editOpenLine(page, 'Translation', '150');
    await expect(line(page, 'Translation')).toContainText('$150');

    // The rename shows on the other sub-types at once.
    await page.getByRole('tab', { name: 'Extension of Stay' }).click();
    await expect(page.getByRole('tab', { name: 'Extension of Stay' })).toHaveAttribute('aria-selected', 'true');
    await expect(line(page, 'Courier and Handling')).toBeVisible();
    await expect(line(page, 'Shipping and Handling')).toHaveCount(0);

    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Filing fees updated successfully')).toBeVisible();

    await page.reload();
    await expect(line(page, 'Legal Fee').first()).toContainText('$3,200');
    await expect(line(page, 'Translation')).toContainText('$150');
    await expect(line(page, 'Courier and Handling')).toBeVisible();
    await page.getByRole('tab', { name: 'Extension of Stay' }).click();
    await expect(page.getByRole('tab', { name: 'Extension of Stay' })).toHaveAttribute('aria-selected', 'true');
    await expect(line(page, 'Courier and Handling')).toBeVisible();
    await expect(line(page, 'Legal Fee').first()).toContainText('$2,500');
  });

  test('R-FEE-007, R-FEE-010: a line without a name keeps the sub-type tab from changing', async ({ page, as }) => {
    await as('lawAdmin');
    await page.goto('/settings/fillingFeeSettings');
    await page.getByRole('button', { name: 'Add More' }).click();
    await page.getByRole('tab', { name: 'Extension of Stay' }).click();
    await expect(page.getByText('Fee type name is required')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Cap - New Petition' })).toHaveAttribute('aria-selected', 'true');
  });

  test('issue 18: a case shows the fee estimate of its sub-type on the day it was opened', async ({ page, as }) => {
    await as('lawAdmin');
    await page.goto('/cases');
    // Issue 34: the estimate is the Fees tab of the case page a row of the list opens.
    await page.getByRole('table', { name: 'Cases' }).getByRole('link').first().click();
    await page.getByRole('tab', { name: 'Fees' }).click();
    const fees = page.getByRole('tabpanel', { name: 'Fees' });
    await expect(fees.getByText(/Estimated total \(paper filing\): \$/)).toBeVisible();
    await expect(fees.getByText(/Fees in force on \d{4}-\d{2}-\d{2}/)).toBeVisible();
    await shot(page, 'case-estimate');
  });

  test('issue 36: an estimate shows the condition that chose each line and its source, and asks what the case does not say', async ({
    page,
    as,
  }) => {
    await as('lawAdmin');
    await page.goto('/cases');
    await page.getByRole('table', { name: 'Cases' }).getByRole('link').first().click();
    await page.getByRole('tab', { name: 'Fees' }).click();
    const fees = page.getByRole('tabpanel', { name: 'Fees' });
    const estimate = fees.getByRole('table', { name: 'Fee estimate' });
    await expect(estimate.getByText(/^Source: /).first()).toBeVisible();
    // Every line says the condition that chose it, or that it is the standard amount.
    const rows = estimate.getByRole('row');
    const count = await rows.count();
    for (let i = 0; i < count; i++)
      await expect(rows.nth(i).getByText(/^(Condition: .+|Standard amount)$/)).toHaveCount(1);
    await shot(page, 'case-estimate-conditions');
  });

  test('issue 36: a firm admin sees its fee versions with the one in force', async ({ page, as }) => {
    await as('lawAdmin');
    await page.goto('/settings/fillingFeeSettings');
    const versions = page.getByRole('table', { name: 'Fee versions' });
    await expect(versions.getByText('In force')).toHaveCount(1);
    await versions.scrollIntoViewIfNeeded();
    await shot(page, 'fee-versions');
  });

  test('issue 36: a firm admin saves fees dated ahead, opens them to edit and withdraws them', async ({ page, as }) => {
    const ahead = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await as('lawAdmin');
    await page.goto('/settings/fillingFeeSettings');
    await expect(line(page, 'I-129 Standard Fee')).toBeVisible();
    await page.getByLabel('Fees apply from').fill(ahead);
    await page.getByRole('button', { name: /^(Save|Update)$/ }).click();
    await expect(page.getByText(/Filing fees (saved|updated) successfully/)).toBeVisible();
    const versions = page.getByRole('table', { name: 'Fee versions' });
    const upcoming = versions.getByRole('row').filter({ hasText: `From ${ahead}` });
    await expect(upcoming.getByText('Upcoming')).toBeVisible();
    await upcoming.getByRole('button', { name: `Edit fees from ${ahead}` }).click();
    await expect(page.getByText(`Fees from ${ahead}`, { exact: true })).toBeVisible();
    await expect(page.getByText(`Your fees from ${ahead} (not started yet).`)).toBeVisible();
    await expect(page.getByLabel('Fees apply from')).toHaveValue(ahead);
    await shot(page, 'upcoming-version');
    await upcoming.getByRole('button', { name: `Withdraw fees from ${ahead}` }).click();
    await page.getByRole('dialog', { name: 'Withdraw fees' }).getByRole('button', { name: 'Withdraw' }).click();
    await expect(page.getByText('The fee version was withdrawn')).toBeVisible();
    await expect(versions.getByRole('row').filter({ hasText: `From ${ahead}` })).toHaveCount(0);
  });

  test('issue 36: a case’s estimate downloads as a PDF for the client', async ({ page, as }) => {
    await as('lawAdmin');
    await page.goto('/cases');
    await page.getByRole('table', { name: 'Cases' }).getByRole('link').first().click();
    await page.getByRole('tab', { name: 'Fees' }).click();
    const fees = page.getByRole('tabpanel', { name: 'Fees' });
    const download = page.waitForEvent('download');
    await fees.getByRole('button', { name: 'Download estimate (PDF)' }).click();
    expect((await download).suggestedFilename()).toMatch(/^fee-estimate-.+\.pdf$/);
  });

  test('the Fees tab, a line open for editing included, has no serious or critical axe finding', async ({
    page,
    as,
  }) => {
    await as('lawAdmin');
    await page.goto('/settings/fillingFeeSettings');
    await line(page, 'Legal Fee').first().getByRole('button', { name: 'Edit Legal Fee' }).click();
    await expect(page.getByLabel('Amount')).toBeVisible();
    const result = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('at 390 px the fee lines stay usable', async ({ page, as }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await as('lawAdmin');
    await page.goto('/settings/fillingFeeSettings');
    await expect(line(page, 'I-129 Standard Fee')).toBeVisible();
    await line(page, 'Legal Fee').first().getByRole('button', { name: 'Edit Legal Fee' }).click();
    await expect(page.getByLabel('Amount')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'role3-390');
  });

  test('a petitioner company, a branch manager (role 4) and a petitioner (role 50) have no Fees tab', async ({
    page,
    as,
  }) => {
    await as('coAdmin');
    await page.goto('/settings/labelsList');
    await expect(nav(page).getByRole('link', { name: 'Labels' })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Fees' })).toHaveCount(0);
    await page.goto('/settings/fillingFeeSettings');
    await expect(page.getByRole('heading', { name: 'Fees' })).toHaveCount(0);

    await as('lawManager');
    await page.goto('/settings/labelsList');
    await expect(nav(page).getByRole('link', { name: 'Labels' })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Fees' })).toHaveCount(0);
    await page.goto('/settings/fillingFeeSettings');
    await expect(page.getByRole('heading', { name: 'Fees' })).toHaveCount(0);
    await shot(page, 'role4');

    // D-04: role 50 sees no settings at all; its fee catalogue is the API's, narrowed by 002 §6.
    await as('lawPetitioner');
    await page.goto('/settings/fillingFeeSettings');
    await expect(page).toHaveURL(/\/petitioner-profile/);
    await expect(nav(page)).toHaveCount(0);
    await shot(page, 'role50');
  });
});
