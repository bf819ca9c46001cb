import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app';

/**
 * Issue 34: a case with its people and facts written straight into the database (the system context of the
 * test app's handle), so the settings that read a case (letters, reminders, fees) are tested without the case
 * routes' bodies.
 */

export interface PersonSeed {
  givenName: string;
  familyName: string;
  dateOfBirth?: string | null;
  passportExpiry?: string | null;
  i94Expiry?: string | null;
  statusExpiry?: string | null;
  email?: string | null;
}

export const insertPerson = async (t: TestApp, tenantId: string, p: PersonSeed) =>
  (
    await t.database.db.execute<{ id: string }>(sql`insert into persons
      (tenant_id, given_name, family_name, date_of_birth, passport_expiry, i94_expiry, status_expiry, email)
      values (${tenantId}, ${p.givenName}, ${p.familyName}, ${p.dateOfBirth ?? null}, ${p.passportExpiry ?? null},
        ${p.i94Expiry ?? null}, ${p.statusExpiry ?? null}, ${p.email ?? null}) returning id`)
  ).rows[0]!.id;

export interface CaseSeed {
  /** petition_sub_types.id (1 is H-1B cap when unset). */
  subTypeId?: number;
  caseNumber?: string;
  /** A role-50 user of the tenant. */
  petitionerId?: string | null;
  beneficiary?: PersonSeed | { id: string } | null;
  sponsor?: PersonSeed | { id: string } | null;
  facts?: Record<string, unknown>;
  /** case_accounts rows: role 50, 51, 12 or 11. */
  accounts?: { userId: string; roleId: number }[];
}

let serial = 0;

/** Inserts a case of `tenantId` with its people, facts and linked accounts; answers its id and people ids. */
export const insertCaseWith = async (t: TestApp, tenantId: string, seed: CaseSeed = {}) => {
  const personId = async (p: CaseSeed['beneficiary']) =>
    !p ? null : 'id' in p ? p.id : await insertPerson(t, tenantId, p);
  const beneficiaryId = await personId(seed.beneficiary);
  const sponsorId = await personId(seed.sponsor);
  serial += 1;
  const number = seed.caseNumber ?? `T34-${Date.now().toString(36)}-${serial}`;
  const subTypeId = seed.subTypeId ?? 1;
  const names = (id: string | null) =>
    id ? sql`(select given_name || ' ' || family_name from persons where id = ${id})` : sql`null`;
  const caseId = (
    await t.database.db.execute<{ id: string }>(sql`insert into cases
      (tenant_id, type_id, sub_type_id, serial, case_number, petitioner_id, beneficiary_id, sponsor_id, facts,
       beneficiary_name, sponsor_name)
      values (${tenantId}, (select petition_type_id from petition_sub_types where id = ${subTypeId}), ${subTypeId},
        ${serial}, ${number}, ${seed.petitionerId ?? null}, ${beneficiaryId}, ${sponsorId},
        ${JSON.stringify(seed.facts ?? {})}::jsonb, ${names(beneficiaryId)}, ${names(sponsorId)}) returning id`)
  ).rows[0]!.id;
  for (const a of seed.accounts ?? [])
    await t.database.db.execute(
      sql`insert into case_accounts (tenant_id, case_id, user_id, role_id) values (${tenantId}, ${caseId}, ${a.userId}, ${a.roleId})`,
    );
  return { caseId, caseNumber: number, beneficiaryId, sponsorId };
};

/** Sets facts on a case (merged) or a beneficiary's own dates, as the case page would save them. */
export const setFacts = (t: TestApp, caseId: string, facts: Record<string, unknown>) =>
  t.database.db.execute(sql`update cases set facts = facts || ${JSON.stringify(facts)}::jsonb where id = ${caseId}`);

export const setPersonDates = (
  t: TestApp,
  personId: string,
  dates: Partial<Pick<PersonSeed, 'passportExpiry' | 'i94Expiry' | 'statusExpiry' | 'email'>>,
) =>
  t.database.db.execute(sql`update persons set
    passport_expiry = ${dates.passportExpiry === undefined ? sql`passport_expiry` : sql`${dates.passportExpiry}`},
    i94_expiry = ${dates.i94Expiry === undefined ? sql`i94_expiry` : sql`${dates.i94Expiry}`},
    status_expiry = ${dates.statusExpiry === undefined ? sql`status_expiry` : sql`${dates.statusExpiry}`},
    email = ${dates.email === undefined ? sql`email` : sql`${dates.email}`}
    where id = ${personId}`);

/** The id of a seeded user by e-mail. */
export const userIdOf = async (t: TestApp, email: string) =>
  (await t.database.db.execute<{ id: string }>(sql`select id from users where email = ${email}`)).rows[0]!.id;

/**
 * Issue 35 item 2: a published platform questionnaire for petitioner contacts (one optional question that fills the
 * employer's full-time employees), made once per database.
 */
export const PETITIONER_QUESTIONNAIRE = {
  sections: [
    {
      key: 'company',
      title: 'Your company',
      questions: [{ key: 'employees', label: 'Full-time employees', type: 'number', fills: 'case.employeeCount' }],
    },
  ],
};
const petitionerQuestionnaireVersion = async (t: TestApp) => {
  const name = 'Petitioner facts (test)';
  const found = await t.database.db.execute<{ id: string }>(
    sql`select id from questionnaire_versions where name = ${name} and tenant_id is null limit 1`,
  );
  if (found.rows[0]) return found.rows[0].id;
  const tpl = await t.database.db.execute<{ id: string }>(
    sql`insert into questionnaire_templates (tenant_id, name, entity_type) values (null, ${name}, 'petitioner') returning id`,
  );
  return (
    await t.database.db.execute<{ id: string }>(sql`insert into questionnaire_versions
      (tenant_id, questionnaire_id, version, status, name, entity_type, definition, published_on)
      values (null, ${tpl.rows[0]?.id}, 1, 'published', ${name}, 'petitioner', ${JSON.stringify(PETITIONER_QUESTIONNAIRE)}::jsonb, now())
      returning id`)
  ).rows[0]?.id as string;
};

/**
 * A case of the tenant that runs that questionnaire, linked to `userId` as its petitioner contact (role 50), and,
 * with `status`, a response in that state sent to them (as the send route writes one; tested in
 * questionnaire-answers.test.ts).
 */
export const questionnaireCase = async (
  t: TestApp,
  tenantId: string,
  userId: string,
  status?: 'sent' | 'submitted',
): Promise<{ caseId: string; responseId: string }> => {
  const versionId = await petitionerQuestionnaireVersion(t);
  const { caseId } = await insertCaseWith(t, tenantId, { accounts: [{ userId, roleId: 50 }] });
  await t.database.db.execute(sql`update cases set questionnaire_version_id = ${versionId} where id = ${caseId}`);
  if (!status) return { caseId, responseId: '' };
  const responseId = (
    await t.database.db.execute<{ id: string }>(sql`insert into questionnaire_responses
      (tenant_id, case_id, questionnaire_version_id, name, questionnaire_version, definition, user_id, status, submitted_on)
      values (${tenantId}, ${caseId}, ${versionId}, 'Petitioner facts (test)', 1,
        ${JSON.stringify(PETITIONER_QUESTIONNAIRE)}::jsonb, ${userId}, ${status},
        ${status === 'submitted' ? sql`now()` : sql`null`}) returning id`)
  ).rows[0]?.id as string;
  return { caseId, responseId };
};
