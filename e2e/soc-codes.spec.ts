import type { Download, Page } from '@playwright/test';
import { makeZip } from '../apps/server/test/support/files';
import { STORABLE_XSS_CORPUS as XSS_CORPUS } from '../apps/server/test/support/xss-corpus';
import { expect, failWith, shooter, test } from './fixtures';
import { expectInertRichText, installXssProbe } from './xss';

const shot = shooter('soc', { widths: 'as-is' });
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const table = (page: Page) => page.getByRole('table', { name: 'SOC Settings' });
const rowOf = (page: Page, code: string) => table(page).getByRole('row', { name: new RegExp(code) });

/** A real Word document (OOXML package: content types, relationships, main document part). */
const realDocx = (text: string) =>
  makeZip([
    {
      name: '[Content_Types].xml',
      data: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      data: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    },
    {
      name: 'word/document.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
    },
  ]);
const SUPPORT_LETTER = realDocx('Support letter for {beneficiaryFullName}, SOC {socCode}');
const JOB_DESCRIPTION = realDocx('Job description for {jobTitle}');

const bytesOf = async (download: Download) => {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};
const typeInEditor = async (page: Page, dialog: ReturnType<Page['getByRole']>, label: string, text: string) => {
  await dialog.getByRole('textbox', { name: label }).click();
  await page.keyboard.type(text);
};

/**
 * The story runs in the second law firm (otherAdmin, type 1, role 3): the demo law firm already has a SOC code
 * (15-1252, the one its H-1B case names), and this spec starts from a firm's empty SOC list.
 */
test.describe('SOC Settings tab', () => {
  test('R-SOC-002, R-SOC-003, R-SOC-004, R-SOC-005, R-SOC-009, R-SOC-010, R-SOC-011, R-SOC-012, R-SOC-013, R-SOC-014, R-SOC-015, R-SOC-016, R-SOC-017, R-SOC-018, R-SOC-030, R-SOC-035, R-SOC-040, D-24, D-25, R-CONST-006: a new user adds a SOC with a real .docx and rich text, searches it, downloads it byte-identical, bulk-uploads to two SOCs and inactivates with a new code', async ({
    page,
    as,
  }) => {
    test.setTimeout(120_000);
    await as('otherAdmin');
    await page.goto('/settings/socSettings');
    // D-24, R-SOC-005
    await expect(table(page).getByText('No SOC Codes Found')).toBeVisible();
    for (const header of ['SOC', 'Created On', 'Updated On', 'Status', 'Actions']) {
      await expect(table(page).getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    await shot(page, 'role3-type1-empty');

    // R-SOC-012, R-SOC-038: Add SOC with a picked SOC 2018 code, rich text and a template.
    await page.getByRole('button', { name: 'Add SOC' }).click();
    const dialog = page.getByRole('dialog', { name: 'SOC Configuration' });
    await dialog.getByRole('combobox', { name: 'SOC 2018 code' }).fill('15-1252');
    await page.getByRole('listbox').getByRole('option', { name: '15-1252 Software Developers' }).click();
    await expect(dialog.getByLabel('Name')).toHaveValue('15-1252');
    await expect(dialog.getByLabel('Designation')).toHaveValue('Software Developers');
    await dialog.getByRole('textbox', { name: 'Description' }).click();
    await page.keyboard.press('Control+b');
    await page.keyboard.type('Research, design and develop');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' computer applications.');
    await typeInEditor(page, dialog, 'Job Titles', 'Software Engineer');
    for (const control of ['Bold', 'Italic', 'Ordered list', 'Bullet list', 'Undo', 'Redo']) {
      await expect(dialog.getByRole('button', { name: control }).first()).toBeVisible(); // R-CONST-006
    }
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'H-1B support letter.docx', mimeType: DOCX_MIME, buffer: SUPPORT_LETTER });
    await shot(page, 'role3-type1-add-form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('SOC code added successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, '15-1252')).toContainText('Software Developers');
    await expect(rowOf(page, '15-1252')).toContainText('Active');

    const second = await page.request.post('/api/soc-code-config/add-soc-code', {
      headers: XHR,
      data: {
        name: '15-1211',
        designation: 'Computer Systems Analysts',
        description: '<p>Analyze systems</p>',
        jobTitles: '<p>Systems Analyst</p>',
      },
    });
    expect(second.status()).toBe(200);
    await page.reload();

    // R-SOC-001, R-SOC-020: search
    await page.getByPlaceholder('Search by SOC').fill('Software');
    await expect(table(page).getByRole('row')).toHaveCount(2);
    await page.getByPlaceholder('Search by SOC').fill('zzz');
    await expect(table(page).getByText('No Results Found')).toBeVisible();
    await page.getByPlaceholder('Search by SOC').fill('');
    await expect(table(page).getByRole('row')).toHaveCount(3);

    // R-SOC-009, R-SOC-040: one document downloads directly, byte-identical.
    const [direct] = await Promise.all([
      page.waitForEvent('download'),
      rowOf(page, '15-1252').getByRole('link', { name: 'Download 15-1252' }).click(),
    ]);
    expect(direct.suggestedFilename()).toBe('H-1B support letter.docx');
    expect(Buffer.compare(await bytesOf(direct), SUPPORT_LETTER)).toBe(0);
    await expect(rowOf(page, '15-1211').getByRole('button', { name: 'View 15-1211' })).toHaveCount(0); // R-SOC-008

    // R-SOC-004, R-SOC-035: Bulk Upload one template to both SOCs.
    await page.getByRole('button', { name: 'Bulk Upload' }).click();
    const bulk = page.getByRole('dialog', { name: 'Bulk Upload' });
    await bulk.getByRole('button', { name: 'Upload' }).click();
    await expect(bulk.getByText('Upload at least one file')).toBeVisible(); // R-SOC-030
    const socInput = bulk.getByRole('combobox', { name: 'SOC' });
    for (const code of ['15-1252', '15-1211']) {
      await socInput.click();
      await page
        .getByRole('listbox')
        .getByRole('option', { name: new RegExp(code) })
        .click();
    }
    await socInput.press('Tab');
    await bulk
      .locator('input[type=file]')
      .setInputFiles({ name: 'Job description.docx', mimeType: DOCX_MIME, buffer: JOB_DESCRIPTION });
    await bulk.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Documents updated successfully')).toBeVisible();

    // R-SOC-010, R-SOC-013: several documents open the documents view; the bulk template downloads byte-identical.
    await rowOf(page, '15-1252').getByRole('button', { name: 'Download 15-1252' }).click();
    const docs = page.getByRole('dialog', { name: 'SOC Configuration Documents' });
    await expect(docs.getByRole('row')).toHaveCount(3);
    await shot(page, 'role3-type1-documents');
    const [bulkDownload] = await Promise.all([
      page.waitForEvent('download'),
      docs.getByRole('link', { name: 'Download Job description.docx' }).click(),
    ]);
    expect(Buffer.compare(await bytesOf(bulkDownload), JOB_DESCRIPTION)).toBe(0);
    await page.keyboard.press('Escape');
    const [fromOther] = await Promise.all([
      page.waitForEvent('download'),
      rowOf(page, '15-1211').getByRole('link', { name: 'Download 15-1211' }).click(),
    ]);
    expect(Buffer.compare(await bytesOf(fromOther), JOB_DESCRIPTION)).toBe(0);

    // R-SOC-013, R-SOC-036: View opens the details.
    await rowOf(page, '15-1252').getByRole('button', { name: 'View 15-1252' }).click();
    const details = page.getByRole('dialog', { name: 'SOC Configuration Details' });
    await expect(details.locator('strong')).toHaveText('Research, design and develop');
    await page.keyboard.press('Escape');

    // R-SOC-014, R-SOC-016, R-SOC-017, D-25: inactivate with a New SOC Code.
    await rowOf(page, '15-1252').getByRole('button', { name: 'Inactivate 15-1252' }).click();
    const confirm = page.getByRole('dialog', { name: 'Inactivate SOC Configuration' });
    await expect(confirm).toContainText('Are you sure of Inactivate this?');
    const statusCall = page.waitForRequest((r) => r.url().endsWith('/api/soc-code-config/manage-status'));
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(confirm.getByText('New SOC Code is required')).toBeVisible();
    await confirm.getByLabel('New SOC Code').fill('15-1299');
    await shot(page, 'role3-type1-inactivate');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    expect((await statusCall).postDataJSON()).toEqual({
      socCodeConfigId: expect.any(String),
      status: false,
      newSocCode: '15-1299',
    });
    await expect(page.getByText('SOC code inactivated successfully')).toBeVisible();
    await expect(rowOf(page, '15-1252')).toHaveCount(0);

    // R-SOC-002, R-SOC-003, R-SOC-015, R-SOC-018: the Inactive filter shows it with Activate, which needs no code.
    const listCall = page.waitForRequest(
      (r) => r.url().endsWith('/api/soc-code-config/list') && r.postDataJSON().filters.statusList[0] === false,
    );
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    expect((await listCall).postDataJSON().filters.statusList).toEqual([false]);
    await rowOf(page, '15-1252').getByRole('button', { name: 'Activate 15-1252' }).click();
    const activate = page.getByRole('dialog', { name: 'Activate SOC Configuration' });
    await expect(activate).toContainText('Are you sure of Activate this?');
    await expect(activate.getByLabel('New SOC Code')).toHaveCount(0);
    const activateCall = page.waitForRequest((r) => r.url().endsWith('/api/soc-code-config/manage-status'));
    await activate.getByRole('button', { name: 'Yes' }).click();
    expect((await activateCall).postDataJSON()).toEqual({ socCodeConfigId: expect.any(String), status: true });
    await expect(page.getByText('SOC code activated successfully')).toBeVisible();

    // R-SOC-003: Clear puts the status filter back to its default, Active (statusList [true]).
    const activeCall = page.waitForRequest(
      (r) => r.url().endsWith('/api/soc-code-config/list') && r.postDataJSON().filters.statusList[0] === true,
    );
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Inactive');
    await page.getByRole('button', { name: 'Clear' }).click();
    expect((await activeCall).postDataJSON().filters.statusList).toEqual([true]);
    await expect(rowOf(page, '15-1252')).toBeVisible();
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Active');
  });

  test("R-SOC-007, R-SOC-027, R-SOC-029, R-API-007, R-API-008, R-API-009: name locked on edit; a non-Word file gives 'Upload Only MS Word Files' and clears the selection; a server error shows in the modal", async ({
    page,
    as,
  }) => {
    await as('otherAdmin');
    await page.goto('/settings/socSettings');
    await rowOf(page, '15-1211').getByRole('button', { name: 'Edit 15-1211' }).click();
    const dialog = page.getByRole('dialog', { name: 'SOC Configuration' });
    await expect(dialog.getByLabel('Name')).toBeDisabled();
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await expect(dialog.getByText('Upload Only MS Word Files')).toBeVisible();
    await expect(dialog.getByText('scan.pdf')).toHaveCount(0);
    // A .docm renamed .docx passes the browser's check; the server refuses it and the modal says so.
    const docm = makeZip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'word/document.xml', data: '<w:document/>' },
      { name: 'word/vbaProject.bin', data: 'macro' },
    ]);
    await dialog.locator('input[type=file]').setInputFiles({ name: 'macro.docx', mimeType: DOCX_MIME, buffer: docm });
    await dialog.getByRole('button', { name: 'Update' }).click();
    const alert = dialog.getByRole('alert').filter({ hasText: 'Upload Only MS Word Files' });
    await expect(alert).toBeVisible();
    await shot(page, 'role3-type1-upload-refused');
    // R-API-009: the saving flags are reset: the button is usable again.
    await expect(dialog.getByRole('button', { name: 'Update' })).toBeEnabled();
    await expect(dialog.getByRole('button', { name: 'Update' })).not.toHaveAttribute('data-loading', 'true');
    await dialog.getByLabel('Designation').click();
    await expect(alert).toBeHidden();
  });

  test(`SECURITY 14: ${XSS_CORPUS.length} XSS vectors in description and job titles render inert in the details`, async ({
    page,
    as,
  }) => {
    const dialogs = await installXssProbe(page);
    await as('otherAdmin');
    const up = await page.request.post('/api/common/upload', {
      headers: XHR,
      multipart: { purpose: 'word', files: { name: 'x.docx', mimeType: DOCX_MIME, buffer: SUPPORT_LETTER } },
    });
    const doc = (await up.json()).data.result[0];
    const res = await page.request.post('/api/soc-code-config/add-soc-code', {
      headers: XHR,
      data: {
        name: '99-9999',
        designation: 'XSS probe',
        description: `<p>Start</p>${XSS_CORPUS.join('\n')}`,
        jobTitles: `<p>Titles</p>${XSS_CORPUS.join('\n')}`,
        attachments: [doc],
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    await page.goto('/settings/socSettings');
    await rowOf(page, '99-9999').getByRole('button', { name: 'View 99-9999' }).click();
    const details = page.getByRole('dialog', { name: 'SOC Configuration Details' });
    await expect(details).toContainText('Start');
    await expectInertRichText(page, details, dialogs);
  });

  test('R-SOC-006: the SOC column sorts by name both ways through the list call', async ({ page, as }) => {
    await as('otherAdmin');
    await page.goto('/settings/socSettings');
    const th = table(page).getByRole('columnheader', { name: 'SOC', exact: true });
    await expect(th).toBeVisible();
    const sent: { path: string; order: number }[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/soc-code-config/list')) sent.push(r.postDataJSON().sorting);
    });
    await th.getByRole('button').click();
    await expect(th).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(() => sent.at(-1)).toEqual({ path: 'name', order: 1 });
    await th.getByRole('button').click();
    await expect(th).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(() => sent.at(-1)).toEqual({ path: 'name', order: -1 });
  });

  test('R-API-011: a failed detail fetch shows an error toast', async ({ page, as }) => {
    await as('otherAdmin');
    await failWith(page, '/api/soc-code-config/details', 404, {
      code: 'NOT_FOUND',
      message: 'SOC configuration not found',
    });
    await page.goto('/settings/socSettings');
    await rowOf(page, '15-1252').getByRole('button', { name: 'View 15-1252' }).click();
    await expect(
      page.locator('.mantine-Notification-root').filter({ hasText: 'SOC configuration not found' }),
    ).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'SOC Configuration Details' })).toHaveCount(0);
  });

  test('R-API-012: a failed SOC list call gives an empty list and stops loading', async ({ page, as }) => {
    await as('otherAdmin');
    await failWith(page, '/api/soc-code-config/list', 500, { code: 'INTERNAL', message: 'somthing went wrong' });
    await page.goto('/settings/socSettings');
    await expect(table(page).getByText('No SOC Codes Found')).toBeVisible();
    await shot(page, 'role3-type1-list-failed');
  });

  test('a petitioner-company admin (type 2) has the SOC Settings tab too', async ({ page, as }) => {
    await as('coAdmin');
    await page.goto('/settings/socSettings');
    await expect(page.getByRole('heading', { name: 'SOC Settings' })).toBeVisible();
    await expect(table(page).getByText('No SOC Codes Found')).toBeVisible();
    await shot(page, 'role3-type2-empty');
  });
});
