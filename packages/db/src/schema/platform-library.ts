import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { cases } from './case-codes';
import { petitionConfigs, questionnaireTemplates } from './case-types';
import { createdOn, updatedOn } from './columns';
import { petitionSubTypes, petitionTypes } from './master-data';
import { tenants } from './platform';

/**
 * Issue 21: the platform's library (no tenant; migration 0041 lets only app_platform write it). A USCIS form
 * (`formNumber` set) or a shared letter (`fromTenantId`: the tenant it came from, the spec's `fromTenant`).
 * `typeIds` / `subTypeIds`: the case types and sub-types that use it.
 */
export const platformForms = pgTable(
  'platform_forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    formNumber: text('form_number'),
    title: text('title').notNull(),
    description: text('description'),
    fromTenantId: uuid('from_tenant_id').references(() => tenants.id),
    typeIds: integer('type_ids').array().notNull().default([]),
    subTypeIds: integer('sub_type_ids').array().notNull().default([]),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by'),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
  },
  (t) => [check('platform_forms_kind_ck', sql`${t.kind} IN ('Form', 'Letter')`)],
);

/** One edition of a platform form; the newest edition date is the one new cases get. */
export const platformFormEditions = pgTable(
  'platform_form_editions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    formId: uuid('form_id')
      .notNull()
      .references(() => platformForms.id, { onDelete: 'cascade' }),
    editionDate: date('edition_date').notNull(),
    documentPath: text('document_path'),
    documentName: text('document_name'),
    createdBy: uuid('created_by'),
    createdOn: createdOn(),
  },
  (t) => [unique('platform_form_editions_uq').on(t.formId, t.editionDate)],
);

/** The platform's default configuration of a sub-type, applied to every tenant created afterwards. */
export const platformCaseConfigs = pgTable('platform_case_configs', {
  subTypeId: integer('sub_type_id')
    .primaryKey()
    .references(() => petitionSubTypes.id),
  typeId: integer('type_id')
    .notNull()
    .references(() => petitionTypes.id),
  /** A platform questionnaire template (its latest published version applies; migration 0047). */
  questionnaireId: uuid('questionnaire_id').references(() => questionnaireTemplates.id),
  linkDefaultWorkflow: boolean('link_default_workflow').notNull().default(true),
  formIds: uuid('form_ids').array().notNull().default([]),
  updatedBy: uuid('updated_by'),
  updatedOn: updatedOn(),
});

/** The platform forms a tenant's case-type configuration picked (beside its own forms and letters). */
export const petitionConfigPlatformForms = pgTable(
  'petition_config_platform_forms',
  {
    tenantId: uuid('tenant_id').notNull(),
    configId: uuid('config_id').notNull(),
    formId: uuid('form_id')
      .notNull()
      .references(() => platformForms.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'petition_config_platform_forms_pk', columns: [t.tenantId, t.configId, t.formId] }),
    foreignKey({
      name: 'petition_config_platform_forms_config_fk',
      columns: [t.tenantId, t.configId],
      foreignColumns: [petitionConfigs.tenantId, petitionConfigs.id],
    }).onDelete('cascade'),
  ],
);

/** The edition of each platform form a case was opened with; a later edition does not change it. */
export const caseFormEditions = pgTable(
  'case_form_editions',
  {
    tenantId: uuid('tenant_id').notNull(),
    caseId: uuid('case_id').notNull(),
    formId: uuid('form_id')
      .notNull()
      .references(() => platformForms.id),
    editionId: uuid('edition_id')
      .notNull()
      .references(() => platformFormEditions.id),
  },
  (t) => [
    primaryKey({ name: 'case_form_editions_pk', columns: [t.tenantId, t.caseId, t.formId] }),
    foreignKey({
      name: 'case_form_editions_case_fk',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }).onDelete('cascade'),
  ],
);
