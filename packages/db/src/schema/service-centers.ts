import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdOn, updatedOn } from './columns';
import { petitionTypes } from './master-data';
import { tenants } from './platform';

/** Couriers offered in a service center's address blocks (001 §7 /tracking/courierlist). Reference data. */
export const couriers = pgTable('couriers', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull(),
});

/**
 * Service centers (001 §3). `tenant_id` null is a platform-level center (R-SVC-014): every tenant reads
 * it, only roles 1 and 2 change it; a tenant's own centers are changed only by its roles 3 and 4.
 * `address_config` holds [{courierId, address}] with the address as server-sanitized rich text.
 */
export const serviceCenters = pgTable(
  'service_centers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').references(() => tenants.id),
    name: text('name').notNull(),
    typeId: integer('type_id')
      .notNull()
      .references(() => petitionTypes.id),
    stateIds: jsonb('state_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    addressConfig: jsonb('address_config')
      .$type<{ courierId: number; address: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    premiumProcessing: text('premium_processing').notNull().default('no'),
    description: text('description'),
    /** Where a platform-level row's facts come from and when they were last checked. */
    source: text('source'),
    effectiveDate: text('effective_date'),
    createdBy: uuid('created_by'),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
  },
  (t) => [
    unique('service_centers_tenant_id_uq').on(t.tenantId, t.id),
    index('service_centers_tenant_created_idx').on(t.tenantId, t.createdOn, t.id),
    index('service_centers_tenant_name_idx').on(t.tenantId, sql`lower(${t.name})`, t.id),
    index('service_centers_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);
