import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { cases } from './case-codes';
import { createdOn } from './columns';
import { tenants, users } from './platform';

/**
 * A case's invoices (issue 34 item 5, migration 0057): completing CREATE_INVOICE issues one from the lines the
 * firm confirmed; undoing the activity voids it. A row is never deleted or edited after it is issued (only voided):
 * its number stays taken and its PDF, rendered from it on each download, reads the same every time.
 */
export const caseInvoices = pgTable(
  'case_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    caseId: uuid('case_id').notNull(),
    /** The CREATE_INVOICE activity that issued it (no foreign key: a run's rows may be rebuilt). */
    activityId: uuid('activity_id'),
    invoiceNumber: text('invoice_number').notNull(),
    /** The firm's day it was issued. */
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    billedTo: text('billed_to').notNull(),
    /** [{ label, amount }] in dollars, as confirmed. */
    lines: jsonb('lines').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /** 'issued' or 'void'. */
    status: text('status').notNull().default('issued'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdOn: createdOn(),
    voidedOn: timestamp('voided_on', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    unique('case_invoices_tenant_id_uq').on(t.tenantId, t.id),
    unique('case_invoices_number_uq').on(t.tenantId, t.invoiceNumber),
    foreignKey({
      name: 'case_invoices_case_fk',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }).onDelete('cascade'),
    index('case_invoices_case_idx').on(t.tenantId, t.caseId, t.createdOn),
    check(
      'case_invoices_status_ck',
      sql`(${t.status} = 'issued' and ${t.voidedOn} is null) or (${t.status} = 'void' and ${t.voidedOn} is not null)`,
    ),
  ],
);
