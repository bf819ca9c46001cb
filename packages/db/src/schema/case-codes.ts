import {
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdOn, updatedOn } from './columns';
import { petitionSubTypes, petitionTypes } from './master-data';
import { tenants } from './platform';
import { workflows } from './workflows';

/**
 * A case-number pattern ("Case ID config", 001 §3) for a group of sub-types. `parts` holds ids of the fixed
 * part list only (SECURITY 17). The creator's name and role are copied: a platform admin's user row is not
 * visible inside the tenant's row-level security.
 */
export const caseIdConfigs = pgTable(
  'case_id_configs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    groupCode: text('group_code').notNull(),
    parts: jsonb('parts').$type<string[]>().notNull(),
    sNoStartsFrom: integer('s_no_starts_from').notNull(),
    resetIdBy: text('reset_id_by'),
    createdBy: uuid('created_by'),
    createdByName: text('created_by_name').notNull(),
    createdByRoleId: integer('created_by_role_id').notNull(),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
  },
  (t) => [
    unique('case_id_configs_tenant_id_uq').on(t.tenantId, t.id),
    index('case_id_configs_tenant_created_idx').on(t.tenantId, t.createdOn),
  ],
);

/** Which sub-types a configuration numbers. The primary key makes a sub-type belong to one group per tenant
 *  (R-CASECODE-025), also against concurrent saves. */
export const caseIdConfigSubTypes = pgTable(
  'case_id_config_sub_types',
  {
    tenantId: uuid('tenant_id').notNull(),
    configId: uuid('config_id').notNull(),
    subTypeId: integer('sub_type_id')
      .notNull()
      .references(() => petitionSubTypes.id),
  },
  (t) => [
    primaryKey({ name: 'case_id_config_sub_types_pk', columns: [t.tenantId, t.subTypeId] }),
    foreignKey({
      name: 'case_id_config_sub_types_config_fk',
      columns: [t.tenantId, t.configId],
      foreignColumns: [caseIdConfigs.tenantId, caseIdConfigs.id],
    }).onDelete('cascade'),
    index('case_id_config_sub_types_config_idx').on(t.configId),
  ],
);

/**
 * The serial counter of one group (D-17): `scope` is the configuration id, or `subtype:<id>` for a sub-type
 * numbered by the default pattern. `period` is the reset period the last serial belongs to; a new period
 * restarts at sNoStartsFrom. Serials are taken with INSERT ... ON CONFLICT DO UPDATE ... RETURNING inside
 * the case's transaction, which locks the row: concurrent cases queue, and a rolled-back case gives its
 * serial back.
 */
export const caseIdCounters = pgTable(
  'case_id_counters',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    scope: text('scope').notNull(),
    period: text('period').notNull(),
    lastSerial: integer('last_serial').notNull(),
    updatedOn: updatedOn(),
  },
  (t) => [primaryKey({ name: 'case_id_counters_pk', columns: [t.tenantId, t.scope] })],
);

/** Minimal cases (issue 5): enough to number them and to link a petition configuration and a workflow. */
export const cases = pgTable(
  'cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    typeId: integer('type_id')
      .notNull()
      .references(() => petitionTypes.id),
    subTypeId: integer('sub_type_id')
      .notNull()
      .references(() => petitionSubTypes.id),
    /** The case-type configuration it was opened with; the case-types area adds its table and foreign key. */
    petitionConfigId: uuid('petition_config_id'),
    workflowId: uuid('workflow_id'),
    /** Issue 21: the questionnaire version it was opened with (questionnaire_versions; foreign key in 0047). */
    questionnaireVersionId: uuid('questionnaire_version_id'),
    caseIdConfigId: uuid('case_id_config_id'),
    serial: integer('serial').notNull(),
    caseNumber: text('case_number').notNull(),
    beneficiaryName: text('beneficiary_name'),
    petitionerName: text('petitioner_name'),
    sponsorName: text('sponsor_name'),
    applicantName: text('applicant_name'),
    /**
     * Issue 34: the people the case names (foreign keys in 0049). The name columns above are kept as the
     * linked records' names at the last save, for the list and the case number; the records are the truth.
     * petitionerId is a law firm's role-50 petitioner account (D-04); null on a petitioner company's own case.
     */
    petitionerId: uuid('petitioner_id'),
    beneficiaryId: uuid('beneficiary_id'),
    sponsorId: uuid('sponsor_id'),
    /** Issue 34: the case's facts (packages/domain/src/cases/facts.ts), only those set. */
    facts: jsonb('facts').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').notNull().default('open'),
    ownerId: uuid('owner_id'),
    closedOn: timestamp('closed_on', { withTimezone: true, mode: 'string' }),
    createdBy: uuid('created_by'),
    createdOn: createdOn(),
  },
  (t) => [
    unique('cases_tenant_id_uq').on(t.tenantId, t.id),
    foreignKey({
      name: 'cases_workflow_fk',
      columns: [t.tenantId, t.workflowId],
      foreignColumns: [workflows.tenantId, workflows.id],
    }),
    // Issue 37 (migration 0064): the list's order, newest first with its tie on id, from one index.
    index('cases_tenant_created_id_idx').on(t.tenantId, t.createdOn, t.id),
    index('cases_tenant_beneficiary_idx').on(t.tenantId, t.beneficiaryId),
    index('cases_tenant_sponsor_idx').on(t.tenantId, t.sponsorId),
    // D-17: a case number is issued once per tenant (the generator skips numbers an older series issued).
    uniqueIndex('cases_tenant_number_uq').on(t.tenantId, t.caseNumber),
  ],
);

/**
 * Custom case codes (D-23, 001 §5 "Custom case code"): a tenant's own code for a case type
 * (`subTypeId` null) or sub-type, used for CASE_TYPE_CODE / CASE_SUBTYPE_CODE instead of the master code.
 * `scope` is `type:<id>` or `subtype:<id>`, one code per scope and tenant.
 */
export const caseNumberCodes = pgTable(
  'case_number_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    scope: text('scope').notNull(),
    typeId: integer('type_id')
      .notNull()
      .references(() => petitionTypes.id),
    subTypeId: integer('sub_type_id').references(() => petitionSubTypes.id),
    code: text('code').notNull(),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
  },
  (t) => [unique('case_number_codes_scope_uq').on(t.tenantId, t.scope)],
);
