import type { FeeCategories, FeeLine } from '@caseport/domain/filing-fees/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '../../test/render';
import FilingFeesPage from './filing-fees-page';

const notified = vi.hoisted(() => ({ success: [] as string[], error: [] as unknown[] }));
vi.mock('../../components/notify', () => ({
  notify: {
    success: async (m: string) => {
      notified.success.push(m);
      return '';
    },
    error: async (e: unknown) => {
      notified.error.push(e);
      return '';
    },
  },
}));

const fee = (code: string, name: string, amount: number, over: Partial<FeeLine> = {}): FeeLine => ({
  id: null,
  code,
  name,
  amount,
  currency: '$',
  type: 'USCIS',
  online: false,
  defType: true,
  allowMultiple: false,
  perOrAllDependent: false,
  tenantId: 't-1',
  scheduleAmount: null,
  ...over,
});
const lines = () => [
  fee('I129', 'I-129 Standard Fee', 780),
  fee('H4I539', 'H4 (I-539) Filing Fee', 470, { allowMultiple: true }),
  fee('LEGAL', 'Legal Fee', 2500, { type: 'other' }),
  fee('DEPENDENTLEGAL', 'Dependent Legal Fee', 0, { type: 'other', allowMultiple: true }),
];
const categories = (over: Partial<FeeCategories> = {}): FeeCategories => ({
  items: [
    { id: 1, name: 'Cap - New Petition', details: lines() },
    { id: 3, name: 'Extension of Stay', details: lines() },
  ],
  alreadyExisted: false,
  effectiveFrom: null,
  today: '2026-03-02',
  versions: [],
  caseTypes: [
    { id: 1, name: 'H-1B Specialty Occupation' },
    { id: 4, name: 'I-130 Petition for Alien Relative' },
  ],
  schedule: { id: 'uscis-2024', effectiveFrom: '2024-04-01', source: 'USCIS fee rule, G-1055' },
  ...over,
});

const setup = (
  opts: { data?: Partial<FeeCategories>; save?: (body: unknown) => unknown; impact?: () => unknown } = {},
) => {
  const api = mockApi({
    'POST /api/invoices/withdraw-filing-fee-version': () => ({ message: 'The fee version was withdrawn' }),
    'POST /api/invoices/filing-fee-version-impact': opts.impact ?? (() => ({ affectedCases: 0, cases: [] })),
    'POST /api/invoices/get-case-type-filing-fee-categories': () => categories(opts.data),
    'POST /api/masterdata/list': () => ({
      list: [
        { id: 1, name: 'Cap - New Petition' },
        { id: 3, name: 'Extension of Stay' },
      ],
    }),
    'POST /api/invoices/save-case-type-filing-fee-categories':
      opts.save ?? (() => ({ message: 'Filing fees saved successfully' })),
  });
  renderWithProviders(<FilingFeesPage />);
  return api;
};
const saves = (api: ReturnType<typeof mockApi>) =>
  api.calls.filter((c) => c.path === '/api/invoices/save-case-type-filing-fee-categories');
const row = (name: RegExp | string) =>
  screen.getAllByRole('listitem').find((li) => within(li).queryByText(name)) as HTMLElement;

beforeEach(() => {
  notified.success.length = 0;
  notified.error.length = 0;
});

describe('Fees tab', () => {
  it('R-FEE-001: has a Case Type selector holding the enabled case types', async () => {
    setup();
    const select = (await screen.findAllByLabelText('Case Type'))[0];
    expect((select as HTMLInputElement).value).toBe('H-1B Specialty Occupation');
  });

  it('R-FEE-002, R-FEE-027: the sub-types are tabs, loaded from master data petition_sub_types with page size 1000', async () => {
    const api = setup();
    expect(await screen.findByRole('tab', { name: 'Cap - New Petition' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Extension of Stay' })).toBeTruthy();
    const call = api.calls.find((c) => c.path === '/api/masterdata/list');
    expect(call?.body).toMatchObject({ category: 'petition_sub_types', perpage: 1000, matcher: { petitionType: 1 } });
  });

  it("R-FEE-019: the H4I539 line is labelled '(Dependents)', the others are not", async () => {
    setup();
    expect(await screen.findByText('H4 (I-539) Filing Fee (Dependents)')).toBeTruthy();
    expect(screen.queryByText('I-129 Standard Fee (Dependents)')).toBeNull();
  });

  it("R-FEE-015: amounts show with the '$' currency", async () => {
    setup();
    expect(await screen.findByText('$2,500')).toBeTruthy();
  });

  it('R-FEE-006: the pencil opens a line for editing and the tick closes it', async () => {
    setup();
    await screen.findByText('Legal Fee');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Legal Fee' }));
    expect((screen.getByRole('textbox', { name: 'Fee Type' }) as HTMLInputElement).value).toBe('Legal Fee');
    await userEvent.click(screen.getByRole('button', { name: 'Done editing Legal Fee' }));
    expect(screen.queryByRole('textbox', { name: 'Fee Type' })).toBeNull();
  });

  it('R-FEE-007: an edited line needs a fee type name; the tick keeps it open with the message', async () => {
    setup();
    await screen.findByText('Legal Fee');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Legal Fee' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Fee Type' }));
    await userEvent.click(screen.getByRole('button', { name: 'Done editing fee line' }));
    expect(screen.getByText('Fee type name is required')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Fee Type' })).toBeTruthy();
  });

  it('R-FEE-008: the amount keeps digits only, at most 6', async () => {
    setup();
    await screen.findByText('Legal Fee');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Legal Fee' }));
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '12a3.4567890');
    expect((amount as HTMLInputElement).value).toBe('123456');
  });

  it('R-FEE-003: a fee line can be removed', async () => {
    setup();
    await screen.findByText('Legal Fee');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Legal Fee' }));
    expect(screen.queryByText('Legal Fee')).toBeNull();
  });

  it('R-FEE-004: Add More adds a fee line, open for editing', async () => {
    setup();
    await screen.findByText('Legal Fee');
    const before = screen.getAllByRole('listitem').length;
    await userEvent.click(screen.getByRole('button', { name: 'Add More' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(before + 1);
    expect((screen.getByRole('textbox', { name: 'Fee Type' }) as HTMLInputElement).value).toBe('');
  });

  it("R-FEE-005, D-21: the button reads 'Save' when no fees exist, and the server's message shows as a toast", async () => {
    const api = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notified.success).toEqual(['Filing fees saved successfully']));
    const body = saves(api)[0]?.body as { petitionType: number; invoiceDate: string; items: unknown[] };
    expect(body.petitionType).toBe(1);
    expect(body.invoiceDate).toBe('2026-03-02'); // the tenant's today, from the server
    expect(body.items).toHaveLength(2);
  });

  it("D-21: the button reads 'Update' when alreadyExisted is true", async () => {
    setup({ data: { alreadyExisted: true } });
    expect(await screen.findByRole('button', { name: 'Update' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('R-FEE-009: the form must validate before saving (an empty name sends nothing)', async () => {
    const api = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Add More' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Fee type name is required')).toBeTruthy();
    expect(saves(api)).toHaveLength(0);
  });

  it('R-FEE-010: switching the sub-type tab needs the fee form to validate first', async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Add More' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Extension of Stay' }));
    await new Promise((r) => setTimeout(r, 150));
    expect(screen.getByRole('tab', { name: 'Cap - New Petition' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Fee type name is required')).toBeTruthy();
  });

  it('R-FEE-011: the sub-type tab switch happens 100 ms after the click', async () => {
    setup();
    const tab = await screen.findByRole('tab', { name: 'Extension of Stay' });
    vi.useFakeTimers();
    try {
      fireEvent.click(tab);
      act(() => vi.advanceTimersByTime(99));
      expect(tab.getAttribute('aria-selected')).toBe('false');
      act(() => vi.advanceTimersByTime(1));
      expect(tab.getAttribute('aria-selected')).toBe('true');
    } finally {
      vi.useRealTimers();
    }
  });

  it('R-FEE-012: renaming a default line renames it on every sub-type and saves it in changeItems', async () => {
    const api = setup();
    await screen.findByText('Legal Fee');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Legal Fee' }));
    const name = screen.getByRole('textbox', { name: 'Fee Type' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Attorney Fee');
    await userEvent.click(screen.getByRole('button', { name: 'Done editing Attorney Fee' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Extension of Stay' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Extension of Stay' }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(screen.getByText('Attorney Fee')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(api)).toHaveLength(1));
    const [saved] = saves(api);
    expect((saved?.body as { changeItems?: unknown } | undefined)?.changeItems).toEqual([
      { code: 'LEGAL', name: 'Attorney Fee' },
    ]);
  });

  it('R-FEE-017, R-FEE-018: only the DEPENDENTLEGAL line offers Per Dependent / All Dependents, and All sends true', async () => {
    const api = setup();
    await screen.findByText('Dependent Legal Fee');
    expect(screen.getAllByText('Per Dependent')).toHaveLength(1);
    expect(within(row('Dependent Legal Fee')).getByText('All Dependents')).toBeTruthy();
    await userEvent.click(screen.getByText('All Dependents'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(api)).toHaveLength(1));
    const body = saves(api)[0]?.body as { items: { details: { code: string; perOrAllDependent: boolean }[] }[] };
    const first = body.items[0]?.details ?? [];
    expect(first.find((l) => l.code === 'DEPENDENTLEGAL')?.perOrAllDependent).toBe(true);
    expect(first.filter((l) => l.code !== 'DEPENDENTLEGAL').every((l) => !l.perOrAllDependent)).toBe(true);
  });

  it('R-FEE-025: a failed save shows an error toast with the message', async () => {
    setup({ save: () => [400, { code: 'VALIDATION_ERROR', message: 'This case type is not enabled for your firm' }] });
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notified.error).toHaveLength(1));
    expect((notified.error[0] as Error).message).toBe('This case type is not enabled for your firm');
  });

  it('R-FEE-026: the fee settings watcher (the total) settles 900 ms after the last change', async () => {
    setup();
    await screen.findByText('Legal Fee');
    expect(await screen.findByText('Total (paper filing): $3,750')).toBeTruthy();
    vi.useFakeTimers();
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Remove Legal Fee' }));
      act(() => vi.advanceTimersByTime(899));
      expect(screen.getByText('Total (paper filing): $3,750')).toBeTruthy();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.getByText('Total (paper filing): $1,250')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('issue 18: lines that differ from the platform schedule are shown, and Take new amounts applies them', async () => {
    setup({
      data: {
        items: [
          {
            id: 1,
            name: 'Cap - New Petition',
            details: [fee('I129', 'I-129 Standard Fee', 460, { scheduleAmount: 780 })],
          },
        ],
      },
    });
    expect(await screen.findByText(/1 fee line differs from the platform fee schedule/)).toBeTruthy();
    expect(screen.getByText('Platform: $780')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Take new amounts' }));
    expect(screen.getByText('$780')).toBeTruthy();
    expect(screen.queryByText(/differs from the platform fee schedule/)).toBeNull();
  });

  it('issue 36: the Fees tab lists the firm’s versions in force, upcoming and past', async () => {
    setup({
      data: { alreadyExisted: true, versions: ['2025-01-01', '2026-01-01', '2026-06-01'], today: '2026-03-02' },
    });
    const table = await screen.findByRole('table', { name: 'Fee versions' }, { timeout: 10_000 });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual(['From 2026-06-01Upcoming', 'From 2026-01-01In force', 'From 2025-01-01Past']);
  });

  it('issue 36: an upcoming version opens to edit (its fees read on its first day, saved from it) or is withdrawn after a confirmation', async () => {
    const api = setup({
      data: { alreadyExisted: true, versions: ['2026-01-01', '2026-06-01'], today: '2026-03-02' },
    });
    const table = await screen.findByRole('table', { name: 'Fee versions' }, { timeout: 10_000 });
    // Only the upcoming one offers them.
    expect(within(table).queryByRole('button', { name: 'Edit fees from 2026-01-01' })).toBeNull();
    await userEvent.click(within(table).getByRole('button', { name: 'Edit fees from 2026-06-01' }));
    expect(await screen.findByText('Fees from 2026-06-01', {}, { timeout: 10_000 })).toBeTruthy();
    const reads = api.calls.filter((c) => c.path === '/api/invoices/get-case-type-filing-fee-categories');
    expect(reads.at(-1)?.body).toEqual({ petitionType: 1, invoiceDate: '2026-06-01' });
    expect((screen.getByLabelText(/Fees apply from/) as HTMLInputElement).value).toBe('2026-06-01');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(saves(api)).toHaveLength(1));
    expect(saves(api)[0]?.body).toMatchObject({ petitionType: 1, invoiceDate: '2026-06-01' });
    await userEvent.click(
      within(screen.getByRole('table', { name: 'Fee versions' })).getByRole('button', {
        name: 'Withdraw fees from 2026-06-01',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw fees' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/invoices/withdraw-filing-fee-version')?.body).toEqual({
        petitionType: 1,
        effectiveFrom: '2026-06-01',
      }),
    );
    await waitFor(() => expect(notified.success).toContain('The fee version was withdrawn'));
    // Back to the fees in force.
    await waitFor(() => expect(screen.queryByText('Fees from 2026-06-01')).toBeNull());
  });

  it('issue 36: a version dated in the past asks how many open cases’ estimates it changes before saving', async () => {
    const api = setup({
      impact: () => ({
        affectedCases: 2,
        cases: [
          { caseId: 'c1', caseNumber: 'DLF-1', before: 1000, after: 1333 },
          { caseId: 'c2', caseNumber: 'DLF-2', before: 2000, after: 2333 },
        ],
      }),
    });
    const date = await screen.findByLabelText(/Fees apply from/, {}, { timeout: 10_000 });
    fireEvent.change(date, { target: { value: '2026-01-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fees dated in the past' }, { timeout: 10_000 });
    expect(
      within(dialog).getByText(
        'These fees apply from 2026-01-01 and change the fee estimates of 2 open cases. Save them?',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('$1,000 → $1,333')).toBeTruthy();
    expect(saves(api)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(api)).toHaveLength(1));
    expect(saves(api)[0]?.body).toMatchObject({ invoiceDate: '2026-01-01', confirmAffectedCases: 2 });
  });
});
