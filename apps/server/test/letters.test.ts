import { readdirSync } from 'node:fs';
import { formatLetterDate } from '@caseport/domain/cases/sources';
import { LETTER_TAGS, MISSING_VALUE_BLANK } from '@caseport/domain/letters/contracts';
import { timezoneIdOf } from '@caseport/domain/reminders/timezones';
import { dayIn } from '@caseport/domain/tenants/tenant-day';
import { sql } from 'drizzle-orm';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_FILE, signIn, uploadFile } from './support/calls';
import { insertCaseWith, userIdOf } from './support/case-records';
import { DOC_OLE, LETTER_CONTENT_TYPES, letterDocx, makeZip, PDF_MIN, postUpload } from './support/files';
import { hasSoffice, pdfText } from './support/pdf-text';
import { type Caller, createTestApp, DEMO, type TestApp } from './support/test-app';

let t: TestApp;
let admin: Caller;
let manager: Caller;
let other: Caller;
let coAdmin: Caller;
let caseId: string;
let otherCaseId: string;

/** A .docx whose paragraphs are made of the given runs (a tag may be split across runs, as Word does). */
const docx = letterDocx;

const upload = async (caller: Caller, name: string, data: Buffer, purpose = 'word') =>
  (await uploadFile(t, caller, { purpose, ...PRIVATE_FILE }, { name, data })).path;
const rows = async () =>
  (await t.database.db.execute<{ n: number }>(sql`select count(*)::int n from forms_and_letters`)).rows[0]!.n;
const snapshot = async () =>
  (
    await t.database.db.execute<{ h: string }>(
      sql`select md5(coalesce(string_agg(f::text, ',' order by f.id), '')) h from forms_and_letters f`,
    )
  ).rows[0]!.h;
const auditCount = async (action: string) =>
  (
    await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int n from audit_log where entity = 'form_letter' and action = ${action}`,
    )
  ).rows[0]!.n;
const createLetter = async (c: Caller, body: Record<string, unknown>) => {
  const res = await c.post('/api/form-letter/create', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().item as Record<string, unknown> & { _id: string; document: { path: string } };
};
const list = (c: Caller, body: Record<string, unknown>) => c.post('/api/form-letter/list', body);
const documentXml = (data: Buffer) => new PizZip(data).file('word/document.xml')!.asText();
/** A case naming a beneficiary and, in the law firm, its role-50 petitioner (Priya Patel) with her profile address. */
const insertCase = async (
  tenantId: string,
  beneficiary: string,
  number: string,
  facts: Record<string, unknown> = {},
) => {
  const [givenName, familyName] = beneficiary.split(' ') as [string, string];
  const petitionerId = tenantId === t.tenants.lawfirm ? await userIdOf(t, DEMO.lawPetitioner) : null;
  return (
    await insertCaseWith(t, tenantId, {
      caseNumber: number,
      petitionerId,
      beneficiary: { givenName, familyName },
      facts,
    })
  ).caseId;
};

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, other, coAdmin] = await signIn(t, 'lawAdmin', 'lawManager', 'otherAdmin', 'coAdmin');
  // Priya Patel's petitioner profile: the address a letter prints as {petitionerAddress}.
  await t.database.db.execute(sql`insert into petitioner_profiles (tenant_id, user_id, info)
    values (${t.tenants.lawfirm}, ${await userIdOf(t, DEMO.lawPetitioner)}, ${JSON.stringify({
      address: {
        line1: '500 Market Street',
        line2: '4',
        aptType: 'Flr',
        zipcode: '94105',
        location: { id: 1, name: 'San Francisco' },
        state: { id: 1, name: 'California' },
        country: { id: 231, name: 'United States' },
      },
    })}::jsonb) on conflict (user_id) do update set info = excluded.info`);
  caseId = await insertCase(t.tenants.lawfirm, 'Maria Lopez', 'DLF-H1B-0001');
  otherCaseId = await insertCase(t.tenants.otherfirm, 'Someone Else', 'OLF-H1B-0001');
});
afterAll(() => t.close());

describe('letters: the editor callbacks (POST /api/form-letter/create | update)', () => {
  let letterId: string;

  it('R-LETTER-010, R-LETTER-015: the create callback stores a letter with the record fields _id, name, type, docTypeId, description, edition, tenantId, fromTenant, caseTypeDetails, caseSubTypeDetails, docTypeDetails.name, createdOn, document, prepareTemplateId, tplType', async () => {
    const path = await upload(admin, 'Offer letter.docx', docx(['Dear {beneficiaryFullName},']));
    const before = await auditCount('create');
    const item = await createLetter(admin, { name: 'Offer Letter', type: 'Letter', templateId: path, caseTypeId: 1 });
    expect(item).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Offer Letter',
      type: 'Letter',
      docTypeId: null,
      description: null,
      edition: null,
      tenantId: t.tenants.lawfirm,
      fromTenant: true,
      caseTypeDetails: { id: 1, name: expect.any(String) },
      caseSubTypeDetails: null,
      docTypeDetails: { name: 'Letter' },
      createdOn: expect.any(String),
      document: { path, name: 'Offer letter.docx' },
      prepareTemplateId: path,
      tplType: 'Letter',
    });
    expect(await auditCount('create')).toBe(before + 1);
    letterId = item._id;
  });

  it('R-LETTER-011: the update callback takes name, type, formAndLetterId and fromTenant (and the new document)', async () => {
    const path = await upload(admin, 'Offer letter v2.docx', docx(['Dear {beneficiaryFullName}, welcome.']));
    const res = await admin.post('/api/form-letter/update', {
      name: 'Offer Letter (2026)',
      type: 'Letter',
      formAndLetterId: letterId,
      fromTenant: false,
      templateId: path,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Letter updated successfully',
      item: { _id: letterId, name: 'Offer Letter (2026)', fromTenant: false, document: { path } },
    });
  });

  it('a non-.docx document (a PDF, a legacy .doc, a zip without word/document.xml) is refused with a clear error and changes nothing', async () => {
    // The upload itself refuses a PDF as a Word file (by content) ...
    const refused = await postUpload(t, admin, { purpose: 'word', secureType: 'private' }, [
      { name: 'letter.docx', data: PDF_MIN },
    ]);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe('Upload Only MS Word Files');
    // ... and a PDF uploaded for something else cannot be saved as a letter.
    const pdf = await upload(admin, 'scan.pdf', PDF_MIN, 'pdf');
    // A zip that is not a Word document (no word/document.xml) is refused at the upload, whatever it is uploaded
    // for, so it never becomes a template id (issue 38: a `.catch(() => null)` swallowed this refusal and the case
    // dropped out of the loop below unchecked).
    const fakeZip = makeZip([
      { name: '[Content_Types].xml', data: LETTER_CONTENT_TYPES },
      { name: 'word/other.xml', data: '<x/>' },
    ]);
    for (const [purpose, message] of [
      ['word', 'Upload Only MS Word Files'],
      ['document', 'Upload PDF, image or MS Word files only'],
    ] as const) {
      const zipRefused = await postUpload(t, admin, { purpose, ...PRIVATE_FILE }, [
        { name: 'fake.docx', data: fakeZip },
      ]);
      expect(zipRefused.statusCode, purpose).toBe(415);
      expect(zipRefused.json().message, purpose).toBe(message);
    }
    const doc = await upload(admin, 'legacy.doc', DOC_OLE);
    const before = await snapshot();
    const cases = [
      ['a PDF', pdf],
      ['a legacy .doc', doc],
    ] as const;
    for (const [what, templateId] of cases) {
      const res = await admin.post('/api/form-letter/create', { name: 'Bad', type: 'Letter', templateId });
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: [{ name: 'templateId', message: 'Upload Only MS Word Files' }],
      });
    }
    expect(await snapshot()).toBe(before);
  });

  it('a tag syntax error ("{beneficiaryFullName" unclosed) is refused with a message naming it, on create and update, and changes nothing', async () => {
    const bad = await upload(admin, 'broken.docx', docx(['Dear {beneficiaryFullName,'], ['Regards']));
    const before = await snapshot();
    const created = await admin.post('/api/form-letter/create', { name: 'Broken', type: 'Letter', templateId: bad });
    expect(created.statusCode).toBe(400);
    const body = created.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.fields[0].name).toBe('templateId');
    expect(body.message).toMatch(/^The document's tags are not valid: /);
    expect(body.message).toMatch(/beneficiaryFullName/);
    const updated = await admin.post('/api/form-letter/update', {
      name: 'Offer Letter (2026)',
      type: 'Letter',
      formAndLetterId: letterId,
      templateId: bad,
    });
    expect(updated.statusCode).toBe(400);
    expect(await snapshot()).toBe(before);
  });

  it("another tenant's letter id answers 404 on update, delete and fill, and their document cannot be used; nothing changes", async () => {
    // Their first list read creates their starter library; everything after it must change nothing.
    const theirList = (await list(other, { filters: { typeIds: ['Letter'] } })).json();
    expect(theirList.list.map((r: { _id: string }) => r._id)).not.toContain(letterId);
    const theirs = await upload(other, 'theirs.docx', docx(['Hello']));
    const before = await snapshot();
    const asOther = { name: 'Taken over', type: 'Letter', formAndLetterId: letterId, templateId: theirs };
    expect((await other.post('/api/form-letter/update', asOther)).statusCode).toBe(404);
    expect((await other.post('/api/form-letter/delete', { formAndLetterId: letterId })).statusCode).toBe(404);
    expect(
      (await other.post('/api/form-letter/fill', { formAndLetterId: letterId, caseId: otherCaseId })).statusCode,
    ).toBe(404);
    // Our own letter with their case, or their stored document, is refused too.
    expect(
      (await admin.post('/api/form-letter/fill', { formAndLetterId: letterId, caseId: otherCaseId })).statusCode,
    ).toBe(404);
    const foreignDoc = await admin.post('/api/form-letter/create', {
      name: 'Foreign',
      type: 'Letter',
      templateId: theirs,
    });
    // SECURITY 2 (platform/references.ts): another tenant's stored file is 404, like their records.
    expect(foreignDoc.statusCode).toBe(404);
    expect(await snapshot()).toBe(before);
  });

  it('a role without the Letter Templates tab (4 branch manager; the petitioner company admin has it) is refused 403, and nothing changes', async () => {
    const path = await upload(manager, 'mgr.docx', docx(['Hello']));
    const before = await snapshot();
    const body = { name: 'By manager', type: 'Letter', templateId: path };
    expect((await manager.post('/api/form-letter/create', body)).statusCode).toBe(403);
    expect((await manager.post('/api/form-letter/update', { ...body, formAndLetterId: letterId })).statusCode).toBe(
      403,
    );
    expect((await manager.post('/api/form-letter/fill', { formAndLetterId: letterId, caseId })).statusCode).toBe(403);
    expect(await snapshot()).toBe(before);
    // Letter Templates is role 3's in both tenant types.
    const co = await upload(coAdmin, 'co.docx', docx(['Hello {petitionerName}']));
    await createLetter(coAdmin, { name: 'Company letter', type: 'Letter', templateId: co });
  });
});

describe('letter headers (002 §2.5, §5.3)', () => {
  it('R-LETTER-020, R-LETTER-021, R-LETTER-023: a header needs a name, a case type and its template document; nothing is stored otherwise', async () => {
    const n = await rows();
    const res = await admin.post('/api/form-letter/create', { type: 'Letter', docTypeId: 'header_template' });
    expect(res.statusCode).toBe(400);
    expect(
      Object.fromEntries(res.json().fields.map((f: { name: string; message: string }) => [f.name, f.message])),
    ).toEqual({
      name: 'Name is required',
      caseTypeId: 'Case Type is required',
      templateId: 'Template Document is required',
    });
    expect(await rows()).toBe(n);
  });

  it('R-LETTER-022: the header Case Subtype is optional (and, when given, must belong to the case type)', async () => {
    const path = await upload(admin, 'Header.docx', docx(['Demo Law Firm letterhead']));
    const header = {
      name: 'H-1B Header',
      type: 'Letter',
      docTypeId: 'header_template',
      caseTypeId: 1,
      templateId: path,
    };
    const item = await createLetter(admin, header);
    expect(item).toMatchObject({ docTypeId: 'header_template', caseSubTypeDetails: null, tplType: 'header_template' });
    expect(item.docTypeDetails).toEqual({ name: 'Header Template' });
    const withSub = await createLetter(admin, { ...header, name: 'H-1B Cap Header', caseSubTypeId: 1 });
    expect(withSub.caseSubTypeDetails).toEqual({ id: 1, name: expect.any(String) });
    const wrongSub = await admin.post('/api/form-letter/create', { ...header, name: 'Wrong', caseSubTypeId: 7 });
    expect(wrongSub.statusCode).toBe(400);
    expect(wrongSub.json().fields[0].name).toBe('caseSubTypeId');
  });
});

describe('the letter lists (POST /api/form-letter/list)', () => {
  it('R-LETTER-012, R-LETTER-013: the letters list takes page, perpage, filters {title, statusIds, typeIds, createdDateRange, docTypeIds}, sorting, timezone and today; typeIds ["Letter"] lists letters (not headers); the answer has list and totalCount', async () => {
    // "Today" is the New York calendar day the request names (before 05:00 UTC it is still yesterday there).
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    const res = await list(admin, {
      page: 1,
      perpage: 25,
      filters: { title: 'offer', statusIds: [], typeIds: ['Letter'], createdDateRange: [today, today], docTypeIds: [] },
      sorting: { path: 'createdOn', order: -1 },
      timezone: 'America/New_York',
      today,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['list', 'totalCount']);
    expect(res.json().list.map((r: { name: string }) => r.name)).toEqual(['Offer Letter (2026)']);
    const letters = (await list(admin, { page: 1, perpage: 100, filters: { typeIds: ['Letter'] } })).json();
    expect(
      letters.list.every((r: { type: string; docTypeId: null }) => r.type === 'Letter' && r.docTypeId === null),
    ).toBe(true);
    // The starter letters are there too (a new firm does not start empty).
    expect(letters.list.map((r: { name: string }) => r.name)).toContain('Employment Verification Letter');
    // Sorting by name, both ways; an unknown path is refused.
    const byName = (
      await list(admin, { filters: { typeIds: ['Letter'] }, sorting: { path: 'name', order: 1 } })
    ).json();
    const names = byName.list.map((r: { name: string }) => r.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect((await list(admin, { sorting: { path: 'documentPath', order: 1 } })).statusCode).toBe(400);
    // A day range before today finds nothing created today.
    const past = (
      await list(admin, { filters: { typeIds: ['Letter'], createdDateRange: ['2020-01-01', '2020-01-02'] } })
    ).json();
    expect(past.totalCount).toBe(0);
  });

  it('R-LETTER-014: the header list sends docTypeIds ["header_template"] and lists headers only', async () => {
    const res = await list(admin, { page: 1, perpage: 25, filters: { docTypeIds: ['header_template'] } });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .list.map((r: { name: string }) => r.name)
        .sort(),
    ).toEqual(['H-1B Cap Header', 'H-1B Header']);
    expect(res.json().list.every((r: { docTypeId: string }) => r.docTypeId === 'header_template')).toBe(true);
    expect((await list(admin, { filters: { docTypeIds: ['letter'] } })).statusCode).toBe(400);
  });

  it('R-LETTER-006: POST form-letter/delete with formAndLetterId deletes a letter (audited)', async () => {
    const path = await upload(admin, 'Temp.docx', docx(['Temp']));
    const item = await createLetter(admin, { name: 'Temporary', type: 'Letter', templateId: path });
    const before = await auditCount('delete');
    const res = await admin.post('/api/form-letter/delete', { formAndLetterId: item._id });
    expect(res.statusCode).toBe(200);
    expect(await auditCount('delete')).toBe(before + 1);
    expect((await admin.post('/api/form-letter/delete', { formAndLetterId: item._id })).statusCode).toBe(404);
  });
});

describe('filled letters (POST /api/form-letter/fill)', () => {
  it("merges the case's values into the tags, split runs too; a missing value is left as a visible blank and listed", async () => {
    const path = await upload(
      admin,
      'Support.docx',
      docx(
        ['Re: ', '{benefici', 'aryFullName', '}', ' (case {caseNumber})'],
        ['Job: {jobTitle}'],
        ['{petitionerName}'],
      ),
    );
    const letter = await createLetter(admin, { name: 'Support', type: 'Letter', templateId: path });
    // Issue 34: with a tag missing, the file is made only when asked for anyway.
    const res = await admin.post('/api/form-letter/fill', { formAndLetterId: letter._id, caseId, anyway: true });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.missing).toEqual(['{jobTitle}']);
    expect(body.missingFields).toEqual([{ tag: '{jobTitle}', label: 'Job title offered', field: 'fact.jobTitle' }]);
    expect(body.document.name).toBe('Support - DLF-H1B-0001.docx');
    const file = await admin.get(`/api/common/viewfile?path=${encodeURIComponent(body.document.path)}`);
    expect(file.statusCode).toBe(200);
    const xml = documentXml(file.rawPayload);
    expect(xml).toContain('Maria Lopez');
    expect(xml).toContain('DLF-H1B-0001');
    expect(xml).toContain('Priya Patel');
    expect(xml).toContain('Job: __________');
    expect(xml).not.toContain('{');
    // The template itself is unchanged.
    const original = await admin.get(`/api/common/viewfile?path=${encodeURIComponent(path)}`);
    expect(documentXml(original.rawPayload)).toContain('{benefici');
  });

  it('issue 39: a fill whose case document cannot be recorded stores nothing: no file row, no bytes left on disk', async () => {
    const path = await upload(admin, 'Refused.docx', docx(['Case {caseNumber}']));
    const letter = await createLetter(admin, { name: 'Refused fill', type: 'Letter', templateId: path });
    const storedFiles = () =>
      readdirSync(t.filesDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
    const rows = async () =>
      (await t.database.db.execute<{ n: number }>(sql`select count(*)::int n from files`)).rows[0]!.n;
    await t.database.db.execute(
      sql.raw(`create function refuse_document() returns trigger language plpgsql as $$
        begin raise exception 'refused by the test'; end $$`),
    );
    await t.database.db.execute(
      sql.raw(
        'create trigger refuse_document before insert on case_documents for each row execute function refuse_document()',
      ),
    );
    try {
      const [before, bytes] = [await rows(), storedFiles()];
      const res = await admin.post('/api/form-letter/fill', { formAndLetterId: letter._id, caseId });
      expect(res.statusCode).toBe(500);
      expect(await rows()).toBe(before);
      expect(storedFiles()).toBe(bytes);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger refuse_document on case_documents'));
      await t.database.db.execute(sql.raw('drop function refuse_document()'));
    }
    expect((await admin.post('/api/form-letter/fill', { formAndLetterId: letter._id, caseId })).statusCode).toBe(200);
  });

  it('a PDF is made only where LibreOffice is installed: without it the answer says so', async () => {
    const { pdf } = (await admin.post('/api/form-letter/capabilities', {})).json();
    const [letter] = (await list(admin, { filters: { title: 'Support', typeIds: ['Letter'] } })).json().list;
    const res = await admin.post('/api/form-letter/fill', {
      formAndLetterId: letter._id,
      caseId,
      format: 'pdf',
      anyway: true,
    });
    if (pdf) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().document.name).toMatch(/\.pdf$/);
    } else {
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[0]).toEqual({ name: 'format', message: expect.stringContaining('LibreOffice') });
    }
  });
});

describe('issue 34: a letter reads the case’s people and facts', () => {
  /** Every tag of LETTER_TAGS, one paragraph each. */
  const ALL_TAGS = docx(...LETTER_TAGS.map((tag) => [`${tag.label}: ${tag.key}`]));
  let fullCaseId: string;
  let letterId: string;

  beforeAll(async () => {
    const socId = (
      await t.database.db.execute<{ id: string }>(sql`insert into soc_code_configs
        (tenant_id, name, designation, description, job_titles)
        values (${t.tenants.lawfirm}, '15-1252', 'Software Developers', 'Develop software', 'Developer')
        on conflict do nothing returning id`)
    ).rows[0]?.id as string;
    const { caseId: id } = await insertCaseWith(t, t.tenants.lawfirm, {
      caseNumber: 'DLF-H1B-0034',
      petitionerId: await userIdOf(t, DEMO.lawPetitioner),
      beneficiary: { givenName: 'Ana', familyName: 'Silva', passportExpiry: '2030-01-01' },
      sponsor: { givenName: 'Sam', familyName: 'Lee' },
      facts: {
        jobTitle: 'Senior Software Engineer',
        socCodeId: socId,
        worksites: [{ line1: '1 Main St', city: 'Austin', state: 'TX', zipcode: '78701', country: 'United States' }],
        wage: 125000,
        wageUnit: 'Year',
        startDate: '2026-10-01',
      },
    });
    fullCaseId = id;
    const path = await upload(admin, 'All tags.docx', ALL_TAGS);
    letterId = (await createLetter(admin, { name: 'All tags', type: 'Letter', templateId: path }))._id;
  });

  it('issue 34: a case that holds everything fills every tag: no blank in word/document.xml, the real values', async () => {
    const res = await admin.post('/api/form-letter/fill', { formAndLetterId: letterId, caseId: fullCaseId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ missing: [], missingFields: [], message: 'Letter filled successfully' });
    const file = await admin.get(`/api/common/viewfile?path=${encodeURIComponent(res.json().document.path)}`);
    const xml = documentXml(file.rawPayload);
    expect(xml).not.toContain(MISSING_VALUE_BLANK);
    for (const value of [
      'Ana Silva',
      'Priya Patel',
      '500 Market Street, Flr 4, San Francisco, California 94105, United States',
      'Senior Software Engineer',
      '15-1252',
      'Software Developers',
      '1 Main St, Austin, TX 78701, United States',
      '$125,000.00 per year',
      'October 1, 2026',
      'DLF-H1B-0034',
      'Sam Lee',
    ])
      expect(xml).toContain(value);
  });

  it('issue 34: a tag the case lacks is listed with the field that holds it, for the link to the case', async () => {
    const res = await admin.post('/api/form-letter/fill', { formAndLetterId: letterId, caseId });
    expect(res.statusCode, res.body).toBe(200);
    const fields = res.json().missingFields as { tag: string; field: string }[];
    expect(fields).toEqual(
      expect.arrayContaining([
        { tag: '{jobTitle}', label: 'Job title offered', field: 'fact.jobTitle' },
        { tag: '{socCode}', label: 'SOC code', field: 'fact.socCodeId' },
        { tag: '{offeredWage}', label: 'Offered wage', field: 'fact.wage' },
        { tag: '{sponsorName}', label: 'Sponsor name', field: 'sponsor.name' },
      ]),
    );
    expect(fields.map((f) => f.tag)).toEqual(res.json().missing);
    expect(fields.every((f) => f.field !== '')).toBe(true);
  });

  it('issue 34: {todayDate} is the firm’s calendar date in its time zone, not the server’s', async () => {
    const zone = 'Pacific/Honolulu';
    await t.database.db.execute(sql`update tenants set timezone = ${zone} where id = ${t.tenants.lawfirm}`);
    await t.database.db.execute(sql`update global_configs set config = jsonb_set(config, '{tenantDefaultTZ}',
      ${String(timezoneIdOf(zone))}::jsonb) where tenant_id = ${t.tenants.lawfirm}`);
    const path = await upload(admin, 'Dated.docx', docx(['Date: {todayDate}']));
    const letter = await createLetter(admin, { name: 'Dated', type: 'Letter', templateId: path });
    const res = await admin.post('/api/form-letter/fill', { formAndLetterId: letter._id, caseId: fullCaseId });
    const file = await admin.get(`/api/common/viewfile?path=${encodeURIComponent(res.json().document.path)}`);
    expect(documentXml(file.rawPayload)).toContain(`Date: ${formatLetterDate(dayIn(new Date(), zone))}`);
  });

  it.skipIf(!hasSoffice)(
    'issue 34: the PDF, where LibreOffice is installed, reads back with every value and no blank',
    async () => {
      const res = await admin.post('/api/form-letter/fill', {
        formAndLetterId: letterId,
        caseId: fullCaseId,
        format: 'pdf',
      });
      expect(res.statusCode, res.body).toBe(200);
      const file = await admin.get(`/api/common/viewfile?path=${encodeURIComponent(res.json().document.path)}`);
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await pdfText(file.rawPayload);
      expect(text).not.toContain(MISSING_VALUE_BLANK);
      for (const value of ['Ana Silva', 'Priya Patel', 'Senior Software Engineer', '15-1252', 'October 1, 2026'])
        expect(text).toContain(value);
    },
    120_000,
  );
});
