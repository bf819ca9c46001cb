import { describe, expect, it } from 'vitest';
import {
  canSeeInvoiceEmail,
  centsToDollars,
  formatUsd,
  INVOICE_SEARCH_DEBOUNCE_MS,
  INVOICE_STATUSES,
  InvoiceListBodySchema,
  invoiceStatusName,
} from './invoices';

describe('invoice rules', () => {
  it('R-BILL-028: the invoice Email column is for roles 1, 2 and 3 only', () => {
    expect([1, 2, 3, 4, 12, 50].filter(canSeeInvoiceEmail)).toEqual([1, 2, 3]);
  });

  it('R-BILL-031: status 1 is Pending and 2 is Paid; nothing else is a status', () => {
    expect(INVOICE_STATUSES).toEqual([
      { id: 1, name: 'Pending' },
      { id: 2, name: 'Paid' },
    ]);
    expect(invoiceStatusName(2)).toBe('Paid');
    expect(invoiceStatusName(3)).toBe('');
  });

  it('R-LIST-016: the invoice search waits 500 ms', () => {
    expect(INVOICE_SEARCH_DEBOUNCE_MS).toBe(500);
  });

  it('R-BILL-032: the list body takes appActivity, the six filters, paging, sorting and the subscriber; nothing else', () => {
    const body = InvoiceListBodySchema.parse({
      appActivity: 'invoice_list',
      filters: {
        companyId: '00000000-0000-4000-8000-000000000001',
        title: 'INV',
        statusIds: [1, 2],
        dueDateRange: ['2026-01-01', '2026-01-31'],
        paidDateRange: [],
        createdOnRange: ['2026-11-01'],
      },
      subscriber: { email: 'a@b.test' },
    });
    expect(body).toMatchObject({ page: 1, perpage: 25, sorting: { path: 'createdOn', order: -1 } });
    expect(InvoiceListBodySchema.safeParse({ filters: { dueDate: '2026-01-01' } }).success).toBe(false);
    expect(InvoiceListBodySchema.safeParse({ filters: { statusIds: [0] } }).success).toBe(false);
    expect(InvoiceListBodySchema.safeParse({ perpage: 30 }).success).toBe(false);
    expect(InvoiceListBodySchema.safeParse({ userId: 'x' }).success).toBe(false);
  });

  it('amounts travel in dollars from whole cents and show as US dollars', () => {
    expect(centsToDollars(19_900)).toBe(199);
    expect(formatUsd(centsToDollars(123_450))).toBe('$1,234.50');
  });
});
