import { EDITION_DOCUMENT_MESSAGE } from '@caseport/domain/platform-library/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, PRIVATE_FILE, signIn, uploadFile } from './support/calls';
import { newPerson, partiesFor } from './support/cases';
import { buildPdf, PDF_MIN, PNG_1X1, postUpload } from './support/files';
import { type Caller, createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let platform: Caller;
let ops: Caller;
let lawAdmin: Caller;
let lawManager: Caller;
let coAdmin: Caller;
let otherAdmin: Caller;
let PDF: Buffer;

const N400 = '6f1c0a00-0021-4000-8000-000000000400';
const I130 = '6f1c0a00-0021-4000-8000-000000000130';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const upload = async (caller: Caller, purpose: string, name: string, data: Buffer) =>
  (await uploadFile(t, caller, { purpose, ...PRIVATE_FILE }, { name, data })).path;
const count = async (table: string) =>
  (await t.database.db.execute<{ n: number }>(sql.raw(`select count(*)::int n from ${table}`))).rows[0]!.n;
const addEdition = (c: Caller, formId: string, editionDate: string, documentPath: string) =>
  c.post('/api/platform-library/forms/add-edition', { formId, editionDate, documentPath });
const library = async (c: Caller) =>
  (await ok(c, '/api/platform-library/forms/list', {})) as {
    list: { _id: string; formNumber: string | null; editions: { editionDate: string; document: unknown }[] }[];
  };
const checklist = async (c: Caller) =>
  (await ok(c, '/api/form-letter/list', { page: 1, perpage: 1000000, withPlatformLibrary: true })).list as {
    _id: string;
    name: string;
    library?: string;
    edition?: string | null;
  }[];

beforeAll(async () => {
  t = await createTestApp();
  [platform, ops, lawAdmin, lawManager, coAdmin, otherAdmin] = await signIn(
    t,
    'platformAdmin',
    'platformOps',
    'lawAdmin',
    'lawManager',
    'coAdmin',
    'otherAdmin',
  );
  PDF = await buildPdf('Form N-400 Application for Naturalization');
});
afterAll(() => t.close());

describe('the platform library (Forms and Letters tab)', () => {
  it('ships the common USCIS forms with their edition dates, metadata only', async () => {
    const { list } = await library(platform);
    const i129 = list.find((f) => f.formNumber === 'I-129')!;
    expect(i129.editions[0]).toMatchObject({ editionDate: '2025-01-17', document: null });
    expect(list.map((f) => f.formNumber)).toEqual(expect.arrayContaining(['I-130', 'I-140', 'I-485', 'I-765', 'G-28']));
  });

  it('a tenant cannot change the platform library: every change answers 403 and nothing is written', async () => {
    const before = await count('platform_forms');
    const editions = await count('platform_form_editions');
    const path = await upload(lawAdmin, 'pdf', 'n400.pdf', PDF);
    for (const c of [lawAdmin, lawManager, coAdmin]) {
      expect((await c.post('/api/platform-library/forms/list', {})).statusCode).toBe(403);
      const save = await c.post('/api/platform-library/forms/save', { kind: 'Form', formNumber: 'I-999', title: 'X' });
      expect(save.statusCode).toBe(403);
      expect((await addEdition(c, N400, '2030-01-01', path)).statusCode).toBe(403);
      const cfg = { typeId: 9, subTypeId: 42, questionnaireId: null, linkDefaultWorkflow: false, formIds: [] };
      expect((await c.post('/api/platform-library/case-configs/save', cfg)).statusCode).toBe(403);
      const type = { name: 'X', code: 'X', category: 'family', tenantTypes: [1] };
      expect((await c.post('/api/case-catalogue/save-type', type)).statusCode).toBe(403);
    }
    // The database agrees: a tenant's role may read the library, never write it.
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local role app_user`);
        await tx.execute(sql`update platform_forms set title = 'changed'`);
      }),
    ).rejects.toThrow();
    expect(await count('platform_forms')).toBe(before);
    expect(await count('platform_form_editions')).toBe(editions);
  });

  it('role rules: roles 1 and 2 keep the library and the default configurations; only role 1 changes the catalogue', async () => {
    const saved = await ok(ops, '/api/platform-library/forms/save', {
      kind: 'Letter',
      title: 'RFE Response Cover Letter',
      caseTypeIds: [1],
    });
    expect(saved.form).toMatchObject({ kind: 'Letter', formNumber: null, title: 'RFE Response Cover Letter' });
    const type = { name: 'T-1 Trafficking Victim', code: 'T1', category: 'humanitarian', tenantTypes: [1] };
    expect((await ops.post('/api/case-catalogue/save-type', type)).statusCode).toBe(403);
    const created = await ok(platform, '/api/case-catalogue/save-type', type);
    expect(created.id).toBeGreaterThan(21);
    expect((await ok(ops, '/api/case-catalogue/list', {})).canEdit).toBe(false);
    expect((await ok(platform, '/api/case-catalogue/list', {})).canEdit).toBe(true);
    // A form number is unique ignoring case; a form needs one.
    expect(
      (await platform.post('/api/platform-library/forms/save', { kind: 'Form', formNumber: 'i-129', title: 'Dup' }))
        .statusCode,
    ).toBe(409);
    const noNumber = await platform.post('/api/platform-library/forms/save', { kind: 'Form', title: 'No number' });
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().fields[0].name).toBe('formNumber');
  });

  it('the catalogue says which tenant type may use each case type: a petitioner company no longer sees one kept for law firms', async () => {
    const e2 = (await ok(platform, '/api/case-catalogue/list', {})).list.find((x: { id: number }) => x.id === 12);
    await ok(platform, '/api/case-catalogue/save-type', { ...pick(e2), tenantTypes: [1] });
    const coTypes = (await ok(coAdmin, '/api/case-catalogue/list', {})).list.map((x: { id: number }) => x.id);
    expect(coTypes).not.toContain(12);
    const coConfig = await ok(coAdmin, '/api/petition-config/list', { filters: {} });
    expect(coConfig.list.map((x: { id: number }) => x.id)).not.toContain(12);
    const refused = await coAdmin.post('/api/petition-config/manage-case-types', {
      selList: [{ id: 12, selected: true }],
    });
    expect(refused.statusCode).toBe(400);
    expect((await ok(lawAdmin, '/api/case-catalogue/list', {})).list.map((x: { id: number }) => x.id)).toContain(12);
    await ok(platform, '/api/case-catalogue/save-type', { ...pick(e2), tenantTypes: [1, 2] });
  });

  it('an edition document is checked by content: an image or a file that is not a readable PDF is refused', async () => {
    const png = await upload(platform, 'document', 'scan.png', PNG_1X1);
    const broken = await upload(platform, 'pdf', 'empty.pdf', PDF_MIN);
    for (const path of [png, broken]) {
      const res = await addEdition(platform, N400, '2031-01-01', path);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ name: 'documentPath', message: EDITION_DOCUMENT_MESSAGE }]);
    }
    // A tenant's own PDF is not the platform's to use.
    const foreign = await upload(lawAdmin, 'pdf', 'mine.pdf', PDF);
    expect((await addEdition(platform, N400, '2031-01-01', foreign)).statusCode).toBe(400);
    // A PNG renamed .pdf never gets stored as a PDF.
    const renamed = await postUpload(t, platform, { purpose: 'pdf', secureType: 'private' }, [
      { name: 'form.pdf', data: PNG_1X1 },
    ]);
    expect(renamed.statusCode).toBeGreaterThanOrEqual(400);
    expect(renamed.statusCode).toBeLessThan(500);
  });

  it('foreign and unknown ids answer 404', async () => {
    const path = await upload(platform, 'pdf', 'x.pdf', PDF);
    expect((await addEdition(platform, UNKNOWN, '2031-01-01', path)).statusCode).toBe(404);
    expect(
      (await platform.post('/api/platform-library/forms/save', { formId: UNKNOWN, kind: 'Letter', title: 'X' }))
        .statusCode,
    ).toBe(404);
    expect((await lawAdmin.get(`/api/platform-library/forms/document?formId=${UNKNOWN}`)).statusCode).toBe(404);
    expect((await platform.post('/api/platform-library/case-configs/delete', { subTypeId: 91 })).statusCode).toBe(404);
    expect((await lawAdmin.post('/api/cases/form-editions', { caseId: UNKNOWN })).statusCode).toBe(404);
  });
});

/** A published platform questionnaire as the Case Configuration's picker lists it. */
const published = async (name: string) => {
  const { questionnaireOptions } = await ok(platform, '/api/platform-library/case-configs/list', { typeIds: [9] });
  return questionnaireOptions.find((q: { name: string }) => q.name === name) as { _id: string; version: number };
};

const pick = (x: Record<string, unknown>) => ({
  id: x.id,
  name: x.name,
  code: x.code,
  formNumber: x.formNumber,
  category: x.category,
  tenantTypes: x.tenantTypes,
  active: x.active,
});

describe('editions and cases', () => {
  it("a new edition replaces the old one for new cases; a case already opened keeps its edition; another tenant's case is 404", async () => {
    await ok(platform, '/api/platform-library/forms/add-edition', {
      formId: N400,
      editionDate: '2026-02-01',
      documentPath: await upload(platform, 'pdf', 'n-400-2026-02.pdf', PDF),
    });
    // The law firm sees the form in its checklist with its current edition, and picks it for a sub-type.
    const offered = (await checklist(lawAdmin)).find((f) => f._id === N400);
    expect(offered).toMatchObject({
      library: 'platform',
      edition: '2026-02-01',
      name: 'N-400 Application for Naturalization',
    });
    await ok(lawAdmin, '/api/petition-config/manage-case-types', { selList: [{ id: 9, selected: true }] });
    await ok(lawAdmin, '/api/petition-config/manage-case-sub-types', { selList: [{ id: 44, selected: true }] });
    const questionnaire = (await ok(lawAdmin, '/api/questionnaire/list', { page: 1, perpage: 25 })).list[0]._id;
    await ok(lawAdmin, '/api/petition-config/create', {
      typeId: 9,
      subTypeId: 44,
      questionnaireTplId: questionnaire,
      formAndLetterIds: [N400],
    });
    const n400 = (await ok(lawAdmin, '/api/petition-config/list', { filters: { typeIds: [9] } })).list[0];
    const military = n400.subTypes.find((s: { id: number }) => s.id === 44);
    expect(military.configDetails.formAndLetterIds).toEqual([N400]);

    const first = (await ok(lawAdmin, '/api/cases/create', { subTypeId: 44, beneficiary: newPerson('Ana Ruiz') })).case
      ._id;
    const editionsOf = async (caseId: string) =>
      (await ok(lawAdmin, '/api/cases/form-editions', { caseId })).list.map(
        (e: { formId: string; editionDate: string }) => [e.formId, e.editionDate],
      );
    expect(await editionsOf(first)).toEqual([[N400, '2026-02-01']]);

    await ok(platform, '/api/platform-library/forms/add-edition', {
      formId: N400,
      editionDate: '2026-09-15',
      documentPath: await upload(platform, 'pdf', 'n-400-2026-09.pdf', PDF),
    });
    expect((await checklist(lawAdmin)).find((f) => f._id === N400)?.edition).toBe('2026-09-15');
    expect(await editionsOf(first)).toEqual([[N400, '2026-02-01']]);
    const second = (await ok(lawAdmin, '/api/cases/create', { subTypeId: 44, beneficiary: newPerson('Ben Ode') })).case
      ._id;
    expect(await editionsOf(second)).toEqual([[N400, '2026-09-15']]);
    expect((await otherAdmin.post('/api/cases/form-editions', { caseId: first })).statusCode).toBe(404);

    // The tenant downloads the current edition's PDF; it cannot delete the platform's entry.
    const doc = await lawAdmin.get(`/api/platform-library/forms/document?formId=${N400}`);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect((await lawAdmin.post('/api/form-letter/delete', { formAndLetterId: N400 })).statusCode).toBe(404);
    // An entry without a document is not offered (I-130 has only its seeded metadata).
    expect((await checklist(lawAdmin)).some((f) => f._id === I130)).toBe(false);
  });
});

describe('default case configurations (Case Configuration tab)', () => {
  it('a tenant created afterwards starts from the platform default: sub-type on, questionnaire, forms and the default workflow', async () => {
    const n400q = await published('N-400 Naturalization Questionnaire');
    await ok(platform, '/api/platform-library/case-configs/save', {
      typeId: 9,
      subTypeId: 42,
      questionnaireId: n400q._id,
      linkDefaultWorkflow: true,
      formIds: [N400],
    });
    const bad = await platform.post('/api/platform-library/case-configs/save', {
      typeId: 1,
      subTypeId: 42,
      questionnaireId: null,
      linkDefaultWorkflow: false,
      formIds: [],
    });
    expect(bad.statusCode).toBe(400);
    const row = (await ok(platform, '/api/platform-library/case-configs/list', { typeIds: [9] })).list.find(
      (r: { subTypeId: number }) => r.subTypeId === 42,
    );
    expect(row.config).toEqual({
      questionnaireId: n400q._id,
      questionnaireName: 'N-400 Naturalization Questionnaire',
      linkDefaultWorkflow: true,
      formIds: [N400],
    });

    const created = await ok(platform, '/api/tenant/create', {
      name: 'Library Test Firm',
      tenantType: 1,
      adminEmail: 'owner@library-test.test',
      adminFirstName: 'Lee',
      adminLastName: 'Brary',
    });
    const tenantId = created.tenant._id;
    const configs = await ok(platform, '/api/petition-config/list', {
      filters: { tenantIds: [tenantId], typeIds: [9] },
    });
    const standard = configs.list[0].subTypes.find((s: { id: number }) => s.id === 42);
    expect(configs.list[0].isCaseTypeSelected).toBe(true);
    expect(standard.isCaseTypeSelected).toBe(true);
    expect(standard.configDetails).toMatchObject({
      questionnaireName: 'N-400 Naturalization Questionnaire',
      formAndLetterIds: [N400],
    });
    expect(standard.workflowConfigDetails?.workflowName).toBe('Default Workflow');
    await ok(platform, '/api/platform-library/case-configs/delete', { subTypeId: 42 });
  });
});

const simpleDefinition = (label: string) => ({
  sections: [{ key: 'main', title: 'Main', questions: [{ key: 'q1', label, type: 'text' }] }],
});
const publishNew = async (name: string) => {
  const created = await ok(platform, '/api/questionnaire-template/create', {
    name,
    entityType: 'beneficiary',
    definition: simpleDefinition('First question'),
  });
  const id = created.questionnaire._id as string;
  await ok(platform, '/api/questionnaire-template/publish', { questionnaireId: id });
  return id;
};
type Sub = {
  id: number;
  isCaseTypeSelected: boolean;
  configDetails: { _id: string; questionnaireTplId: string; formAndLetterIds: string[] } | null;
};
/** A configured sub-type of a complete demo tenant (as the tenant's own list shows it). */
const configuredSub = async (c: Caller, tenantId?: string) => {
  const { list } = await ok(c, '/api/petition-config/list', { filters: tenantId ? { tenantIds: [tenantId] } : {} });
  for (const t of list as { id: number; isCaseTypeSelected: boolean; subTypes: Sub[] }[]) {
    const s = t.subTypes.find((x) => x.isCaseTypeSelected && x.configDetails);
    if (t.isCaseTypeSelected && s) return { typeId: t.id, sub: s };
  }
  throw new Error('no configured sub-type');
};
/** A configured sub-type moved to another questionnaire, its forms kept, for the cases already on it too. */
const updateBody = (typeId: number, sub: Sub, questionnaireTplId: string) => ({
  typeId,
  subTypeId: sub.id,
  questionnaireTplId,
  formAndLetterIds: sub.configDetails!.formAndLetterIds,
  petitionConfigId: sub.configDetails!._id,
  updateAction: 'update',
});

describe('issue 21, the rest: questionnaire ids, role 1 on a tenant, versions on cases', () => {
  it('the platform default picks its questionnaire from the published list by id: a draft-only or unknown id answers 400 and nothing changes', async () => {
    const draftOnly = (
      await ok(platform, '/api/questionnaire-template/create', {
        name: 'Draft Only Questionnaire',
        entityType: 'petitioner',
        definition: simpleDefinition('Company name'),
      })
    ).questionnaire._id;
    const before = await count('platform_case_configs');
    for (const questionnaireId of [draftOnly, UNKNOWN]) {
      const res = await platform.post('/api/platform-library/case-configs/save', {
        typeId: 9,
        subTypeId: 43,
        questionnaireId,
        linkDefaultWorkflow: true,
        formIds: [],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[0].name).toBe('questionnaireId');
    }
    expect(await count('platform_case_configs')).toBe(before);
    // The options are the published questionnaires with their latest version; a draft-only one is not offered.
    const { questionnaireOptions } = await ok(platform, '/api/platform-library/case-configs/list', {});
    expect(questionnaireOptions).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'H-1B Beneficiary Questionnaire', version: 1 })]),
    );
    expect(questionnaireOptions.some((q: { _id: string }) => q._id === draftOnly)).toBe(false);
  });

  it("role 1 edits a tenant's configuration through the tenant's rules, audited with the actor; role 2 only reads; another tenant's ids answer 404", async () => {
    const lawfirm = t.tenants.lawfirm;
    const questionnaireId = await publishNew('Acting Edit Questionnaire');
    const h1b = (await published('H-1B Beneficiary Questionnaire'))._id;
    // The tenant switches its sub-types on; role 1 configures one for it (create), then changes it (update).
    await ok(lawAdmin, '/api/petition-config/manage-case-types', { selList: [{ id: 9, selected: true }] });
    await ok(lawAdmin, '/api/petition-config/manage-case-sub-types', { selList: [{ id: 43, selected: true }] });
    const created = await platform.post('/api/petition-config/create', {
      tenantId: lawfirm,
      typeId: 9,
      subTypeId: 43,
      questionnaireTplId: h1b,
    });
    expect(created.statusCode, created.body).toBe(200);
    const typeId = 9;
    const sub = (
      (await ok(platform, '/api/petition-config/list', { filters: { tenantIds: [lawfirm], typeIds: [9] } })).list[0]
        .subTypes as Sub[]
    ).find((s) => s.id === 43)!;
    expect(sub.configDetails!.questionnaireTplId).toBe(h1b);
    // Role 1 reads the tenant's checklist (its own forms and letters, and the platform's with the flag).
    const own = (
      await ok(platform, '/api/form-letter/list', {
        page: 1,
        perpage: 1000,
        withPlatformLibrary: true,
        tenantId: lawfirm,
      })
    ).list as { _id: string; library: string }[];
    expect(own.some((f) => f.library === 'tenant')).toBe(true);
    const body = { tenantId: lawfirm, ...updateBody(typeId, sub, questionnaireId) };
    // Role 2 reads the tab but does not change a tenant's configuration; role 1 must name the tenant.
    expect((await ops.post('/api/petition-config/update', body)).statusCode).toBe(403);
    expect((await ops.post('/api/form-letter/list', { tenantId: lawfirm })).statusCode).toBe(403);
    const unnamed = await platform.post('/api/petition-config/update', { ...body, tenantId: undefined });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().fields[0].name).toBe('tenantId');
    // Another tenant's configuration or form, named under this tenant, is 404 and nothing changes.
    await ok(otherAdmin, '/api/petition-config/manage-case-types', { selList: [{ id: 9, selected: true }] });
    await ok(otherAdmin, '/api/petition-config/manage-case-sub-types', { selList: [{ id: 44, selected: true }] });
    const otherConfig = await ok(otherAdmin, '/api/petition-config/create', {
      typeId: 9,
      subTypeId: 44,
      questionnaireTplId: questionnaireId,
    });
    const foreignConfig = await platform.post('/api/petition-config/update', {
      ...body,
      petitionConfigId: otherConfig.petitionConfigId,
    });
    expect(foreignConfig.statusCode).toBe(404);
    const otherForms = (await ok(otherAdmin, '/api/form-letter/list', {})).list as { _id: string }[];
    const foreignForm = await platform.post('/api/petition-config/update', {
      ...body,
      formAndLetterIds: [otherForms[0]!._id],
    });
    expect(foreignForm.statusCode).toBe(404);
    const configOf43 = async () =>
      ((await ok(lawAdmin, '/api/petition-config/list', { filters: { typeIds: [9] } })).list[0].subTypes as Sub[]).find(
        (s) => s.id === 43,
      )!.configDetails!;
    expect((await configOf43()).questionnaireTplId).toBe(h1b);

    const saved = await ok(platform, '/api/petition-config/update', body);
    expect((await configOf43()).questionnaireTplId).toBe(questionnaireId);
    const audit = await t.database.db.execute<{ role_id: number; acting_tenant_id: string; user_id: string }>(
      sql`select role_id, acting_tenant_id, user_id from audit_log
          where entity = 'petition_config' and entity_id = ${saved.petitionConfigId} order by id desc limit 1`,
    );
    expect(audit.rows[0]).toMatchObject({ role_id: 1, acting_tenant_id: lawfirm });
    expect(audit.rows[0]!.user_id).not.toBeNull();
  });

  it("the case-type checklist asks for the platform's entries explicitly: the tenant's lists without the flag never hold them", async () => {
    const withFlag = await checklist(lawAdmin);
    expect(withFlag.some((f) => f.library === 'platform')).toBe(true);
    // The case-type checklist's own call (R-CASETYPE-014) is the same request.
    const { list: spec } = await ok(lawAdmin, '/api/form-letter/list', {
      page: 1,
      perpage: 1000000,
      getMasterData: true,
    });
    expect(spec.some((f: { library?: string }) => f.library === 'platform')).toBe(true);
    for (const body of [{}, { page: 1, perpage: 1000000 }, { filters: { title: 'N-400' } }]) {
      const { list } = await ok(lawAdmin, '/api/form-letter/list', body);
      expect(list.some((f: { library?: string }) => f.library === 'platform')).toBe(false);
    }
  });

  it('a case records the questionnaire version it was opened with; a later publish changes it for new cases only', async () => {
    const questionnaireId = await publishNew('Case Version Questionnaire');
    const { typeId, sub } = await configuredSub(lawAdmin);
    await ok(lawAdmin, '/api/petition-config/update', updateBody(typeId, sub, questionnaireId));
    // Issue 34: the parties the case type requires (partiesOf: a petitioner, a sponsor only where the type has one).
    const names = await partiesFor(t.database, t.tenants.lawfirm, sub.id, 'Vera Sion');
    const first = (await ok(lawAdmin, '/api/cases/create', { subTypeId: sub.id, ...names })).case._id;
    const versionOf = async (caseId: string) =>
      (await ok(lawAdmin, '/api/cases/form-editions', { caseId })).questionnaire;
    expect(await versionOf(first)).toEqual({ questionnaireId, name: 'Case Version Questionnaire', version: 1 });

    await ok(platform, '/api/questionnaire-template/save-draft', {
      questionnaireId,
      name: 'Case Version Questionnaire',
      entityType: 'beneficiary',
      definition: simpleDefinition('Changed question'),
    });
    await ok(platform, '/api/questionnaire-template/publish', { questionnaireId });
    expect((await versionOf(first)).version).toBe(1);
    const second = (await ok(lawAdmin, '/api/cases/create', { subTypeId: sub.id, ...names })).case._id;
    expect((await versionOf(second)).version).toBe(2);
    expect((await otherAdmin.post('/api/cases/form-editions', { caseId: second })).statusCode).toBe(404);
  });
});
