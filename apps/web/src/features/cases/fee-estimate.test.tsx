import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../test/render';
import { FeeEstimateButton } from './fee-estimate';

const line = (code: string, name: string, amount: number, online = false) => ({
  id: null,
  code,
  name,
  amount,
  currency: '$',
  type: 'USCIS',
  online,
  defType: true,
  allowMultiple: false,
  perOrAllDependent: false,
  tenantId: 't',
  scheduleAmount: null,
});

describe('case fee estimate (issue 18)', () => {
  it('shows the fees in force on the day the case was opened, with the paper-filing total', async () => {
    const api = mockApi({
      'POST /api/invoices/case-fee-estimate': () => ({
        onDate: '2025-02-03',
        effectiveFrom: '2025-01-01',
        lines: [line('I130', 'I-130 Filing Fee', 675), line('I130ONLINE', 'I-130 Filing Fee (Online)', 625, true)],
        total: 675,
      }),
    });
    renderWithProviders(<FeeEstimateButton caseId="c-1" caseNumber="DLF-1" />);
    expect(api.calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Fee estimate DLF-1' }));
    expect(await screen.findByText('Estimated total (paper filing): $675')).toBeTruthy();
    expect(screen.getByText(/Fees in force on 2025-02-03 \(your fees from 2025-01-01\)/)).toBeTruthy();
    expect(screen.getByText('$625')).toBeTruthy();
    expect(api.calls[0]?.body).toEqual({ caseId: 'c-1' });
  });
});
