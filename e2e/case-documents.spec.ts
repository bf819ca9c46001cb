import { readFile } from 'node:fs/promises';
import { expect, shooter, test } from './fixtures';

const shot = shooter('case-documents', { widths: [1280, 390] });
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
/** The demo's H-1B cap case (its configuration names the H-1B support letter, every tag of which it holds). */
const DEMO_CASE = 'H1B-H1BCAP-10001';
const LETTER = 'H-1B Employer Support Letter';

/** A small PDF of our own: a unique comment makes its bytes (and so the byte-for-byte check) this run's. */
const pdfBytes = (stamp: string) =>
  Buffer.from(
    `%PDF-1.4\n% e2e ${stamp}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

test.describe('issue 34: the case documents', () => {
  test.describe.configure({ timeout: 180_000 });

  test('issue 34: upload a PDF on a demo case, see it listed, download it byte-identical; a filled letter stays after a reload', async ({
    page,
    as,
  }) => {
    await as('lawAdmin');
    const cases = await page.request.post('/api/cases/list', {
      headers: XHR,
      data: { page: 1, perpage: 25, filters: { searchString: DEMO_CASE } },
    });
    const caseId = ((await cases.json()).list as { _id: string; caseNumber: string }[]).find(
      (c) => c.caseNumber === DEMO_CASE,
    )?._id;
    expect(caseId, `the demo case ${DEMO_CASE}`).toBeTruthy();
    await page.goto(`/cases/${caseId}?tab=documents`);
    const list = page.getByRole('table', { name: 'Case documents' });
    await expect(list).toBeVisible({ timeout: 30_000 });

    // Upload: the chosen PDF is checked by content on the server, listed, and downloads as it was.
    const stamp = Date.now().toString(36);
    const name = `e2e-passport-${stamp}.pdf`;
    const bytes = pdfBytes(stamp);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await (await chooser).setFiles({ name, mimeType: 'application/pdf', buffer: bytes });
    await expect(page.getByText('Document uploaded successfully')).toBeVisible();
    const row = list.getByRole('row', { name: new RegExp(name.replace(/[.-]/g, '\\$&')) });
    await expect(row).toBeVisible();
    await expect(row.getByText('Uploaded')).toBeVisible();
    const saved = page.waitForEvent('download');
    await row.getByRole('button', { name: `Download ${name}` }).click();
    const download = await saved;
    expect(download.suggestedFilename()).toBe(name);
    expect(Buffer.compare(await readFile((await download.path()) as string), bytes)).toBe(0);

    // A file that is not what it says is refused, with a toast, and nothing is listed.
    const bad = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await (await bad).setFiles({
      name: `fake-${stamp}.pdf`,
      mimeType: 'application/pdf',
      buffer: Buffer.from('<html>'),
    });
    await expect(page.getByText('Upload PDF, Word (.docx), JPEG or PNG files only')).toBeVisible();
    await expect(list.getByText(`fake-${stamp}.pdf`)).toHaveCount(0);

    // Fill the support letter: it becomes one of the case's documents and its checklist row says 'Filled'.
    const letterRows = list.getByRole('row', { name: new RegExp(`^${LETTER} - ${DEMO_CASE}`) });
    const before = await letterRows.count();
    const filledDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: `Fill ${LETTER}` }).click();
    const anyway = page.getByRole('button', { name: 'Download anyway' });
    const done = page.getByRole('dialog').getByRole('link', { name: new RegExp(`^${LETTER}`) });
    await expect(anyway.or(done)).toBeVisible();
    if (await anyway.isVisible()) await anyway.click();
    await filledDownload;
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(letterRows).toHaveCount(before + 1);
    const checklist = page.getByRole('table', { name: 'Letters' }).getByRole('row', { name: new RegExp(LETTER) });
    await expect(checklist.getByText('Filled', { exact: true })).toBeVisible();

    // After a reload the letter is still filled, and both documents are still there.
    await page.reload();
    await expect(list).toBeVisible({ timeout: 30_000 });
    await expect(checklist.getByText('Filled', { exact: true })).toBeVisible();
    await expect(letterRows).toHaveCount(before + 1);
    await expect(list.getByRole('row', { name: new RegExp(name.replace(/[.-]/g, '\\$&')) })).toBeVisible();
    await shot(page, 'documents');

    // Delete, after the question: the uploaded document leaves the list.
    await list.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(page.getByText('Are you sure to continue?')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Document deleted successfully')).toBeVisible();
    await expect(list.getByText(name)).toHaveCount(0);

    // Usable at 390 px: the page does not scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(sideways).toBe(false);
  });
});
