import { dayIn } from '@caseport/domain/tenants/tenant-day';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_FILE, signIn, uploadFile } from './support/calls';
import { DOCM, DOCX_MIN, PDF_MIN, postUpload, ZIP_BOMB } from './support/files';
import { type Caller, createTestApp, DEMO, login, type TestApp } from './support/test-app';
import { INERT_HTML, XSS_CORPUS } from './support/xss-corpus';

let t: TestApp;
let lawAdmin: Caller;
let lawManager: Caller;
let otherAdmin: Caller;

type Doc = { name: string; extn: string; path: string; mimetype: string };
const fieldsOf = (purpose: string) => ({ purpose, type: 'forms-and-letters', ...PRIVATE_FILE });
const upload = (caller: Caller, name: string, data: Buffer, purpose = 'word') =>
  postUpload(t, caller, fieldsOf(purpose), [{ name, data }]);
const uploadDoc = (caller: Caller, name = 'template.docx', data = DOCX_MIN): Promise<Doc> =>
  uploadFile(t, caller, fieldsOf('word'), { name, data });
const fileCount = async () =>
  (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from files`)).rows[0]?.n ?? 0;
const soc = (overrides: Record<string, unknown> = {}) => ({
  name: '15-1252',
  designation: 'Software Developers',
  description: '<p>Research, design and develop <strong>software</strong>.</p>',
  jobTitles: '<ul><li>Software Engineer</li><li>Backend Developer</li></ul>',
  socId: 27,
  socDetails: { name: '15-1252', designation: 'Software Developers' },
  document: [],
  attachments: [],
  ...overrides,
});
const list = async (c: Caller, b: Record<string, unknown> = {}) => {
  const res = await c.post('/api/soc-code-config/list', b);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
let devId: string;
let qaId: string;
let template: Doc;

beforeAll(async () => {
  t = await createTestApp();
  [lawAdmin, lawManager, otherAdmin] = await signIn(t, 'lawAdmin', 'lawManager', 'otherAdmin');
  template = await uploadDoc(lawAdmin, 'H-1B support letter.docx');
  t.advance(60_000);
  const a = await lawAdmin.post('/api/soc-code-config/add-soc-code', soc({ attachments: [template] }));
  expect(a.statusCode, a.body).toBe(200);
  devId = a.json().socCodeConfigId;
  t.advance(60_000);
  const b = await lawManager.post(
    '/api/soc-code-config/add-soc-code',
    soc({
      name: '15-1253',
      designation: 'Software Quality Assurance Analysts and Testers',
      socId: 28,
      socDetails: null,
    }),
  );
  qaId = b.json().socCodeConfigId;
});
afterAll(() => t.close());

describe('SOC master data and letter variables', () => {
  it('R-SOC-038: master data soc_codes serves at least 40 SOC 2018 codes with titles, searchable by code or title', async () => {
    const all = (
      await lawAdmin.post('/api/masterdata/list', {
        category: 'soc_codes',
        page: 1,
        perpage: 1000,
        matcher: {},
        sorting: { path: 'id', order: 1 },
      })
    ).json().list;
    expect(all.length).toBeGreaterThanOrEqual(40);
    expect(all).toContainEqual({ id: 27, code: '15-1252', name: 'Software Developers' });
    const byCode = (
      await lawAdmin.post('/api/masterdata/list', { category: 'soc_codes', matcher: { searchString: '15-2051' } })
    ).json().list;
    expect(byCode.map((c: { name: string }) => c.name)).toEqual(['Data Scientists']);
    const byTitle = (
      await lawAdmin.post('/api/masterdata/list', {
        category: 'soc_codes',
        matcher: { searchString: 'registered nurse' },
      })
    ).json().list;
    expect(byTitle.map((c: { code: string }) => c.code)).toEqual(['29-1141']);
  });

  it('R-SOC-037: /messages/list {category: LETTER_VARIABLES} answers messages.LETTER_VARIABLES', async () => {
    const res = await lawAdmin.post('/api/messages/list', { category: 'LETTER_VARIABLES' });
    expect(res.json().messages.LETTER_VARIABLES).toContainEqual({ key: '{socCode}', label: 'SOC code' });
    expect((await lawAdmin.post('/api/messages/list', { category: 'PASSWORDS' })).statusCode).toBe(400);
  });
});

describe('SOC list, add, update, details', () => {
  it('R-SOC-031: list {page, perpage, filters {title, createdDateRange, statusList}, sorting} answers list and totalCount', async () => {
    const page = await list(lawAdmin, {
      page: 1,
      perpage: 10,
      filters: { title: '', statusList: [true] },
      sorting: { path: 'createdOn', order: -1 },
    });
    expect(page.totalCount).toBe(2);
    expect(page.list.map((s: { socDetails: { name: string } }) => s.socDetails.name)).toEqual(['15-1253', '15-1252']);
    // The firm's day (its zone, New York): the days its list shows and its filter picks (filter-days.test.ts).
    const today = dayIn(new Date(Date.now() + 120_000), 'America/New_York');
    expect((await list(lawAdmin, { filters: { createdDateRange: [today, today] } })).totalCount).toBe(2);
    expect((await list(lawAdmin, { filters: { createdDateRange: ['2001-01-01', '2001-01-02'] } })).totalCount).toBe(0);
    expect((await list(otherAdmin)).totalCount).toBe(0);
  });

  it('R-SOC-001: filters.title searches the SOC name and designation', async () => {
    expect((await list(lawAdmin, { filters: { title: 'quality' } })).list.map((s: { _id: string }) => s._id)).toEqual([
      qaId,
    ]);
    expect((await list(lawAdmin, { filters: { title: '1252' } })).list.map((s: { _id: string }) => s._id)).toEqual([
      devId,
    ]);
  });

  it('R-SOC-006: the list sorts by name both ways', async () => {
    const names = async (order: 1 | -1) =>
      (await list(lawAdmin, { sorting: { path: 'name', order } })).list.map(
        (s: { socDetails: { name: string } }) => s.socDetails.name,
      );
    expect(await names(1)).toEqual(['15-1252', '15-1253']);
    expect(await names(-1)).toEqual(['15-1253', '15-1252']);
  });

  it('R-SOC-021, R-SOC-022, R-SOC-032: an added SOC has socDetails, status true and its document with uploader, role and Word mimetype', async () => {
    const res = await lawAdmin.post('/api/soc-code-config/details', { socCodeConfigId: devId });
    const s = res.json().socCodeConfig;
    expect(s).toMatchObject({
      _id: devId,
      status: true,
      socDetails: {
        name: '15-1252',
        designation: 'Software Developers',
        jobTitles: '<ul><li>Software Engineer</li><li>Backend Developer</li></ul>',
      },
    });
    expect(s.document).toEqual([
      {
        name: 'H-1B support letter.docx',
        extn: 'docx',
        path: template.path,
        mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        uploadedBy: expect.any(String),
        uploadedByName: 'Laura Lawson',
        uploadedByRoleId: 3,
        uploadedByRoleName: expect.any(String),
        status: true,
      },
    ]);
    expect(typeof s.createdOn).toBe('string');
    expect(typeof s.updatedOn).toBe('string');
  });

  it('R-SOC-036: details {socCodeConfigId}; another tenant gets 404', async () => {
    expect((await otherAdmin.post('/api/soc-code-config/details', { socCodeConfigId: devId })).statusCode).toBe(404);
  });

  it('R-SOC-025, R-SOC-026: required fields and the 15-character name are checked by the server too; names are unique per tenant', async () => {
    const res = await lawAdmin.post(
      '/api/soc-code-config/add-soc-code',
      soc({ name: '1234567890123456', description: '<p></p>' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { name: string }) => f.name)).toEqual(['name', 'description']);
    const dup = await lawAdmin.post('/api/soc-code-config/add-soc-code', soc());
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('SOC code already exists');
  });

  it('R-SOC-033: update takes the add payload plus socCodeConfigId; R-SOC-027: the name cannot change', async () => {
    const res = await lawManager.post('/api/soc-code-config/update', {
      ...soc({ designation: 'Software Developers, Applications', document: [template] }),
      socCodeConfigId: devId,
    });
    expect(res.json()).toEqual({ message: 'SOC code updated successfully' });
    const s = (await lawAdmin.post('/api/soc-code-config/details', { socCodeConfigId: devId })).json().socCodeConfig;
    expect(s.socDetails.designation).toBe('Software Developers, Applications');
    expect(s.document[0].uploadedByName).toBe('Laura Lawson');
    const locked = await lawAdmin.post('/api/soc-code-config/update', {
      ...soc({ name: '15-9999' }),
      socCodeConfigId: devId,
    });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().fields).toEqual([{ name: 'name', message: 'Name cannot be changed' }]);
  });
});

describe('status and documents', () => {
  it('R-SOC-034, R-SOC-017: inactivating sends status false with newSocCode; R-SOC-003: statusList filters', async () => {
    const res = await lawAdmin.post('/api/soc-code-config/manage-status', {
      socCodeConfigId: qaId,
      status: false,
      newSocCode: '15-1299',
    });
    expect(res.json()).toEqual({ message: 'SOC code inactivated successfully' });
    expect((await list(lawAdmin, { filters: { statusList: [true] } })).list.map((s: { _id: string }) => s._id)).toEqual(
      [devId],
    );
    const inactive = (await list(lawAdmin, { filters: { statusList: [false] } })).list;
    expect(inactive.map((s: { _id: string; newSocCode: string }) => [s._id, s.newSocCode])).toEqual([
      [qaId, '15-1299'],
    ]);
  });

  it('R-SOC-016: inactivating without a New SOC Code is refused; R-SOC-018: activating needs none and refuses one', async () => {
    expect(
      (await lawAdmin.post('/api/soc-code-config/manage-status', { socCodeConfigId: devId, status: false })).statusCode,
    ).toBe(400);
    expect(
      (
        await lawAdmin.post('/api/soc-code-config/manage-status', {
          socCodeConfigId: qaId,
          status: true,
          newSocCode: 'x',
        })
      ).statusCode,
    ).toBe(400);
    const res = await lawAdmin.post('/api/soc-code-config/manage-status', { socCodeConfigId: qaId, status: true });
    expect(res.json().message).toBe('SOC code activated successfully');
    expect(
      (await lawAdmin.post('/api/soc-code-config/details', { socCodeConfigId: qaId })).json().socCodeConfig,
    ).toMatchObject({ status: true, newSocCode: null });
  });

  it('R-SOC-035, R-SOC-030: update-documents adds the uploaded files to every selected SOC; it needs at least one file', async () => {
    const bulk = await uploadDoc(lawManager, 'Job description.docx');
    const res = await lawManager.post('/api/soc-code-config/update-documents', {
      socCodeConfigIds: [devId, qaId],
      document: [bulk],
    });
    expect(res.json()).toEqual({ message: 'Documents updated successfully' });
    const docs = async (id: string) =>
      (await lawAdmin.post('/api/soc-code-config/details', { socCodeConfigId: id }))
        .json()
        .socCodeConfig.document.map((d: Doc) => d.name);
    expect(await docs(devId)).toEqual(['H-1B support letter.docx', 'Job description.docx']);
    expect(await docs(qaId)).toEqual(['Job description.docx']);
    expect(
      (await lawManager.post('/api/soc-code-config/update-documents', { socCodeConfigIds: [devId], document: [] }))
        .statusCode,
    ).toBe(400);
    expect(
      (await otherAdmin.post('/api/soc-code-config/update-documents', { socCodeConfigIds: [devId], document: [bulk] }))
        .statusCode,
    ).toBe(404);
  });

  it('R-SOC-039, R-SOC-040: a template uploaded as form data comes back byte-identical from GET /common/viewfile as an attachment', async () => {
    const res = await lawAdmin.get(
      `/api/common/viewfile?path=${encodeURIComponent(template.path)}&filename=${encodeURIComponent(template.name)}`,
    );
    expect(res.statusCode).toBe(200);
    expect(Buffer.compare(res.rawPayload, DOCX_MIN)).toBe(0);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('file safety (SECURITY 18)', () => {
  it('R-SOC-029: a .docm, a zip bomb and a PDF renamed .docx are refused with "Upload Only MS Word Files"', async () => {
    for (const [name, data] of [
      ['macro.docm', DOCM],
      ['macro-renamed.docx', DOCM],
      ['bomb.docx', ZIP_BOMB],
      ['scan.docx', PDF_MIN],
    ] as const) {
      const res = await upload(lawAdmin, name, data);
      expect(res.statusCode, name).toBe(415);
      expect(res.json()).toEqual({ code: 'FILE_REJECTED', message: 'Upload Only MS Word Files' });
    }
  });

  it('a path-traversal filename is refused and nothing is stored; a plain name is stored under a random name', async () => {
    const before = await fileCount();
    for (const name of ['../../../etc/passwd.docx', '..\\..\\boot.docx', 'sub/dir.docx', '..']) {
      const res = await upload(lawAdmin, name, DOCX_MIN);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toMatchObject({ code: 'FILE_REJECTED', message: 'Invalid file name' });
    }
    expect(await fileCount()).toBe(before);
    const doc = await uploadDoc(lawAdmin, 'passwd.docx');
    expect(doc.name).toBe('passwd.docx');
    expect(doc.path).toMatch(/^private\/[a-f0-9]{32}\.docx$/);
  });

  it("a document path that is traversal or a non-Word upload is refused (400), another tenant's file is not found (404), and nothing changes", async () => {
    const otherDoc = await uploadDoc(otherAdmin, 'theirs.docx');
    const pdf = (await upload(lawAdmin, 'fein.pdf', PDF_MIN, 'document')).json().data.result[0];
    for (const bad of [
      { name: 'x.docx', path: '../../etc/passwd' },
      { name: 'x.docx', path: 'private/../../secret.docx' },
      otherDoc,
      pdf,
    ]) {
      const res = await lawAdmin.post('/api/soc-code-config/update', {
        ...soc({ attachments: [bad] }),
        socCodeConfigId: devId,
      });
      expect(res.statusCode, bad.path).toBe(bad === otherDoc ? 404 : 400);
      if (bad !== otherDoc) expect(res.json().message).toBe('Upload Only MS Word Files');
    }
    const s = (await lawAdmin.post('/api/soc-code-config/details', { socCodeConfigId: devId })).json().socCodeConfig;
    expect(s.document).toHaveLength(2);
  });

  it('roles outside the SOC tab (1, 2) are refused; another tenant id answers 404 and nothing changes', async () => {
    const platform = await login(t, DEMO.platformAdmin);
    expect((await platform.post('/api/soc-code-config/list', {})).statusCode).toBe(403);
    expect(
      (
        await otherAdmin.post('/api/soc-code-config/manage-status', {
          socCodeConfigId: devId,
          status: false,
          newSocCode: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await lawAdmin.post('/api/soc-code-config/details', { socCodeConfigId: devId })).json().socCodeConfig.status,
    ).toBe(true);
  });

  it('every SOC mutation is audited', async () => {
    const rows = await t.database.db.execute<{ action: string }>(
      sql`select action from audit_log where entity = 'soc_code_config' and entity_id = ${qaId} order by id`,
    );
    expect(rows.rows.map((r) => r.action)).toEqual(['create', 'status', 'status', 'update-documents']);
  });
});

describe('XSS corpus through description and job titles (SECURITY 14)', () => {
  it(`SECURITY 14: all ${XSS_CORPUS.length} vectors are stored inert in both rich-text fields`, async () => {
    for (const vector of XSS_CORPUS) {
      const res = await lawAdmin.post('/api/soc-code-config/update', {
        ...soc({ description: `<p>D</p>${vector}`, jobTitles: `<p>J</p>${vector}`, document: [template] }),
        socCodeConfigId: devId,
      });
      // PostgreSQL text cannot hold NUL: those vectors are refused whole (400), which is inert too.
      if (vector.includes('\u0000')) {
        expect(res.statusCode, vector).toBe(400);
        continue;
      }
      expect(res.statusCode, vector).toBe(200);
      const stored = await t.database.db.execute<{ description: string; job_titles: string }>(
        sql`select description, job_titles from soc_code_configs where id = ${devId}`,
      );
      const row = stored.rows[0]!;
      expect(row.description.replace(/<br \/>/g, '<br>'), vector).toMatch(INERT_HTML);
      expect(row.job_titles.replace(/<br \/>/g, '<br>'), vector).toMatch(INERT_HTML);
    }
  }, 180_000);
});
