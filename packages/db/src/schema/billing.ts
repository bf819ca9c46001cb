import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
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
    /**
     * Issue 38 finding 1 (0065): the lines of the total: the plan's list price (prorated when the invoice covers part
     * of a period), the coupon's discount, the credit for unused days of the plan it replaced, and tax (0 where none).
     */
    listCents: integer('list_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    couponCode: text('coupon_code'),
    creditCents: integer('credit_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    /** A prorated invoice's days: charged days of the period, the plan's whole price, the credited days. */
    proration: jsonb('proration'),
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
    check(
      'invoices_lines_ck',
      sql`${t.discountCents} >= 0 AND ${t.creditCents} >= 0 AND ${t.taxCents} >= 0 AND ${t.totalCents} = ${t.listCents} - ${t.discountCents} - ${t.creditCents} + ${t.taxCents}`,
    ),
    index('invoices_tenant_created_idx').on(t.tenantId, t.createdOn, t.id),
    index('invoices_tenant_due_idx').on(t.tenantId, t.dueDate, t.id),
  ],
);

/**
 * Issue 39 (finding 4, SECURITY 26): a subscribe's idempotency key as the client sent it, with the answer it got.
 * The same key from the same tenant within a day answers that answer again without charging; a key is unique per
 * tenant and route. Rows older than a day are ignored and replaced.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    route: text('route').notNull(),
    key: text('key').notNull(),
    userId: uuid('user_id').notNull(),
    /** sha256 of the request body without the key: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    response: jsonb('response').notNull(),
    createdOn: createdOn(),
  },
  (t) => [primaryKey({ name: 'idempotency_keys_pk', columns: [t.tenantId, t.route, t.key] })],
);

/**
 * Issue 39 (finding 7): the coupons on offer, platform data (no tenant). A coupon takes a percentage off the
 * invoice it is redeemed on; it is valid through `valid_until` (inclusive, UTC), redeemed at most
 * `max_redemptions` times over all tenants (`redeemed` counts them) and once per tenant (coupon_redemptions).
 */
export const coupons = pgTable(
  'coupons',
  {
    code: text('code').primaryKey(),
    percentOff: integer('percent_off').notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    maxRedemptions: integer('max_redemptions').notNull(),
    redeemed: integer('redeemed').notNull().default(0),
  },
  (t) => [
    check('coupons_percent_ck', sql`${t.percentOff} between 1 and 100`),
    check('coupons_redeemed_ck', sql`${t.redeemed} between 0 and ${t.maxRedemptions}`),
  ],
);

/** Issue 39 (finding 7): a tenant's redemption of a coupon: once per tenant (the primary key). */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    couponCode: text('coupon_code')
      .notNull()
      .references(() => coupons.code),
    invoiceRef: text('invoice_ref').notNull(),
    redeemedOn: createdOn(),
  },
  (t) => [primaryKey({ name: 'coupon_redemptions_pk', columns: [t.tenantId, t.couponCode] })],
);
