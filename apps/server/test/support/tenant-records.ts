import { defaultGlobalConfig } from '@caseport/domain/reminders/contracts';
import { addDays } from '@caseport/domain/reminders/engine';
import { dayIn } from '@caseport/domain/tenants/tenant-day';
import { type SQL, sql } from 'drizzle-orm';
import { runReminders } from '../../src/features/reminders/runner';
import { ok, type UploadedFile, uploadFile } from './calls';
import { insertPerson } from './case-records';
import { DOCX_MIN, PDF_MIN, PNG_1X1 } from './files';
import type { Caller, TestApp } from './test-app';

/**
 * A tenant's records made through the API, as a user would make them: the rows the cross-tenant fuzz's victim
 * must hold (fuzz-isolation.test.ts) and the records nested-ids.test.ts names in its valid requests on both sides.
 */

type Json = Record<string, unknown>;

/** The first row's id of a list route (the list must not be empty). */
export const firstId = async (c: Caller, url: string, body: Json = {}) => {
  const { list } = await ok<{ list: { _id: string }[] }>(c, url, { page: 1, perpage: 100, ...body });
  const id = list[0]?._id;
  if (!id) throw new Error(`${url}: empty list`);
  return id;
};

const FILE_OF: Record<string, { name: string; data: Buffer; type: string }> = {
  logo: { name: 'logo.png', data: PNG_1X1, type: 'image/png' },
  favicon: { name: 'favicon.png', data: PNG_1X1, type: 'image/png' },
  word: {
    name: 'letter.docx',
    data: DOCX_MIN,
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
};

/** Uploads a file for `purpose` (a small PDF unless an image or Word purpose, or `file`) and answers its details. */
export const uploadAs = async (
  t: TestApp,
  c: Caller,
  purpose = 'pdf',
  file?: { name: string; data: Buffer; type: string },
) => {
  const image = purpose === 'logo' || purpose === 'favicon';
  return uploadFile(
    t,
    c,
    { purpose, secureType: image ? 'public' : 'private', getDetails: 'true' },
    file ?? FILE_OF[purpose] ?? { name: 'doc.pdf', data: PDF_MIN, type: 'application/pdf' },
  );
};
export type Uploaded = UploadedFile;

/** The row ids of a table for one tenant, oldest first. */
export const idsOf = async (t: TestApp, table: string, tenantId: string, where: SQL = sql`true`) =>
  (
    await t.database.db.execute<{ id: string }>(
      sql`select id from ${sql.identifier(table)} where tenant_id = ${tenantId} and ${where} order by created_on, id`,
    )
  ).rows.map((r) => r.id);

/**
 * Issue 17: a global configuration (saved if the tenant has none), a case date due for roles 3 and 4, the
 * engine's run for today, and the caller's own reminder's id (a row in the reminders outbox).
 */
export const ownReminder = async (t: TestApp, c: Caller, tenantId: string) => {
  const caseId = (await idsOf(t, 'cases', tenantId))[0] as string;
  if (!(await ok<{ _id: string | null }>(c, '/api/global-config/details'))._id)
    await ok(c, '/api/global-config/create', { config: defaultGlobalConfig(1) });
  const today = dayIn(new Date(), 'America/New_York');
  // Issue 34: the engine reads the beneficiary's own dates: a status expiring in 30 days.
  const person = await insertPerson(t, tenantId, {
    givenName: 'Asha',
    familyName: 'Rao',
    statusExpiry: addDays(today, 30),
  });
  await t.database.db.execute(sql`update cases set beneficiary_id = ${person} where id = ${caseId}`);
  await runReminders(t.database.db, { now: new Date(), date: today });
  const me = await c.get('/api/auth/me');
  const userId = me.json().user.id as string;
  const rows = await t.database.db.execute<{ id: string }>(
    sql`select id from reminders_outbox where tenant_id = ${tenantId} and user_id = ${userId} limit 1`,
  );
  const id = rows.rows[0]?.id;
  if (!id) throw new Error('no reminder for the admin');
  return id;
};

export const CASE_CODE_PARTS = [{ id: 'CUSTOMER_CODE' }, { id: 'CASE_TYPE_CODE' }, { id: 'SI_NO' }];

export interface LawFirmRecords {
  questionnaireId: string;
  /** The tenant's first two forms and letters (the starter library). */
  formLetterIds: string[];
  petitionConfig: { id: string; typeId: number; subTypeId: number };
  caseIdConfigId: string;
  customCodeId: string;
  serviceCenterId: string;
  socCodeConfigId: string;
  agreementId: string;
  esignTemplateId: string;
  /** A PDF the admin uploaded (the new agreement's document when the tenant had none). */
  pdf: Uploaded;
  /** The stored path of the e-sign template's document. */
  esignDocument: string;
  /** A user the admin invited (role 11): an invitation token and its message in the outbox. */
  userId: string;
  reminderId: string;
}

/**
 * Fills a demo law firm (with its demo content) through its admin's API: a case configuration, a case-number
 * pattern and a custom code, a service center, a SOC code, an agreement, an e-sign template, an invited user and
 * a reminder. `petitionConfig` is an enabled case type and sub-type without a configuration yet; `extraFormIds`
 * are configured beside the tenant's first two forms and letters.
 */
export const fillLawFirm = async (
  t: TestApp,
  admin: Caller,
  options: {
    tenantId: string;
    caseIdSubTypeId: number;
    customCode: string;
    petitionConfig: [number, number];
    extraFormIds?: string[];
  },
): Promise<LawFirmRecords> => {
  const c = admin;
  const { tenantId } = options;
  const questionnaireId = (await ok<{ list: { _id: string }[] }>(c, '/api/questionnaire/list', {})).list[0]
    ?._id as string;
  const forms = await ok<{ list: { _id: string }[] }>(c, '/api/form-letter/list', {});
  const formLetterIds = forms.list.slice(0, 2).map((f) => f._id);
  const [typeId, subTypeId] = options.petitionConfig;
  const { petitionConfigId } = await ok<{ petitionConfigId: string }>(c, '/api/petition-config/create', {
    typeId,
    subTypeId,
    questionnaireTplId: questionnaireId,
    ...(options.extraFormIds ? { formAndLetterIds: [...formLetterIds, ...options.extraFormIds] } : {}),
  });
  await ok(c, '/api/case-id-config/create', {
    items: [{ subTypeIds: [options.caseIdSubTypeId], config: CASE_CODE_PARTS, sNoStartsFrom: 1 }],
  });
  await ok(c, '/api/case-type-config/save-custom-code', { typeId: 1, subTypeId: 1, code: options.customCode });
  const pdf = await uploadAs(t, c);
  const esignDocument = (await uploadAs(t, c)).path;
  return {
    questionnaireId,
    formLetterIds,
    petitionConfig: { id: petitionConfigId, typeId, subTypeId },
    caseIdConfigId: (await idsOf(t, 'case_id_configs', tenantId)).at(-1) as string,
    customCodeId: (await idsOf(t, 'case_number_codes', tenantId)).at(-1) as string,
    serviceCenterId: (
      await ok<{ serviceCenterId: string }>(c, '/api/service-centers/create', {
        name: `Desk ${tenantId.slice(0, 8)}`,
        typeId: 1,
        stateIds: [48],
        addressConfig: [{ courierId: 2, address: '<p>1 Main St</p>' }],
      })
    ).serviceCenterId,
    socCodeConfigId: (
      await ok<{ socCodeConfigId: string }>(c, '/api/soc-code-config/add-soc-code', {
        // 15-1252 is the demo law firm's own (issue 34); this record is a second code of the tenant.
        name: '15-1211',
        designation: 'Computer Systems Analysts',
        description: '<p>Analyses systems.</p>',
        jobTitles: '<p>Engineer</p>',
        socId: 17,
      })
    ).socCodeConfigId,
    // One service agreement per tenant (R-AGREE-006): the demo's, or a new one.
    agreementId: await firstId(c, '/api/agreement/list').catch(async () => {
      await ok(c, '/api/agreement/create', {
        name: 'Service agreement',
        serviceType: 1,
        templateId: pdf.path,
      });
      return firstId(c, '/api/agreement/list');
    }),
    esignTemplateId: await ok(c, '/api/pdf-sign/save-esign-template', {
      name: 'Employer attestation',
      tplType: 1,
      noOfWorkLocations: 1,
      prepareTemplateId: esignDocument,
    }).then(() => firstId(c, '/api/pdf-sign/esign-template-list', { filters: { title: 'Employer attestation' } })),
    pdf,
    esignDocument,
    userId: (
      await ok<{ user: { _id: string } }>(c, '/api/users/invite', {
        email: `invited-${tenantId.slice(0, 8)}@example.test`,
        firstName: 'Ina',
        lastName: 'Vited',
        roleId: 11,
      })
    ).user._id,
    reminderId: await ownReminder(t, c, tenantId),
  };
};
