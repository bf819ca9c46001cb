import type { PlatformFeeSchedules } from '@caseport/domain/filing-fees/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '../../test/render';
import FeeSchedulesPage from './fee-schedules-page';

const notified = vi.hoisted(() => ({ success: [] as string[] }));
vi.mock('../../components/notify', () => ({
  notify: {
    success: async (m: string) => {
      notified.success.push(m);
      return '';
    },
    error: async () => '',
  },
}));

const listed = (): PlatformFeeSchedules => ({
  today: '2026-11-30',
  schedules: [
    {
      id: 'p-1',
      effectiveFrom: '2027-01-15',
      until: null,
      source: 'Rule A',
      status: 'upcoming',
      published: true,
      changes: 1,
    },
    {
      id: 'uscis-2026',
      effectiveFrom: '2026-03-01',
      until: '2027-01-14',
      source: 'G-1055; 91 FR 1059',
      status: 'in force',
      published: false,
      changes: 0,
    },
    {
      id: 'uscis-2024',
      effectiveFrom: '2024-04-01',
      until: '2026-02-28',
      source: 'G-1055',
      status: 'past',
      published: false,
      changes: 0,
    },
  ],
  lines: [
    {
      typeCode: 'H1B',
      typeName: 'H-1B Specialty Occupation',
      code: 'PREMIUM',
      name: 'Premium Processing (I-907)',
      amounts: [2965],
    },
    {
      typeCode: 'H1B',
      typeName: 'H-1B Specialty Occupation',
      code: 'I129',
      name: 'I-129 Standard Fee',
      amounts: [780],
    },
    {
      typeCode: 'L1',
      typeName: 'L-1 Intracompany Transferee',
      code: 'PREMIUM',
      name: 'Premium Processing (I-907)',
      amounts: [2965],
    },
  ],
  datedLines: [
    {
      code: 'H1BPROCLAMATION',
      name: 'H-1B Proclamation Payment',
      amount: 100000,
      from: '2025-09-21',
      until: '2026-09-20',
      defaultUntil: '2026-09-20',
      source: 'Proclamation (19 Sep 2025)',
      status: 'past',
    },
  ],
});

const setup = (publish: (body: unknown) => unknown = () => ({ message: 'The fee schedule was published' })) =>
  mockApi({
    'POST /api/platform/fee-schedules/list': () => listed(),
    'POST /api/platform/fee-schedules/compare': (body) => ({
      from: { id: (body as { from: string }).from, effectiveFrom: '2026-03-01', source: 'x' },
      to: { id: (body as { to: string }).to, effectiveFrom: '2027-01-15', source: 'Rule A' },
      rows: [
        {
          typeCode: 'H1B',
          typeName: 'H-1B Specialty Occupation',
          code: 'PREMIUM',
          name: 'Premium Processing (I-907)',
          before: 2965,
          after: 3100,
          subTypes: ['Cap - New Petition', 'Extension of Stay'],
        },
      ],
    }),
    'POST /api/platform/fee-schedules/publish': publish,
    'POST /api/platform/fee-schedules/withdraw': () => ({ message: 'The fee schedule was withdrawn' }),
    'POST /api/platform/fee-schedules/set-line-end': () => ({ message: 'The last day of the fee line was saved' }),
  });

beforeEach(() => {
  notified.success = [];
});

describe('the platform fee schedules page (issue 36)', { timeout: 30_000 }, () => {
  it('issue 36: lists the versions in force, upcoming and past, and what changes between the newest two', async () => {
    const api = setup();
    renderWithProviders(<FeeSchedulesPage />);
    const table = await screen.findByRole('table', { name: 'Fee schedule versions' }, { timeout: 10_000 });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(1)
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['From 2027-01-15Upcoming1 changeRule A'],
      ['2026-03-01 to 2027-01-14In forceG-1055; 91 FR 1059'],
      ['2024-04-01 to 2026-02-28PastG-1055'],
    ]);
    // Only the upcoming published version may be withdrawn.
    expect(within(table).getAllByRole('button', { name: /^Withdraw/ })).toHaveLength(1);
    const diff = await screen.findByRole('table', { name: 'Changes between the versions' });
    expect(within(diff).getByText('$3,100').closest('td')?.textContent).toBe('$2,965 → $3,100');
    expect(within(diff).getByText('Cap - New Petition, Extension of Stay')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/platform/fee-schedules/compare')?.body).toEqual({
      from: 'uscis-2026',
      to: 'p-1',
    });
    // Compare a version with the one before it from its row.
    await userEvent.click(
      within(table).getByRole('button', { name: 'Compare with the version before the version from 2026-03-01' }),
    );
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === '/api/platform/fee-schedules/compare').at(-1)?.body).toEqual({
        from: 'uscis-2024',
        to: 'uscis-2026',
      }),
    );
  });

  it('issue 36: publishes a new version with its first day, source and changed amounts; the server’s refusal shows on its field', async () => {
    let calls = 0;
    const api = setup(() =>
      ++calls === 1
        ? [
            400,
            {
              code: 'VALIDATION_ERROR',
              message: 'Validation failed',
              fields: [{ name: 'changes.0.amount', message: 'This amount is already the schedule’s' }],
            },
          ]
        : { message: 'The fee schedule was published' },
    );
    renderWithProviders(<FeeSchedulesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Publish a new version' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish a new fee schedule version' });
    // The first day after today is offered; the source and an amount are required.
    expect((within(dialog).getByLabelText(/Applies from/) as HTMLInputElement).value).toBe('2026-12-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('Source is required')).toBeTruthy();
    expect(within(dialog).getByText('Choose a fee')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Applies from/), { target: { value: '2027-03-01' } });
    await userEvent.type(within(dialog).getByLabelText(/Source/), 'Rule C');
    const pick = async (label: string, name: string) => {
      await userEvent.click(within(dialog).getAllByLabelText(label)[0] as HTMLElement);
      await userEvent.click(await screen.findByRole('option', { name, hidden: true }));
    };
    await pick('Case type', 'H-1B Specialty Occupation');
    await pick('Fee', 'I-129 Standard Fee');
    expect(within(dialog).getByText('Now $780')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('New amount'), '8x20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('This amount is already the schedule’s')).toBeTruthy();
    const publishes = () => api.calls.filter((c) => c.path === '/api/platform/fee-schedules/publish');
    expect(publishes()[0]?.body).toEqual({
      effectiveFrom: '2027-03-01',
      source: 'Rule C',
      changes: [{ typeCode: 'H1B', code: 'I129', amount: 820 }],
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(notified.success).toEqual(['The fee schedule was published']));
    expect(publishes()).toHaveLength(2);
  });

  it('issue 36: an upcoming version is withdrawn after a confirmation', async () => {
    const api = setup();
    renderWithProviders(<FeeSchedulesPage />);
    const table = await screen.findByRole('table', { name: 'Fee schedule versions' }, { timeout: 10_000 });
    await userEvent.click(within(table).getByRole('button', { name: 'Withdraw the version from 2027-01-15' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the version' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(notified.success).toEqual(['The fee schedule was withdrawn']));
    expect(api.calls.find((c) => c.path === '/api/platform/fee-schedules/withdraw')?.body).toEqual({ id: 'p-1' });
  });
});
