import { screen, waitFor } from '@testing-library/react';
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
  quantity: 1,
  unitAmount: amount,
  condition: null as { key: string; label: string } | null,
  source: 'USCIS fee rule 89 FR 6194',
});

describe('case fee estimate (issue 18)', () => {
  it('shows the fees in force on the day the case was opened, with the paper-filing total', async () => {
    const api = mockApi({
      'POST /api/invoices/case-fee-estimate': () => ({
        onDate: '2025-02-03',
        effectiveFrom: '2025-01-01',
        filingDate: null,
        schedule: { id: 'uscis-2024', effectiveFrom: '2024-04-01', source: 'G-1055' },
        conditions: [],
        questions: [],
        lines: [line('I130', 'I-130 Filing Fee', 675), line('I130ONLINE', 'I-130 Filing Fee (Online)', 625, true)],
        total: 675,
        filedOnline: false,
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

  it('issue 36: each line shows the condition that chose it and its source; what the facts do not say is asked', async () => {
    mockApi({
      'POST /api/invoices/case-fee-estimate': () => ({
        onDate: '2026-03-02',
        filingDate: '2026-03-02',
        effectiveFrom: null,
        schedule: { id: 'uscis-2026', effectiveFrom: '2026-03-01', source: 'G-1055; 91 FR 1059' },
        conditions: [{ key: 'smallEmployer', label: 'Employer with 25 or fewer full-time employees' }],
        questions: [
          {
            key: 'premiumProcessing',
            label: 'Premium processing',
            facts: ['premiumProcessing'],
            effects: ['Premium Processing (I-907): $2,965 if yes'],
          },
        ],
        lines: [
          {
            ...line('ACWIA', 'ACWIA Fee', 750),
            condition: { key: 'smallEmployer', label: 'Employer with 25 or fewer full-time employees' },
            source: 'INA 214(c)(9)',
          },
          { ...line('H4I539', 'H4 (I-539) Filing Fee', 940), quantity: 2, unitAmount: 470 },
        ],
        total: 1690,
        filedOnline: false,
      }),
    });
    renderWithProviders(<FeeEstimateButton caseId="c-2" caseNumber="DLF-2" />);
    await userEvent.click(screen.getByRole('button', { name: 'Fee estimate DLF-2' }));
    expect(await screen.findByText('Condition: Employer with 25 or fewer full-time employees')).toBeTruthy();
    expect(screen.getByText('Source: INA 214(c)(9)')).toBeTruthy();
    expect(screen.getByText('H4 (I-539) Filing Fee (Dependents) × 2 at $470')).toBeTruthy();
    expect(screen.getByText('Premium processing?')).toBeTruthy();
    expect(screen.getByText('Premium Processing (I-907): $2,965 if yes.')).toBeTruthy();
    expect(screen.getByText("Set in the case's facts: Premium processing.")).toBeTruthy();
  });
});

describe('the estimate printed for the client (issue 36)', () => {
  it('issue 36: Download estimate (PDF) asks the server for that case’s printed estimate', async () => {
    const api = mockApi({
      'POST /api/invoices/case-fee-estimate': () => ({
        onDate: '2026-03-02',
        effectiveFrom: null,
        filingDate: '2026-03-02',
        schedule: { id: 'uscis-2026', effectiveFrom: '2026-03-01', source: 'G-1055; 91 FR 1059' },
        conditions: [],
        questions: [],
        lines: [line('I129', 'I-129 Standard Fee', 780)],
        total: 780,
        filedOnline: false,
      }),
      'POST /api/invoices/case-fee-estimate-pdf': () => [
        404,
        { code: 'NOT_FOUND', message: 'Case not found', fields: [] },
      ],
    });
    renderWithProviders(<FeeEstimateButton caseId="c-9" caseNumber="DLF-9" />);
    await userEvent.click(screen.getByRole('button', { name: 'Fee estimate DLF-9' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Download estimate (PDF)' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/invoices/case-fee-estimate-pdf')?.body).toEqual({ caseId: 'c-9' }),
    );
  });
});
