import { CUSTOM_CODES_OFF_MESSAGE } from '@caseport/domain/case-types/contracts';
import { defaultGlobalConfig } from '@caseport/domain/reminders/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, signIn } from './support/calls';
import { partiesFor } from './support/cases';
import { type Caller, createTestApp, DEMO, login, type TestApp } from './support/test-app';

let t: TestApp;
let admin: Caller;
let manager: Caller;
let other: Caller;
let platform: Caller;

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, other, platform] = await signIn(t, 'lawAdmin', 'lawManager', 'otherAdmin', 'platformAdmin');
});
afterAll(() => t.close());

const auditCount = async (entity: string) =>
  (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where entity = ${entity}`))
    .rows[0]!.n;

interface SubTypeWire {
  id: number;
  name: string;
  code: string;
  isCaseTypeSelected: boolean;
  configDetails: { _id: string; questionnaireTplId: string; formAndLetterIds: string[] } | null;
  workflowConfigDetails: { _id: string; workflowId: string } | null;
  casenoConfigDetails: { _id: string; code: string } | null;
}
interface TypeWire {
  id: number;
  name: string;
  isCaseTypeSelected: boolean;
  subTypes: SubTypeWire[];
  casenoConfigDetails: { _id: string; code: string } | null;
}
const configs = async (c: Caller, body: object = {}) =>
  (await ok(c, '/api/petition-config/list', { filters: {}, page: 1, perpage: 100000000, getAll: true, ...body })) as {
    list: TypeWire[];
    totalCount: number;
    allowCustonCaseNo: boolean;
  };
const h1b = async (c: Caller) => (await configs(c, { filters: { typeIds: [1] } })).list[0]!;
const questionnaires = async (c: Caller) =>
  (await ok(c, '/api/questionnaire/list', { page: 1, perpage: 25 })) as {
    list: { _id: string; name: string }[];
    totalCount: number;
  };
const formsOf = async (c: Caller) =>
  (await ok(c, '/api/form-letter/list', { page: 1, perpage: 1000000, getMasterData: true })) as {
    list: { _id: string; name: string; type: string; document: { path: string; name: string }; tenantId: string }[];
    totalCount: number;
    masterData: { formTypes: string[] };
  };
const enable = async (c: Caller, typeId: number, subTypeIds: number[]) => {
  await ok(c, '/api/petition-config/manage-case-types', {
    selList: [{ id: typeId, selected: true, isCaseTypeSelected: true }],
  });
  await ok(c, '/api/petition-config/manage-case-sub-types', {
    selList: subTypeIds.map((id) => ({ id, selected: true, isCaseTypeSelected: true })),
  });
};

// Seed: H-1B (1) with sub-types 1 Cap - New Petition, 3 Extension of Stay, 4 Change of Employer, 5 Amendment.
describe('case types and sub-types per tenant (POST /api/petition-config/*)', () => {
  it('R-CASETYPE-020: /petition-config/list takes {filters, page, perpage, getAll, getByPetitionType}; unknown keys are refused', async () => {
    const res = await configs(admin, { getByPetitionType: true });
    expect(res.totalCount).toBeGreaterThanOrEqual(10);
    expect(res.list.map((x) => x.name)).toContain('H-1B Specialty Occupation');
    expect((await admin.post('/api/petition-config/list', { filters: { bogus: 1 } })).statusCode).toBe(400);
    expect((await admin.post('/api/petition-config/list', { nope: true })).statusCode).toBe(400);
  });

  it('R-CASETYPE-017: a case type record has id, name, subTypes, isCaseTypeSelected and the three detail objects', async () => {
    const type = await h1b(admin);
    expect(type).toMatchObject({ id: 1, name: 'H-1B Specialty Occupation', isCaseTypeSelected: false });
    const sub = type.subTypes.find((s) => s.id === 4)!;
    expect(sub).toMatchObject({ id: 4, name: 'Change of Employer', isCaseTypeSelected: false });
    expect(sub).toHaveProperty('configDetails', null);
    expect(sub).toHaveProperty('workflowConfigDetails', null);
    expect(sub).toHaveProperty('casenoConfigDetails', null);
  });

  it('R-CASETYPE-004: switching a case type sends {selList:[{id, selected, isCaseTypeSelected}]} and is kept per tenant, audited', async () => {
    const before = await auditCount('case_type_selection');
    await ok(admin, '/api/petition-config/manage-case-types', {
      selList: [{ id: 1, selected: true, isCaseTypeSelected: true }],
    });
    expect((await h1b(admin)).isCaseTypeSelected).toBe(true);
    expect((await h1b(manager)).isCaseTypeSelected).toBe(true);
    expect((await h1b(other)).isCaseTypeSelected).toBe(false);
    expect(await auditCount('case_type_selection')).toBe(before + 1);
    const bad = await admin.post('/api/petition-config/manage-case-types', { selList: [{ id: 9999, selected: true }] });
    expect(bad.statusCode).toBe(400);
    expect((await admin.post('/api/petition-config/manage-case-types', { selList: [] })).statusCode).toBe(400);
  });

  it('R-CASETYPE-005: switching a sub-type sends {selList:[{id, selected, isCaseTypeSelected}]}', async () => {
    await ok(admin, '/api/petition-config/manage-case-sub-types', {
      selList: [{ id: 4, selected: true, isCaseTypeSelected: true }],
    });
    const sub = (await h1b(admin)).subTypes.find((s) => s.id === 4)!;
    expect(sub.isCaseTypeSelected).toBe(true);
    const res = await configs(admin, { filters: { activeList: [true] } });
    expect(res.list.map((x) => x.id)).toEqual([1]);
    expect(res.list[0]!.subTypes.map((s) => s.id)).toEqual([4]);
  });

  it('R-CASETYPE-003: a sub-type of a case type that is off cannot be switched, bypassing the UI', async () => {
    const res = await admin.post('/api/petition-config/manage-case-sub-types', {
      selList: [{ id: 7, selected: true, isCaseTypeSelected: true }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Enable the case type before its subtypes');
    const l1 = (await configs(admin, { filters: { typeIds: [2] } })).list[0]!;
    expect(l1.subTypes.every((s) => !s.isCaseTypeSelected)).toBe(true);
  });

  it('R-CASECODE-024: the list answers sub-types with id, name, code and isCaseTypeSelected, filtered by typeIds/subTypeIds', async () => {
    const res = await configs(admin, { filters: { typeIds: [1], subTypeIds: [4] } });
    expect(res.list).toHaveLength(1);
    expect(res.list[0]!.subTypes).toEqual([
      expect.objectContaining({ id: 4, name: 'Change of Employer', code: 'H1BCOE', isCaseTypeSelected: true }),
    ]);
  });

  it('R-CASECODE-024: role 1 reads a customer’s case types through filters.tenantIds; an unknown customer is refused on the field (400)', async () => {
    const res = await configs(platform, { filters: { tenantIds: [t.tenants.lawfirm], typeIds: [1] } });
    expect(res.list[0]!.isCaseTypeSelected).toBe(true);
    const missing = await platform.post('/api/petition-config/list', {
      filters: { tenantIds: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual([{ name: 'filters.tenantIds.0', message: 'Tenant does not exist' }]);
    expect(
      (await platform.post('/api/petition-config/manage-case-types', { selList: [{ id: 1, selected: false }] }))
        .statusCode,
    ).toBe(403);
  });
});

describe('questionnaire templates and forms & letters (seeded per tenant)', () => {
  it('R-CASETYPE-009: questionnaires are loaded with POST /questionnaire/list, 25 per page', async () => {
    const res = await questionnaires(admin);
    expect(res.totalCount).toBeGreaterThan(1);
    expect(res.list.map((q) => q.name)).toContain('H-1B Beneficiary Questionnaire');
    expect((await admin.post('/api/questionnaire/list', { page: 1, perpage: 25, x: 1 })).statusCode).toBe(400);
  });

  it('R-CASETYPE-018: a questionnaire template has _id, name, entityType and tenantId (null: the platform library every tenant picks from)', async () => {
    const mine = await questionnaires(admin);
    expect(mine.list[0]).toEqual({
      _id: expect.any(String),
      name: expect.any(String),
      entityType: expect.stringMatching(/^(beneficiary|petitioner)$/),
      tenantId: null,
    });
    const theirs = await questionnaires(other);
    expect(theirs.list.map((q) => q._id)).toEqual(mine.list.map((q) => q._id));
  });

  it('R-CASETYPE-014: forms and letters load with {page, perpage, getMasterData} and a page size of 1000000', async () => {
    const res = await formsOf(admin);
    expect(res.totalCount).toBe(res.list.length);
    expect(res.list.map((f) => f.name)).toContain('H-1B Employer Support Letter');
    expect((await admin.post('/api/form-letter/list', { page: 1, perpage: 1000001 })).statusCode).toBe(400);
  });

  it('R-CASETYPE-016: the form-type options are Form and Letter', async () => {
    expect((await formsOf(admin)).masterData.formTypes).toEqual(['Form', 'Letter']);
  });

  it('R-CASETYPE-019: a form or letter has _id, name, type, document {path, name}, tenantId — and the document downloads', async () => {
    const { list } = await formsOf(admin);
    expect(new Set(list.map((f) => f.type))).toEqual(new Set(['Form', 'Letter', 'audit_response']));
    const letter = list.find((f) => f.name === 'H-1B Employer Support Letter')!;
    // The letter areas add the rest of the record (R-LETTER-015, apps/server/test/letters.test.ts).
    expect(letter).toMatchObject({
      _id: expect.any(String),
      name: 'H-1B Employer Support Letter',
      type: 'Letter',
      document: {
        path: expect.stringMatching(/^private\/[a-f0-9]{32}\.docx$/),
        name: 'H-1B Employer Support Letter.docx',
      },
      tenantId: t.tenants.lawfirm,
    });
    const file = await admin.get(`/api/common/viewfile?path=${encodeURIComponent(letter.document.path)}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const form = list.find((f) => f.type === 'Form')!;
    const pdf = await admin.get(`/api/common/viewfile?path=${encodeURIComponent(form.document.path)}`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Another tenant cannot download it.
    expect((await other.get(`/api/common/viewfile?path=${encodeURIComponent(letter.document.path)}`)).statusCode).toBe(
      404,
    );
  });

  it('R-CASETYPE-015: a form or letter is deleted by formAndLetterId (audited), by role 3 only (Letter Templates; role 4 gets 403); another tenant’s id is 404', async () => {
    const { list } = await formsOf(admin);
    const target = list.find((f) => f.name === 'Expert Opinion Letter Template')!;
    expect((await other.post('/api/form-letter/delete', { formAndLetterId: target._id })).statusCode).toBe(404);
    // Issue 25 finding 5: only Letter Templates' role 3 deletes (R-LETTER-006); role 4 configures case types
    // but cannot delete what its tabs do not show.
    expect((await manager.post('/api/form-letter/delete', { formAndLetterId: target._id })).statusCode).toBe(403);
    expect((await formsOf(admin)).list.some((f) => f._id === target._id)).toBe(true);
    const before = await auditCount('form_letter');
    await ok(admin, '/api/form-letter/delete', { formAndLetterId: target._id });
    expect((await formsOf(admin)).list.some((f) => f._id === target._id)).toBe(false);
    expect(await auditCount('form_letter')).toBe(before + 1);
    expect((await admin.post('/api/form-letter/delete', { formAndLetterId: target._id })).statusCode).toBe(404);
  });
});

describe('case-type configuration save (POST /api/petition-config/create | update)', () => {
  let questionnaireId: string;
  let formIds: string[];
  let configId: string;
  const base = () => ({
    typeId: 1,
    subTypeId: 4,
    questionnaireTplId: questionnaireId,
    formAndLetterIds: formIds.slice(0, 2),
    insertTo: null,
    showPetitionAlert: false,
    active: true,
    updateAction: null,
    petitionConfigId: null,
  });
  beforeAll(async () => {
    questionnaireId = (await questionnaires(admin)).list[0]!._id;
    formIds = (await formsOf(admin)).list.map((f) => f._id);
  });

  it('R-CASETYPE-011: saving without a questionnaire is refused with a field error', async () => {
    const { questionnaireTplId: _, ...rest } = base();
    const res = await admin.post('/api/petition-config/create', rest);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0]).toEqual({ name: 'questionnaireTplId', message: 'Please select a Questionnaire' });
  });

  it('R-CASETYPE-021: create takes {typeId, subTypeId, questionnaireTplId, formAndLetterIds, insertTo, showPetitionAlert, active, updateAction, petitionConfigId}', async () => {
    const before = await auditCount('petition_config');
    const res = await ok(admin, '/api/petition-config/create', base());
    configId = res.petitionConfigId;
    const sub = (await h1b(admin)).subTypes.find((s) => s.id === 4)!;
    expect(sub.configDetails).toMatchObject({
      _id: configId,
      questionnaireTplId: questionnaireId,
      formAndLetterIds: [...formIds.slice(0, 2)].sort(),
    });
    expect(await auditCount('petition_config')).toBe(before + 1);
    // A second active configuration for the sub-type is a duplicate.
    expect((await admin.post('/api/petition-config/create', base())).statusCode).toBe(409);
  });

  it('R-CASETYPE-021: rules bypassing the UI — sub-type of another type, a disabled sub-type, unknown keys — are refused', async () => {
    expect((await admin.post('/api/petition-config/create', { ...base(), typeId: 2 })).statusCode).toBe(400);
    const off = await admin.post('/api/petition-config/create', { ...base(), subTypeId: 5 });
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe('Enable the case type and subtype before configuring it');
    expect((await admin.post('/api/petition-config/create', { ...base(), extra: 1 })).statusCode).toBe(400);
    expect((await admin.post('/api/petition-config/create', { ...base(), updateAction: 'merge' })).statusCode).toBe(
      400,
    );
  });

  it('R-CASETYPE-021: another tenant’s form or configuration id is 404 and nothing changes', async () => {
    const theirF = (await formsOf(other)).list[0]!._id;
    expect(
      (
        await admin.post('/api/petition-config/update', {
          ...base(),
          petitionConfigId: configId,
          formAndLetterIds: [theirF],
        })
      ).statusCode,
    ).toBe(404);
    await enable(other, 1, [4]);
    const res = await other.post('/api/petition-config/update', {
      ...base(),
      formAndLetterIds: [],
      petitionConfigId: configId,
    });
    expect(res.statusCode).toBe(404);
    const sub = (await h1b(admin)).subTypes.find((s) => s.id === 4)!;
    expect(sub.configDetails?.questionnaireTplId).toBe(questionnaireId);
  });

  it('R-CASETYPE-022: update takes the same payload plus petitionConfigId and changes the configuration in place', async () => {
    const q2 = (await questionnaires(admin)).list[1]!._id;
    const res = await ok(manager, '/api/petition-config/update', {
      ...base(),
      questionnaireTplId: q2,
      formAndLetterIds: [formIds[2]],
      petitionConfigId: configId,
    });
    expect(res.petitionConfigId).toBe(configId);
    const sub = (await h1b(admin)).subTypes.find((s) => s.id === 4)!;
    expect(sub.configDetails).toMatchObject({ _id: configId, questionnaireTplId: q2, formAndLetterIds: [formIds[2]] });
    expect((await admin.post('/api/petition-config/update', base())).statusCode).toBe(400);
  });

  it('issue 5: a case is opened only for a sub-type switched on in Case Configuration', async () => {
    const res = await admin.post('/api/cases/create', { subTypeId: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      { name: 'subTypeId', message: 'Switch this case subtype on in Case Configuration first' },
    ]);
  });

  it('R-API-005: a configuration linked with a case answers LINKED_WITH_PETITION with the popup title', async () => {
    // Link the default workflow to H-1B so the case links both (workflowConfigDetails).
    const wf = (await ok(admin, '/api/workflow/list', { page: 1, perpage: 25 })).list[0];
    await ok(admin, '/api/workflow/config-save', { workflowId: wf._id, petitionTypeId: 1, petitionSubTypeId: 4 });
    const created = await ok(admin, '/api/cases/create', {
      subTypeId: 4,
      ...(await partiesFor(t.database, t.tenants.lawfirm, 4, 'Ana Diaz')),
    });
    const row = (
      await t.database.db.execute<{ petition_config_id: string; workflow_id: string }>(
        sql`select petition_config_id, workflow_id from cases where id = ${created.case._id}`,
      )
    ).rows[0]!;
    expect(row).toEqual({ petition_config_id: configId, workflow_id: wf._id });
    expect((await h1b(admin)).subTypes.find((s) => s.id === 4)!.workflowConfigDetails?.workflowId).toBe(wf._id);
    const res = await admin.post('/api/petition-config/update', { ...base(), petitionConfigId: configId });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'LINKED_WITH_PETITION',
      message: 'Configuration is already linked with Case(s)',
    });
  });

  it("R-CASETYPE-024: updateAction 'update' changes the linked configuration itself", async () => {
    const res = await ok(admin, '/api/petition-config/update', {
      ...base(),
      updateAction: 'update',
      petitionConfigId: configId,
    });
    expect(res.petitionConfigId).toBe(configId);
    expect((await h1b(admin)).subTypes.find((s) => s.id === 4)!.configDetails?.formAndLetterIds).toEqual(
      [...formIds.slice(0, 2)].sort(),
    );
  });

  it("R-CASETYPE-025: updateAction 'create' keeps the old configuration for its cases and puts a new one in its place", async () => {
    const res = await ok(admin, '/api/petition-config/update', {
      ...base(),
      formAndLetterIds: [],
      updateAction: 'create',
      petitionConfigId: configId,
    });
    expect(res.petitionConfigId).not.toBe(configId);
    const sub = (await h1b(admin)).subTypes.find((s) => s.id === 4)!;
    expect(sub.configDetails).toMatchObject({ _id: res.petitionConfigId, formAndLetterIds: [] });
    const old = (
      await t.database.db.execute<{ active: boolean; n: number }>(
        sql`select active, (select count(*)::int from cases where petition_config_id = ${configId}) as n
              from petition_configs where id = ${configId}`,
      )
    ).rows[0]!;
    expect(old).toEqual({ active: false, n: 1 });
    // The new configuration has no cases yet: a plain update goes through.
    await ok(admin, '/api/petition-config/update', { ...base(), petitionConfigId: res.petitionConfigId });
    // The old one can no longer be edited.
    expect(
      (await admin.post('/api/petition-config/update', { ...base(), petitionConfigId: configId })).statusCode,
    ).toBe(404);
  });

  it('R-CASETYPE-030: the custom code saved with {casenoConfigId, typeId, subTypeId, code} shows in casenoConfigDetails', async () => {
    const saved = await ok(admin, '/api/case-type-config/save-custom-code', {
      casenoConfigId: null,
      typeId: 1,
      subTypeId: 4,
      code: 'COE',
    });
    const type = await h1b(admin);
    expect(type.subTypes.find((s) => s.id === 4)!.casenoConfigDetails).toEqual(saved.casenoConfigDetails);
    await ok(admin, '/api/case-type-config/save-custom-code', { typeId: 1, code: 'HB' });
    expect((await h1b(admin)).casenoConfigDetails?.code).toBe('HB');
  });

  it("D-23: issue 38: one allowCustonCaseNo, the Reminders screen's (/api/global-config/update), offers the Custom Code popup and decides save-custom-code", async () => {
    const allow = (on: boolean) =>
      ok(admin, '/api/global-config/update', { config: { ...defaultGlobalConfig(1), allowCustonCaseNo: on } });
    const reminders = async (c: Caller) =>
      ((await ok(c, '/api/global-config/details', {})) as { config: { allowCustonCaseNo: boolean } }).config
        .allowCustonCaseNo;
    // A tenant that never saved its configuration: the default the Reminders screen shows is the one that applies.
    expect(await reminders(other)).toBe(true);
    expect((await configs(other)).allowCustonCaseNo).toBe(true);

    await allow(false);
    expect(await reminders(admin)).toBe(false);
    expect((await configs(admin)).allowCustonCaseNo).toBe(false);
    const before = { code: (await h1b(admin)).casenoConfigDetails, audits: await auditCount('case_number_code') };
    const refused = await admin.post('/api/case-type-config/save-custom-code', { typeId: 1, code: 'OFF' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(CUSTOM_CODES_OFF_MESSAGE);
    expect((await manager.post('/api/case-type-config/save-custom-code', { typeId: 1, code: 'OFF' })).statusCode).toBe(
      400,
    );
    // Nothing written: the code and the audit trail are as they were; another tenant's setting is its own.
    expect((await h1b(admin)).casenoConfigDetails).toEqual(before.code);
    expect(await auditCount('case_number_code')).toBe(before.audits);
    expect((await configs(other)).allowCustonCaseNo).toBe(true);

    await allow(true);
    expect((await configs(admin)).allowCustonCaseNo).toBe(true);
    await ok(admin, '/api/case-type-config/save-custom-code', { typeId: 1, code: 'ON' });
    expect((await h1b(admin)).casenoConfigDetails?.code).toBe('ON');
  });

  it('R-CASETYPE-021: roles other than 3 and 4 cannot save configurations (role 1 only for a tenant it names, issue 21)', async () => {
    const signatory = await login(t, DEMO.coSignatory);
    const ops = await login(t, DEMO.platformOps);
    expect((await signatory.post('/api/petition-config/create', base())).statusCode).toBe(403);
    expect((await ops.post('/api/petition-config/create', base())).statusCode).toBe(403);
    // Role 1 acts on a tenant only: without naming one it has no configuration to save.
    const unnamed = await platform.post('/api/petition-config/create', base());
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().fields).toEqual([{ name: 'tenantId', message: 'Choose the tenant to act on' }]);
    expect((await platform.post('/api/questionnaire/list', {})).statusCode).toBe(403);
  });
});
