import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { seedDataDir } from '@caseport/db/paths';
import { ONE_AGREEMENT_MESSAGE } from '@caseport/domain/templates/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_FILE, signIn, uploadFile } from './support/calls';
import { buildPdf, PNG_1X1 } from './support/files';
import { type Caller, createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let lawAdmin: Caller;
let lawManager: Caller;
let otherAdmin: Caller;
let platformAdmin: Caller;
let coAdmin: Caller;
let PDF: Buffer;

/** A real one-page PDF, as a template document would be. */

/** Uploads a document as the caller; answers its stored path. */
const upload = async (caller: Caller, purpose: string, name: string, data: Buffer) =>
  (await uploadFile(t, caller, { purpose, ...PRIVATE_FILE }, { name, data })).path;
const pdf = (caller: Caller, name = 'template.pdf') => upload(caller, 'pdf', name, PDF);
const png = (caller: Caller) => upload(caller, 'document', 'scan.png', PNG_1X1);

const rows = async (table: string) =>
  (await t.database.db.execute<{ n: number }>(sql.raw(`select count(*)::int n from ${table}`))).rows[0]!.n;
const auditOf = async (entity: string, entityId: string, action: string) =>
  (
    await t.database.db.execute<{ before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
      sql`select before, after from audit_log where entity = ${entity} and entity_id = ${entityId} and action = ${action}`,
    )
  ).rows;
const fieldsOf = (body: { fields: { name: string; message: string }[] }) =>
  Object.fromEntries(body.fields.map((f) => [f.name, f.message]));
const names = (body: { list: { name: string }[] }) => body.list.map((r) => r.name);

beforeAll(async () => {
  PDF = await buildPdf('Caseport template');
  t = await createTestApp();
  [lawAdmin, lawManager, otherAdmin, platformAdmin, coAdmin] = await signIn(
    t,
    'lawAdmin',
    'lawManager',
    'otherAdmin',
    'platformAdmin',
    'coAdmin',
  );
});
afterAll(() => t.close());

describe('master data of the template area', () => {
  it('R-ESIGN-010, R-AGREE-008: the sign_doc_tpl and agreement_types categories are served whole at page size 10000', async () => {
    for (const [category, file] of [
      ['sign_doc_tpl', 'sign-doc-types.json'],
      ['agreement_types', 'agreement-types.json'],
    ] as const) {
      const res = await lawAdmin.post('/api/masterdata/list', { category, page: 1, perpage: 10000 });
      expect(res.statusCode, res.body).toBe(200);
      // The served rows are the shipped seed file's (migration 0016 inserts the same rows for older data dirs).
      expect(res.json().list).toEqual(JSON.parse(readFileSync(join(seedDataDir(), file), 'utf8')));
    }
    expect((await lawAdmin.post('/api/masterdata/list', { category: 'sign_doc_tpl' })).json().list).toContainEqual({
      id: 1,
      name: 'LCA Posting Notice',
    });
  });

  it('R-API-018: POST /masterdata/list takes matcher {searchString, petitionType, getAllSubTypes, getWorkFlowConfig, getActiveList}, page, perpage, category and sorting {path, order}; the answer has list', async () => {
    for (const category of ['petition_types', 'petition_sub_types', 'sign_doc_tpl', 'agreement_types']) {
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
        sorting: { path: 'name', order: -1 },
      });
      expect(res.statusCode, `${category}: ${res.body}`).toBe(200);
      const list = res.json().list as { id: number; name: string }[];
      expect(list.length, category).toBeGreaterThan(0);
      const listed = list.map((r) => r.name);
      expect(listed).toEqual([...listed].sort((a, b) => b.localeCompare(a, 'en', { sensitivity: 'base' })));
    }
    const search = await lawAdmin.post('/api/masterdata/list', {
      matcher: { searchString: 'retainer' },
      category: 'agreement_types',
    });
    expect(search.json().list).toEqual([{ id: 2, name: 'Retainer Agreement' }]);
  });
});

describe('e-sign templates', () => {
  it('R-ESIGN-004, R-ESIGN-005, R-ESIGN-006, R-ESIGN-008: name, type, work locations and the document are required', async () => {
    const res = await lawAdmin.post('/api/pdf-sign/save-esign-template', {});
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.json())).toEqual({
      name: 'Name is required',
      tplType: 'Type is required',
      prepareTemplateId: 'Template Document is required',
      noOfWorkLocations: 'No of Work Locations is required',
    });
    expect(await rows('esign_templates')).toBe(0);
  });

  it('R-ESIGN-007: the No of Work Locations options are 1, 2 and 3', async () => {
    const doc = await pdf(lawAdmin, 'site.pdf');
    for (const noOfWorkLocations of [0, 4, 1.5, '2', null]) {
      const bad = await lawAdmin.post('/api/pdf-sign/save-esign-template', {
        name: 'Site',
        tplType: 6,
        prepareTemplateId: doc,
        noOfWorkLocations,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual([{ name: 'noOfWorkLocations', message: 'No of Work Locations is required' }]);
    }
    for (const noOfWorkLocations of [1, 2, 3]) {
      const ok = await lawAdmin.post('/api/pdf-sign/save-esign-template', {
        name: `Site ${noOfWorkLocations}`,
        tplType: 6,
        prepareTemplateId: doc,
        noOfWorkLocations,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().item.noOfWorkLocations).toBe(noOfWorkLocations);
    }
    expect(await rows('esign_templates')).toBe(3);
  });

  it('R-ESIGN-013, R-ESIGN-012, R-ESIGN-009: save with name, tplType, prepareTemplateId, noOfWorkLocations; the list takes filters {title}, page, perpage, sorting and its item has the fields', async () => {
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
      filters: { title: 'notice' },
      page: 1,
      perpage: 25,
      sorting: { path: 'name', order: 1 },
    });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.totalCount).toBe(1);
    const [item] = body.list;
    expect(item).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      templateId: item._id,
      name: 'LCA notice',
      tplType: 1,
      tplTypeName: 'LCA Posting Notice',
      prepareTemplateId: doc,
      noOfWorkLocations: 2,
      document: { path: doc, name: 'lca-notice.pdf' },
      createdOn: expect.any(String),
      updatedOn: expect.any(String),
    });
    expect(res.json().item).toEqual(item);
    const [created] = await auditOf('esign_template', item._id, 'create');
    expect(created?.after).toMatchObject({ name: 'LCA notice', tplTypeName: 'LCA Posting Notice' });
  });

  it('the e-sign list searches the name and the type name, sorts by the allow-listed paths with ties by id, and pages', async () => {
    const list = (body: object) => lawAdmin.post('/api/pdf-sign/esign-template-list', body);
    // 'posting' is only in the type name of 'LCA notice'; 'other' only in the type name of the sites.
    expect(names((await list({ filters: { title: 'POSTING' } })).json())).toEqual(['LCA notice']);
    expect((await list({ filters: { title: 'other' } })).json().totalCount).toBe(3);
    const byLocations = (await list({ sorting: { path: 'noOfWorkLocations', order: -1 } })).json();
    expect(byLocations.list.map((r: { noOfWorkLocations: number }) => r.noOfWorkLocations)).toEqual([3, 2, 2, 1]);
    // The tie-breaker follows the sort's direction (platform/list.ts orderByOf).
    const ties = byLocations.list.slice(1, 3).map((r: { _id: string }) => r._id);
    expect(ties).toEqual([...ties].sort().reverse());
    expect(names((await list({ sorting: { path: 'tplTypeName', order: 1 } })).json())[0]).toBe('LCA notice');
    const page2 = (await list({ page: 2, perpage: 10, sorting: { path: 'name', order: 1 } })).json();
    expect(page2).toEqual({ list: [], totalCount: 4 });
    expect((await list({ sorting: { path: 'documentPath', order: 1 } })).statusCode).toBe(400);
  });

  it("a template name is unique in the tenant's e-sign list ignoring case; the type must exist in master data", async () => {
    const doc = await pdf(lawAdmin);
    const dup = await lawAdmin.post('/api/pdf-sign/save-esign-template', {
      name: ' lca NOTICE ',
      tplType: 2,
      prepareTemplateId: doc,
      noOfWorkLocations: 1,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      code: 'DUPLICATE',
      message: 'Template name already exists',
      fields: [{ name: 'name', message: 'Template name already exists' }],
    });
    const [site] = (await lawAdmin.post('/api/pdf-sign/esign-template-list', { filters: { title: 'Site 1' } })).json()
      .list;
    const renamed = await lawAdmin.post('/api/pdf-sign/update-esign-template', {
      name: 'LCA Notice',
      tplType: 6,
      prepareTemplateId: doc,
      noOfWorkLocations: 1,
      templateId: site._id,
    });
    expect(renamed.statusCode).toBe(409);
    const unknownType = await lawAdmin.post('/api/pdf-sign/save-esign-template', {
      name: 'Unknown type',
      tplType: 999,
      prepareTemplateId: doc,
      noOfWorkLocations: 1,
    });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().fields).toEqual([{ name: 'tplType', message: 'Type is required' }]);
    // Another firm may use the same name: names are unique per tenant.
    const elsewhere = await otherAdmin.post('/api/pdf-sign/save-esign-template', {
      name: 'LCA notice',
      tplType: 1,
      prepareTemplateId: await pdf(otherAdmin),
      noOfWorkLocations: 1,
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect(await rows('esign_templates')).toBe(5);
  });

  it("the other law firm's admin (role 3) and a petitioner company see none of the firm's e-sign templates and cannot change them", async () => {
    expect(names((await otherAdmin.post('/api/pdf-sign/esign-template-list', {})).json())).toEqual(['LCA notice']);
    expect((await coAdmin.post('/api/pdf-sign/esign-template-list', {})).json()).toEqual({ list: [], totalCount: 0 });
    const [item] = (await lawAdmin.post('/api/pdf-sign/esign-template-list', { filters: { title: 'LCA' } })).json()
      .list;
    const update = await otherAdmin.post('/api/pdf-sign/update-esign-template', {
      name: 'Hijacked',
      tplType: 1,
      prepareTemplateId: await pdf(otherAdmin),
      noOfWorkLocations: 1,
      templateId: item._id,
    });
    expect(update.statusCode).toBe(404);
    expect(update.json().code).toBe('NOT_FOUND');
    expect((await otherAdmin.post('/api/pdf-sign/delete-esign-template', { templateId: item._id })).statusCode).toBe(
      404,
    );
    const [after] = (await lawAdmin.post('/api/pdf-sign/esign-template-list', { filters: { title: 'LCA' } })).json()
      .list;
    expect(after).toEqual(item);
  });

  it('R-ESIGN-014, R-ESIGN-015: update takes the save payload plus templateId; delete takes templateId', async () => {
    const [item] = (await lawAdmin.post('/api/pdf-sign/esign-template-list', { filters: { title: 'LCA' } })).json()
      .list;
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
    const [after] = (await lawAdmin.post('/api/pdf-sign/esign-template-list', { filters: { title: '3 sites' } })).json()
      .list;
    expect(after).toMatchObject({
      _id: item._id,
      name: 'LCA notice (3 sites)',
      tplType: 2,
      tplTypeName: 'Public Access File Memorandum',
      noOfWorkLocations: 3,
      prepareTemplateId: doc,
      document: { path: doc, name: 'lca-notice-v2.pdf' },
    });
    const [updated] = await auditOf('esign_template', item._id, 'update');
    expect(updated?.before).toMatchObject({ name: 'LCA notice', noOfWorkLocations: 2 });
    expect(updated?.after).toMatchObject({ name: 'LCA notice (3 sites)', noOfWorkLocations: 3 });

    const before = await rows('esign_templates');
    const del = await lawAdmin.post('/api/pdf-sign/delete-esign-template', { templateId: item._id });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: 'Template deleted successfully' });
    expect(await rows('esign_templates')).toBe(before - 1);
    const [deleted] = await auditOf('esign_template', item._id, 'delete');
    expect(deleted?.before).toMatchObject({ name: 'LCA notice (3 sites)' });
    expect((await lawAdmin.post('/api/pdf-sign/delete-esign-template', { templateId: item._id })).statusCode).toBe(404);
    const unknown = await lawAdmin.post('/api/pdf-sign/update-esign-template', {
      name: 'Gone',
      tplType: 1,
      prepareTemplateId: doc,
      noOfWorkLocations: 1,
      templateId: item._id,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('R-ESIGN-011: the prepare call takes type, editing and templateId and answers url and templateId', async () => {
    const doc = await pdf(lawAdmin, 'preview.pdf');
    const res = await lawAdmin.post('/api/pdf-sign/get-tpl-prepare-iframe-url', {
      type: 'esign',
      editing: false,
      templateId: doc,
    });
    expect(res.statusCode, res.body).toBe(200);
    // Issue 20: an e-sign document opens the preparation page (esign-fields.test.ts); the others the PDF.
    expect(res.json()).toEqual({ url: `/esign/prepare?templateId=${encodeURIComponent(doc)}`, templateId: doc });
    const contract = await lawAdmin.post('/api/pdf-sign/get-tpl-prepare-iframe-url', {
      type: 'contract',
      editing: false,
      templateId: doc,
    });
    expect(contract.json()).toEqual({
      url: `/api/common/viewfile?path=${encodeURIComponent(doc)}&filename=preview.pdf&inline=1`,
      templateId: doc,
    });
  });

  it("the prepare url serves the tenant's PDF inline; another tenant's document answers 404, an image 400", async () => {
    const doc = await pdf(lawAdmin, 'preview.pdf');
    const { url } = (
      await lawAdmin.post('/api/pdf-sign/get-tpl-prepare-iframe-url', {
        type: 'contract',
        editing: true,
        templateId: doc,
      })
    ).json();
    const view = await t.app.inject({ method: 'GET', url, headers: { cookie: lawAdmin.cookie } });
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('application/pdf');
    expect(view.headers['x-content-type-options']).toBe('nosniff');
    expect(String(view.headers['content-disposition'])).toMatch(/^inline; filename="preview.pdf"/);
    expect(view.rawPayload.equals(PDF)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: otherAdmin.cookie } })).statusCode).toBe(404);
    const foreign = await otherAdmin.post('/api/pdf-sign/get-tpl-prepare-iframe-url', {
      type: 'esign',
      editing: false,
      templateId: doc,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('NOT_FOUND');
    const image = await lawAdmin.post('/api/pdf-sign/get-tpl-prepare-iframe-url', {
      type: 'contract',
      editing: false,
      templateId: await png(lawAdmin),
    });
    expect(image.statusCode).toBe(400);
    expect(image.json().fields).toEqual([{ name: 'templateId', message: 'Template Document is required' }]);
  });
});

describe('contract templates', () => {
  it('R-CONTRACT-003, R-CONTRACT-004: name and the template document are required', async () => {
    const res = await lawAdmin.post('/api/contract-template/create', { name: '  ' });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.json())).toEqual({ name: 'Name is required', templateId: 'Template Document is required' });
    expect(await rows('contract_templates')).toBe(0);
  });

  it('R-CONTRACT-007: a contract template is created with name and templateId', async () => {
    const doc = await pdf(lawAdmin, 'offer.pdf');
    for (const name of ['Offer contract', 'Consulting contract']) {
      const res = await lawAdmin.post('/api/contract-template/create', { name, templateId: doc });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('Template created successfully');
      expect(res.json().item).toMatchObject({ name, templateId: doc, document: { path: doc, name: 'offer.pdf' } });
    }
    expect(await rows('contract_templates')).toBe(2);
  });

  it('R-CONTRACT-006, R-CONTRACT-005: the list takes filters {title}, page, perpage, sorting; its item has _id, name, templateId', async () => {
    const body = (
      await lawAdmin.post('/api/contract-template/list', {
        filters: { title: 'OFFER' },
        page: 1,
        perpage: 10,
        sorting: { path: 'name', order: 1 },
      })
    ).json();
    expect(body.totalCount).toBe(1);
    expect(body.list[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Offer contract',
      templateId: expect.stringMatching(/^private\/[0-9a-f]{32}\.pdf$/),
      document: { path: body.list[0].templateId, name: 'offer.pdf' },
      createdOn: expect.any(String),
      updatedOn: expect.any(String),
    });
    const sorted = await lawAdmin.post('/api/contract-template/list', { sorting: { path: 'name', order: -1 } });
    expect(names(sorted.json())).toEqual(['Offer contract', 'Consulting contract']);
  });

  it('a contract template name is unique per tenant ignoring case', async () => {
    const doc = await pdf(lawAdmin);
    const dup = await lawAdmin.post('/api/contract-template/create', { name: 'OFFER CONTRACT', templateId: doc });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      code: 'DUPLICATE',
      message: 'Template name already exists',
      fields: [{ name: 'name', message: 'Template name already exists' }],
    });
    expect(await rows('contract_templates')).toBe(2);
  });

  it("the other law firm's admin (role 3) sees none of the firm's contract templates and cannot change them", async () => {
    expect((await otherAdmin.post('/api/contract-template/list', {})).json()).toEqual({ list: [], totalCount: 0 });
    const [item] = (await lawAdmin.post('/api/contract-template/list', { filters: { title: 'Offer' } })).json().list;
    const foreign = await otherAdmin.post('/api/contract-template/update', {
      name: 'Hijacked',
      templateId: await pdf(otherAdmin),
      contractTemplateId: item._id,
    });
    expect(foreign.statusCode).toBe(404);
    const del = await otherAdmin.post('/api/contract-template/delete', { contractTemplateId: item._id });
    expect(del.statusCode).toBe(404);
    expect((await lawAdmin.post('/api/contract-template/list', { filters: { title: 'Offer' } })).json().list).toEqual([
      item,
    ]);
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
    expect(res.json().item).toMatchObject({ _id: item._id, name: 'Consulting agreement' });
    expect(await auditOf('contract_template', item._id, 'update')).toHaveLength(1);
    const del = await lawAdmin.post('/api/contract-template/delete', { contractTemplateId: item._id });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe('Template deleted successfully');
    const [deleted] = await auditOf('contract_template', item._id, 'delete');
    expect(deleted?.before).toMatchObject({ name: 'Consulting agreement' });
    expect(names((await lawAdmin.post('/api/contract-template/list', {})).json())).toEqual(['Offer contract']);
  });

  it("a template document must be a PDF the tenant uploaded: an image is refused (400), another tenant's PDF is not found (404)", async () => {
    const image = await lawAdmin.post('/api/contract-template/create', {
      name: 'Image',
      templateId: await png(lawAdmin),
    });
    expect(image.statusCode).toBe(400);
    expect(image.json().fields).toEqual([{ name: 'templateId', message: 'Template Document is required' }]);
    const foreign = await lawAdmin.post('/api/contract-template/create', {
      name: 'Foreign',
      templateId: await pdf(otherAdmin),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().fields).toEqual([{ name: 'templateId', message: 'File not found' }]);
    const esignImage = await lawAdmin.post('/api/pdf-sign/save-esign-template', {
      name: 'Image',
      tplType: 1,
      prepareTemplateId: await png(lawAdmin),
      noOfWorkLocations: 1,
    });
    expect(esignImage.statusCode).toBe(400);
    expect(esignImage.json().fields).toEqual([{ name: 'prepareTemplateId', message: 'Template Document is required' }]);
    expect(await rows('contract_templates')).toBe(1);
  });

  it('R-LIST-012: roles 1, 2 and 3 change templates; the Branch Manager (role 4) gets 403 and nothing changes', async () => {
    const doc = await pdf(lawAdmin);
    const [contracts, esigns] = [await rows('contract_templates'), await rows('esign_templates')];
    expect(
      (await lawManager.post('/api/contract-template/create', { name: 'By manager', templateId: doc })).statusCode,
    ).toBe(403);
    const esign = { name: 'By manager', tplType: 1, prepareTemplateId: doc, noOfWorkLocations: 1 };
    expect((await lawManager.post('/api/pdf-sign/save-esign-template', esign)).statusCode).toBe(403);
    expect(
      (await lawManager.post('/api/agreement/create', { name: 'By manager', serviceType: 1, templateId: doc }))
        .statusCode,
    ).toBe(403);
    expect([await rows('contract_templates'), await rows('esign_templates')]).toEqual([contracts, esigns]);
    // The platform team keeps its own templates, apart from every tenant's.
    const own = await platformAdmin.post('/api/contract-template/create', {
      name: 'Offer contract',
      templateId: await pdf(platformAdmin),
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(names((await platformAdmin.post('/api/contract-template/list', {})).json())).toEqual(['Offer contract']);
  });

  it('role 4 may preview the documents of the lists it opens, but not prepare a new template nor preview a contract', async () => {
    const doc = await pdf(lawAdmin);
    const prepare = (type: string, editing: boolean) =>
      lawManager.post('/api/pdf-sign/get-tpl-prepare-iframe-url', { type, editing, templateId: doc });
    expect((await prepare('esign', true)).statusCode).toBe(200);
    expect((await prepare('agreement', true)).statusCode).toBe(200);
    expect((await prepare('esign', false)).statusCode).toBe(403);
    expect((await prepare('contract', true)).statusCode).toBe(403);
    expect((await lawManager.post('/api/contract-template/list', {})).statusCode).toBe(403);
  });
});

describe('service agreements', () => {
  it('R-AGREE-003, R-AGREE-004, R-AGREE-005: type, name and the agreement document are required', async () => {
    const res = await coAdmin.post('/api/agreement/create', {});
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.json())).toEqual({
      name: 'Name is required',
      serviceType: 'Type is required',
      templateId: 'Agreement Document is required',
    });
    const unknownType = await coAdmin.post('/api/agreement/create', {
      name: 'A',
      serviceType: 999,
      templateId: await pdf(coAdmin),
    });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().fields).toEqual([{ name: 'serviceType', message: 'Type is required' }]);
    const image = await coAdmin.post('/api/agreement/create', {
      name: 'A',
      serviceType: 1,
      templateId: await png(coAdmin),
    });
    expect(image.json().fields).toEqual([{ name: 'templateId', message: 'Agreement Document is required' }]);
    expect(await rows('agreements')).toBe(0);
  });

  it('R-AGREE-010: an agreement is created with name, serviceType, serviceTypeName, templateId', async () => {
    const doc = await pdf(coAdmin, 'services.pdf');
    const res = await coAdmin.post('/api/agreement/create', {
      name: 'Standard services agreement',
      serviceType: 1,
      serviceTypeName: 'Something the browser made up',
      templateId: doc,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Agreement created successfully');
    // The type name is the master data's, not the body's.
    expect(res.json().item).toMatchObject({ serviceTypeName: 'Immigration Legal Services Agreement' });
    expect(await auditOf('agreement', res.json().item._id, 'create')).toHaveLength(1);
  });

  it('R-AGREE-009, R-AGREE-007: the list takes filters {title}, page, perpage, sorting; its item has _id, name, serviceType, serviceTypeName, templateId', async () => {
    const body = (
      await coAdmin.post('/api/agreement/list', {
        filters: { title: 'legal services' },
        page: 1,
        perpage: 25,
        sorting: { path: 'serviceTypeName', order: 1 },
      })
    ).json();
    expect(body.totalCount).toBe(1);
    expect(body.list[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Standard services agreement',
      serviceType: 1,
      serviceTypeName: 'Immigration Legal Services Agreement',
      templateId: body.list[0].document.path,
      document: { path: expect.stringMatching(/^private\/[0-9a-f]{32}\.pdf$/), name: 'services.pdf' },
      createdOn: expect.any(String),
      updatedOn: expect.any(String),
    });
    expect(names((await coAdmin.post('/api/agreement/list', { filters: { title: 'standard' } })).json())).toEqual([
      'Standard services agreement',
    ]);
    expect((await coAdmin.post('/api/agreement/list', { filters: { title: 'retainer' } })).json().totalCount).toBe(0);
  });

  it('R-AGREE-006: when an agreement exists, a second create and preparing a new one are refused with the message', async () => {
    const doc = await pdf(coAdmin);
    const second = await coAdmin.post('/api/agreement/create', { name: 'Another', serviceType: 2, templateId: doc });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ code: 'DUPLICATE', message: 'Already One Service Agreement Present' });
    const prepare = await coAdmin.post('/api/pdf-sign/get-tpl-prepare-iframe-url', {
      type: 'agreement',
      editing: false,
      templateId: doc,
    });
    expect(prepare.statusCode).toBe(409);
    expect(prepare.json()).toEqual({ code: 'DUPLICATE', message: ONE_AGREEMENT_MESSAGE });
    expect(await rows('agreements')).toBe(1);
  });

  it('one agreement per tenant: editing the one there is may be prepared, another tenant has its own, and a unique index holds it under a race', async () => {
    const doc = await pdf(coAdmin);
    const editing = await coAdmin.post('/api/pdf-sign/get-tpl-prepare-iframe-url', {
      type: 'agreement',
      editing: true,
      templateId: doc,
    });
    expect(editing.statusCode).toBe(200);
    // The firm has none yet: its own prepare and create go through.
    const firmDoc = await pdf(lawAdmin);
    expect(
      (
        await lawAdmin.post('/api/pdf-sign/get-tpl-prepare-iframe-url', {
          type: 'agreement',
          editing: false,
          templateId: firmDoc,
        })
      ).statusCode,
    ).toBe(200);
    const firm = await lawAdmin.post('/api/agreement/create', {
      name: 'Standard services agreement',
      serviceType: 2,
      templateId: firmDoc,
    });
    expect(firm.statusCode, firm.body).toBe(200);
    expect(await rows('agreements')).toBe(2);
    // A second row for the same tenant that got past the count check (a race) is refused by the index.
    await expect(
      t.database.db.execute(
        sql`insert into agreements (tenant_id, name, document_path, document_name, service_type, service_type_name)
            values (${t.tenants.petitioner}, 'Raced', ${doc}, 'raced.pdf', 1, 'x')`,
      ),
    ).rejects.toThrow();
    expect(await rows('agreements')).toBe(2);
  });

  it("R-AGREE-011, R-AGREE-012: update with the create payload plus agreementId; delete with agreementId (another tenant's id is 404)", async () => {
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
      _id: item._id,
      name: 'Retainer',
      serviceType: 2,
      serviceTypeName: 'Retainer Agreement',
    });
    const foreignUpdate = await lawAdmin.post('/api/agreement/update', {
      name: 'Hijacked',
      serviceType: 1,
      templateId: await pdf(lawAdmin),
      agreementId: item._id,
    });
    expect(foreignUpdate.statusCode).toBe(404);
    expect((await lawAdmin.post('/api/agreement/delete', { agreementId: item._id })).statusCode).toBe(404);
    expect(await rows('agreements')).toBe(2);
    const del = await coAdmin.post('/api/agreement/delete', { agreementId: item._id });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: 'Agreement deleted successfully' });
    expect((await coAdmin.post('/api/agreement/list', {})).json()).toEqual({ list: [], totalCount: 0 });
    const [deleted] = await auditOf('agreement', item._id, 'delete');
    expect(deleted?.before).toMatchObject({ name: 'Retainer' });
    // With none left, a new one may be added again.
    const again = await coAdmin.post('/api/agreement/create', {
      name: 'Retainer',
      serviceType: 2,
      templateId: item.templateId,
    });
    expect(again.statusCode, again.body).toBe(200);
  });
});
