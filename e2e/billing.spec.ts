import type { Page } from '@playwright/test';
import { expect, test, withCompletedProfile } from './fixtures';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/billing-${name}.png`, fullPage: true });

/** The invoice numbers on screen, in order. */
const numbers = (page: Page) =>
  page.getByRole('table', { name: 'Invoices' }).locator('tbody tr td:first-child').allTextContents();

const listRequests = (page: Page) => {
  const seen: { filters: Record<string, unknown> }[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/invoices/list')) seen.push(r.postDataJSON());
  });
  return seen;
};

test.describe('Billing & Payments: invoices', () => {
  test.beforeEach(({ page }) => withCompletedProfile(page));

  test('R-LIST-016, R-BILL-024, R-BILL-025, R-BILL-027, R-BILL-029: a law-firm admin searches, filters and downloads an invoice', async ({
    page,
    as,
  }) => {
    const requests = listRequests(page);
    await as('lawAdmin');
    await page.goto('/settings/invoiceList');
    const table = page.getByRole('table', { name: 'Invoices' });
    // The seeded history: 30 monthly invoices, 25 on the first page, this month's still pending.
    await expect(table.locator('tbody tr')).toHaveCount(25);
    await expect(page.getByText('Total: 30 invoices')).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Email' })).toBeVisible();
    const [latest] = await numbers(page);
    expect(latest).toMatch(/^INV-\d{4}-0030$/);
    await shot(page, 'role3-type1-list');

    // Typed quickly, the search goes out once, with the whole number.
    const before = requests.length;
    await page.getByPlaceholder('Search by Invoice Number').pressSequentially(latest!.slice(-6), { delay: 40 });
    await expect.poll(() => numbers(page)).toEqual([latest]);
    const searches = requests.slice(before).filter((r) => 'title' in r.filters);
    expect(searches.map((r) => r.filters.title)).toEqual([latest!.slice(-6)]);
    await page.getByPlaceholder('Search by Invoice Number').fill('');
    await expect(table.locator('tbody tr')).toHaveCount(25);

    // Status is a draft until Apply; Clear brings every invoice back.
    await page.getByPlaceholder('All statuses').click();
    await page.getByRole('option', { name: 'Pending' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => numbers(page)).toEqual([latest]);
    await expect(table.getByText('Pending')).toBeVisible();
    await shot(page, 'role3-type1-pending');
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(table.locator('tbody tr')).toHaveCount(25);

    // The download opens the PDF in a new tab.
    const link = table.getByRole('link', { name: `Download invoice ${latest}` });
    const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toContain('/api/payments/viewfile?invoiceId=');
    const pdf = await page.request.get((await link.getAttribute('href')) as string);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await popup.waitForTimeout(1500);
    await popup.screenshot({ path: 'test-results/screens/billing-invoice-pdf.png' });
    await popup.close();
  });

  test('R-BILL-026: the created-date range is applied as filters.createdOnRange', async ({ page, as }) => {
    const requests = listRequests(page);
    await as('lawAdmin');
    await page.goto('/settings/invoiceList');
    await expect(page.getByRole('table', { name: 'Invoices' }).locator('tbody tr')).toHaveCount(25);
    await page.getByRole('button', { name: 'Created Date' }).click();
    // This month's picker: the 1st (the day every demo invoice is issued) as a one-day range.
    // (Days are named '1 November 2026'; the first '1 ...' is this month's, earlier outside days are >= 23.)
    const first = page
      .getByRole('dialog')
      .getByRole('button', { name: /^1 [A-Za-z]+ \d{4}$/ })
      .first();
    await first.click();
    await first.click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => numbers(page)).toHaveLength(1);
    const applied = requests.at(-1)?.filters.createdOnRange as string[];
    expect(applied).toHaveLength(2);
    expect(applied[0]).toMatch(/^\d{4}-\d{2}-01$/);
    expect(applied[1]).toBe(applied[0]);
    await shot(page, 'role3-type1-date-range');
  });

  test('R-BILL-028: the Branch Manager sees the invoices without the Email column; a petitioner company sees its own', async ({
    page,
    as,
  }) => {
    await as('lawManager');
    await page.goto('/settings/invoiceList');
    const table = page.getByRole('table', { name: 'Invoices' });
    await expect(table.locator('tbody tr')).toHaveCount(25);
    await expect(table.getByRole('columnheader', { name: 'Email' })).toHaveCount(0);
    await shot(page, 'role4-type1-list');

    await page.context().clearCookies();
    await as('coAdmin');
    await page.goto('/settings/invoiceList');
    await expect(table.locator('tbody tr')).toHaveCount(6);
    await expect(page.getByText('Total: 6 invoices')).toBeVisible();
    await shot(page, 'role3-type2-list');
  });
});
