import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cases } from './case-codes';
import { createdOn, updatedOn } from './columns';
import { tenants, users } from './platform';

/**
 * The global configuration of a tenant (002 §3.1, issue 17): one row per tenant. `config` holds the §3.1
 * fields and the reminders as the contract validated them (role, courier and country ids; names are joined
 * on read), so a new field of the spec is a contract change, not a migration.
 */
export const globalConfigs = pgTable('global_configs', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id')
    .notNull()
    .unique()
    .references(() => tenants.id),
  config: jsonb('config').notNull(),
  commuEmails: text('commu_emails').notNull().default(''),
  createdBy: uuid('created_by'),
  createdOn: createdOn(),
  updatedOn: updatedOn(),
});

/**
 * The reminders the engine wrote (issue 17, beyond the spec): one row per reminder, case, offset, due day and
 * recipient, written once (the unique index; the runner inserts ON CONFLICT DO NOTHING). It is the record of
 * what fired; the bell reads a user's rows, and `emailed_at` is stamped when SMTP delivered it.
 */
export const remindersOutbox = pgTable(
  'reminders_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    caseId: uuid('case_id').notNull(),
    reminderKey: text('reminder_key').notNull(),
    offsetDays: integer('offset_days').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** The user it reached (status 'user'); null for an e-mail-only beneficiary or a missing role. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Migration 0055: 'user', 'email' (the beneficiary at its own address, no account) or 'missing' (nobody). */
    status: text('status').$type<'user' | 'email' | 'missing'>().notNull().default('user'),
    /** The configured role the case has nobody for (status 'missing'). */
    missingRole: integer('missing_role'),
    /** The address an 'email' row was sent to. */
    email: text('email'),
    /** The once-only key (never null, unlike user_id): the user id, 'email:<address>' or 'missing:<role id>'. */
    recipientKey: text('recipient_key').notNull(),
    dateKey: text('date_key').notNull(),
    anchorOn: date('anchor_on', { mode: 'string' }).notNull(),
    createdOn: createdOn(),
    readAt: timestamp('read_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      name: 'reminders_outbox_case_fk',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }).onDelete('cascade'),
    uniqueIndex('reminders_outbox_once_uq').on(
      t.tenantId,
      t.caseId,
      t.reminderKey,
      t.offsetDays,
      t.dueOn,
      t.recipientKey,
    ),
    // Issue 37 (migration 0067): the bell reads a user's unread rows and read rows apart, each in due-day order.
    index('reminders_outbox_user_unread_idx')
      .on(t.tenantId, t.userId, t.dueOn, t.createdOn, t.id)
      .where(sql`${t.readAt} is null`),
    index('reminders_outbox_user_read_idx')
      .on(t.tenantId, t.userId, t.dueOn, t.createdOn, t.id)
      .where(sql`${t.readAt} is not null`),
    index('reminders_outbox_case_idx').on(t.tenantId, t.caseId, t.dueOn),
    check(
      'reminders_outbox_status_ck',
      sql`(${t.status} = 'user' AND ${t.userId} IS NOT NULL) OR (${t.status} = 'email' AND ${t.userId} IS NULL AND ${t.email} IS NOT NULL) OR (${t.status} = 'missing' AND ${t.userId} IS NULL AND ${t.missingRole} IS NOT NULL)`,
    ),
  ],
);
