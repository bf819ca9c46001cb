import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, PDF_MIN, PNG_1X1 } from './support/files';
import { type Caller, createTestApp, DEMO, login, type TestApp, XHR } from './support/test-app';

let t: TestApp;
let lawAdmin: Caller;
let lawManager: Caller;
let otherAdmin: Caller;
let platformAdmin: Caller;
let coAdmin: Caller;

/** Uploads a document as the caller; answers its stored path. */
const upload = async (caller: Caller, purpose: string, name: string, data: Buffer) => {
  const body = multipart({ purpose, secureType: 'private', getDetails: 'true' }, [{ name, data }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/common/upload',
    headers: { ...XHR, cookie: caller.cookie, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.result[0].path as string;
};
const pdf = (caller: Caller, name = 'template.pdf') => upload(caller, 'pdf', name, PDF_MIN);
const rows = async (table: string) =>
  (await t.database.db.execute<{ n: number }>(sql.raw(`select count(*)::int n from ${table}`))).rows[0]!.n;
const audits = async (entity: string, action: string) =>
  (
    await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int n from audit_log where entity = ${entity} and action = ${action}`,
    )
  ).rows[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  [lawAdmin, lawManager, otherAdmin, platformAdmin, coAdmin] = await Promise.all([
    login(t, DEMO.lawAdmin),
    login(t, DEMO.lawManager),
    login(t, DEMO.otherAdmin),
    login(t, DEMO.platformAdmin),
    login(t, DEMO.coAdmin),
  ]);
});
afterAll(() => t.close());

describe('master data of the template area', () => {
  it('R-ESIGN-010, R-AGREE-008, R-API-018: POST /masterdata/list serves sign_doc_tpl and agreement_types (page size 10000) and takes the full matcher', async () => {
    for (const category of ['sign_doc_tpl', 'agreement_types', 'petition_types', 'petition_sub_types']) {
      const res = await lawAdmin.post('/api/masterdata/list', {
        matcher: {
          searchString: '',
          petitionType: 1,
          getAllSubTypes: true,
          getWorkFlowConfig: true,
          getActiveList: true,
        },
        page: 1,
        perpage: 10000,
        category,
        sorting: { path: 'name', order: 1 },
      });
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json().list as { id: number; name: string }[];
      expect(list.length).toBeGreaterThan(0);
      const names = list.map((r) => r.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    }
    const signTypes = (
      await lawAdmin.post('/api/masterdata/list', { category: 'sign_doc_tpl', perpage: 10000 })
    ).json();
    expect(signTypes.list).toContainEqual({ id: 1, name: 'LCA Posting Notice' });
    const agreementTypes = (await lawAdmin.post('/api/masterdata/list', { category: 'agreement_types' })).json();
    expect(agreementTypes.list).toContainEqual({ id: 1, name: 'Immigration Legal Services Agreement' });
  });
});

describe('e-sign templates', () => {
  it('R-ESIGN-004, R-ESIGN-005, R-ESIGN-006, R-ESIGN-007, R-ESIGN-008: name, type, work locations 1-3 and the document are required', async () => {
    const res = await lawAdmin.post('/api/pdf-sign/save-esign-template', {});
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries(
      res.json().fields.map((f: { name: string; message: string }) => [f.name, f.message]),
    );
    expect(fields).toEqual({
      name: 'Name is required',
      tplType: 'Type is required',
      prepareTemplateId: 'Template Document is required',
      noOfWorkLocations: 'No of Work Locations is required',
    });
    const doc = await pdf(lawAdmin);
    for (const noOfWorkLocations of [0, 4, '2']) {
      const bad = await lawAdmin.post('/api/pdf-sign/save-esign-template', {
        name: 'x',
        tplType: 1,
        prepareTemplateId: doc,
        noOfWorkLocations,
      });
      expect(bad.statusCode).toBe(400);
    }
    expect(await rows('esign_templates')).toBe(0);
  });

  it('R-ESIGN-013, R-ESIGN-012, R-ESIGN-009: save with name, tplType, prepareTemplateId, noOfWorkLocations; the list item has its fields', async () => {
    const doc = await pdf(lawAdmin, 'lca-notice.pdf');
    const res = await lawAdmin.post('/api/pdf-sign/save-esign-template', {
      name: 'LCA notice',
      tplType: 1,
      prepareTemplateId: doc,
      noOfWorkLocations: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Template created successfully');
    const list = await lawAdmin.post('/api/pdf-sign/esign-template-list', {
      filters: { title: 'lca' },
      page: 1,
      perpage: 25,
      sorting: { path: 'name', order: 1 },
    });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.totalCount).toBe(1);
    const [item] = body.list;
    expect(item).toMatchObject({
      name: 'LCA notice',
      tplType: 1,
      tplTypeName: 'LCA Posting Notice',
      prepareTemplateId: doc,
      noOfWorkLocations: 2,
      document: { path: doc, name: 'lca-notice.pdf' },
    });
    expect(item.templateId).toBe(item._id);
    expect(await audits('esign_template', 'create')).toBe(1);
  });

  it('R-ESIGN-014, R-ESIGN-015: update takes the save payload plus templateId; delete takes templateId', async () => {
    const [item] = (await lawAdmin.post('/api/pdf-sign/esign-template-list', {})).json().list;
    const doc = await pdf(lawAdmin, 'lca-notice-v2.pdf');
    const res = await lawAdmin.post('/api/pdf-sign/update-esign-template', {
      name: 'LCA notice (3 sites)',
      tplType: 2,
      prepareTemplateId: doc,
      noOfWorkLocations: 3,
      templateId: item._id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Template updated successfully');
    const [after] = (await lawAdmin.post('/api/pdf-sign/esign-template-list', {})).json().list;
    expect(after).toMatchObject({
      name: 'LCA notice (3 sites)',
      tplType: 2,
      tplTypeName: 'Public Access File Memorandum',
      noOfWorkLocations: 3,
      document: { path: doc, name: 'lca-notice-v2.pdf' },
    });
    // Another tenant's admin cannot delete it: 404, nothing changes.
    expect((await otherAdmin.post('/api/pdf-sign/delete-esign-template', { templateId: item._id })).statusCode).toBe(
      404,
    );
    expect(await rows('esign_templates')).toBe(1);
    const del = await lawAdmin.post('/api/pdf-sign/delete-esign-template', { templateId: item._id });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe('Template deleted successfully');
    expect(await rows('esign_templates')).toBe(0);
    expect(await audits('esign_template', 'delete')).toBe(1);
    expect((await lawAdmin.post('/api/pdf-sign/delete-esign-template', { templateId: item._id })).statusCode).toBe(404);
  });

  it('R-ESIGN-011: the prepare call answers url and templateId; the url serves the PDF inline to the tenant only', async () => {
    const doc = await pdf(lawAdmin, 'preview.pdf');
    const res = await lawAdmin.post('/api/pdf-sign/get-tpl-prepare-iframe-url', {
      type: 'esign',
      editing: false,
      templateId: doc,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { url, templateId } = res.json();
    expect(templateId).toBe(doc);
    const view = await t.app.inject({ method: 'GET', url, headers: { cookie: lawAdmin.cookie } });
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('application/pdf');
    expect(String(view.headers['content-disposition'])).toMatch(/^inline; filename="preview.pdf"/);
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: otherAdmin.cookie } })).statusCode).toBe(404);
    // Another tenant's document cannot be prepared either.
    const foreign = await otherAdmin.post('/api/pdf-sign/get-tpl-prepare-iframe-url', {
      type: 'esign',
      editing: false,
      templateId: doc,
    });
    expect(foreign.statusCode).toBe(400);
  });
});

describe('contract templates', () => {
  it('R-CONTRACT-003, R-CONTRACT-004: name and the template document are required', async () => {
    const res = await lawAdmin.post('/api/contract-template/create', { name: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual(
      expect.arrayContaining([
        { name: 'name', message: 'Name is required' },
        { name: 'templateId', message: 'Template Document is required' },
      ]),
    );
  });

  it('R-CONTRACT-007, R-CONTRACT-006, R-CONTRACT-005: create with name and templateId; the list filters by title and has _id, name, templateId', async () => {
    const doc = await pdf(lawAdmin, 'offer.pdf');
    for (const name of ['Offer contract', 'Consulting contract']) {
      const res = await lawAdmin.post('/api/contract-template/create', { name, templateId: doc });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('Template created successfully');
    }
    const dup = await lawAdmin.post('/api/contract-template/create', { name: 'OFFER CONTRACT', templateId: doc });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      code: 'DUPLICATE',
      fields: [{ name: 'name', message: 'Template name already exists' }],
    });
    const body = (
      await lawAdmin.post('/api/contract-template/list', {
        filters: { title: 'offer' },
        page: 1,
        perpage: 10,
        sorting: { path: 'name', order: 1 },
      })
    ).json();
    expect(body.totalCount).toBe(1);
    expect(body.list[0]).toMatchObject({
      name: 'Offer contract',
      templateId: doc,
      document: { path: doc, name: 'offer.pdf' },
    });
    expect(body.list[0]._id).toMatch(/^[0-9a-f-]{36}$/);
    const sorted = (await lawAdmin.post('/api/contract-template/list', { sorting: { path: 'name', order: 1 } })).json();
    expect(sorted.list.map((c: { name: string }) => c.name)).toEqual(['Consulting contract', 'Offer contract']);
    // Tenant isolation: the other firm sees none of them; its admin's own list is empty.
    expect((await otherAdmin.post('/api/contract-template/list', {})).json()).toEqual({ list: [], totalCount: 0 });
  });

  it('R-CONTRACT-008, R-CONTRACT-009: update with name, templateId and contractTemplateId; delete with contractTemplateId', async () => {
    const [item] = (await lawAdmin.post('/api/contract-template/list', { filters: { title: 'Consulting' } })).json()
      .list;
    const res = await lawAdmin.post('/api/contract-template/update', {
      name: 'Consulting agreement',
      templateId: item.templateId,
      contractTemplateId: item._id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Template updated successfully');
    const foreign = await otherAdmin.post('/api/contract-template/update', {
      name: 'Hijacked',
      templateId: item.templateId,
      contractTemplateId: item._id,
    });
    expect(foreign.statusCode).toBe(404);
    const del = await lawAdmin.post('/api/contract-template/delete', { contractTemplateId: item._id });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe('Template deleted successfully');
    const names = (await lawAdmin.post('/api/contract-template/list', {}))
      .json()
      .list.map((c: { name: string }) => c.name);
    expect(names).toEqual(['Offer contract']);
  });

  it("a template document must be a PDF the tenant uploaded: an image or another tenant's PDF is refused", async () => {
    const png = await upload(lawAdmin, 'document', 'scan.png', PNG_1X1);
    const image = await lawAdmin.post('/api/contract-template/create', { name: 'Image', templateId: png });
    expect(image.statusCode).toBe(400);
    expect(image.json().fields).toEqual([{ name: 'templateId', message: 'Upload PDF files only' }]);
    const foreignDoc = await pdf(otherAdmin);
    const foreign = await lawAdmin.post('/api/contract-template/create', { name: 'Foreign', templateId: foreignDoc });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual([{ name: 'templateId', message: 'Template Document is required' }]);
    expect((await lawAdmin.post('/api/contract-template/list', {})).json().totalCount).toBe(1);
  });

  it('R-LIST-012: roles 1, 2 and 3 change templates; the Branch Manager (role 4) gets 403 and nothing changes', async () => {
    const doc = await pdf(lawAdmin);
    const before = await rows('contract_templates');
    expect(
      (await lawManager.post('/api/contract-template/create', { name: 'By manager', templateId: doc })).statusCode,
    ).toBe(403);
    expect(
      (
        await lawManager.post('/api/pdf-sign/save-esign-template', {
          name: 'By manager',
          tplType: 1,
          prepareTemplateId: doc,
          noOfWorkLocations: 1,
        })
      ).statusCode,
    ).toBe(403);
    expect(await rows('contract_templates')).toBe(before);
    // The platform team keeps its own templates, apart from every tenant's.
    const platformDoc = await pdf(platformAdmin);
    const own = await platformAdmin.post('/api/contract-template/create', {
      name: 'Offer contract',
      templateId: platformDoc,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(
      (await platformAdmin.post('/api/contract-template/list', {})).json().list.map((c: { name: string }) => c.name),
    ).toEqual(['Offer contract']);
  });
});

describe('service agreements', () => {
  it('R-AGREE-003, R-AGREE-004, R-AGREE-005: type, name and the agreement document are required', async () => {
    const res = await coAdmin.post('/api/agreement/create', {});
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries(
      res.json().fields.map((f: { name: string; message: string }) => [f.name, f.message]),
    );
    expect(fields).toMatchObject({
      name: 'Name is required',
      serviceType: 'Type is required',
      templateId: 'Agreement Document is required',
    });
    const doc = await pdf(coAdmin);
    const unknownType = await coAdmin.post('/api/agreement/create', { name: 'A', serviceType: 999, templateId: doc });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().fields).toEqual([{ name: 'serviceType', message: 'Type is required' }]);
  });

  it('R-AGREE-010, R-AGREE-009, R-AGREE-007: create with name, serviceType, serviceTypeName, templateId; the list item has its fields (the type name from master data)', async () => {
    const doc = await pdf(coAdmin, 'services.pdf');
    const res = await coAdmin.post('/api/agreement/create', {
      name: 'Standard services agreement',
      serviceType: 1,
      serviceTypeName: 'Something the browser made up',
      templateId: doc,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Agreement created successfully');
    const body = (
      await coAdmin.post('/api/agreement/list', {
        filters: { title: 'legal services' },
        page: 1,
        perpage: 25,
        sorting: { path: 'name', order: 1 },
      })
    ).json();
    expect(body.totalCount).toBe(1);
    expect(body.list[0]).toMatchObject({
      name: 'Standard services agreement',
      serviceType: 1,
      serviceTypeName: 'Immigration Legal Services Agreement',
      templateId: doc,
    });
    expect(await audits('agreement', 'create')).toBe(1);
  });

  it('R-AGREE-006: only one service agreement: a second create and preparing a new one are refused with "Already One Service Agreement Present"', async () => {
    const doc = await pdf(coAdmin);
    const second = await coAdmin.post('/api/agreement/create', { name: 'Another', serviceType: 2, templateId: doc });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'DUPLICATE', message: 'Already One Service Agreement Present' });
    const prepare = await coAdmin.post('/api/pdf-sign/get-tpl-prepare-iframe-url', {
      type: 'agreement',
      editing: false,
      templateId: doc,
    });
    expect(prepare.statusCode).toBe(409);
    expect(prepare.json().message).toBe('Already One Service Agreement Present');
    // Editing the one there is stays possible, and another tenant may have its own.
    expect(
      (
        await coAdmin.post('/api/pdf-sign/get-tpl-prepare-iframe-url', {
          type: 'agreement',
          editing: true,
          templateId: doc,
        })
      ).statusCode,
    ).toBe(200);
    const otherDoc = await pdf(lawAdmin);
    expect(
      (await lawAdmin.post('/api/agreement/create', { name: 'Firm agreement', serviceType: 2, templateId: otherDoc }))
        .statusCode,
    ).toBe(200);
    expect(await rows('agreements')).toBe(2);
  });

  it('R-AGREE-011, R-AGREE-012: update with the create payload plus agreementId; delete with agreementId', async () => {
    const [item] = (await coAdmin.post('/api/agreement/list', {})).json().list;
    const res = await coAdmin.post('/api/agreement/update', {
      name: 'Retainer',
      serviceType: 2,
      serviceTypeName: 'Retainer Agreement',
      templateId: item.templateId,
      agreementId: item._id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Agreement updated successfully');
    expect((await coAdmin.post('/api/agreement/list', {})).json().list[0]).toMatchObject({
      name: 'Retainer',
      serviceTypeName: 'Retainer Agreement',
    });
    expect((await lawAdmin.post('/api/agreement/delete', { agreementId: item._id })).statusCode).toBe(404);
    const del = await coAdmin.post('/api/agreement/delete', { agreementId: item._id });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe('Agreement deleted successfully');
    expect((await coAdmin.post('/api/agreement/list', {})).json()).toEqual({ list: [], totalCount: 0 });
  });
});
