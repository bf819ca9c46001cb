import type { Database } from '@caseport/db/client';
import { sql } from 'drizzle-orm';

/**
 * Issue 34: a case is opened only for a sub-type with an active case configuration. Tests about numbering,
 * fees or reminders give the sub-types one (a platform questionnaire, no forms) straight in the database;
 * the configuration screens themselves are tested in case-types.test.ts and platform-library.test.ts.
 */
export const activateCaseConfigs = async (
  database: Database,
  only: { tenantIds?: string[]; subTypeIds?: number[] } = {},
) => {
  await database.db.execute(sql`insert into questionnaire_templates (tenant_id, name, entity_type)
    select null, 'Test questionnaire (issue 34)', 'Beneficiary'
    where not exists (select 1 from questionnaire_templates where tenant_id is null)`);
  const tenants = only.tenantIds ? sql`and t.id = any(${`{${only.tenantIds.join(',')}}`}::uuid[])` : sql``;
  const subs = only.subTypeIds ? sql`and s.id = any(${`{${only.subTypeIds.join(',')}}`}::int[])` : sql``;
  await database.db.execute(sql`insert into petition_configs (tenant_id, type_id, sub_type_id, questionnaire_tpl_id)
    select t.id, s.petition_type_id, s.id,
      (select id from questionnaire_templates where tenant_id is null order by created_on, id limit 1)
    from tenants t cross join petition_sub_types s
    where not exists (select 1 from petition_configs c where c.tenant_id = t.id and c.sub_type_id = s.id and c.active)
    ${tenants} ${subs}`);
};

/** Every tenant switches every case type and sub-type on (Case Configuration's checkboxes), straight in the database. */
export const switchOnCaseTypes = async (database: Database) => {
  await database.db.execute(sql`insert into tenant_case_types (tenant_id, type_id, selected)
    select t.id, p.id, true from tenants t cross join petition_types p on conflict do nothing`);
  await database.db.execute(sql`insert into tenant_case_sub_types (tenant_id, sub_type_id, selected)
    select t.id, s.id, true from tenants t cross join petition_sub_types s on conflict do nothing`);
};

/** A new person in a case body, from one full name ('Ana María López': given 'Ana María', family 'López'). */
export const newPerson = (fullName: string, extra: Record<string, unknown> = {}) => {
  const at = fullName.trim().lastIndexOf(' ');
  const givenName = at > 0 ? fullName.slice(0, at) : fullName;
  const familyName = at > 0 ? fullName.slice(at + 1) : fullName;
  return { person: { givenName, familyName, ...extra }, allowSimilar: true };
};

/**
 * Issue 34: the parties a new case of `subTypeId` must name in `tenantId` (partyErrors): a new beneficiary (or
 * applicant) always; a law firm's employment case its petitioner, the firm's first role-50 account; a family case
 * a new sponsor. Spread into a create body: `{ subTypeId, ...(await partiesFor(db, tenant, subTypeId)) }`.
 */
export const partiesFor = async (
  database: Database,
  tenantId: string,
  subTypeId: number,
  beneficiary = 'Test Beneficiary',
) => {
  const found = (
    await database.db.execute<{ category: string; tenant_type: number; petitioner_id: string | null }>(sql`
      select p.category, t.type as tenant_type,
        (select u.id from users u where u.tenant_id = t.id and u.role_id = 50 and u.is_active
          order by u.email limit 1) as petitioner_id
      from petition_sub_types s join petition_types p on p.id = s.petition_type_id
      cross join tenants t
      where s.id = ${subTypeId} and t.id = ${tenantId}`)
  ).rows[0];
  if (!found) throw new Error(`partiesFor: no sub-type ${subTypeId} or tenant ${tenantId}`);
  let petitionerId = found.category === 'employment' && found.tenant_type === 1 ? found.petitioner_id : null;
  if (found.category === 'employment' && found.tenant_type === 1 && !petitionerId) {
    // A firm of the seed without petitioners (the other firm): one petitioner account, invited, no password.
    const email = `petitioner.${tenantId}@example.test`;
    await database.db.execute(sql`insert into users (tenant_id, email, first_name, last_name, role_id)
      values (${tenantId}, ${email}, 'Test', 'Petitioner', 50) on conflict (email) do nothing`);
    petitionerId = (await database.db.execute<{ id: string }>(sql`select id from users where email = ${email}`)).rows[0]
      ?.id as string;
  }
  return {
    beneficiary: newPerson(beneficiary),
    ...(petitionerId ? { petitionerId } : {}),
    ...(found.category === 'family' ? { sponsor: newPerson('Test Sponsor') } : {}),
  };
};
