import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './platform';

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
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  updatedOn: timestamp('updated_on', { withTimezone: true }).notNull().defaultNow(),
});
