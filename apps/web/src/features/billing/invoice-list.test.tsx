import type { InvoiceItem } from '@caseport/domain/billing/invoices';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CurrentUserContext } from '../../lib/current-user';
import { buildMe } from '../../test/factories';
import { mockApi, renderWithProviders } from '../../test/render';
import { INVOICE_LIST_PATH } from './api';
import BillingPage from './billing-page';

const invoice = (n: number, overrides: Partial<InvoiceItem> = {}): InvoiceItem => ({
  _id: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
  refId: `INV-2026-${String(n).padStart(4, '0')}`,
  subscriberDetails: { email: 'billing@lawfirm.test' },
  planDetails: { name: 'Professional' },
  totalAmount: 199,
  listAmount: 199,
  discountAmount: 0,
  couponCode: null,
  creditAmount: 0,
  taxAmount: 0,
  currency: 'USD',
  createdOn: '2026-11-01T09:00:00.000Z',
  dueDate: '2026-11-16',
  paidOn: null,
  statusId: 1,
  statusDetails: { name: 'Pending' },
  isOverdue: false,
  document: `/api/payments/viewfile?invoiceId=00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
  ...overrides,
});

const masterData = {
  'POST /api/masterdata/list': (body: unknown) =>
    (body as { category: string }).category === 'invoice_status'
      ? {
          list: [
            { id: 1, name: 'Pending' },
            { id: 2, name: 'Paid' },
          ],
        }
      : { list: [{ _id: 't-1', name: 'Lawfirm LLP' }] },
};
const withInvoices = (list: InvoiceItem[]) =>
  mockApi({ ...masterData, [`POST ${INVOICE_LIST_PATH}`]: () => ({ list, totalCount: list.length }) });

type ListBody = { filters: Record<string, unknown>; perpage: number; page: number; subscriber: object };
const listCalls = (api: ReturnType<typeof mockApi>) =>
  api.calls.filter((c) => c.path === INVOICE_LIST_PATH).map((c) => c.body as ListBody);

const show = (roleId: number) =>
  renderWithProviders(
    <CurrentUserContext.Provider value={buildMe(roleId)}>
      <BillingPage />
    </CurrentUserContext.Provider>,
  );

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('Billing & Payments: invoice list', { timeout: 20_000 }, () => {
  it('R-LIST-016, R-BILL-024: the invoice-number search is sent as filters.title 500 ms after the last keystroke', async () => {
    const api = withInvoices([invoice(1)]);
    show(3);
    await screen.findByText('INV-2026-0001');
    // Fake time only from here: the debounce timer starts with the first keystroke.
    vi.useFakeTimers();
    const search = screen.getByPlaceholderText('Search by Invoice Number');
    fireEvent.change(search, { target: { value: 'INV-20' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.change(search, { target: { value: 'INV-2026-0001' } });
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(listCalls(api).some((b) => 'title' in b.filters)).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    await waitFor(() => expect(listCalls(api).at(-1)?.filters).toEqual({ title: 'INV-2026-0001' }));
    // The half-typed text never went out on its own.
    expect(listCalls(api).filter((b) => b.filters.title === 'INV-20')).toHaveLength(0);
  });

  it('R-BILL-028: the Email column shows to the tenant admin (role 3), not to the Branch Manager (role 4)', async () => {
    for (const roleId of [3, 4]) {
      withInvoices([invoice(1)]);
      const view = show(roleId);
      await screen.findByText('INV-2026-0001');
      const table = screen.getByRole('table', { name: 'Invoices' });
      expect(within(table).queryByRole('columnheader', { name: 'Email' }) !== null).toBe(roleId === 3);
      expect(within(table).queryByText('billing@lawfirm.test') !== null).toBe(roleId === 3);
      view.unmount();
    }
  });

  it('R-BILL-030, R-BILL-031: a row shows number, plan, amount, created and due dates and the status name', async () => {
    withInvoices([invoice(2, { statusId: 2, statusDetails: { name: 'Paid' }, totalAmount: 1234.5 }), invoice(1)]);
    show(3);
    const row = (await screen.findByText('INV-2026-0002')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Professional')).toBeTruthy();
    expect(within(row).getByText('$1,234.50')).toBeTruthy();
    expect(within(row).getByText('Nov 1, 2026')).toBeTruthy();
    expect(within(row).getByText('Nov 16, 2026')).toBeTruthy();
    expect(within(row).getByText('Paid')).toBeTruthy();
    const pending = screen.getByText('INV-2026-0001').closest('tr') as HTMLElement;
    expect(within(pending).getByText('Pending')).toBeTruthy();
  });

  it("R-BILL-029: each invoice's download opens its viewfile path in a new tab", async () => {
    withInvoices([invoice(1)]);
    show(3);
    const link = await screen.findByRole('link', { name: 'Download invoice INV-2026-0001' });
    expect(link.getAttribute('href')).toBe('/api/payments/viewfile?invoiceId=00000000-0000-4000-8000-000000000001');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('R-BILL-025, R-BILL-027: the status multi-select is applied with Apply as filters.statusIds; Clear resets it', async () => {
    const api = withInvoices([invoice(1)]);
    show(3);
    await screen.findByText('INV-2026-0001');
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect((apply as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByPlaceholderText('All statuses'));
    await userEvent.click(await screen.findByRole('option', { name: 'Paid' }));
    // A draft: nothing is sent until Apply.
    expect(listCalls(api).some((b) => 'statusIds' in b.filters)).toBe(false);
    await userEvent.click(apply);
    await waitFor(() => expect(listCalls(api).at(-1)?.filters).toEqual({ statusIds: [2] }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(listCalls(api).at(-1)?.filters).toEqual({}));
  });

  it('R-BILL-033, R-BILL-032: the list asks for 25 invoices per page, newest first, with appActivity and the subscriber', async () => {
    const api = withInvoices([invoice(1)]);
    show(3);
    await screen.findByText('INV-2026-0001');
    expect(listCalls(api)[0]).toEqual({
      appActivity: 'invoice_list',
      filters: {},
      page: 1,
      perpage: 25,
      sorting: { path: 'createdOn', order: -1 },
      subscriber: { tenantId: 't-1', email: 'user3@example.test' },
    });
  });

  it('R-BILL-034: the invoice_status and invoice_company_list master data are loaded; the status options come from it', async () => {
    const api = withInvoices([invoice(1)]);
    show(4);
    await screen.findByText('INV-2026-0001');
    const categories = api.calls
      .filter((c) => c.path === '/api/masterdata/list')
      .map((c) => (c.body as { category: string }).category);
    expect(categories).toEqual(expect.arrayContaining(['invoice_status', 'invoice_company_list']));
    await userEvent.click(screen.getByPlaceholderText('All statuses'));
    const statusList = await screen.findByRole('listbox', { name: 'Status' });
    expect(
      within(statusList)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Pending', 'Paid']);
    // One company only: there is nothing to pick, so no Company filter.
    expect(screen.queryByPlaceholderText('All companies')).toBeNull();
  });

  it('shows the empty state when the tenant has no invoices yet', async () => {
    withInvoices([]);
    show(3);
    expect(await screen.findByText('No Invoices Found')).toBeTruthy();
  });

  it('issue 38 finding 1: an unpaid invoice past its due date shows Overdue and Pay now; Pay now asks, then charges the card on file', async () => {
    const overdue = invoice(3, { isOverdue: true, totalAmount: 199 });
    const paid = invoice(2, {
      statusId: 2,
      statusDetails: { name: 'Paid' },
      listAmount: 499,
      discountAmount: 124.75,
      couponCode: 'IMMIGRATION25',
      totalAmount: 374.25,
    });
    const api = mockApi({
      ...masterData,
      [`POST ${INVOICE_LIST_PATH}`]: () => ({ list: [overdue, paid], totalCount: 2 }),
      'POST /api/subscription/cards': () => ({
        list: [{ brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030 }],
        totalCount: 1,
      }),
      'POST /api/invoices/pay': () => ({
        message: 'Invoice INV-2026-0003 is paid',
        invoice: { ...overdue, statusId: 2 },
      }),
    });
    show(3);
    const overdueRow = (await screen.findByText('INV-2026-0003')).closest('tr') as HTMLElement;
    const paidRow = screen.getByText('INV-2026-0002').closest('tr') as HTMLElement;
    expect(within(overdueRow).getByText('Overdue')).toBeTruthy();
    expect(within(paidRow).queryByText('Overdue')).toBeNull();
    expect(within(paidRow).queryByRole('button', { name: /Pay now/ })).toBeNull();
    // The lines of the total: list price, discount with its coupon, tax 0.00, total.
    expect(paidRow.textContent).toContain('$499.00');
    expect(paidRow.textContent).toContain('-$124.75');
    expect(paidRow.textContent).toContain('IMMIGRATION25');
    expect(paidRow.textContent).toContain('$0.00');
    expect(paidRow.textContent).toContain('$374.25');
    const user = userEvent.setup();
    await user.click(within(overdueRow).getByRole('button', { name: 'Pay now invoice INV-2026-0003' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay invoice INV-2026-0003' });
    await waitFor(() =>
      expect(dialog.textContent).toContain('$199.00 will be charged now to your Visa card ending in 4242'),
    );
    expect(api.calls.some((c) => c.path === '/api/invoices/pay')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Pay now' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/invoices/pay')?.body).toEqual({
        invoiceId: overdue._id,
        idempotencyKey: expect.any(String),
      }),
    );
  });

  it('issue 38 finding 1: the Branch Manager (role 4) sees Overdue but no Pay now', async () => {
    withInvoices([invoice(3, { isOverdue: true })]);
    show(4);
    expect(await screen.findByText('Overdue')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay now/ })).toBeNull();
  });
});
