import { companyListRequest } from '@caseport/domain/companies/contracts';
import type { Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect, shooter, test } from './fixtures';

const shot = shooter('platform-library', { widths: 'as-is' });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Settings' });

const formPdf = async () => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawText('Form I-129 Petition for a Nonimmigrant Worker', {
    x: 56,
    y: 720,
    size: 14,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  return Buffer.from(await doc.save());
};

/** A date after every earlier run's against the same server (an edition date is unique per form). */
const newEditionDate = () => {
  const date = new Date(Date.UTC(2026, 11, 1) + (Math.floor(Date.now() / 60_000) % 3_000) * 86_400_000);
  return date.toISOString().slice(0, 10);
};
/** The signed-in law firm's first petitioner company (R-CASECODE-022), as the New case wizard lists them. */
const petitionerOf = async (page: Page) => {
  const res = await page.request.post('/api/company/list', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: companyListRequest(''),
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).list[0]._id as string;
};

const N400 = '6f1c0a00-0021-4000-8000-000000000400';
const asUscis = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(2, 4)}`;

test.describe('the platform library as its users would', () => {
  test('R-SHELL-027: R-SHELL-028: role 1 has the Forms and Letters and Case Configuration tabs, a law firm neither; role 1 opens Forms and Letters, uploads a new I-129 edition; a law firm sees it in its case-type checklist', async ({
    page,
    as,
  }) => {
    await as('platformAdmin');
    await page.goto('/settings/formsAndLetters');
    await expect(nav(page).getByRole('link', { name: 'Forms and Letters' })).toBeVisible();
    await expect(nav(page).locator('a[href="/settings/petitionConfigList"]')).toHaveText('Case Configuration');
    await expect(page.getByRole('heading', { name: 'Forms and Letters' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Forms and Letters' });
    const row = table.getByRole('row', { name: /I-129/ });
    await expect(row).toContainText('Petition for a Nonimmigrant Worker');
    await shot(page, 'role1-list');

    await row.getByRole('button', { name: 'New Edition I-129' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Edition' });
    const edition = newEditionDate();
    await dialog.getByLabel('Edition date').fill(edition);
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'i-129.pdf',
      mimeType: 'application/pdf',
      buffer: await formPdf(),
    });
    await expect(dialog.getByText('i-129.pdf')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Edition added successfully')).toBeVisible();
    await expect(row).toContainText(asUscis(edition));

    // The law firm's admin: no platform tab in its menu; the I-129 in the H-1B checklist with that edition.
    await page.context().clearCookies();
    await as('lawAdmin');
    await page.goto('/settings/questionnarie');
    await expect(page.getByRole('heading', { name: 'Case Configuration' })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Forms and Letters' })).toHaveCount(0);
    // Its 'Case Configuration' is its own tab (questionnarie), not the platform's.
    await expect(nav(page).locator('a[href="/settings/petitionConfigList"]')).toHaveCount(0);
    const card = page
      .locator('.mantine-Paper-root')
      .filter({ has: page.getByText('Cap - New Petition', { exact: true }) });
    const entry = card.getByRole('checkbox', { name: 'I-129 Petition for a Nonimmigrant Worker' });
    await expect(entry).toBeVisible();
    await expect(card.getByText(`Edition ${asUscis(edition)}`)).toBeVisible();
    await entry.check();
    await card.getByRole('button', { name: 'Update' }).click();
    // The demo's H-1B cases use this configuration: Create New keeps it for them, new cases get the I-129.
    await page
      .getByRole('dialog', { name: 'Configuration is already linked with Case(s)' })
      .getByRole('button', { name: 'Create New' })
      .click();
    await expect(page.getByText('Configuration saved successfully')).toBeVisible();
    await shot(page, 'role3-checklist');
  });

  test('R-SHELL-027: R-SHELL-028: role 2 has both platform tabs and opens Case Configuration and sets the default a new tenant starts from', async ({
    page,
    as,
  }) => {
    await as('platformOps');
    await page.goto('/settings/petitionConfigList');
    await expect(nav(page).locator('a[href="/settings/petitionConfigList"]')).toHaveText('Case Configuration');
    await expect(nav(page).getByRole('link', { name: 'Forms and Letters' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Case Configuration' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Default configurations' });
    // The demo's platform defaults: N-400 with its starter questionnaire, its form and the Default Workflow.
    await page.getByRole('combobox', { name: 'Case type' }).fill('N-400');
    await page.getByRole('option', { name: 'N-400 Application for Naturalization' }).click();
    const military = table.getByRole('row', { name: /Military/ });
    await expect(military).toContainText('N-400 Naturalization Questionnaire (version 1)');
    await expect(military).toContainText('Default Workflow');
    await expect(military.getByRole('cell').nth(3)).toHaveText('N-400');
    // L-1 has none in the demo: role 2 sets one.
    await page.getByRole('combobox', { name: 'Case type' }).fill('L-1');
    await page.getByRole('option', { name: 'L-1 Intracompany Transferee' }).click();
    const row = table.getByRole('row', { name: /L-1A New/ });
    await expect(row).toContainText('No default');
    await row.getByRole('button', { name: 'Edit L-1A New' }).click();
    const dialog = page.getByRole('dialog', { name: 'Default Configuration' });
    // The published list, in the case-type configuration's picker (issue 21: by id, not by a starter's name).
    await dialog.getByRole('button', { name: 'Change Questionnaire' }).click();
    const picker = page.getByRole('dialog', { name: 'Change Questionnaire' });
    // R-CASETYPE-007: role 2 previews what it picks (the published version, read-only).
    await picker.getByRole('button', { name: 'Preview L-1 Intracompany Transferee Questionnaire' }).click();
    const preview = page.getByRole('dialog', { name: 'Questionnaire Preview' });
    await expect(preview.getByRole('heading', { name: 'L-1 Intracompany Transferee Questionnaire' })).toBeVisible();
    await expect(preview.getByText('Qualifying employment abroad')).toBeVisible();
    await expect(preview.getByRole('textbox', { name: /^Employer abroad/ })).toBeVisible();
    await shot(page, 'role2-preview');
    await preview.getByRole('button', { name: 'Close preview' }).click();
    await expect(preview).toBeHidden();
    await picker.getByRole('radio', { name: 'L-1 Intracompany Transferee Questionnaire' }).check();
    await picker.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toContainText('L-1 Intracompany Transferee Questionnaire (version 1)');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Default configuration saved successfully')).toBeVisible();
    await expect(row).toContainText('L-1 Intracompany Transferee Questionnaire');
    await expect(row).not.toContainText('No default');
    await shot(page, 'role2-defaults');
  });

  test("issue 21: role 1 edits a law firm's case-type configuration; a case opened afterwards shows the questionnaire version and form editions it keeps", async ({
    page,
    as,
  }) => {
    await as('platformAdmin');
    // An N-400 edition with its PDF, so the law firm's checklist offers the form.
    const upload = await page.request.post('/api/common/upload', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      multipart: {
        purpose: 'pdf',
        secureType: 'private',
        getDetails: 'true',
        files: { name: 'n-400.pdf', mimeType: 'application/pdf', buffer: await formPdf() },
      },
    });
    expect(upload.status(), await upload.text()).toBe(200);
    const edition = newEditionDate();
    const added = await page.request.post('/api/platform-library/forms/add-edition', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { formId: N400, editionDate: edition, documentPath: (await upload.json()).data.result[0].path },
    });
    expect(added.status(), await added.text()).toBe(200);

    await page.goto('/settings/petitionConfigList');
    await page.getByRole('combobox', { name: 'Configuration of' }).click();
    await page.getByRole('option', { name: 'Demo Law Firm' }).click();
    const row = page.getByRole('table', { name: 'Tenant configurations' }).getByRole('row', { name: /L-1A New/ });
    await row.getByRole('button', { name: 'Edit L-1A New' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tenant Configuration' });
    await dialog.getByRole('button', { name: 'Change Questionnaire' }).click();
    const picker = page.getByRole('dialog', { name: 'Change Questionnaire' });
    await picker.getByRole('radio', { name: 'O-1 Extraordinary Ability Questionnaire' }).check();
    await picker.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('combobox', { name: 'Forms and Letters' }).fill('N-400');
    await page.getByRole('option', { name: /N-400 Application for Naturalization/ }).click();
    await dialog.getByRole('combobox', { name: 'Forms and Letters' }).press('Tab');
    await shot(page, 'role1-tenant-config');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Configuration updated successfully')).toBeVisible();
    await expect(row).toContainText('O-1 Extraordinary Ability Questionnaire');

    // The law firm opens an L-1A case; its Editions show what it was opened with.
    await page.context().clearCookies();
    await as('lawAdmin');
    const opened = await page.request.post('/api/cases/create', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: {
        subTypeId: 7,
        // Issue 34: a law firm's employment case names its petitioner (the demo's role-50 account).
        petitionerId: await petitionerOf(page),
        beneficiary: { person: { givenName: 'Ines', familyName: 'Mora' }, allowSimilar: true },
      },
    });
    expect(opened.status(), await opened.text()).toBe(200);
    const caseNumber = (await opened.json()).case.caseNumber as string;
    // Issue 34: the editions are in the Documents tab of the case page the list opens.
    await page.goto('/cases');
    await page.getByRole('link', { name: `Open ${caseNumber}` }).click();
    await page.getByRole('tab', { name: 'Documents' }).click();
    const editions = page.getByRole('tabpanel', { name: 'Documents' });
    await expect(editions).toContainText('O-1 Extraordinary Ability Questionnaire, version 1');
    await expect(editions.getByRole('row', { name: /N-400 Application for Naturalization/ })).toContainText(
      asUscis(edition),
    );
    await shot(page, 'role3-case-editions');
  });
});
