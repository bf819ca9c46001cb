import { expect, shooter, test } from './fixtures';

const shot = shooter('my-cases', { widths: [1440, 390] });

/**
 * Issue 35 item 1: the people outside the firm find the cases linked to them. The demo's petitioner contact is
 * named on the firm's employment cases; its petitioner company's authorized signatory is linked to Wei Zhang's.
 */
test.describe('issue 35: My cases', () => {
  test('issue 35: the petitioner contact finds a reminder in its bell and its company’s cases, and downloads the invoice the firm addressed to it', async ({
    page,
    as,
  }) => {
    await as('lawPetitioner');
    await page.goto('/');
    // The demo's first reminder run put the I-94 reminder of Rahul Mehta's case (90 days ahead) in the bell.
    // The server's first run comes a few seconds after it starts: a fresh server may need a reload to show it.
    const bell = page.getByRole('button', { name: /^Reminders, \d+ unread$/ });
    await expect(async () => {
      if (!(await bell.isVisible())) await page.reload();
      await expect(bell).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 45_000 });
    await bell.click();
    await expect(
      page.getByRole('dialog', { name: 'Reminders' }).getByRole('button', { name: /I-94/ }).first(),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('banner').getByRole('link', { name: 'My cases' }).first().click();
    await expect(page).toHaveURL(/\/my-cases$/);
    const table = page.getByRole('table', { name: 'My cases' });
    for (const name of ['Ana María López', 'Rahul Mehta', 'Kenji Watanabe'])
      await expect(table.getByRole('row', { name: new RegExp(name) })).toBeVisible({ timeout: 30_000 });
    // None of the other firm's, nor the petitioner company's own cases.
    await expect(table.getByRole('row', { name: /Lucas Martin|Wei Zhang/ })).toHaveCount(0);
    await shot(page, 'petitioner-list');

    await table
      .getByRole('row', { name: /Kenji Watanabe/ })
      .getByRole('link', { name: /^Open / })
      .click();
    await expect(page.getByText('You are linked as')).toBeVisible();
    await expect(page.getByText('Petitioner contact')).toBeVisible();
    const invoices = page.getByRole('table', { name: 'Your invoices' });
    await expect(invoices.getByRole('row')).not.toHaveCount(1);
    const number = ((await invoices.getByRole('row').nth(1).getByRole('cell').first().textContent()) ?? '').trim();
    expect(number).toMatch(/-INV\d+$/);
    const download = page.waitForEvent('download');
    await invoices.getByRole('button', { name: `Download PDF ${number}` }).click();
    expect((await download).suggestedFilename()).toBe(`${number}.pdf`);
    await shot(page, 'petitioner-case');
  });

  test('issue 35: the authorized signatory finds the case its company linked it to, and nothing else', async ({
    page,
    as,
  }) => {
    await as('coSignatory');
    await page.goto('/my-cases');
    const table = page.getByRole('table', { name: 'My cases' });
    await expect(table.getByRole('row', { name: /Wei Zhang/ })).toBeVisible({ timeout: 30_000 });
    await expect(table.getByRole('row')).toHaveCount(2);
    await shot(page, 'signatory-list');
    await table.getByRole('row', { name: /Wei Zhang/ }).click();
    const main = page.getByRole('main');
    await expect(main).toContainText('You are linked asAuthorized signatory');
    await expect(main).toContainText('Handled byDemo Petitioner Co');
    // A signatory is not who the firm invoices.
    await expect(page.getByRole('table', { name: 'Your invoices' })).toHaveCount(0);
    await shot(page, 'signatory-case');
  });
});
