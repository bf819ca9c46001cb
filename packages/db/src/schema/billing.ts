import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdOn } from './columns';
import { tenants } from './platform';

/**
 * Invoices of a tenant's subscription (001 §2.3, §3; R-BILL-024..034). An invoice is a record of what was
 * billed: plan name, subscriber e-mail and amount are copied when it is issued, so a later plan rename or
 * billing-address change does not rewrite past invoices. The PDF is rendered from the row on download.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** The invoice number the list searches (R-BILL-024), e.g. INV-2026-0007; unique per tenant. */
    refId: text('ref_id').notNull(),
    subscriberEmail: text('subscriber_email').notNull(),
    planName: text('plan_name').notNull(),
    /** Billing period the invoice covers, printed on the PDF. */
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    /** Whole cents (never floating point money); the wire carries dollars. */
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    /** R-BILL-031: 1 pending, 2 paid. */
    statusId: smallint('status_id').notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    paidOn: timestamp('paid_on', { withTimezone: true }),
    createdOn: createdOn(),
  },
  (t) => [
    unique('invoices_tenant_ref_uq').on(t.tenantId, t.refId),
    check('invoices_status_ck', sql`${t.statusId} in (1, 2)`),
    check('invoices_total_ck', sql`${t.totalCents} >= 0`),
    check('invoices_paid_ck', sql`(${t.statusId} = 2) = (${t.paidOn} is not null)`),
    index('invoices_tenant_created_idx').on(t.tenantId, t.createdOn, t.id),
    index('invoices_tenant_due_idx').on(t.tenantId, t.dueDate, t.id),
  ],
);
