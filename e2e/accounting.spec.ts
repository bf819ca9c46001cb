import { readFile } from 'node:fs/promises';
import { readRow } from '@caseport/domain/export/cells';
import type { Page } from '@playwright/test';
import { expect, shooter, test } from './fixtures';

/** Screenshots at desktop and phone width, to be looked at (test-results/screens/accounting). */
const shoot = shooter('accounting', { widths: [1366, 390] });

/** The IIF file read back: its header rows and its transactions (TRNS with the SPLs up to ENDTRNS). */
const parseIif = (text: string) => {
  const rows = text
    .split('\r\n')
    .filter(Boolean)
    .map((l) => readRow(l, '\t'));
  const trns: { head: string[]; spl: string[][] }[] = [];
  for (const r of rows) {
    if (r[0] === 'TRNS') trns.push({ head: r, spl: [] });
    else if (r[0] === 'SPL') trns.at(-1)?.spl.push(r);
  }
  return { headers: rows.filter((r) => r[0]?.startsWith('!')).map((r) => r[0]), trns };
};
const cents = (amount = '') => Math.round(Number(amount) * 100);

/** Clicks a UTC day in the open date picker (days are named '1 November 2026'), moving month by month to it. */
const pickDay = async (page: Page, day: Date) => {
  const month = (d: Date) => d.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  const target = page.getByRole('button', {
    name: `${day.getUTCDate()} ${month(day)} ${day.getUTCFullYear()}`,
    exact: true,
  });
  for (let i = 0; i < 24 && !(await target.first().isVisible()); i++) {
    const shown = await page
      .locator('[data-month-level] table button:not([data-outside])')
      .first()
      .getAttribute('aria-label');
    const [, name, year] = (shown ?? '').split(' ');
    const months = Array.from({ length: 12 }, (_, m) => month(new Date(Date.UTC(2000, m, 1))));
    const earlier = day.getUTCFullYear() * 12 + day.getUTCMonth() < Number(year) * 12 + months.indexOf(name ?? '');
    await page.locator(`button[data-direction="${earlier ? 'previous' : 'next'}"]`).click();
  }
  await target.first().click();
};

test('R-SHELL-026: a law-firm admin saves the accounting mapping and downloads an IIF export that QuickBooks can import', async ({
  page,
  as,
}) => {
  await as('lawAdmin');
  // The demo invoice the file must carry: the newest one of the invoice list.
  const invoices = await page.request.post('/api/invoices/list', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { page: 1, perpage: 10, sorting: { path: 'createdOn', order: -1 } },
  });
  const [demo] = (await invoices.json()).list as { refId: string; totalAmount: number; createdOn: string }[];
  expect(demo).toBeTruthy();

  await page.goto('/settings/quickbooksSettings');
  // The tab labelled 'Settings' opens the real screen, not the placeholder.
  await expect(
    page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Settings', exact: true }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Accounting', exact: true })).toBeVisible();
  await expect(page.getByText(/this area is being built/)).toHaveCount(0);
  const form = page.getByRole('form', { name: 'Accounts and items' });
  await expect(form.getByRole('heading', { name: 'Subscription bills' })).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Vendor' })).toHaveValue('Caseport');
  await expect(form.getByRole('textbox', { name: 'Expense account' })).toHaveValue('Dues & Subscriptions');
  await form.getByRole('textbox', { name: 'Bank account' }).fill('Operating Account');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Accounting settings saved successfully')).toBeVisible();
  await shoot(page, 'role3-type1');

  // A range around the demo invoice's day (the list's createdOn is UTC; the firm's day may be the one before).
  const day = new Date(demo?.createdOn ?? '');
  const panel = page.getByRole('region', { name: 'Export to QuickBooks' });
  await panel.getByRole('button', { name: 'Period', exact: true }).click();
  await pickDay(page, new Date(day.getTime() - 2 * 86_400_000));
  await pickDay(page, new Date(day.getTime() + 2 * 86_400_000));
  await page.keyboard.press('Escape');
  await panel.getByRole('radio', { name: /^IIF/ }).check();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.iif$/);
  const { headers, trns } = parseIif(await readFile((await download.path()) as string, 'utf8'));
  expect(headers).toEqual(['!ACCNT', '!VEND', '!INVITEM', '!TRNS', '!SPL', '!ENDTRNS']);
  expect(trns.length).toBeGreaterThan(0);
  for (const t of trns) {
    expect(t.spl.length).toBeGreaterThan(0);
    expect(cents(t.head[6]) + t.spl.reduce((sum, s) => sum + cents(s[6]), 0)).toBe(0);
  }
  // The firm's books: the subscription invoice is a bill from the vendor Caseport, owed on accounts payable.
  const bill = trns.find((t) => t.head[2] === 'BILL' && t.head[7] === demo?.refId);
  expect(bill?.head.slice(4, 7)).toEqual(['Accounts Payable', 'Caseport', (-(demo?.totalAmount ?? 0)).toFixed(2)]);
  expect(bill?.spl[0]?.[4]).toBe('Dues & Subscriptions');
  // The saved mapping is what the file uses: bill payments leave the bank account saved above.
  for (const p of trns.filter((t) => t.head[2] === 'BILLPMT'))
    expect(p.head.slice(4, 6)).toEqual(['Operating Account', 'Caseport']);
});
