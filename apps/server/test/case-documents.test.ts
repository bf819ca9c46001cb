import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_FILE, signIn, uploadFile } from './support/calls';
import { insertCaseWith } from './support/case-records';
import { DOCX_MIN, GIF_1X1, JPEG_MIN, letterDocx, PDF_MIN, PNG_1X1, postMultipart, SVG_MIN } from './support/files';
import { storedByteFiles, whileInsertsRefused } from './support/refused-inserts';
import { type Caller, createTestApp, type TestApp } from './support/test-app';

/**
 * Issue 34 item 4: a case's documents. Files uploaded on the case (checked by content) and letters filled for
 * it are records of the case: listed, downloaded byte for byte, deleted; another tenant's case or document is 404;
 * each change is one audit row. A fill that lists missing tags stores nothing; 'Download anyway' stores one.
 */

let t: TestApp;
let admin: Caller;
let manager: Caller;
let other: Caller;
let caseId: string;
let otherCaseId: string;

const count = async (table: 'case_documents' | 'files') =>
  (await t.database.db.execute<{ n: number }>(sql`select count(*)::int n from ${sql.identifier(table)}`)).rows[0]!.n;
const audits = async (action: string) =>
  (
    await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int n from audit_log where entity = 'case_document' and action = ${action}`,
    )
  ).rows[0]!.n;

const upload = (c: Caller, fields: Record<string, string>, files: { name: string; data: Buffer }[]) =>
  postMultipart(t, c, '/api/cases/documents/upload', fields, files);
const listOf = async (c: Caller, id = caseId) => {
  const res = await c.post('/api/cases/documents/list', { caseId: id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().list as { _id: string; kind: string; name: string; formAndLetterId: string | null }[];
};

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, other] = await signIn(t, 'lawAdmin', 'lawManager', 'otherAdmin');
  caseId = (await insertCaseWith(t, t.tenants.lawfirm, { beneficiary: { givenName: 'Dana', familyName: 'Docs' } }))
    .caseId;
  otherCaseId = (
    await insertCaseWith(t, t.tenants.otherfirm, { beneficiary: { givenName: 'Oz', familyName: 'Other' } })
  ).caseId;
});
afterAll(() => t.close());

describe('uploaded case documents (/api/cases/documents/*)', () => {
  it('issue 34: a PDF, a .docx, a JPEG and a PNG upload on the case; the list names them, newest first, with who', async () => {
    const before = await audits('upload');
    for (const [name, data] of [
      ['passport.pdf', PDF_MIN],
      ['draft.docx', DOCX_MIN],
      ['photo.jpg', JPEG_MIN],
      ['scan.png', PNG_1X1],
    ] as const) {
      const res = await upload(admin, { caseId }, [{ name, data }]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Document uploaded successfully',
        item: { caseId, kind: 'upload', name, formAndLetterId: null, size: data.length },
      });
    }
    const list = await listOf(admin);
    expect(list.map((d) => d.name)).toEqual(['scan.png', 'photo.jpg', 'draft.docx', 'passport.pdf']);
    expect((await admin.post('/api/cases/documents/list', { caseId })).json().list[0]).toMatchObject({
      extn: 'png',
      mimetype: 'image/png',
      createdBy: { name: expect.any(String) },
      createdOn: expect.any(String),
    });
    expect(await audits('upload')).toBe(before + 4);
    // The Branch Manager, who opens cases too, sees the same list and may upload.
    expect((await listOf(manager)).length).toBe(4);
  });

  it('issue 34: a download answers the uploaded bytes, as an attachment with nosniff', async () => {
    const [pdf] = (await listOf(admin)).filter((d) => d.name === 'passport.pdf');
    const res = await admin.post('/api/cases/documents/download', { caseDocumentId: pdf!._id });
    expect(res.statusCode).toBe(200);
    expect(Buffer.compare(res.rawPayload, PDF_MIN)).toBe(0);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="passport\.pdf"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('issue 34: a file that is not a PDF, DOCX, JPEG or PNG by content is refused, and nothing is stored', async () => {
    const rows = await count('case_documents');
    const files = await count('files');
    for (const f of [
      { name: 'fake.pdf', data: Buffer.from('<html><script>alert(1)</script></html>') },
      { name: 'image.gif', data: GIF_1X1 },
      { name: 'vector.png', data: SVG_MIN },
    ]) {
      const res = await upload(admin, { caseId }, [f]);
      expect([400, 415]).toContain(res.statusCode);
      expect(res.json()).toMatchObject({ code: 'FILE_REJECTED', message: expect.stringContaining('PDF') });
    }
    // No file, two files, no case: 400 with the field named.
    const none = await upload(admin, { caseId }, []);
    expect(none.statusCode).toBe(400);
    const two = await upload(admin, { caseId }, [
      { name: 'a.pdf', data: PDF_MIN },
      { name: 'b.pdf', data: PDF_MIN },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().fields).toEqual([{ name: 'files', message: 'Upload one file at a time' }]);
    const noCase = await upload(admin, {}, [{ name: 'a.pdf', data: PDF_MIN }]);
    expect(noCase.statusCode).toBe(400);
    expect(noCase.json().fields).toEqual([{ name: 'caseId', message: 'Case is required' }]);
    expect(await count('case_documents')).toBe(rows);
    expect(await count('files')).toBe(files);
  });

  it('an upload whose case document cannot be recorded (the transaction fails after the file was stored) leaves no row and no bytes; the next upload is kept', async () => {
    await whileInsertsRefused(t, 'case_documents', "new.name = 'refused.pdf'", async () => {
      const [rows, files, bytes] = [await count('case_documents'), await count('files'), await storedByteFiles(t)];
      const res = await upload(admin, { caseId }, [{ name: 'refused.pdf', data: PDF_MIN }]);
      expect(res.statusCode).toBe(500);
      expect(await count('case_documents')).toBe(rows);
      expect(await count('files')).toBe(files);
      expect(await storedByteFiles(t)).toBe(bytes);
      const ok = await upload(admin, { caseId }, [{ name: 'kept.pdf', data: PDF_MIN }]);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(await storedByteFiles(t)).toBe(bytes + 1);
    });
  });

  it("issue 34: another tenant's case or document answers 404 on every route, and nothing changes", async () => {
    const [doc] = await listOf(admin);
    const rows = await count('case_documents');
    const files = await count('files');
    expect((await other.post('/api/cases/documents/list', { caseId })).statusCode).toBe(404);
    expect((await upload(other, { caseId }, [{ name: 'x.pdf', data: PDF_MIN }])).statusCode).toBe(404);
    expect((await other.post('/api/cases/documents/download', { caseDocumentId: doc!._id })).statusCode).toBe(404);
    expect((await other.post('/api/cases/documents/delete', { caseDocumentId: doc!._id })).statusCode).toBe(404);
    expect((await admin.post('/api/cases/documents/list', { caseId: otherCaseId })).statusCode).toBe(404);
    expect((await upload(admin, { caseId: otherCaseId }, [{ name: 'x.pdf', data: PDF_MIN }])).statusCode).toBe(404);
    expect(await count('case_documents')).toBe(rows);
    expect(await count('files')).toBe(files);
    expect((await listOf(admin)).map((d) => d._id)).toContain(doc!._id);
  });

  it('issue 34: a delete takes the document off the list (the row is kept, marked deleted) with one audit row', async () => {
    const [doc] = await listOf(admin);
    const before = await audits('delete');
    const res = await admin.post('/api/cases/documents/delete', { caseDocumentId: doc!._id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Document deleted successfully' });
    expect((await listOf(admin)).map((d) => d._id)).not.toContain(doc!._id);
    expect(await audits('delete')).toBe(before + 1);
    // Deleted: no longer downloadable, and a second delete is 404 without another audit row.
    expect((await admin.post('/api/cases/documents/download', { caseDocumentId: doc!._id })).statusCode).toBe(404);
    expect((await admin.post('/api/cases/documents/delete', { caseDocumentId: doc!._id })).statusCode).toBe(404);
    expect(await audits('delete')).toBe(before + 1);
    const kept = await t.database.db.execute<{ deleted_on: string | null }>(
      sql`select deleted_on from case_documents where id = ${doc!._id}`,
    );
    expect(kept.rows[0]?.deleted_on).not.toBeNull();
  });

  it('issue 34: a role that does not open cases (the petitioner contact, 50) is refused 403', async () => {
    const [contact] = await signIn(t, 'lawPetitioner');
    expect((await contact!.post('/api/cases/documents/list', { caseId })).statusCode).toBe(403);
  });
});

describe('issue 34: a letter filled for a case becomes one of its documents', () => {
  let letterId: string;

  beforeAll(async () => {
    const path = (
      await uploadFile(
        t,
        admin,
        { purpose: 'word', ...PRIVATE_FILE },
        { name: 'Doc letter.docx', data: letterDocx(['For {beneficiaryFullName}, job {jobTitle}']) },
      )
    ).path;
    const res = await admin.post('/api/form-letter/create', { name: 'Docs letter', type: 'Letter', templateId: path });
    expect(res.statusCode, res.body).toBe(200);
    letterId = res.json().item._id;
  });

  it('issue 34: a fill that lists missing tags stores nothing: no file, no case document, no audit row', async () => {
    const rows = await count('case_documents');
    const files = await count('files');
    const auditRows = await audits('fill');
    const res = await admin.post('/api/form-letter/fill', { formAndLetterId: letterId, caseId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ document: null, missing: ['{jobTitle}'] });
    expect(res.json().missingFields).toEqual([
      { tag: '{jobTitle}', label: 'Job title offered', field: 'fact.jobTitle' },
    ]);
    expect(await count('case_documents')).toBe(rows);
    expect(await count('files')).toBe(files);
    expect(await audits('fill')).toBe(auditRows);
    expect((await listOf(admin)).filter((d) => d.kind === 'letter')).toEqual([]);
  });

  it("issue 34: 'Download anyway' stores one letter document of the case, listed and downloaded byte for byte", async () => {
    const rows = await count('case_documents');
    const auditRows = await audits('fill');
    const res = await admin.post('/api/form-letter/fill', { formAndLetterId: letterId, caseId, anyway: true });
    expect(res.statusCode, res.body).toBe(200);
    const { document } = res.json() as { document: { path: string; name: string } };
    expect(document.name).toMatch(/^Docs letter - .*\.docx$/);
    expect(await count('case_documents')).toBe(rows + 1);
    expect(await audits('fill')).toBe(auditRows + 1);
    const letters = (await listOf(admin)).filter((d) => d.kind === 'letter');
    expect(letters).toEqual([expect.objectContaining({ name: document.name, formAndLetterId: letterId })]);
    const viewed = await admin.get(`/api/common/viewfile?path=${encodeURIComponent(document.path)}`);
    const downloaded = await admin.post('/api/cases/documents/download', { caseDocumentId: letters[0]!._id });
    expect(downloaded.statusCode).toBe(200);
    expect(Buffer.compare(downloaded.rawPayload, viewed.rawPayload)).toBe(0);
    expect(downloaded.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });

  it('issue 34: a fill with nothing missing stores its document at once', async () => {
    const full = (
      await insertCaseWith(t, t.tenants.lawfirm, {
        beneficiary: { givenName: 'Full', familyName: 'Facts' },
        facts: { jobTitle: 'Analyst' },
      })
    ).caseId;
    const res = await admin.post('/api/form-letter/fill', { formAndLetterId: letterId, caseId: full });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ missing: [], document: { name: expect.stringMatching(/\.docx$/) } });
    expect(await listOf(admin, full)).toEqual([
      expect.objectContaining({ kind: 'letter', formAndLetterId: letterId, name: res.json().document.name }),
    ]);
  });
});
