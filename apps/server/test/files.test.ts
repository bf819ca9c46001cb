import { sql } from 'drizzle-orm';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOC_OLE,
  DOC_WITH_MACROS,
  DOCM,
  DOCX_DEFLATED,
  DOCX_EXTERNAL_REL,
  DOCX_MIN,
  GIF_1X1,
  ICO_1X1,
  JPEG_MIN,
  PDF_MIN,
  PNG_1X1,
  pngOfSize,
  postUpload,
  SVG_MIN,
  WEBP_1X1,
  ZIP_BOMB,
  ZIP_BOMB_LYING,
} from './support/files';
import { storedByteFiles, whileInsertsRefused } from './support/refused-inserts';
import { type Caller, createTestApp, DEMO, login, type TestApp } from './support/test-app';

let t: TestApp;
let lawAdmin: Caller;
let otherAdmin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  lawAdmin = await login(t, DEMO.lawAdmin);
  otherAdmin = await login(t, DEMO.otherAdmin);
});
afterAll(() => t.close());

const fileCount = async () =>
  (await t.database.db.execute<{ n: number }>(sql`select count(*)::int n from files`)).rows[0]!.n;

describe('POST /api/common/upload', () => {
  it('stores a real PNG logo publicly under a random name and answers data.result[] with name, extn, path, mimetype', async () => {
    const res = await postUpload(t, lawAdmin, { purpose: 'logo', secureType: 'public', getDetails: 'true' }, [
      { name: 'logo.png', data: PNG_1X1 },
    ]);
    expect(res.statusCode).toBe(200);
    const [record] = res.json().data.result;
    expect(record).toMatchObject({ name: 'logo.png', extn: 'png', mimetype: 'image/png', secureType: 'public' });
    expect(record.path).toMatch(/^public\/[a-f0-9]{32}\.png$/);
  });

  it('accepts a JPEG logo and a real .docx as a Word template', async () => {
    expect(
      (await postUpload(t, lawAdmin, { purpose: 'logo' }, [{ name: 'logo.jpeg', data: JPEG_MIN }])).statusCode,
    ).toBe(200);
    const res = await postUpload(t, lawAdmin, { purpose: 'word' }, [{ name: 'template.docx', data: DOCX_MIN }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.result[0].extn).toBe('docx');
  });

  it('D-19: a 300 KB logo is refused with 413 and nothing is stored', async () => {
    const before = await fileCount();
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(300 * 1024)]);
    const res = await postUpload(t, lawAdmin, { purpose: 'logo' }, [{ name: 'big.png', data: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('FILE_REJECTED');
    expect(await fileCount()).toBe(before);
  });

  it("a PDF renamed .png is refused as a logo with 'Select image only'", async () => {
    const res = await postUpload(t, lawAdmin, { purpose: 'logo' }, [{ name: 'logo.png', data: PDF_MIN }]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: 'FILE_REJECTED', message: 'Select image only' });
  });

  it("R-PROFILE-024: R-PROFILE-026: a GIF, a WEBP and an SVG renamed .png are refused as a logo with 415 'Select image only' and nothing is stored; a JPEG named .jpeg is accepted", async () => {
    const before = await fileCount();
    for (const file of [
      { name: 'logo.gif', data: GIF_1X1 },
      { name: 'logo.webp', data: WEBP_1X1 },
      { name: 'logo.png', data: SVG_MIN },
    ]) {
      const res = await postUpload(t, lawAdmin, { purpose: 'logo' }, [file]);
      expect(res.statusCode, file.name).toBe(415);
      expect(res.json(), file.name).toEqual({ code: 'FILE_REJECTED', message: 'Select image only' });
    }
    expect(await fileCount()).toBe(before);
    const jpeg = await postUpload(t, lawAdmin, { purpose: 'logo' }, [{ name: 'logo.jpeg', data: JPEG_MIN }]);
    expect(jpeg.statusCode, jpeg.body).toBe(200);
    expect(jpeg.json().data.result[0]).toMatchObject({ name: 'logo.jpeg', extn: 'jpg', mimetype: 'image/jpeg' });
    expect(await fileCount()).toBe(before + 1);
  });

  it('D-19: a logo of exactly 250 KB (250 x 1024 bytes) is accepted, one byte more is refused with 413', async () => {
    const atLimit = await postUpload(t, lawAdmin, { purpose: 'logo' }, [
      { name: 'logo.png', data: pngOfSize(250 * 1024) },
    ]);
    expect(atLimit.statusCode, atLimit.body).toBe(200);
    expect(atLimit.json().data.result[0]).toMatchObject({ extn: 'png', size: 256_000 });
    const before = await fileCount();
    const over = await postUpload(t, lawAdmin, { purpose: 'logo' }, [
      { name: 'logo.png', data: pngOfSize(250 * 1024 + 1) },
    ]);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ code: 'FILE_REJECTED', message: 'File is too large (at most 250 KB)' });
    expect(await fileCount()).toBe(before);
  });

  it('D-19: a favicon of exactly 100 KB (100 x 1024 bytes) is accepted, one byte more is refused with 413', async () => {
    const atLimit = await postUpload(t, lawAdmin, { purpose: 'favicon' }, [
      { name: 'favicon.png', data: pngOfSize(100 * 1024) },
    ]);
    expect(atLimit.statusCode, atLimit.body).toBe(200);
    expect(atLimit.json().data.result[0]).toMatchObject({ extn: 'png', size: 102_400 });
    const before = await fileCount();
    const over = await postUpload(t, lawAdmin, { purpose: 'favicon' }, [
      { name: 'favicon.png', data: pngOfSize(100 * 1024 + 1) },
    ]);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ code: 'FILE_REJECTED', message: 'File is too large (at most 100 KB)' });
    expect(await fileCount()).toBe(before);
  });

  it("D-19: an .ico favicon is accepted; an SVG favicon is refused with 415 'Select image only' and nothing is stored", async () => {
    const ico = await postUpload(t, lawAdmin, { purpose: 'favicon' }, [{ name: 'favicon.ico', data: ICO_1X1 }]);
    expect(ico.statusCode, ico.body).toBe(200);
    expect(ico.json().data.result[0]).toMatchObject({
      name: 'favicon.ico',
      extn: 'ico',
      mimetype: 'image/x-icon',
      secureType: 'public',
    });
    const before = await fileCount();
    for (const name of ['favicon.svg', 'favicon.png']) {
      const res = await postUpload(t, lawAdmin, { purpose: 'favicon' }, [{ name, data: SVG_MIN }]);
      expect(res.statusCode, name).toBe(415);
      expect(res.json(), name).toEqual({ code: 'FILE_REJECTED', message: 'Select image only' });
    }
    expect(await fileCount()).toBe(before);
  });

  it('a macro-enabled docm renamed .docx, a zip bomb (declared or lying about its sizes) and a PDF renamed .docx are refused as Word files', async () => {
    const before = await fileCount();
    for (const data of [DOCM, ZIP_BOMB, ZIP_BOMB_LYING, PDF_MIN]) {
      const res = await postUpload(t, lawAdmin, { purpose: 'word' }, [{ name: 'template.docx', data }]);
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe('Upload Only MS Word Files');
    }
    expect(await fileCount()).toBe(before);
    const ok = await postUpload(t, lawAdmin, { purpose: 'word' }, [{ name: 'deflated.docx', data: DOCX_DEFLATED }]);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a legacy .doc is accepted as a Word file, but not one that carries a VBA project (macros)', async () => {
    const ok = await postUpload(t, lawAdmin, { purpose: 'word' }, [{ name: 'letter.doc', data: DOC_OLE }]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.result[0]).toMatchObject({ extn: 'doc', mimetype: 'application/msword' });
    const before = await fileCount();
    const res = await postUpload(t, lawAdmin, { purpose: 'word' }, [{ name: 'letter.doc', data: DOC_WITH_MACROS }]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Upload Only MS Word Files');
    expect(await fileCount()).toBe(before);
  });

  it('one bad file refuses the whole batch: no partial writes', async () => {
    const before = await fileCount();
    const res = await postUpload(t, lawAdmin, { purpose: 'document' }, [
      { name: 'ok.pdf', data: PDF_MIN },
      { name: 'bad.pdf', data: Buffer.from('MZ not a pdf') },
    ]);
    expect(res.statusCode).toBe(415);
    expect(await fileCount()).toBe(before);
  });

  it('issue 39: an upload whose row cannot be recorded (the transaction fails after the bytes were written) leaves no row and no file; the next upload is stored', async () => {
    await whileInsertsRefused(t, 'files', "new.original_name = 'refused.pdf'", async () => {
      const [rows, bytes] = [await fileCount(), await storedByteFiles(t)];
      const res = await postUpload(t, lawAdmin, { purpose: 'document' }, [{ name: 'refused.pdf', data: PDF_MIN }]);
      expect(res.statusCode).toBe(500);
      expect(await fileCount()).toBe(rows);
      expect(await storedByteFiles(t)).toBe(bytes);
      const ok = await postUpload(t, lawAdmin, { purpose: 'document' }, [{ name: 'kept.pdf', data: PDF_MIN }]);
      expect(ok.statusCode).toBe(200);
      expect(await storedByteFiles(t)).toBe(bytes + 1);
    });
  });

  it('a secureType that does not fit the purpose is refused', async () => {
    const res = await postUpload(t, lawAdmin, { purpose: 'document', secureType: 'public' }, [
      { name: 'a.pdf', data: PDF_MIN },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].name).toBe('secureType');
  });

  it('every upload is audited (SECURITY 19)', async () => {
    const res = await postUpload(t, lawAdmin, { purpose: 'document' }, [{ name: 'fein.pdf', data: PDF_MIN }]);
    const path = res.json().data.result[0].path;
    const rows = await t.database.db.execute<{ tenant_id: string; action: string; role_id: number }>(
      sql`select tenant_id, action, role_id from audit_log where entity = 'file' and entity_id = ${path}`,
    );
    expect(rows.rows).toEqual([{ tenant_id: t.tenants.lawfirm, action: 'upload', role_id: 3 }]);
  });
});

describe('GET /api/common/viewfile', () => {
  it('R-API-019: serves a private file to its own tenant as an attachment with nosniff', async () => {
    const res = await postUpload(t, lawAdmin, { purpose: 'document' }, [{ name: 'FEIN letter.pdf', data: PDF_MIN }]);
    const { path } = res.json().data.result[0];
    const view = await lawAdmin.get(`/api/common/viewfile?path=${encodeURIComponent(path)}&filename=FEIN%20letter.pdf`);
    expect(view.statusCode).toBe(200);
    expect(view.rawPayload.equals(PDF_MIN)).toBe(true);
    expect(view.headers['content-disposition']).toMatch(/^attachment; filename="FEIN letter.pdf"/);
    expect(view.headers['x-content-type-options']).toBe('nosniff');
    expect(view.headers['content-type']).toBe('application/pdf');
  });

  it('issue 39: every viewfile answer is sandboxed (CSP sandbox, nosniff), inline PDFs included, so a PDF /OpenAction script cannot run in the app origin', async () => {
    const res = await postUpload(t, lawAdmin, { purpose: 'document' }, [{ name: 'open-action.pdf', data: PDF_MIN }]);
    const { path } = res.json().data.result[0];
    for (const query of ['', '&inline=1']) {
      const view = await lawAdmin.get(`/api/common/viewfile?path=${encodeURIComponent(path)}${query}`);
      expect(view.statusCode).toBe(200);
      const csp = String(view.headers['content-security-policy']);
      expect(csp.split(';').map((d) => d.trim())).toContain('sandbox');
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain('allow-scripts');
      expect(view.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('issue 39: an uploaded .docx is stored without its external relationships (file:///etc/passwd) and without the reference to them', async () => {
    const res = await postUpload(t, lawAdmin, { purpose: 'word' }, [{ name: 'linked.docx', data: DOCX_EXTERNAL_REL }]);
    expect(res.statusCode, res.body).toBe(200);
    const { path, size } = res.json().data.result[0];
    const view = await lawAdmin.get(`/api/common/viewfile?path=${encodeURIComponent(path)}`);
    expect(view.statusCode).toBe(200);
    expect(view.rawPayload.length).toBe(size);
    const zip = new PizZip(view.rawPayload);
    const rels = zip.file('word/_rels/document.xml.rels')?.asText() ?? '';
    expect(rels).not.toContain('file:///etc/passwd');
    expect(rels).not.toMatch(/TargetMode="External"/);
    // The internal relationship stays; the document no longer names the removed one.
    expect(rels).toContain('Id="rId1"');
    const doc = zip.file('word/document.xml')?.asText() ?? '';
    expect(doc).not.toContain('rId9');
    expect(doc).toContain('<w:t>Hello</w:t>');
    // A document with nothing external is stored byte for byte.
    const plain = await postUpload(t, lawAdmin, { purpose: 'word' }, [{ name: 'plain.docx', data: DOCX_DEFLATED }]);
    const back = await lawAdmin.get(
      `/api/common/viewfile?path=${encodeURIComponent(plain.json().data.result[0].path)}`,
    );
    expect(back.rawPayload.equals(DOCX_DEFLATED)).toBe(true);
  });

  it("another tenant's file path answers 404", async () => {
    const res = await postUpload(t, lawAdmin, { purpose: 'document' }, [{ name: 'secret.pdf', data: PDF_MIN }]);
    const { path } = res.json().data.result[0];
    const view = await otherAdmin.get(`/api/common/viewfile?path=${encodeURIComponent(path)}`);
    expect(view.statusCode).toBe(404);
    expect(view.json().code).toBe('NOT_FOUND');
  });

  it('path traversal and unknown paths answer 404', async () => {
    for (const p of [
      '../../etc/passwd',
      'private/../../package.json',
      '/etc/passwd',
      'private/00000000000000000000000000000000.pdf',
    ]) {
      expect((await lawAdmin.get(`/api/common/viewfile?path=${encodeURIComponent(p)}`)).statusCode).toBe(404);
    }
  });
});
