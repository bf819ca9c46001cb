import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdOn, updatedOn } from './columns';
import { petitionSubTypes, petitionTypes } from './master-data';
import { tenants } from './platform';

/**
 * Issue 18: a tenant's filing fees of one case type, from a day on (`invoiceDate` on save). Earlier versions
 * stay; a case opened on a day gets the version in force that day. No version: the platform schedule.
 */
export const filingFeeVersions = pgTable(
  'filing_fee_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    typeId: integer('type_id')
      .notNull()
      .references(() => petitionTypes.id),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    createdBy: uuid('created_by'),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
  },
  (t) => [
    unique('filing_fee_versions_tenant_id_uq').on(t.tenantId, t.id),
    unique('filing_fee_versions_day_uq').on(t.tenantId, t.typeId, t.effectiveFrom),
  ],
);

/** R-FEE-014: one fee line of a sub-type in a version. D-21: whole dollars, at most 6 digits. */
export const filingFeeLines = pgTable(
  'filing_fee_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    versionId: uuid('version_id').notNull(),
    subTypeId: integer('sub_type_id')
      .notNull()
      .references(() => petitionSubTypes.id),
    position: integer('position').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    amount: integer('amount').notNull(),
    type: text('type').notNull(),
    online: boolean('online').notNull().default(false),
    defType: boolean('def_type').notNull().default(false),
    allowMultiple: boolean('allow_multiple').notNull().default(false),
    perOrAllDependent: boolean('per_or_all_dependent').notNull().default(false),
  },
  (t) => [
    foreignKey({
      name: 'filing_fee_lines_version_fk',
      columns: [t.tenantId, t.versionId],
      foreignColumns: [filingFeeVersions.tenantId, filingFeeVersions.id],
    }).onDelete('cascade'),
    unique('filing_fee_lines_code_uq').on(t.versionId, t.subTypeId, t.code),
    index('filing_fee_lines_version_idx').on(t.tenantId, t.versionId, t.subTypeId, t.position),
    check('filing_fee_lines_amount_ck', sql`${t.amount} between 0 and 999999`),
  ],
);

/** R-FEE-012: a tenant's names for default lines (`changeItems`), also for case types it never saved. */
export const filingFeeNames = pgTable(
  'filing_fee_names',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ name: 'filing_fee_names_pk', columns: [t.tenantId, t.code] })],
);

/**
 * Issue 36: the last day of a platform dated fee line (filing-fees/schedule.ts DATED_LINES, e.g. the H-1B
 * proclamation payment), as the platform administrator set or extended it. No row: the line's own end date.
 * Platform data: every request reads it, only the platform role writes it.
 */
export const platformFeeLineEnds = pgTable('platform_fee_line_ends', {
  code: text('code').primaryKey(),
  until: date('until', { mode: 'string' }).notNull(),
  updatedBy: uuid('updated_by'),
  updatedOn: updatedOn(),
});

/**
 * Issue 36: a fee schedule version the platform administrator published (filing-fees/schedule.ts
 * PublishedSchedule): its first day, its source and the amounts it changes over the version before it.
 * Platform data: every request reads it, only the platform role writes it; an upcoming one may be withdrawn.
 */
export const platformFeeSchedules = pgTable(
  'platform_fee_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    changes: jsonb('changes').$type<{ typeCode: string | null; code: string; amount: number }[]>().notNull(),
    publishedBy: uuid('published_by'),
    publishedOn: timestamp('published_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('platform_fee_schedules_day_uq').on(t.effectiveFrom)],
);
