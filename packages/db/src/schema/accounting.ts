import { jsonb, pgTable, uuid } from 'drizzle-orm/pg-core';
import { createdOn, updatedOn } from './columns';
import { tenants } from './platform';

/**
 * Issue 21: a tenant's accounting mapping (quickbooksSettings), one row per tenant. `mapping` holds the
 * accounts and items as the contract validated them (packages/domain/src/accounting), so a new mapped line is
 * a contract change, not a migration.
 */
export const accountingSettings = pgTable('accounting_settings', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id')
    .notNull()
    .unique()
    .references(() => tenants.id),
  mapping: jsonb('mapping').notNull(),
  createdBy: uuid('created_by'),
  createdOn: createdOn(),
  updatedOn: updatedOn(),
});
