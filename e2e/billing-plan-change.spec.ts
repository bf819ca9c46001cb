import { expect, shooter, test } from './fixtures';

/**
 * Issue 38 finding 1, must show: the second law firm's administrator (Professional, monthly; last month's invoice
 * unpaid and past its due date) changes to Enterprise: Change Plan charges nothing until a confirmation that says
 * what is charged now and from when, with the lines of the charge; after Yes the new invoice shows list price,
 * discount (the coupon), credit, tax 0.00 and the total the confirmation showed; the overdue invoice is marked and
 * paid with Pay now on the card on file.
 */
const shoot = shooter('billing-plan-change', { widths: [1440, 390] });

test.describe('Billing: a plan change asks first; overdue invoices (issue 38 finding 1)', () => {
  test('issue 38 finding 1: Change Plan shows the amount now and the dates before charging; the new invoice has list price, discount, tax and total; Pay now pays an overdue invoice', async ({
    page,
    as,
  }) => {
    test.setTimeout(120_000);
    page.setDefaultTimeout(30_000);
    await as('otherAdmin');
    await page.goto('/settings/invoiceList');
    const table = page.getByRole('table', { name: 'Invoices' });
    await expect(table.locator('tbody tr')).toHaveCount(3);

    // The overdue invoice: last month's, unpaid, marked, with Pay now (this month's is unpaid too, overdue or not
    // by the day of the month); the one before was paid and has neither.
    const overdueRow = table.locator('tbody tr', { hasText: /INV-\d{4}-0002/ });
    await expect(overdueRow).toContainText('Pending');
    await expect(overdueRow).toContainText('Overdue');
    const overdueRef = ((await overdueRow.locator('td').first().textContent()) ?? '').trim();
    const paidBefore = table.locator('tbody tr', { hasText: /INV-\d{4}-0001/ });
    await expect(paidBefore).toContainText('Paid');
    await expect(paidBefore).not.toContainText('Overdue');
    await expect(paidBefore.getByRole('button', { name: /Pay now/ })).toHaveCount(0);
    await expect(overdueRow.getByRole('button', { name: `Pay now invoice ${overdueRef}` })).toBeVisible();
    // At 1440 px the status, Overdue included, is in view without scrolling the table sideways.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('heading', { name: 'Invoices' }).scrollIntoViewIfNeeded();
    const badge = overdueRow.getByText('Overdue');
    await expect(badge).toBeInViewport();
    // Its word whole, not cut to an ellipsis by a narrow column.
    expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.setViewportSize({ width: 1366, height: 860 });
    await shoot(page, 'invoices-overdue');

    // Change to Enterprise with a coupon: nothing is charged until the confirmation is answered.
    await page.getByRole('radio', { name: 'Enterprise plan' }).check();
    await page.getByRole('textbox', { name: 'Coupon' }).fill('IMMIGRATION25');
    await page.getByRole('button', { name: 'Redeem' }).click();
    await expect(page.getByText('Coupon IMMIGRATION25: 25% off')).toBeVisible();
    await page.getByRole('button', { name: 'Change Plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm plan change' });
    await expect(dialog).toBeVisible();
    await expect(table.locator('tbody tr')).toHaveCount(3);
    const summary =
      (await dialog.getByText(/will be charged to your card now for Enterprise \(monthly\)/).textContent()) ?? '';
    const [, amountNow, from, to] =
      summary.match(/^(\$[\d,]+\.\d\d) will be charged .* from (\w{3} \d{1,2}, \d{4}) to (\w{3} \d{1,2}, \d{4})\./) ??
      [];
    expect(amountNow, summary).toBeTruthy();
    expect(from).toBeTruthy();
    expect(to).toBeTruthy();
    expect(summary).toMatch(/It renews on \w{3} \d{1,2}, \d{4}\./);
    const lines = dialog.getByRole('table', { name: 'Charge' });
    await expect(lines).toContainText('Enterprise plan, list price $499.00 a month');
    await expect(lines).toContainText('Discount (coupon IMMIGRATION25)');
    await expect(lines).toContainText('Credit for unused time');
    await expect(lines).toContainText('Tax$0.00');
    await expect(dialog.getByLabel('Due now')).toHaveText(amountNow!);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: 'test-results/screens/billing-plan-change/confirm-1440.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/screens/billing-plan-change/confirm-390.png' });
    await page.setViewportSize({ width: 1366, height: 860 });

    await dialog.getByRole('button', { name: `Pay ${amountNow} now` }).click();
    await expect(
      page.getByText(/You are subscribed to the Enterprise plan\. Invoice INV-\d{4}-\d{4} is in your/),
    ).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByLabel('Current plan')).toContainText('Enterprise');

    // The new invoice: list price, discount with its coupon, credit, tax 0.00, and the total that was shown.
    await expect(table.locator('tbody tr')).toHaveCount(4);
    for (const header of ['Status', 'List Price', 'Discount', 'Tax', 'Amount'])
      await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
    const newRow = table.locator('tbody tr').first();
    await expect(newRow).toContainText('Enterprise');
    await expect(newRow).toContainText('IMMIGRATION25');
    await expect(newRow).toContainText('Paid');
    const cells = await newRow.locator('td').allInnerTexts();
    const headers = await table.locator('thead th').allInnerTexts();
    const cell = (name: string) => cells[headers.findIndex((h) => h.trim() === name)]?.trim() ?? '';
    expect(cell('Tax')).toBe('$0.00');
    expect(cell('Amount')).toBe(amountNow);
    expect(cell('Discount')).toMatch(/^-\$[\d,]+\.\d\d\s+IMMIGRATION25\s+Credit -\$[\d,]+\.\d\d$/);
    expect(cell('List Price')).toMatch(/^\$[\d,]+\.\d\d$/);
    await shoot(page, 'invoices-after-change');

    // Pay now on the overdue invoice: a confirmation naming the card, then paid.
    await overdueRow.getByRole('button', { name: `Pay now invoice ${overdueRef}` }).click();
    const pay = page.getByRole('dialog', { name: `Pay invoice ${overdueRef}` });
    await expect(pay).toContainText('$199.00 will be charged now to your Visa card ending in 4242.');
    await pay.getByRole('button', { name: 'Pay now' }).click();
    await expect(page.getByText(`Invoice ${overdueRef} is paid`)).toBeVisible();
    const paidRow = overdueRow;
    await expect(paidRow).toContainText('Paid');
    await expect(paidRow).not.toContainText('Overdue');
    await expect(paidRow.getByRole('button', { name: /Pay now/ })).toHaveCount(0);
    await shoot(page, 'invoices-paid');
    await page.setViewportSize({ width: 1440, height: 900 });
    await table.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screens/billing-plan-change/invoices-paid-view-1440.png' });
  });
});
