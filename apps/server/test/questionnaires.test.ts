import { schema } from '@caseport/db/client';
import { NO_DRAFT_MESSAGE, QUESTIONNAIRE_DUPLICATE_MESSAGE } from '@caseport/domain/questionnaires/contracts';
import { type Definition, Q_MESSAGES } from '@caseport/domain/questionnaires/definition';
import { STARTER_QUESTIONNAIRES } from '@caseport/domain/questionnaires/starters';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/calls';
import { type Caller, createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let platformAdmin: Caller;
let platformOps: Caller;
let lawAdmin: Caller;
let lawManager: Caller;

const definition = (extra: Definition['sections'][number]['questions'] = []): Definition => ({
  sections: [
    {
      key: 'about',
      title: 'About you',
      questions: [
        { key: 'married', label: 'Are you married?', type: 'yesNo', required: true },
        {
          key: 'spouseName',
          label: "Spouse's name",
          type: 'text',
          required: true,
          showIf: { questionKey: 'married', equals: true },
        },
        {
          key: 'employers',
          label: 'Employers',
          type: 'group',
          addLabel: 'Add employer',
          questions: [{ key: 'employerName', label: 'Employer name', type: 'text', required: true }],
        },
        ...extra,
      ],
    },
  ],
});
const create = (c: Caller, name: string, def: unknown = definition()) =>
  c.post('/api/questionnaire-template/create', { name, entityType: 'beneficiary', definition: def });
const tableDigest = async () => {
  const r = await t.database.db.execute<{ d: string }>(
    sql`select md5(coalesce(string_agg(v::text, ',' order by v::text), '')) as d from (
      select row_to_json(x) as v from questionnaire_versions x
      union all select row_to_json(y) from questionnaire_templates y) z`,
  );
  return r.rows[0]?.d;
};

beforeAll(async () => {
  t = await createTestApp();
  [platformAdmin, platformOps, lawAdmin, lawManager] = await signIn(
    t,
    'platformAdmin',
    'platformOps',
    'lawAdmin',
    'lawManager',
  );
});
afterAll(() => t.close());

describe('Questionnaire Templates (issue 21)', () => {
  it('the starter questionnaires are published platform templates (version 1) in the library', async () => {
    const res = await platformAdmin.post('/api/questionnaire-template/list', { perpage: 100 });
    expect(res.statusCode).toBe(200);
    const names = res.json().list.map((q: { name: string }) => q.name);
    for (const s of STARTER_QUESTIONNAIRES) expect(names).toContain(s.name);
    const h1b = res.json().list.find((q: { name: string }) => q.name === 'H-1B Beneficiary Questionnaire');
    expect(h1b).toMatchObject({ publishedVersion: 1, draftVersion: null, entityType: 'beneficiary' });
  });

  it('role 1 creates a draft, saves it, publishes it; a tenant sees it only once published', async () => {
    const res = await create(platformAdmin, 'E-3 Beneficiary Questionnaire');
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json().questionnaire;
    expect(q.current).toMatchObject({ version: 1, status: 'draft' });
    const listed = async () =>
      (await lawAdmin.post('/api/questionnaire/list', { perpage: 100 })).json().list.map((x: { _id: string }) => x._id);
    expect(await listed()).not.toContain(q._id);
    // A tenant cannot preview (or pick) a draft.
    expect((await lawAdmin.post('/api/questionnaire/preview', { questionnaireId: q._id })).statusCode).toBe(404);
    const pub = await platformAdmin.post('/api/questionnaire-template/publish', { questionnaireId: q._id });
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json().questionnaire.versions).toMatchObject([{ version: 1, status: 'published' }]);
    expect(await listed()).toContain(q._id);
    const preview = await lawAdmin.post('/api/questionnaire/preview', { questionnaireId: q._id });
    expect(preview.json().version.definition).toEqual(definition());
    // Nothing left to publish.
    const again = await platformAdmin.post('/api/questionnaire-template/publish', { questionnaireId: q._id });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(NO_DRAFT_MESSAGE);
  });

  it('a published version never changes: editing makes version 2 a draft, and version 1 reads the same after version 2 is published', async () => {
    const id = (await create(platformAdmin, 'Versioned Questionnaire')).json().questionnaire._id;
    await platformAdmin.post('/api/questionnaire-template/publish', { questionnaireId: id });
    const v1 = (
      await platformAdmin.post('/api/questionnaire-template/version', { questionnaireId: id, version: 1 })
    ).json();
    const edited = definition([{ key: 'phone', label: 'Phone', type: 'phone' }]);
    const saved = await platformAdmin.post('/api/questionnaire-template/save-draft', {
      questionnaireId: id,
      name: 'Versioned Questionnaire',
      entityType: 'beneficiary',
      definition: edited,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      saved.json().questionnaire.versions.map((v: { version: number; status: string }) => [v.version, v.status]),
    ).toEqual([
      [2, 'draft'],
      [1, 'published'],
    ]);
    // Tenants still get version 1 while version 2 is a draft.
    const tenantView = await lawAdmin.post('/api/questionnaire/preview', { questionnaireId: id });
    expect(tenantView.json().version.version).toBe(1);
    await platformAdmin.post('/api/questionnaire-template/publish', { questionnaireId: id });
    const v1After = (
      await platformAdmin.post('/api/questionnaire-template/version', { questionnaireId: id, version: 1 })
    ).json();
    expect(v1After).toEqual(v1);
    expect(
      (await lawAdmin.post('/api/questionnaire/preview', { questionnaireId: id })).json().version.definition,
    ).toEqual(edited);
    // The database refuses a change to a published row even outside the service (trigger).
    await expect(
      t.database.db
        .update(schema.questionnaireVersions)
        .set({ name: 'changed' })
        .where(eq(schema.questionnaireVersions.questionnaireId, id)),
    ).rejects.toThrow();
  });

  it('a definition with a cycle or forward condition, or a question without a type, is refused and nothing is stored', async () => {
    const before = await tableDigest();
    const cyclic = {
      sections: [
        {
          key: 's',
          title: 'S',
          questions: [
            { key: 'a', label: 'A', type: 'yesNo', showIf: { questionKey: 'b', equals: true } },
            { key: 'b', label: 'B', type: 'yesNo', showIf: { questionKey: 'a', equals: true } },
          ],
        },
      ],
    };
    const res = await create(platformAdmin, 'Cyclic', cyclic);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      { name: 'definition.sections.0.questions.0.showIf', message: Q_MESSAGES.conditionEarlier },
    ]);
    const untyped = { sections: [{ key: 's', title: 'S', questions: [{ key: 'a', label: 'A' }] }] };
    const res2 = await create(platformAdmin, 'Untyped', untyped);
    expect(res2.statusCode).toBe(400);
    expect(res2.json().fields[0].name).toBe('definition.sections.0.questions.0.type');
    const dup = await create(platformAdmin, 'h-1b beneficiary questionnaire');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(QUESTIONNAIRE_DUPLICATE_MESSAGE);
    expect(await tableDigest()).toBe(before);
  });

  it('a role other than 1 cannot create, save or publish; a tenant cannot change the platform library', async () => {
    const before = await tableDigest();
    const starter = STARTER_QUESTIONNAIRES[0]!.id;
    for (const c of [platformOps, lawAdmin, lawManager]) {
      expect((await create(c, 'Not allowed')).statusCode).toBe(403);
      expect((await c.post('/api/questionnaire-template/publish', { questionnaireId: starter })).statusCode).toBe(403);
      expect(
        (
          await c.post('/api/questionnaire-template/save-draft', {
            questionnaireId: starter,
            name: 'Hijacked',
            entityType: 'beneficiary',
            definition: definition(),
          })
        ).statusCode,
      ).toBe(403);
      expect((await c.post('/api/questionnaire-template/list', {})).statusCode).toBe(403);
    }
    expect(await tableDigest()).toBe(before);
  });

  it("issue 21: role 2 reads a published version for the platform Case Configuration's Preview, never a draft; roles 3, 4, 12 and 50 are refused", async () => {
    const read = (c: Caller, questionnaireId: string, version: number) =>
      c.post('/api/questionnaire-template/version', { questionnaireId, version });
    const starter = STARTER_QUESTIONNAIRES[0]!.id;
    const asRole1 = await read(platformAdmin, starter, 1);
    const asRole2 = await read(platformOps, starter, 1);
    expect(asRole2.statusCode, asRole2.body).toBe(200);
    expect(asRole2.json()).toEqual(asRole1.json());
    expect(asRole2.json().version).toMatchObject({ version: 1, status: 'published' });
    // A draft is Questionnaire Templates' (role 1's): role 2 gets 404 for it, before and beside a published version.
    const id = (await create(platformAdmin, 'Role 2 Preview Questionnaire')).json().questionnaire._id;
    expect((await read(platformAdmin, id, 1)).statusCode).toBe(200);
    expect((await read(platformOps, id, 1)).statusCode).toBe(404);
    await platformAdmin.post('/api/questionnaire-template/publish', { questionnaireId: id });
    expect((await read(platformOps, id, 1)).json().version.definition).toEqual(definition());
    const draft2 = await platformAdmin.post('/api/questionnaire-template/save-draft', {
      questionnaireId: id,
      name: 'Role 2 Preview Questionnaire',
      entityType: 'beneficiary',
      definition: definition([{ key: 'phone', label: 'Phone', type: 'phone' }]),
    });
    expect(draft2.statusCode, draft2.body).toBe(200);
    expect((await read(platformAdmin, id, 2)).statusCode).toBe(200);
    const refused = await read(platformOps, id, 2);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('NOT_FOUND');
    // The tenants' roles and the petitioner roles never reach the library's versions.
    const [signatory, petitioner] = await signIn(t, 'coSignatory', 'lawPetitioner');
    for (const c of [lawAdmin, lawManager, signatory, petitioner]) {
      const res = await read(c, starter, 1);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
  });

  it('row-level security: a tenant context cannot write the platform library even past the routes', async () => {
    const { inTenantTx } = await import('@caseport/db/client');
    const starter = STARTER_QUESTIONNAIRES[0]!.id;
    const updated = await inTenantTx(t.database.db, { tenantId: t.tenants.lawfirm }, (tx) =>
      tx
        .update(schema.questionnaireTemplates)
        .set({ name: 'Hijacked' })
        .where(eq(schema.questionnaireTemplates.id, starter))
        .returning(),
    );
    expect(updated).toEqual([]);
    await expect(
      inTenantTx(t.database.db, { tenantId: t.tenants.lawfirm }, (tx) =>
        tx.insert(schema.questionnaireVersions).values({
          tenantId: null,
          questionnaireId: starter,
          version: 99,
          status: 'published',
          name: 'x',
          entityType: 'beneficiary',
          definition: definition(),
        }),
      ),
    ).rejects.toThrow();
  });

  it('an unknown questionnaire id answers 404 and a draft cannot be picked in the case-type configuration', async () => {
    const ghost = '00000000-0000-4000-8000-000000000000';
    expect(
      (await platformAdmin.post('/api/questionnaire-template/details', { questionnaireId: ghost })).statusCode,
    ).toBe(404);
    expect(
      (await platformAdmin.post('/api/questionnaire-template/version', { questionnaireId: ghost, version: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await lawAdmin.post('/api/questionnaire/preview', { questionnaireId: ghost })).statusCode).toBe(404);
    const draft = (await create(platformAdmin, 'Draft Only')).json().questionnaire._id;
    const res = await lawAdmin.post('/api/petition-config/create', {
      typeId: 1,
      subTypeId: 1,
      questionnaireTplId: draft,
      formAndLetterIds: [],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].name).toBe('questionnaireTplId');
  });
});
