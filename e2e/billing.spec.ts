import type { Locator, Page } from '@playwright/test';
import { expect, shooter, test } from './fixtures';

const shot = shooter('billing', { widths: 'as-is' });

/** The invoice numbers on screen, in order. */
const numbers = (page: Page) =>
  page.getByRole('table', { name: 'Invoices' }).locator('tbody tr td:first-child').allTextContents();

const field = (scope: Page | Locator, name: string) =>
  scope.getByRole('textbox', { name, exact: true }).or(scope.getByRole('combobox', { name, exact: true }));
const pick = async (page: Page, scope: Locator, label: string, option: string) => {
  const input = field(scope, label);
  await input.click();
  await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
};

const listRequests = (page: Page) => {
  const seen: { filters: Record<string, unknown> }[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/invoices/list')) seen.push(r.postDataJSON());
  });
  return seen;
};

test.describe('Billing & Payments: invoices', () => {
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

  test('R-BILL-009, R-BILL-014, R-BILL-016, R-BILL-017: a petitioner-company admin adds the billing details (phone starting on India) and sees them saved', async ({
    page,
    as,
  }) => {
    // A form filled field by field, two saves and a reload: past 30 s on a loaded CI machine (29 Nov).
    test.setTimeout(90_000);
    await as('coAdmin');
    await page.goto('/settings/invoiceList');
    await expect(page.getByText(/No billing details yet/)).toBeVisible();
    await page.getByRole('button', { name: 'Add Billing Details' }).click();
    const form = page.getByRole('form', { name: 'Billing Details' });
    await expect(field(form, 'Phone country code')).toHaveValue(/India \(\+91\)/);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Business name is required')).toBeVisible();
    await expect(form.getByText('*Invalid phone number - Please enter a valid one')).toBeVisible();
    await shot(page, 'details-role3-type2-errors');

    await field(form, 'Business Name').fill('Demo Petitioner Co Inc.');
    await field(form, 'Authorized Person Name').fill('Carl Chen');
    await field(form, 'Email').fill('accounts@petitioner.test');
    await field(form, 'Phone').fill('9876543210');
    await field(form, 'Address line 1').fill('500 Congress Avenue');
    await pick(page, form, 'State', 'Texas');
    await pick(page, form, 'City', 'Austin');
    await field(form, 'Zip code').fill('78701');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Billing details updated successfully')).toBeVisible();
    await expect(form).toBeHidden();
    await expect(page.getByText('Demo Petitioner Co Inc.')).toBeVisible();
    await expect(page.getByText('+91 9876543210')).toBeVisible();
    await expect(page.getByText(/Austin, Texas, 78701/)).toBeVisible();
    await shot(page, 'details-role3-type2-saved');

    // Saved on the server: a reload shows the same details.
    await page.reload();
    await expect(page.getByText('Demo Petitioner Co Inc.')).toBeVisible();
  });
});
