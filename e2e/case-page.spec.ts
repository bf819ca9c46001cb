import type { Locator, Page } from '@playwright/test';
import { expect, shooter, test } from './fixtures';

const shot = shooter('case-page', { widths: [1440, 390] });
const dueShot = shooter('case-page', { widths: [1280, 390] });

const pick = async (page: Page, input: Locator, option: string | RegExp) => {
  await input.click();
  await page.getByRole('option', { name: option }).first().click();
};

test.describe
  .serial('issue 34: New case and the case page', () => {
    test.describe.configure({ timeout: 120_000 });

    test('issue 34: New case (H-1B cap new petition) → petitioner → new beneficiary → facts lands on the case page', async ({
      page,
      as,
    }) => {
      await as('lawAdmin');
      await page.goto('/cases');
      await expect(page.getByRole('heading', { name: 'Cases', exact: true })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('search', { name: 'Case filters' })).toBeVisible();
      await shot(page, 'cases-list');

      await page.getByRole('button', { name: 'New case' }).click();
      const dialog = page.getByRole('dialog', { name: 'New case' });
      // Step 1: type and sub-type (only the ones the firm switched on).
      await dialog.getByRole('button', { name: 'Next' }).click();
      await expect(dialog.getByText('Case type is required')).toBeVisible();
      await pick(page, dialog.getByRole('combobox', { name: 'Case type', exact: true }), /^H-1B/);
      await pick(page, dialog.getByRole('combobox', { name: 'Case subtype', exact: true }), /Cap - New Petition/);
      await shot(page, 'new-case-type');
      await dialog.getByRole('button', { name: 'Next' }).click();

      // Step 2: the petitioner from the firm's petitioners, and a new beneficiary.
      await pick(page, dialog.getByRole('combobox', { name: 'Petitioner', exact: true }), 'Priya Patel');
      const stamp = Date.now().toString(36);
      const form = dialog.getByRole('form', { name: 'New beneficiary' });
      await form.getByLabel('Given name').fill('Ana');
      await form.getByLabel('Family name').fill(`Lima${stamp}`);
      await form.getByLabel('Date of birth').fill('1994-05-17');
      await form.getByLabel('Country of citizenship').fill('Brazil');
      await form.getByLabel('Passport expiry').fill('2031-01-31');
      await shot(page, 'new-case-people');
      await form.getByRole('button', { name: 'Use as beneficiary' }).click();
      await expect(dialog.getByText(`Ana Lima${stamp}`)).toBeVisible();
      await dialog.getByRole('button', { name: 'Next' }).click();

      // Step 3: the facts of an H-1B case, each by its kind; the shared validation speaks on the field.
      await dialog.getByRole('textbox', { name: 'Job title' }).fill('Software Engineer');
      await dialog.getByRole('textbox', { name: 'Offered wage' }).fill('125000');
      await pick(page, dialog.getByRole('combobox', { name: 'Wage per', exact: true }), 'Year');
      await dialog.getByLabel('Start date').fill('2027-10-01');
      await dialog.getByLabel('End date').fill('2027-09-01');
      await dialog.getByRole('textbox', { name: 'Employer FEIN' }).fill('12345');
      await dialog.getByRole('button', { name: 'Create case' }).click();
      await expect(dialog.getByText('FEIN must look like 12-3456789')).toBeVisible();
      await expect(dialog.getByText('End date must be on or after the start date')).toBeVisible();
      await dialog.getByRole('textbox', { name: 'Employer FEIN' }).fill('12-3456789');
      await dialog.getByLabel('End date').fill('2030-09-30');
      await dialog.getByRole('switch', { name: 'Full-time' }).check({ force: true });
      await shot(page, 'new-case-facts');
      await dialog.getByRole('button', { name: 'Create case' }).click();

      // The case page: its generated number, its people and its facts.
      await expect(page).toHaveURL(/\/cases\/[0-9a-f-]{36}$/);
      const number = page.getByTestId('case-number');
      await expect(number).toHaveText(/H1B/);
      await expect(page.getByText('H-1B', { exact: false }).first()).toBeVisible();
      await expect(page.getByText(`Ana Lima${stamp}`).first()).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Job title' })).toHaveValue('Software Engineer');
      await expect(page.getByRole('textbox', { name: 'Employer FEIN' })).toHaveValue('12-3456789');
      await shot(page, 'case-overview');

      // ?field= opens the field a missing letter tag names.
      await page.goto(`${new URL(page.url()).pathname}?field=fact.receiptNumber`);
      await expect(page.getByRole('textbox', { name: 'Receipt number' })).toBeFocused();

      // The other tabs.
      await page.getByRole('tab', { name: 'Activities' }).click();
      // Opening a case starts its workflow once createCase calls startCaseRun (case-run); until then, by hand.
      const startRun = page.getByRole('button', { name: 'Start the workflow' });
      await expect(startRun.or(page.getByRole('article').first())).toBeVisible();
      if (await startRun.isVisible()) await startRun.click();
      await expect(page.getByRole('article').first()).toBeVisible();
      await shot(page, 'case-activities');
      // Issue 34: an open activity's due date, changed with the date input (the Admin may act on every activity).
      const changeDue = page.getByRole('button', { name: /^Change due date: / }).first();
      const activityName = ((await changeDue.getAttribute('aria-label')) ?? '').replace('Change due date: ', '');
      await changeDue.click();
      const dueDialog = page.getByRole('dialog', { name: 'Due date' });
      const newDue = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
      await dueDialog.getByLabel('Due on').fill(newDue);
      await dueShot(page, 'case-activity-due');
      await dueDialog.getByRole('button', { name: 'Save' }).click();
      await expect(dueDialog).toBeHidden();
      await expect(page.getByRole('button', { name: `Change due date: ${activityName}` })).toHaveText(`Due ${newDue}`);
      await page.getByRole('tab', { name: 'Reminders' }).click();
      await expect(page.getByText('Due in the next 60 days')).toBeVisible();
      await shot(page, 'case-reminders');
      await page.getByRole('tab', { name: 'Fees' }).click();
      await expect(page.getByText(/Estimated total/)).toBeVisible();
      await shot(page, 'case-fees');
      await page.getByRole('tab', { name: 'History' }).click();
      await expect(page.getByRole('table', { name: 'Case history' })).toBeVisible();
      await shot(page, 'case-history');
      await page.getByRole('tab', { name: 'Documents' }).click();
      // In the tab's panel: the due-date save's toast ('… Questionnaire: due …') may still be on screen.
      await expect(page.getByRole('tabpanel', { name: 'Documents' }).getByText(/Questionnaire:/)).toBeVisible();
      await expect(page.getByRole('table', { name: 'Letters' })).toBeVisible();
      await shot(page, 'case-documents');

      // The list finds it and opens it.
      await page.getByRole('link', { name: 'Back to cases' }).click();
      await expect(page.getByRole('row', { name: new RegExp(`Ana Lima${stamp}`) })).toBeVisible();
    });

    test("issue 34: the demo L-1A case's Fees tab lists the invoice its Create Invoice issued, and its PDF downloads", async ({
      page,
      as,
    }) => {
      await as('lawAdmin');
      await page.goto('/cases');
      await page
        .getByRole('row', { name: /Kenji Watanabe/ })
        .getByRole('link')
        .first()
        .click();
      const caseNumber = (await page.getByTestId('case-number').textContent())?.trim() as string;
      await page.getByRole('tab', { name: 'Fees' }).click();
      const invoices = page.getByRole('table', { name: 'Case invoices' });
      const row = invoices.getByRole('row', { name: new RegExp(`${caseNumber}-INV1`) });
      await expect(row).toContainText('$3,000.00');
      await expect(row).toContainText('Issued');
      await shot(page, 'case-invoices');
      const download = page.waitForEvent('download');
      await row.getByRole('button', { name: `Download PDF ${caseNumber}-INV1` }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`${caseNumber}-INV1.pdf`);
      const { readFile } = await import('node:fs/promises');
      expect((await readFile(await file.path())).subarray(0, 5).toString()).toBe('%PDF-');
    });

    test('issue 34: the cases list is reachable from the navigation at 390 px', async ({ page, as }) => {
      await as('lawAdmin');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/settings');
      await page.getByRole('banner').getByRole('link', { name: 'Cases' }).click();
      await expect(page).toHaveURL(/\/cases$/);
      await expect(page.getByRole('button', { name: 'New case' })).toBeVisible();
      const scrollsSideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(scrollsSideways).toBe(false);
      await page.getByRole('table', { name: 'Cases' }).getByRole('link').first().click();
      await expect(page.getByTestId('case-number')).toBeVisible();
      await shot(page, 'case-page-phone');
    });
  });
