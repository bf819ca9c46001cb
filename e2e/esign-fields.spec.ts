import { decodePDFRawStream, PDFArray, PDFDocument, PDFName, PDFRawStream, StandardFonts } from 'pdf-lib';
import { expect, test } from './fixtures';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** An e-sign template with a real PDF (one page unless told), made through the API (the list's own flow has its spec). */
const makeTemplate = async (request: import('@playwright/test').APIRequestContext, name: string, pages = 1) => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  page.drawText('Employer support letter', { x: 72, y: 720, size: 16, font });
  page.drawText('Signed for the employer:', { x: 72, y: 200, size: 12, font });
  for (let n = 2; n <= pages; n++) pdf.addPage([612, 792]).drawText(`Page ${n}`, { x: 72, y: 720, size: 16, font });
  const upload = await request.post('/api/common/upload', {
    headers: XHR,
    multipart: {
      purpose: 'pdf',
      secureType: 'private',
      files: { name: 'support-letter.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) },
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const path = (await upload.json()).data.result[0].path as string;
  const saved = await request.post('/api/pdf-sign/save-esign-template', {
    headers: XHR,
    data: { name, tplType: 3, prepareTemplateId: path, noOfWorkLocations: 1 },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return path;
};

/** The content streams of a PDF page, decoded. */
const pageContent = (pdf: PDFDocument, index: number) => {
  const contents = pdf.getPages()[index]!.node.get(PDFName.of('Contents'));
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  return refs
    .map((ref) => pdf.context.lookup(ref))
    .map((s) => (s instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(s).decode()).toString('latin1') : ''))
    .join('\n');
};

test('R-ESIGN-011: two signature fields placed on an e-sign template in its frame are saved, shown again at the same positions, and drawn on the flattened preview', async ({
  page,
  as,
}) => {
  await as('lawAdmin');
  const name = `Support letter ${Date.now()}`;
  const path = await makeTemplate(page.request, name);
  await page.goto('/settings/SignDocumentTemplates');
  const row = page.getByRole('row', { name: new RegExp(name) });
  const openFrame = async () => {
    await row.getByRole('button', { name: 'Preview support-letter.pdf' }).click();
    // R-ESIGN-011: the prepare call's url is our preparation page, shown in the frame.
    await expect(page.locator('iframe[title="Document preview: support-letter.pdf"]')).toHaveAttribute(
      'src',
      `/esign/prepare?templateId=${encodeURIComponent(path)}`,
    );
    const frame = page.frameLocator('iframe[title="Document preview: support-letter.pdf"]');
    await expect(frame.getByRole('region', { name: 'Page 1' }).locator('canvas')).toBeVisible();
    await expect(frame.getByLabel('Rendering page 1')).toBeHidden();
    return frame;
  };
  let frame = await openFrame();
  const sheet = frame.getByRole('region', { name: 'Page 1' });
  const palette = frame.getByRole('button', { name: 'Signature', exact: true });
  await palette.dragTo(sheet, { targetPosition: { x: 160, y: 120 } });
  await palette.dragTo(sheet, { targetPosition: { x: 160, y: 260 } });
  const fields = sheet.locator('[data-field="signature"]');
  await expect(fields).toHaveCount(2);
  // Keyboard: the selected field moves a point right with the arrow key.
  const first = fields.first();
  const x0 = Number(await first.getAttribute('data-x'));
  await first.focus();
  await page.keyboard.press('ArrowRight');
  await expect(first).toHaveAttribute('data-x', String(x0 + 1));
  const read = async () => {
    const frameBox = (await sheet.boundingBox())!;
    return Promise.all(
      [0, 1].map(async (i) => {
        const f = fields.nth(i);
        const box = (await f.boundingBox())!;
        const pts = Object.fromEntries(
          await Promise.all(
            ['x', 'y', 'width', 'height'].map(async (k) => [k, Number(await f.getAttribute(`data-${k}`))]),
          ),
        ) as { x: number; y: number; width: number; height: number };
        return { pts, left: box.x - frameBox.x, top: box.y - frameBox.y, scale: frameBox.width / 612 };
      }),
    );
  };
  const placed = await read();
  await page.screenshot({ path: 'test-results/screens/esign-fields-placed.png' });

  // Save in the frame: it posts closePopup, the list shows the toast and closes the frame.
  await frame.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Signature fields saved successfully').first()).toBeVisible();
  await expect(page.locator('iframe[title="Document preview: support-letter.pdf"]')).toBeHidden();

  // Reopened after a reload: the same fields at the same positions (within a point on screen).
  await page.reload();
  frame = await openFrame();
  await expect(fields).toHaveCount(2);
  const again = await read();
  for (const [i, field] of again.entries()) {
    expect(field.pts).toEqual(placed[i]!.pts);
    expect(Math.abs(field.left - placed[i]!.left)).toBeLessThanOrEqual(field.scale);
    expect(Math.abs(field.top - placed[i]!.top)).toBeLessThanOrEqual(field.scale);
  }

  // The flattened preview: both boxes drawn at their PDF positions.
  const preview = await page.request.get(`/api/pdf-sign/flattened-preview?templateId=${encodeURIComponent(path)}`);
  expect(preview.status()).toBe(200);
  const content = pageContent(await PDFDocument.load(await preview.body()), 0);
  for (const { pts } of placed) {
    expect(content).toMatch(
      new RegExp(
        `1 0 0 1 ${pts.x} ${pts.y} cm\\s+(1 0 0 1 0 0 cm\\s+)*0 0 m\\s+0 ${pts.height} l\\s+${pts.width} ${pts.height} l`,
      ),
    );
  }
});

test('issue 38 finding 8: Signature then Date pressed in the palette land side by side, not on top of each other (at 1280 and 390 px)', async ({
  page,
  as,
}) => {
  await as('lawAdmin');
  const path = await makeTemplate(page.request, `Palette letter ${Date.now()}`);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 860 });
    await page.goto(`/esign/prepare?templateId=${encodeURIComponent(path)}`);
    const sheet = page.getByRole('region', { name: 'Page 1' });
    await expect(sheet.locator('canvas')).toBeVisible();
    await expect(page.getByLabel('Rendering page 1')).toBeHidden();
    await page.getByRole('button', { name: 'Signature', exact: true }).click();
    await page.getByRole('button', { name: 'Date', exact: true }).click();
    const signature = sheet.locator('[data-field="signature"]');
    const date = sheet.locator('[data-field="date"]');
    await expect(signature).toHaveCount(1);
    await expect(date).toHaveCount(1);
    // On screen: the two boxes share no pixel.
    const a = (await signature.boundingBox())!;
    const b = (await date.boundingBox())!;
    const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
    expect(apart, JSON.stringify({ signature: a, date: b })).toBe(true);
    // And in the points that are saved.
    const pts = async (f: typeof signature) =>
      Object.fromEntries(
        await Promise.all(
          ['x', 'y', 'width', 'height'].map(async (k) => [k, Number(await f.getAttribute(`data-${k}`))]),
        ),
      ) as { x: number; y: number; width: number; height: number };
    const p = await pts(signature);
    const q = await pts(date);
    expect(p.x + p.width <= q.x || q.x + q.width <= p.x || p.y + p.height <= q.y || q.y + q.height <= p.y).toBe(true);
    await page.screenshot({ path: `test-results/screens/esign-palette-${width}.png` });
  }
});

test('issue 38 finding 8: at 390 px the placer opened from the e-sign form fills the screen, its page fits the width and its palette stays in reach', async ({
  page,
  as,
}) => {
  await as('lawAdmin');
  const name = `Phone letter ${Date.now()}`;
  await makeTemplate(page.request, name, 2);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings/SignDocumentTemplates');
  // The placer opens from the template's form (a modal): it was a 190 px strip in a modal over that modal.
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await page.getByRole('button', { name: 'Place signature fields support-letter.pdf' }).click();
  const placer = page.getByRole('dialog', { name: 'support-letter.pdf' });
  const frameElement = placer.locator('iframe[title="Document preview: support-letter.pdf"]');
  const frame = page.frameLocator('iframe[title="Document preview: support-letter.pdf"]');
  const sheet = frame.getByRole('region', { name: 'Page 1' });
  await expect(sheet.locator('canvas')).toBeVisible();
  await expect(frame.getByLabel('Rendering page 1')).toBeHidden();

  // Full-screen: the dialog is the screen, the frame as wide as it, the page fitted to that width.
  const dialogBox = (await placer.boundingBox())!;
  expect(dialogBox).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
  expect((await frameElement.boundingBox())!.width).toBe(390);
  const canvas = (await sheet.locator('canvas').boundingBox())!;
  expect(canvas.width, JSON.stringify(canvas)).toBeGreaterThanOrEqual(340);
  expect(canvas.x).toBeGreaterThanOrEqual(0);
  expect(canvas.x + canvas.width).toBeLessThanOrEqual(390);
  // Neither the list's page nor the placer's page scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await frame.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/screens/esign-placer-390.png' });

  // The palette stays at the top while page 2 scrolls into view; a press puts the field on page 2, in view below
  // the palette (touch does not drag, so the press is how a phone adds a field).
  const page2 = frame.getByRole('region', { name: 'Page 2' });
  await page2.evaluate((el) => {
    el.scrollIntoView();
    window.scrollBy(0, -150);
  });
  const signature = frame.getByRole('button', { name: 'Signature', exact: true });
  await expect(signature).toBeInViewport();
  await signature.click();
  const field = page2.locator('[data-field="signature"]');
  await expect(field).toHaveCount(1);
  await expect(sheet.locator('[data-field]')).toHaveCount(0);
  await expect(field).toBeInViewport();
  const paletteBottom = await frame
    .getByRole('button', { name: 'Text', exact: true })
    .evaluate((el) => el.getBoundingClientRect().bottom);
  const fieldTop = await field.evaluate((el) => el.getBoundingClientRect().top);
  expect(fieldTop).toBeGreaterThan(paletteBottom);
  await page.screenshot({ path: 'test-results/screens/esign-placer-390-page-2.png' });

  // At 1280 px the same placer is the centred modal it was.
  await page.setViewportSize({ width: 1280, height: 860 });
  await expect.poll(async () => (await placer.boundingBox())?.width).toBeLessThan(1100);
  await page.screenshot({ path: 'test-results/screens/esign-placer-1280.png' });
});
