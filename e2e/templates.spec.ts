import type { Locator, Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect, shooter, test } from './fixtures';

const shot = shooter('templates', { widths: 'as-is' });

/** A real one-page PDF, as a user's template document would be. */
const pdfFile = async (name: string, text: string) => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([612, 792]).drawText(text, { x: 72, y: 700, size: 14, font });
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) };
};

const widthOf = async (dialog: Locator) =>
  Math.round(
    (await dialog.locator('xpath=ancestor-or-self::*[contains(@class,"mantine-Modal-content")]').boundingBox())
      ?.width ?? 0,
  );

/** A Mantine Select by its label: open it and pick the option. */
const pick = async (page: Page, dialog: Locator, label: string, option: string) => {
  await dialog.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

test.describe('Template lists', () => {
  test('R-LIST-018, R-LIST-010, R-API-015: a law-firm admin adds a contract template with a PDF, previews it and deletes it (popups 500 and 450 px wide)', async ({
    page,
    as,
  }) => {
    await as('lawAdmin');
    await page.goto('/settings/contractTemplates');
    const table = page.getByRole('table', { name: 'Contract Templates' });
    await expect(table.getByText('No Results Found')).toBeVisible();
    await shot(page, 'contract-role3-type1-empty');

    await page.getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Template' });
    await expect(dialog).toBeVisible();
    await expect.poll(() => widthOf(dialog)).toBe(500);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Template Document is required')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Employment offer contract');
    await dialog
      .locator('input[type="file"]')
      .setInputFiles(await pdfFile('offer-contract.pdf', 'Offer of employment'));
    await expect(dialog.getByText('offer-contract.pdf')).toBeVisible();
    await shot(page, 'contract-role3-type1-add');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Template created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = table.getByRole('row', { name: /Employment offer contract/ });
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: 'Preview offer-contract.pdf' }).click();
    const frame = page.getByTitle('Document preview: offer-contract.pdf');
    await expect(frame).toBeVisible();
    const src = await frame.getAttribute('src');
    expect(src).toContain('/api/common/viewfile?');
    // The frame's document is the uploaded PDF itself, served inline.
    const served = await page.request.get(src as string);
    expect(served.headers()['content-type']).toBe('application/pdf');
    expect(served.headers()['content-disposition']).toMatch(/^inline/);
    expect((await served.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await shot(page, 'contract-role3-type1-preview');
    await page.keyboard.press('Escape');
    await expect(frame).toBeHidden();

    await row.getByRole('button', { name: 'Delete Employment offer contract' }).click();
    const confirm = page.getByRole('dialog', { name: /Delete Employment offer contract/ });
    await expect(confirm.getByText('Are you sure to continue?')).toBeVisible();
    await expect.poll(() => widthOf(confirm)).toBe(450);
    await shot(page, 'contract-role3-type1-delete');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Template deleted successfully')).toBeVisible();
    await expect(table.getByText('No Results Found')).toBeVisible();
  });

  test('R-AGREE-006, R-AGREE-010: a petitioner company admin adds the service agreement; a second Add is refused with the toast', async ({
    page,
    as,
  }) => {
    await as('coAdmin');
    await page.goto('/settings/agreements');
    const table = page.getByRole('table', { name: 'Agreements' });
    await expect(table.getByText('No Results Found')).toBeVisible();
    await page.getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Agreement' });
    const created = page.waitForRequest('**/api/agreement/create');
    await pick(page, dialog, 'Type', 'Immigration Legal Services Agreement');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Standard services agreement');
    await dialog.locator('input[type="file"]').setInputFiles(await pdfFile('services.pdf', 'Services agreement'));
    await expect(dialog.getByText('services.pdf')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await created).postDataJSON()).toEqual({
      name: 'Standard services agreement',
      serviceType: 1,
      serviceTypeName: 'Immigration Legal Services Agreement',
      templateId: expect.stringMatching(/^private\/[a-f0-9]{32}\.pdf$/),
    });
    await expect(page.getByText('Agreement created successfully')).toBeVisible();
    const row = table.getByRole('row', { name: /Standard services agreement/ });
    await expect(row).toContainText('Immigration Legal Services Agreement');
    await shot(page, 'agreements-role3-type2-list');

    await page.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText('Already One Service Agreement Present')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Add Agreement' })).toBeHidden();
    await shot(page, 'agreements-role3-type2-refused');
  });

  test('R-ESIGN-013, R-LIST-012: a law-firm admin adds an e-sign template; a law-firm Branch Manager sees it listed without Add, Edit or Delete', async ({
    page,
    as,
  }) => {
    await as('lawAdmin');
    await page.goto('/settings/SignDocumentTemplates');
    await page.getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Template' });
    const saved = page.waitForRequest('**/api/pdf-sign/save-esign-template');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('LCA notice, two sites');
    await pick(page, dialog, 'Type', 'LCA Posting Notice');
    await pick(page, dialog, 'No of Work Locations', '2');
    await dialog.locator('input[type="file"]').setInputFiles(await pdfFile('lca-notice.pdf', 'Notice of filing'));
    await expect(dialog.getByText('lca-notice.pdf')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await saved).postDataJSON()).toEqual({
      name: 'LCA notice, two sites',
      tplType: 1,
      prepareTemplateId: expect.stringMatching(/^private\/[a-f0-9]{32}\.pdf$/),
      noOfWorkLocations: 2,
    });
    await expect(page.getByText('Template created successfully')).toBeVisible();
    await shot(page, 'esign-role3-type1-list');

    await page.context().clearCookies();
    await as('lawManager');
    await page.goto('/settings/SignDocumentTemplates');
    const row = page
      .getByRole('table', { name: 'E-Sign Templates' })
      .getByRole('row', { name: /LCA notice, two sites/ });
    await expect(row).toContainText('LCA Posting Notice');
    await expect(row).toContainText('2');
    await expect(page.getByRole('button', { name: 'Add' })).toHaveCount(0);
    await expect(row.getByRole('button', { name: /Edit|Delete/ })).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Preview lca-notice.pdf' })).toBeVisible();
    await shot(page, 'esign-role4-type1-list');
  });
});
