import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { DOCX_MIN } from '../apps/server/test/support/files';
import { pdfText } from '../apps/server/test/support/pdf-text';
import { ACCOUNTS, expect, freshPage, shooter, signIn, test } from './fixtures';

const shot = shooter('esign-document', { widths: [1280, 390] });
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
/** A demo case of the law firm with its petitioner contact (petitioner@lawfirm.test) linked. */
const BENEFICIARY = 'Kenji Watanabe';
const PETITIONER = 'Priya Patel';
/** What the petitioner contact types as their signature: not their account's name, so its ink is told apart. */
const TYPED = 'Priya K. Patel';

const post = async <T>(request: APIRequestContext, url: string, data: object): Promise<T> => {
  const res = await request.post(url, { headers: XHR, data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
};

/** A one-page US Letter PDF holding `sentence`, as a firm would upload its engagement terms. */
const onePagePdf = async (sentence: string) => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText('Engagement terms', { x: 72, y: 720, size: 18, font });
  page.drawText(sentence, { x: 72, y: 690, size: 12, font });
  return Buffer.from(await doc.save());
};

/** The text of one page of a PDF (1-based), read as pdfText reads a whole file. */
const pageText = async (bytes: Buffer, n: number) => {
  const whole = await PDFDocument.load(bytes);
  const one = await PDFDocument.create();
  const [page] = await one.copyPages(whole, [n - 1]);
  if (page) one.addPage(page);
  return pdfText(Buffer.from(await one.save()));
};

/**
 * For each yellow mark over a page's canvas: whether the page's drawing has a line (a row of dark pixels across the
 * mark) within 3 px of the mark's foot, as the signature page draws one under each box, and none across its middle
 * (the box is blank until signed). A mark placed by a wrong PDF-to-screen mapping (flipped, scaled, shifted) fails.
 */
const marksOnTheirLines = (pageBox: Locator) =>
  pageBox.evaluate((box) => {
    const canvas = box.querySelector('canvas');
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return [];
    const at = canvas.getBoundingClientRect();
    const ratio = canvas.width / at.width;
    const lineAt = (left: number, width: number, cssY: number) => {
      const y = Math.round((cssY - at.top) * ratio);
      if (y < 0 || y >= canvas.height) return false;
      const row = ctx.getImageData(left, y, width, 1).data;
      let dark = 0;
      // A drawn pixel: opaque (the canvas was painted) and not the page's white.
      for (let i = 0; i < row.length; i += 4) if ((row[i + 3] ?? 0) > 0 && (row[i] ?? 255) < 200) dark++;
      return dark > width * 0.6;
    };
    return Array.from(box.querySelectorAll<HTMLElement>('[data-mark="sign-here"]')).map((mark) => {
      const m = mark.getBoundingClientRect();
      const left = Math.round((m.left - at.left + m.width * 0.1) * ratio);
      const width = Math.round(m.width * 0.8 * ratio);
      const foot = [-3, -2, -1, 0, 1, 2, 3].some((dy) => lineAt(left, width, m.bottom + dy));
      const middle = lineAt(left, width, m.top + m.height / 2);
      return foot && !middle;
    });
  });

/**
 * Issue 35 item 3: a document of the case signed. The law firm's admin uploads a one-page PDF (and a Word file) on a
 * demo case its petitioner contact is linked to, and sends the PDF for signature as 'A document of this case' (the
 * Word file offered but not choosable): a page of signatures is added at its end. The petitioner contact reviews it
 * in To sign with their places marked in yellow on that page (each mark on its drawn line) and signs by typing; the
 * admin downloads the signed PDF: the original page, the page of signatures with the typed ink, the certificate.
 */
test.describe('issue 35: a document of the case signed', () => {
  test.describe.configure({ timeout: 180_000 });

  test('issue 35: the firm uploads a PDF on a case and sends it as a document of the case; the petitioner contact sees its places marked in yellow on the added signature page and signs; the signed PDF holds the original text, the signatures page with the typed name and the certificate', async ({
    page,
    as,
    browser,
    baseURL,
  }) => {
    const stamp = Date.now().toString(36);
    const sentence = `Engagement terms for ${stamp}`;
    const pdfName = `engagement-terms-${stamp}`;
    const docxName = `intake-notes-${stamp}.docx`;

    // 1. The admin finds the demo case its petitioner contact is linked to.
    await as('lawAdmin');
    const { list } = await post<{ list: { _id: string; caseNumber: string }[] }>(page.request, '/api/cases/list', {
      page: 1,
      perpage: 25,
      filters: { searchString: BENEFICIARY },
    });
    const caseId = list[0]?._id as string;
    expect(caseId, `the demo case of ${BENEFICIARY}`).toBeTruthy();
    const details = await post<{ accounts: { email: string; roleId: number }[] }>(page.request, '/api/cases/details', {
      caseId,
    });
    expect(details.accounts).toContainEqual(expect.objectContaining({ email: ACCOUNTS.lawPetitioner, roleId: 50 }));

    // 2. Uploads, on the Documents tab, the PDF to sign and a Word file.
    await page.goto(`/cases/${caseId}?tab=documents`);
    const documents = page.getByRole('table', { name: 'Case documents' });
    await expect(documents).toBeVisible({ timeout: 30_000 });
    for (const file of [
      { name: `${pdfName}.pdf`, mimeType: 'application/pdf', buffer: await onePagePdf(sentence) },
      {
        name: docxName,
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: DOCX_MIN,
      },
    ]) {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await (await chooser).setFiles(file);
      await expect(page.getByText('Document uploaded successfully').first()).toBeVisible();
      await expect(documents.getByRole('row', { name: new RegExp(file.name.replace(/[.-]/g, '\\$&')) })).toBeVisible();
    }

    // 3. Sends the PDF as a document of the case to the petitioner contact: the Word file is listed, not choosable.
    await page.getByRole('button', { name: 'Send for signature' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send for signature' });
    await dialog.getByText('A document of this case', { exact: true }).click();
    await expect(dialog.getByRole('radio', { name: 'A document of this case' })).toBeChecked();
    await expect(
      dialog.getByText('A page of signatures is added at its end: one block per signer, in this order.'),
    ).toBeVisible();
    await expect(dialog.getByLabel('E-sign template')).toHaveCount(0);
    await dialog.getByRole('combobox', { name: 'Document of this case', exact: true }).click();
    await expect(page.getByRole('option', { name: `${docxName} (Word: fill it as PDF first)` })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await page.getByRole('option', { name: `${pdfName}.pdf`, exact: true }).click();
    await expect(dialog.getByRole('combobox', { name: 'Document of this case', exact: true })).toHaveValue(
      `${pdfName}.pdf`,
    );
    await dialog.getByRole('combobox', { name: '2. Petitioner', exact: true }).click();
    await page.getByRole('option', { name: new RegExp(ACCOUNTS.lawPetitioner.replace(/\./g, '\\.')) }).click();
    // The upload toasts gone and the page at its top, for the screenshot.
    await expect(page.getByText('Document uploaded successfully')).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'send-document');
    const sending = page.waitForResponse((r) => r.url().endsWith('/api/cases/envelopes/send-document'));
    await dialog.getByRole('button', { name: 'Send' }).click();
    expect((await sending).status()).toBe(200);
    await expect(page.getByText('Sent for signature').first()).toBeVisible();
    const sent = page.getByRole('table', { name: 'Documents sent for signature' });
    const envelope = sent.getByRole('row', { name: new RegExp(pdfName) });
    await expect(envelope).toHaveCount(1);
    await expect(envelope).toContainText(PETITIONER);

    // 4. The petitioner contact reviews it: their three places on page 2 (the added page), each on its line.
    const priya = await freshPage(browser, baseURL);
    await signIn(priya, 'lawPetitioner');
    await priya.goto('/to-sign');
    const toSign = priya.getByRole('table', { name: 'Documents to sign' });
    const row = toSign.getByRole('row', { name: new RegExp(`${pdfName}.*Your turn`) });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await row.getByRole('button', { name: /Review and sign/ }).click();
    const modal = priya.getByRole('dialog', { name: `Review and sign: ${pdfName}` });
    await expect(modal.getByText('Marked in yellow on page 2: where your signature, date and name go.')).toBeVisible();
    const pdf = modal.getByRole('document', { name: `${pdfName} (PDF)` });
    await expect(pdf.getByRole('img', { name: 'Page 1' })).toBeVisible({ timeout: 30_000 });
    await expect(pdf.getByRole('img', { name: 'Page 3' })).toHaveCount(0);
    const signaturePage = pdf
      .locator('div')
      .filter({ has: priya.getByRole('img', { name: 'Page 2' }) })
      .last();
    const marks = signaturePage.locator('[data-mark="sign-here"]');
    await expect(marks).toHaveCount(3);
    for (const mark of await marks.all()) await expect(mark).toBeVisible();
    // None on the document's own page.
    await expect(pdf.locator('[data-mark="sign-here"]')).toHaveCount(3);
    await expect.poll(() => marksOnTheirLines(signaturePage), { timeout: 15_000 }).toEqual([true, true, true]);
    await modal.getByLabel('Your signature').fill(TYPED);
    await shot(priya, 'review-marks');
    await modal.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(priya.getByText('Signed', { exact: true }).first()).toBeVisible();
    await expect(toSign.getByRole('row', { name: new RegExp(`${pdfName}.*You signed`) })).toBeVisible();
    await priya.context().close();

    // 5. The admin sees it signed and downloads it: the page sent, the signatures page inked, the certificate.
    await page.reload();
    const signed = sent.getByRole('row', { name: new RegExp(`${pdfName}.*Signed`) });
    await expect(signed).toBeVisible({ timeout: 30_000 });
    await expect(signed).toContainText(`${PETITIONER} ✓`);
    const saving = page.waitForEvent('download');
    await signed.getByRole('button', { name: /Download signed PDF/ }).click();
    const bytes = await readFile((await (await saving).path()) as string);
    const text = await pdfText(bytes);
    for (const expected of [sentence, 'Signatures', TYPED, 'Certificate of signature', ACCOUNTS.lawPetitioner])
      expect(text).toContain(expected);
    // The page of signatures is the last but one (the certificate follows it), holding the typed ink.
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(3);
    expect(await pageText(bytes, 1)).toContain(sentence);
    const signatures = await pageText(bytes, 2);
    for (const expected of ['Signatures', '1. Petitioner', TYPED, PETITIONER, 'Signature', 'Date', 'Name'])
      expect(signatures).toContain(expected);
    expect(await pageText(bytes, 3)).toContain('Certificate of signature');
  });
});
