import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdOn, updatedOn } from './columns';
import { tenants } from './platform';

/**
 * Workflow templates (000 §3, 001 §3). `activities` holds the config (the activity list) in its wire
 * form (include/actionRequired as Yes/No, R-WF-026). The name is unique per tenant ignoring case
 * (R-WF-060): the index is the backstop for two concurrent creates.
 */
export const workflows = pgTable(
  'workflows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    tplTypeId: integer('tpl_type_id').notNull(),
    workflowType: text('workflow_type').notNull().default('Free-Flow'),
    assignUsersOn: text('assign_users_on').notNull().default('case-created'),
    manageRfeCase: text('manage_rfe_case').notNull().default('with_in_case'),
    showPetitionAlert: boolean('show_petition_alert').notNull().default(false),
    configCompleted: boolean('config_completed').notNull().default(false),
    active: boolean('active').notNull().default(false),
    isDefault: boolean('is_default').notNull().default(false),
    activities: jsonb('activities').notNull().default(sql`'[]'::jsonb`),
    createdBy: uuid('created_by'),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
  },
  (t) => [
    unique('workflows_tenant_id_uq').on(t.tenantId, t.id),
    index('workflows_tenant_created_idx').on(t.tenantId, t.createdOn),
    uniqueIndex('workflows_tenant_name_uq').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

/**
 * A workflow linked to a case type (and optionally a sub-type) by /workflow/config-save (R-WF-075..077).
 * Composite foreign key: a link can only point at a workflow of its own tenant.
 */
export const workflowConfigs = pgTable(
  'workflow_configs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    workflowId: uuid('workflow_id').notNull(),
    petitionTypeId: integer('petition_type_id').notNull(),
    petitionSubTypeId: integer('petition_sub_type_id'),
    questionnaireId: uuid('questionnaire_id'),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by'),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.workflowId], foreignColumns: [workflows.tenantId, workflows.id] }).onDelete(
      'cascade',
    ),
    unique('workflow_configs_type_uq').on(t.tenantId, t.petitionTypeId, t.petitionSubTypeId).nullsNotDistinct(),
    index('workflow_configs_workflow_idx').on(t.tenantId, t.workflowId),
  ],
);
