import type { Definition } from '@caseport/domain/questionnaires/definition';
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, pgView, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { questionnaireTemplates } from './case-types';
import { createdOn, updatedOn } from './columns';
import { tenants } from './platform';

/** A version's own columns, shared by the table and the view tenants read (migration 0048). */
const versionFields = () => ({
  version: integer('version').notNull(),
  status: text('status', { enum: ['draft', 'published'] }).notNull(),
  name: text('name').notNull(),
  entityType: text('entity_type').notNull(),
  definition: jsonb('definition').$type<Definition>().notNull(),
  createdBy: uuid('created_by'),
});

/**
 * A questionnaire's versions (issue 21, migrations 0038/0039). At most one draft per questionnaire; a
 * published version never changes (a trigger refuses its update or delete). `tenant_id` null: the platform's.
 */
export const questionnaireVersions = pgTable(
  'questionnaire_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').references(() => tenants.id),
    questionnaireId: uuid('questionnaire_id')
      .notNull()
      .references(() => questionnaireTemplates.id, { onDelete: 'cascade' }),
    ...versionFields(),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
    publishedByName: text('published_by_name'),
    publishedOn: timestamp('published_on', { withTimezone: true }),
  },
  (t) => [
    unique('questionnaire_versions_uq').on(t.questionnaireId, t.version),
    uniqueIndex('questionnaire_versions_one_draft').on(t.questionnaireId).where(sql`${t.status} = 'draft'`),
  ],
);

/**
 * What a tenant reads of the platform's questionnaire library (migration 0048): the platform's templates and
 * their published versions, through views (the tables' tenant policies are plain equalities).
 */
export const platformQuestionnaireTemplates = pgView('platform_questionnaire_templates', {
  id: uuid('id').notNull(),
  tenantId: uuid('tenant_id'),
  name: text('name').notNull(),
  entityType: text('entity_type').notNull(),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull(),
  updatedOn: timestamp('updated_on', { withTimezone: true }).notNull(),
}).existing();

export const publishedQuestionnaireVersions = pgView('published_questionnaire_versions', {
  id: uuid('id').notNull(),
  tenantId: uuid('tenant_id'),
  questionnaireId: uuid('questionnaire_id').notNull(),
  ...versionFields(),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull(),
  updatedOn: timestamp('updated_on', { withTimezone: true }).notNull(),
  publishedByName: text('published_by_name'),
  publishedOn: timestamp('published_on', { withTimezone: true }),
}).existing();
