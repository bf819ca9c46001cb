import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdOn, updatedOn } from './columns';
import { tenants } from './platform';

/**
 * Message labels (001 §2.7, D-20). `tenant_id` null holds the platform team's own labels (roles 1 and 2
 * belong to no tenant). Creator name and role are copied at creation so the list sorts on a column
 * (createdByName) with an index instead of a join: the list is benchmarked with 1,000,000 rows.
 */
export const messageLabels = pgTable(
  'message_labels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').references(() => tenants.id),
    name: text('name').notNull(),
    color: text('color').notNull(),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by'),
    createdByName: text('created_by_name').notNull(),
    createdByRoleId: integer('created_by_role_id').notNull(),
    createdByRoleName: text('created_by_role_name').notNull(),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
  },
  (t) => [
    // D-20: unique per tenant ignoring case (the platform's labels count as one more "tenant").
    uniqueIndex('message_labels_name_uq').on(
      sql`coalesce(${t.tenantId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${t.name})`,
    ),
    // One index per sort path, each led by tenant_id and ending in the id tie-breaker (keyset-friendly).
    index('message_labels_tenant_created_idx').on(t.tenantId, t.createdOn, t.id),
    index('message_labels_tenant_updated_idx').on(t.tenantId, t.updatedOn, t.id),
    // Name sorts ignore case (a user expects 'alpha' before 'Bravo').
    index('message_labels_tenant_name_idx').on(t.tenantId, sql`lower(${t.name})`, t.id),
    index('message_labels_tenant_creator_idx').on(t.tenantId, t.createdByName, t.id),
    // Search by Name is ILIKE '%text%': a trigram index serves it.
    index('message_labels_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);
