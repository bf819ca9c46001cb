import type { SocDocument } from '@caseport/domain/soc-codes/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdOn, updatedOn } from './columns';
import { tenants } from './platform';

/** SOC 2018 occupation codes (master data category soc_codes, R-SOC-038). Sources: seed/data/SOURCES.md. */
export const socCodes = pgTable('soc_codes', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

/** Stored as the spec's document shape (R-SOC-022). */
export type SocDocumentRow = SocDocument;

/** A tenant's SOC configuration (001 §3): code, designation, rich-text description and job titles, Word templates. */
export const socCodeConfigs = pgTable(
  'soc_code_configs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    designation: text('designation').notNull(),
    description: text('description').notNull(),
    jobTitles: text('job_titles').notNull(),
    socId: integer('soc_id').references(() => socCodes.id),
    documents: jsonb('documents').$type<SocDocumentRow[]>().notNull().default(sql`'[]'::jsonb`),
    /** true = Active (R-SOC-023). */
    status: boolean('status').notNull().default(true),
    /** D-25/R-SOC-016: the code that replaces this one, given when it is inactivated. */
    newSocCode: text('new_soc_code'),
    createdBy: uuid('created_by'),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
  },
  (t) => [
    unique('soc_code_configs_tenant_id_uq').on(t.tenantId, t.id),
    uniqueIndex('soc_code_configs_name_uq').on(t.tenantId, sql`lower(${t.name})`),
    index('soc_code_configs_tenant_created_idx').on(t.tenantId, t.createdOn, t.id),
    index('soc_code_configs_tenant_name_idx').on(t.tenantId, sql`lower(${t.name})`, t.id),
  ],
);
