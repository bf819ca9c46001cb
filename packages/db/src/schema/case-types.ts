import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdOn, updatedOn } from './columns';
import { petitionSubTypes, petitionTypes } from './master-data';
import { tenants } from './platform';

/**
 * A tenant's case-type settings (issue 5): the row is created with the tenant's starter library of
 * questionnaire templates and forms & letters and marks it done. D-23's `allowCustonCaseNo` is not here: it is
 * the tenant's global configuration (global_configs.config, the Reminders screen), issue 38 and migration 0053.
 */
export const caseTypeSettings = pgTable('case_type_settings', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  createdOn: createdOn(),
});

/** R-CASETYPE-001/004: the case types a tenant files (`isCaseTypeSelected`). */
export const tenantCaseTypes = pgTable(
  'tenant_case_types',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    typeId: integer('type_id')
      .notNull()
      .references(() => petitionTypes.id),
    selected: boolean('selected').notNull(),
    updatedOn: updatedOn(),
  },
  (t) => [primaryKey({ name: 'tenant_case_types_pk', columns: [t.tenantId, t.typeId] })],
);

/** R-CASETYPE-002/005: the sub-types a tenant files. */
export const tenantCaseSubTypes = pgTable(
  'tenant_case_sub_types',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    subTypeId: integer('sub_type_id')
      .notNull()
      .references(() => petitionSubTypes.id),
    selected: boolean('selected').notNull(),
    updatedOn: updatedOn(),
  },
  (t) => [primaryKey({ name: 'tenant_case_sub_types_pk', columns: [t.tenantId, t.subTypeId] })],
);

/**
 * R-CASETYPE-018: questionnaire templates. Issue 21: the platform's library (tenant_id null), each with
 * numbered versions (`questionnaire_versions`, schema/questionnaires.ts); the header carries the latest
 * published name and audience, which the case-type configuration lists.
 */
export const questionnaireTemplates = pgTable(
  'questionnaire_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').references(() => tenants.id),
    name: text('name').notNull(),
    entityType: text('entity_type').notNull(),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
  },
  (t) => [
    unique('questionnaire_templates_tenant_id_uq').on(t.tenantId, t.id),
    index('questionnaire_templates_tenant_name_idx').on(t.tenantId, t.name),
    uniqueIndex('questionnaire_templates_platform_name_uq').on(sql`lower(${t.name})`).where(sql`${t.tenantId} IS NULL`),
  ],
);

/** R-CASETYPE-019: forms and letters with their document (a stored file of the tenant). */
export const formsAndLetters = pgTable(
  'forms_and_letters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    type: text('type').notNull(),
    documentPath: text('document_path').notNull(),
    documentName: text('document_name').notNull(),
    /** Issue 20 (R-LETTER-015): 'header_template' for a letter header, null for a letter or form. */
    docTypeId: text('doc_type_id'),
    description: text('description'),
    edition: text('edition'),
    fromTenant: boolean('from_tenant').notNull().default(true),
    caseTypeId: integer('case_type_id').references(() => petitionTypes.id),
    caseSubTypeId: integer('case_sub_type_id').references(() => petitionSubTypes.id),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
  },
  (t) => [
    unique('forms_and_letters_tenant_id_uq').on(t.tenantId, t.id),
    index('forms_and_letters_tenant_name_idx').on(t.tenantId, t.name),
    index('forms_and_letters_tenant_created_idx').on(t.tenantId, t.createdOn, t.id),
  ],
);

/**
 * A case-type configuration (R-CASETYPE-017/021): the questionnaire and forms & letters of one sub-type.
 * One active configuration per sub-type and tenant; 'Create New' on a configuration linked with cases
 * deactivates the old one (the cases keep it) and inserts a new one.
 */
export const petitionConfigs = pgTable(
  'petition_configs',
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
    questionnaireTplId: uuid('questionnaire_tpl_id').notNull(),
    insertTo: text('insert_to'),
    showPetitionAlert: boolean('show_petition_alert').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by'),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
  },
  (t) => [
    unique('petition_configs_tenant_id_uq').on(t.tenantId, t.id),
    // Issue 21: a platform template (every tenant picks from the one library).
    foreignKey({
      name: 'petition_configs_questionnaire_fk',
      columns: [t.questionnaireTplId],
      foreignColumns: [questionnaireTemplates.id],
    }),
    uniqueIndex('petition_configs_active_uq').on(t.tenantId, t.subTypeId).where(sql`${t.active}`),
  ],
);

/** The forms and letters of a configuration; deleting a form or letter removes it from every configuration. */
export const petitionConfigForms = pgTable(
  'petition_config_forms',
  {
    tenantId: uuid('tenant_id').notNull(),
    configId: uuid('config_id').notNull(),
    formId: uuid('form_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'petition_config_forms_pk', columns: [t.tenantId, t.configId, t.formId] }),
    foreignKey({
      name: 'petition_config_forms_config_fk',
      columns: [t.tenantId, t.configId],
      foreignColumns: [petitionConfigs.tenantId, petitionConfigs.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'petition_config_forms_form_fk',
      columns: [t.tenantId, t.formId],
      foreignColumns: [formsAndLetters.tenantId, formsAndLetters.id],
    }).onDelete('cascade'),
    index('petition_config_forms_form_idx').on(t.tenantId, t.formId),
  ],
);
