import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '../../test/render';
import { CaseInvoices } from './case-invoices';

const notified = vi.hoisted(() => ({ error: [] as unknown[] }));
vi.mock('../../components/notify', () => ({
  notify: {
    success: async () => '',
    error: async (e: unknown) => {
      notified.error.push(e instanceof Error ? e.message : e);
      return '';
    },
  },
}));

const invoice = (n: number, status: 'issued' | 'void') => ({
  _id: `i-${n}`,
  invoiceNumber: `DLF-H1B-2030-10001-INV${n}`,
  issuedOn: `2030-01-0${n}`,
  billedTo: 'Priya Patel\n200 Technology Drive, San Jose',
  lines: [{ label: 'Legal fee', amount: 2500 }],
  total: 2540.25,
  status,
  voidedOn: status === 'void' ? '2030-01-03T10:00:00.000Z' : null,
});

describe('the invoices of a case, in its Fees tab (issue 34)', { timeout: 30_000 }, () => {
  it('issue 34: lists the invoices CREATE_INVOICE issued (number, day, billed to, total, status), each with its PDF', async () => {
    const api = mockApi({
      'POST /api/cases/invoices/list': () => ({ list: [invoice(2, 'issued'), invoice(1, 'void')] }),
      'POST /api/cases/invoices/pdf': () => [404, { code: 'NOT_FOUND', message: 'Invoice not found', fields: [] }],
    });
    renderWithProviders(<CaseInvoices caseId="c-1" />);
    await screen.findByText('DLF-H1B-2030-10001-INV2');
    const table = screen.getByRole('table', { name: 'Case invoices' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent?.trim())
          .slice(0, 5),
      ),
    ).toEqual([
      ['DLF-H1B-2030-10001-INV2', 'Jan 2, 2030', 'Priya Patel', '$2,540.25', 'Issued'],
      ['DLF-H1B-2030-10001-INV1', 'Jan 1, 2030', 'Priya Patel', '$2,540.25', 'Void'],
    ]);
    // Download PDF asks for that invoice of that case; a refusal says why.
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF DLF-H1B-2030-10001-INV2' }));
    await waitFor(() => expect(notified.error).toEqual(['Invoice not found']));
    expect(api.calls.find((c) => c.path === '/api/cases/invoices/pdf')?.body).toEqual({
      caseId: 'c-1',
      invoiceId: 'i-2',
    });
  });

  it('issue 34: says how an invoice is issued while the case has none', async () => {
    mockApi({ 'POST /api/cases/invoices/list': () => ({ list: [] }) });
    renderWithProviders(<CaseInvoices caseId="c-1" />);
    expect(await screen.findByText('No invoices yet: the Create Invoice activity issues one.')).toBeTruthy();
  });
});
