import { ESIGN_MAX_FIELDS } from '@caseport/domain/esign-fields/contracts';
import { sql } from 'drizzle-orm';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFName, PDFRawStream, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_FILE, signIn, uploadFile } from './support/calls';
import { PNG_1X1 } from './support/files';
import { type Caller, createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let lawAdmin: Caller;
let lawManager: Caller;
let otherAdmin: Caller;
let coSignatory: Caller;
let PDF: Buffer;

/** Two pages: a US Letter page and a landscape page turned by /Rotate 90. */
const buildPdf = async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 792]).drawText('Employer support letter', { x: 72, y: 720, size: 14, font });
  const second = doc.addPage([612, 792]);
  second.setRotation({ type: 'degrees', angle: 90 } as never);
  return Buffer.from(await doc.save());
};

const upload = async (caller: Caller, name: string, data: Buffer, purpose = 'pdf') =>
  (await uploadFile(t, caller, { purpose, ...PRIVATE_FILE }, { name, data })).path;
const fieldRows = async () =>
  (await t.database.db.execute<{ n: number }>(sql`select count(*)::int n from esign_fields`)).rows[0]!.n;
const audits = async () =>
  (await t.database.db.execute<{ n: number }>(sql`select count(*)::int n from audit_log where entity = 'esign_fields'`))
    .rows[0]!.n;

const SIGNATURE = { page: 1, x: 72, y: 100, width: 160, height: 36, role: 'signatory', type: 'signature' } as const;
const SECOND = { page: 2, x: 300, y: 500, width: 120, height: 30, role: 'attorney', type: 'initials' } as const;

beforeAll(async () => {
  PDF = await buildPdf();
  t = await createTestApp();
  [lawAdmin, lawManager, otherAdmin, coSignatory] = await signIn(
    t,
    'lawAdmin',
    'lawManager',
    'otherAdmin',
    'coSignatory',
  );
});
afterAll(() => t.close());

describe('e-sign field placement (issue 20)', () => {
  it('R-ESIGN-011: the prepare call for an e-sign document answers {url, templateId}, url being our preparation page', async () => {
    const doc = await upload(lawAdmin, 'support.pdf', PDF);
    const res = await lawAdmin.post('/api/pdf-sign/get-tpl-prepare-iframe-url', {
      type: 'esign',
      editing: true,
      templateId: doc,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ url: `/esign/prepare?templateId=${encodeURIComponent(doc)}`, templateId: doc });
    // The page is the web app's own (same origin), framed only by our own pages.
    const page = await t.app.inject({ method: 'GET', url: res.json().url, headers: { cookie: lawAdmin.cookie } });
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
  });

  it('saves the fields and answers them again exactly, in PDF points, on every page', async () => {
    const doc = await upload(lawAdmin, 'support.pdf', PDF);
    const empty = await lawAdmin.post('/api/pdf-sign/template-fields', { templateId: doc });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({
      templateId: doc,
      document: { path: doc, name: 'support.pdf' },
      canEdit: true,
      fields: [],
    });
    const fields = [SIGNATURE, SECOND, { ...SIGNATURE, x: 380, role: 'petitioner', type: 'date' }];
    const saved = await lawAdmin.post('/api/pdf-sign/save-template-fields', { templateId: doc, fields });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ message: 'Signature fields saved successfully', fields });
    expect((await lawAdmin.post('/api/pdf-sign/template-fields', { templateId: doc })).json().fields).toEqual(fields);
    // Saving again replaces the whole set (one row per document), audited each time.
    const before = await audits();
    const again = await lawAdmin.post('/api/pdf-sign/save-template-fields', { templateId: doc, fields: [SECOND] });
    expect(again.statusCode).toBe(200);
    expect((await lawAdmin.post('/api/pdf-sign/template-fields', { templateId: doc })).json().fields).toEqual([SECOND]);
    expect(await audits()).toBe(before + 1);
  });

  it('a set with one bad field is refused whole (400 with the field named) and changes nothing', async () => {
    const doc = await upload(lawAdmin, 'support.pdf', PDF);
    await lawAdmin.post('/api/pdf-sign/save-template-fields', { templateId: doc, fields: [SIGNATURE] });
    const [rowsBefore, auditsBefore] = [await fieldRows(), await audits()];
    const bad: [unknown, string][] = [
      [{ ...SIGNATURE, x: 500 }, 'fields.1'], // 500 + 160 > 612: past the right edge
      [{ ...SIGNATURE, y: -1 }, 'fields.1'],
      [{ ...SIGNATURE, page: 3 }, 'fields.1.page'], // the document has two pages
      [{ ...SIGNATURE, role: 'notary' }, 'fields.1.role'],
      [{ ...SIGNATURE, type: 'stamp' }, 'fields.1.type'],
      [{ ...SIGNATURE, x: 72.5 }, 'fields.1.x'],
      [{ ...SIGNATURE, width: 2 }, 'fields.1.width'],
      [{ ...SIGNATURE, tenantId: 'x' }, 'fields.1'],
    ];
    for (const [field, name] of bad) {
      const res = await lawAdmin.post('/api/pdf-sign/save-template-fields', {
        templateId: doc,
        fields: [SECOND, field],
      });
      expect(res.statusCode, JSON.stringify(field)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().fields.map((f: { name: string }) => f.name)).toContain(name);
    }
    const tooMany = await lawAdmin.post('/api/pdf-sign/save-template-fields', {
      templateId: doc,
      fields: Array(ESIGN_MAX_FIELDS + 1).fill(SIGNATURE),
    });
    expect(tooMany.statusCode).toBe(400);
    expect((await lawAdmin.post('/api/pdf-sign/template-fields', { templateId: doc })).json().fields).toEqual([
      SIGNATURE,
    ]);
    expect([await fieldRows(), await audits()]).toEqual([rowsBefore, auditsBefore]);
    // Not a PDF: the document field's error.
    const image = await upload(lawAdmin, 'scan.png', PNG_1X1, 'document');
    const notPdf = await lawAdmin.post('/api/pdf-sign/save-template-fields', { templateId: image, fields: [] });
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().fields).toEqual([{ name: 'templateId', message: 'Template Document is required' }]);
  });

  it("another tenant's document answers 404 on every call and changes nothing", async () => {
    const doc = await upload(lawAdmin, 'support.pdf', PDF);
    await lawAdmin.post('/api/pdf-sign/save-template-fields', { templateId: doc, fields: [SIGNATURE] });
    const read = await otherAdmin.post('/api/pdf-sign/template-fields', { templateId: doc });
    expect([read.statusCode, read.json().code]).toEqual([404, 'NOT_FOUND']);
    const write = await otherAdmin.post('/api/pdf-sign/save-template-fields', { templateId: doc, fields: [] });
    expect(write.statusCode).toBe(404);
    const preview = await otherAdmin.get(`/api/pdf-sign/flattened-preview?templateId=${encodeURIComponent(doc)}`);
    expect(preview.statusCode).toBe(404);
    expect((await lawAdmin.post('/api/pdf-sign/template-fields', { templateId: doc })).json().fields).toEqual([
      SIGNATURE,
    ]);
  });

  it('roles: the branch manager (4) sees the fields read-only and may not save; a role without the tab is refused', async () => {
    const doc = await upload(lawAdmin, 'support.pdf', PDF);
    const read = await lawManager.post('/api/pdf-sign/template-fields', { templateId: doc });
    expect(read.statusCode).toBe(200);
    expect(read.json().canEdit).toBe(false);
    const write = await lawManager.post('/api/pdf-sign/save-template-fields', { templateId: doc, fields: [SIGNATURE] });
    expect(write.statusCode).toBe(403);
    // Role 12 (authorized signatory) has no E-Sign Templates tab: refused on a document of its own tenant (issue 38:
    // a failed upload used to fall back to the law firm's document, whose 404 would have hidden a missing 403).
    const coDoc = await upload(coSignatory, 'own.pdf', PDF);
    expect(coDoc).not.toBe(doc);
    for (const res of [
      await coSignatory.post('/api/pdf-sign/template-fields', { templateId: coDoc }),
      await coSignatory.post('/api/pdf-sign/save-template-fields', { templateId: coDoc, fields: [] }),
      await coSignatory.get(`/api/pdf-sign/flattened-preview?templateId=${encodeURIComponent(coDoc)}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await lawAdmin.post('/api/pdf-sign/template-fields', { templateId: doc })).json().fields).toEqual([]);
  });

  it('the flattened preview draws every field as a labelled box on its page', async () => {
    const doc = await upload(lawAdmin, 'support.pdf', PDF);
    await lawAdmin.post('/api/pdf-sign/save-template-fields', { templateId: doc, fields: [SIGNATURE, SECOND] });
    const res = await lawAdmin.get(`/api/pdf-sign/flattened-preview?templateId=${encodeURIComponent(doc)}&download=1`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="support - fields preview.pdf"/);
    const pdf = await PDFDocument.load(res.rawPayload);
    const contentOf = (index: number) => {
      const contents = pdf.getPages()[index]!.node.get(PDFName.of('Contents'));
      const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
      return streams
        .map((ref) => pdf.context.lookup(ref))
        .map((s) => (s instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(s).decode()).toString('latin1') : ''))
        .join('\n');
    };
    // pdf-lib draws a rectangle as a path from its corner: "1 0 0 1 x y cm ... 0 0 m 0 h l w h l w 0 l h".
    const box = (f: { x: number; y: number; width: number; height: number }) =>
      new RegExp(
        `1 0 0 1 ${f.x} ${f.y} cm\\s+(1 0 0 1 0 0 cm\\s+)*0 0 m\\s+0 ${f.height} l\\s+${f.width} ${f.height} l`,
      );
    expect(contentOf(0)).toMatch(box(SIGNATURE));
    expect(contentOf(1)).toMatch(box(SECOND));
    // The label, hex-encoded by pdf-lib: "Authorized Signatory Signature".
    expect(contentOf(0)).toContain(Buffer.from('Authorized Signatory Signature').toString('hex').toUpperCase());
  });
});
