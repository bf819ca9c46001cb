import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { cases } from './case-codes';
import { createdOn, updatedOn } from './columns';
import { tenants, users } from './platform';
import { questionnaireVersions } from './questionnaires';

/**
 * A questionnaire sent from a case to a person linked to it (issue 35 item 2, migration 0060): its own copy of the
 * version's definition, the answers saved so far, and where it stands (packages/domain/src/cases/questionnaire-
 * answers.ts): sent, submitted, accepted, or returned with the firm's comment. At most one open per case.
 */
export const questionnaireResponses = pgTable(
  'questionnaire_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    caseId: uuid('case_id').notNull(),
    questionnaireVersionId: uuid('questionnaire_version_id').references(() => questionnaireVersions.id, {
      onDelete: 'set null',
    }),
    name: text('name').notNull(),
    questionnaireVersion: integer('questionnaire_version').notNull(),
    definition: jsonb('definition').notNull(),
    /** The person who answers (an account linked to the case). */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('sent'),
    answers: jsonb('answers').notNull().default(sql`'{}'::jsonb`),
    /** The firm's comment when it sent the answers back. */
    comment: text('comment'),
    version: integer('version').notNull().default(0),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
    submittedOn: timestamp('submitted_on', { withTimezone: true, mode: 'string' }),
    reviewedOn: timestamp('reviewed_on', { withTimezone: true, mode: 'string' }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('questionnaire_responses_tenant_id_uq').on(t.tenantId, t.id),
    foreignKey({
      name: 'questionnaire_responses_case_fk',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }).onDelete('cascade'),
    index('questionnaire_responses_case_idx').on(t.tenantId, t.caseId, t.createdOn),
    index('questionnaire_responses_user_idx').on(t.tenantId, t.userId, t.status),
    check('questionnaire_responses_status_ck', sql`${t.status} in ('sent', 'submitted', 'accepted', 'returned')`),
  ],
);
