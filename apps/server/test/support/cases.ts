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

/** A new person in a case body, from one full name ('Ana María López': given 'Ana María', family 'López'). */
export const newPerson = (fullName: string, extra: Record<string, unknown> = {}) => {
  const at = fullName.trim().lastIndexOf(' ');
  const givenName = at > 0 ? fullName.slice(0, at) : fullName;
  const familyName = at > 0 ? fullName.slice(at + 1) : fullName;
  return { person: { givenName, familyName, ...extra }, allowSimilar: true };
};
