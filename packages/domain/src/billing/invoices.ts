import { z } from 'zod';
import { listOf } from '../api/responses';
import { text } from '../api/scalars';
import { Role, type RoleId } from '../auth/roles';
import { DateRangeSchema, listQuerySchema } from '../list/list-query';

/** R-BILL-031: an invoice is pending (1) until it is paid (2). */
export const InvoiceStatus = { Pending: 1, Paid: 2 } as const;
export type InvoiceStatusId = (typeof InvoiceStatus)[keyof typeof InvoiceStatus];
/** R-BILL-034: the `invoice_status` master data, the options of the status filter. */
export const INVOICE_STATUSES: readonly { id: InvoiceStatusId; name: string }[] = [
  { id: InvoiceStatus.Pending, name: 'Pending' },
  { id: InvoiceStatus.Paid, name: 'Paid' },
];
export const invoiceStatusName = (id: number): string => INVOICE_STATUSES.find((s) => s.id === id)?.name ?? '';

/** R-LIST-016: the invoice-number search waits 500 ms after the last keystroke (other lists 900). */
export const INVOICE_SEARCH_DEBOUNCE_MS = 500;
/** R-BILL-033: 25 invoices per page. */
export const INVOICES_PER_PAGE = 25;
export const INVOICES_LIST_KEY = 'invoices';
export const INVOICE_SORT_PATHS = ['createdOn', 'refId', 'totalAmount', 'dueDate'] as const;
export const INVOICES_EMPTY_TEXT = 'No Invoices Found';
export const INVOICE_SEARCH_LABEL = 'Search by Invoice Number';

/** Who the web app believes the subscriber is (invoice list, customer details): checked for shape only. */
export const SubscriberSchema = z.object({ tenantId: z.uuid().optional(), email: text().max(254).optional() }).strict();
export type Subscriber = z.infer<typeof SubscriberSchema>;

/** R-BILL-028, D-05: the Email column shows only to roles 1, 2 and 3 (as written: 3 sees it, 4 does not). */
export const canSeeInvoiceEmail = (roleId: RoleId): boolean =>
  roleId === Role.SuperAdmin || roleId === Role.PlatformAdmin || roleId === Role.Admin;

/**
 * R-BILL-032: POST /invoices/list `{appActivity, filters {companyId, title, statusIds, dueDateRange,
 * paidDateRange, createdOnRange}, page, perpage, sorting, subscriber}`. `title` is the invoice-number search
 * (R-BILL-024). The subscriber is who the web app believes it is; the server takes the tenant from the session
 * and only checks the shape.
 */
export const InvoiceListBodySchema = listQuerySchema({
  sortPaths: INVOICE_SORT_PATHS,
  defaultSort: { path: 'createdOn', order: -1 },
  filters: {
    companyId: z.uuid().optional(),
    title: text().max(100).optional(),
    statusIds: z
      .array(z.union([z.literal(InvoiceStatus.Pending), z.literal(InvoiceStatus.Paid)]))
      .max(2)
      .optional(),
    dueDateRange: DateRangeSchema.optional(),
    paidDateRange: DateRangeSchema.optional(),
    createdOnRange: DateRangeSchema.optional(),
  },
})
  .extend({
    appActivity: text().max(100).optional(),
    subscriber: SubscriberSchema.optional(),
  })
  .strict();
export type InvoiceListBody = z.infer<typeof InvoiceListBodySchema>;

/** R-BILL-030: an invoice as the list returns it. `document` is the viewfile path of its PDF (R-BILL-029). */
export const InvoiceItemSchema = z.object({
  _id: z.string(),
  refId: z.string(),
  subscriberDetails: z.object({ email: z.string() }),
  planDetails: z.object({ name: z.string() }),
  /** Whole invoice amount in US dollars (two decimals). */
  totalAmount: z.number(),
  /**
   * Issue 38 finding 1: the lines the total is made of (dollars): the plan's list price (prorated when the invoice
   * covers part of a period), the coupon's discount, the credit for unused days of the plan it replaced, and tax
   * (0 where none). totalAmount = listAmount - discountAmount - creditAmount + taxAmount.
   */
  listAmount: z.number(),
  discountAmount: z.number(),
  couponCode: z.string().nullable(),
  creditAmount: z.number(),
  taxAmount: z.number(),
  currency: z.string(),
  createdOn: z.string(),
  dueDate: z.string().nullable(),
  paidOn: z.string().nullable(),
  statusId: z.literal(Object.values(InvoiceStatus)),
  statusDetails: z.object({ name: z.string() }),
  /** Issue 38 finding 1: unpaid and its due date before the tenant's day. */
  isOverdue: z.boolean(),
  document: z.string(),
});
export type InvoiceItem = z.infer<typeof InvoiceItemSchema>;
export const InvoiceListSchema = listOf(InvoiceItemSchema);

/** The payments service's viewfile path of an invoice PDF: the download opens it in a new tab. */
export const invoiceDocumentPath = (invoiceId: string): string =>
  `/api/payments/viewfile?invoiceId=${encodeURIComponent(invoiceId)}`;
export const InvoiceViewfileQuerySchema = z.object({ invoiceId: z.uuid() }).strict();

/** Amounts are stored in cents; the wire carries dollars (R-BILL-030 totalAmount). */
export const centsToDollars = (cents: number): number => Math.round(cents) / 100;
export const formatUsd = (dollars: number): string =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);

/** Issue 38 finding 1: the word of the badge an unpaid invoice past its due date shows beside its status. */
export const OVERDUE_LABEL = 'Overdue';
