import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { pdfText } from '../apps/server/test/support/pdf-text';
import { expect, freshPage, shooter, signIn, test } from './fixtures';

const shot = shooter('esign', { widths: [1280, 390] });
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/**
 * Issue 35 item 3: documents signed. The demo petitioner company's admin sends its Employer Support Letter (the
 * signatory's signature and date placed) from Wei Zhang's case; the authorized signatory reviews it in 'To sign' and
 * signs by typing; the admin downloads the signed PDF: it holds the signature and the certificate page, and its
 * SHA-256 is the one the case page shows. Each run sends one more, so a retry finds one to sign.
 */
test.describe('issue 35: documents signed', () => {
  test.describe.configure({ timeout: 180_000 });

  test('issue 35: the firm sends an e-sign template from a case; the signatory signs it in To sign; the signed PDF holds the signature and the certificate, and its SHA-256 is the one recorded', async ({
    page,
    as,
    browser,
    baseURL,
  }) => {
    await as('coAdmin');
    const cases = await page.request.post('/api/cases/list', {
      headers: XHR,
      data: { page: 1, perpage: 25, filters: { searchString: 'Wei Zhang' } },
    });
    const caseId = ((await cases.json()).list as { _id: string }[])[0]?._id;
    expect(caseId, 'the demo case of Wei Zhang').toBeTruthy();
    await page.goto(`/cases/${caseId}?tab=documents`);
    const sent = page.getByRole('table', { name: 'Documents sent for signature' });
    // The demo sent the letter to the signatory on its first start.
    await expect(sent.getByRole('row', { name: /Employer Support Letter/ }).first()).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Send for signature' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send for signature' });
    await dialog.getByLabel('E-sign template').click();
    await page.getByRole('option', { name: 'Employer Support Letter' }).click();
    await dialog.getByLabel('1. Authorized Signatory').click();
    await page.getByRole('option', { name: /signatory@petitioner\.test/ }).click();
    await shot(page, 'send');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Sent for signature').first()).toBeVisible();
    await shot(page, 'case-sent');

    const signer = await freshPage(browser, baseURL);
    await signIn(signer, 'coSignatory');
    await signer.goto('/to-sign');
    const toSign = signer.getByRole('table', { name: 'Documents to sign' });
    await expect(toSign.getByRole('row', { name: /Your turn/ }).first()).toBeVisible({ timeout: 30_000 });
    await shot(signer, 'to-sign');
    await toSign
      .getByRole('row', { name: /Your turn/ })
      .first()
      .getByRole('button', { name: /Review and sign/ })
      .click();
    const modal = signer.getByRole('dialog', { name: /Review and sign: Employer Support Letter/ });
    const pdf = modal.getByRole('document', { name: 'Employer Support Letter (PDF)' });
    await expect(pdf.getByRole('img', { name: 'Page 1' })).toBeVisible();
    await modal.getByLabel('Your signature').fill('Sam Signatory');
    await shot(signer, 'sign');
    await modal.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(signer.getByText('Signed', { exact: true }).first()).toBeVisible();
    await expect(toSign.getByRole('row', { name: /You signed/ }).first()).toBeVisible();
    await signer.context().close();

    await page.reload();
    const signedRow = sent.getByRole('row', { name: /Signed/ }).first();
    await expect(signedRow).toBeVisible({ timeout: 30_000 });
    await shot(page, 'case-signed');
    const saving = page.waitForEvent('download');
    await signedRow.getByRole('button', { name: /Download signed PDF/ }).click();
    const download = await saving;
    const bytes = await readFile((await download.path()) as string);
    const text = await pdfText(bytes);
    for (const expected of ['Sam Signatory', 'Certificate of signature', 'SHA-256 of the document sent'])
      expect(text).toContain(expected);
    const listed = await page.request.post('/api/cases/envelopes/list', { headers: XHR, data: { caseId } });
    const recorded = ((await listed.json()).list as { status: string; sha256: string | null }[])
      .filter((e) => e.status === 'signed')
      .map((e) => e.sha256);
    expect(recorded).toContain(createHash('sha256').update(bytes).digest('hex'));
  });
});
