import { type AccountingSettings, mappingWithDefaults } from '@caseport/domain/accounting/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CurrentUserContext } from '../../lib/current-user';
import { buildMe } from '../../test/factories';
import { mockApi, renderWithProviders } from '../../test/render';
import AccountingPage from './accounting-page';

const FEES = [
  { code: 'I129', name: 'I-129 Standard Fee', type: 'USCIS' },
  { code: 'LEGAL', name: 'Legal Fee', type: 'other' },
];
const settings = (): AccountingSettings => ({
  _id: null,
  mapping: mappingWithDefaults(null, FEES),
  feeLines: FEES,
  timeZone: 'America/New_York',
});

const setup = (roleId: 1 | 3, save: () => unknown = () => ({ message: 'Accounting settings saved successfully' })) => {
  const api = mockApi({
    'POST /api/accounting/settings': settings,
    'POST /api/accounting/save-settings': save,
    'POST /api/tenant/list': () => ({
      list: [{ _id: 't-1', name: 'Lawfirm LLP', tenantType: 1, idPrefix: null, status: 'active', createdOn: '' }],
      totalCount: 1,
    }),
  });
  const me = roleId === 1 ? buildMe(1, null) : buildMe(3, { tenantType: 1 });
  renderWithProviders(
    <CurrentUserContext.Provider value={me}>
      <AccountingPage tabKey="quickbooksSettings" subTab={null} onSubTabChange={vi.fn()} inSetup={false} />
    </CurrentUserContext.Provider>,
  );
  return api;
};

afterEach(() => vi.unstubAllGlobals());

describe('Accounting screen (quickbooksSettings)', () => {
  it('shows the defaults and puts the server’s field errors on the fee line’s input', async () => {
    const api = setup(3, () => [
      400,
      {
        code: 'VALIDATION_ERROR',
        message: 'This item already posts to another income account',
        fields: [
          { name: 'mapping.feeLines.1.incomeAccount', message: 'This item already posts to another income account' },
        ],
      },
    ]);
    const account = await screen.findByRole('textbox', { name: 'I-129 Standard Fee: income account' });
    // The subscription is a bill from Caseport in the firm's books.
    expect(screen.getByRole('heading', { name: 'Subscription bills' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Vendor' }) as HTMLInputElement).value).toBe('Caseport');
    expect((screen.getByRole('textbox', { name: 'Expense account' }) as HTMLInputElement).value).toBe(
      'Dues & Subscriptions',
    );
    expect((account as HTMLInputElement).value).toBe('Filing Fees Reimbursed');
    expect((screen.getByRole('textbox', { name: 'Legal Fee: income account' }) as HTMLInputElement).value).toBe(
      'Legal Fees',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const legal = screen.getByRole('textbox', { name: 'Legal Fee: income account' });
    await waitFor(() => expect(legal.getAttribute('aria-invalid')).toBe('true'));
    const sent = api.calls.find((c) => c.path === '/api/accounting/save-settings')?.body as { mapping: unknown };
    expect(sent.mapping).toEqual(settings().mapping);
  });

  it('refuses accounts payable as the bank account before any call', async () => {
    const api = setup(3);
    const bank = await screen.findByRole('textbox', { name: 'Bank account' });
    await userEvent.clear(bank);
    await userEvent.type(bank, 'Accounts Payable');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Accounts payable and the bank account need two different accounts')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/accounting/save-settings')).toBe(false);
  });

  it('refuses a range with one day picked and no second before any call', async () => {
    const api = setup(3);
    // The range picker cannot run backwards (a day before the first one picked becomes the start); until the
    // second day is picked the range is incomplete.
    await userEvent.click(await screen.findByRole('button', { name: 'Period' }));
    const days = await screen.findAllByRole('button', { name: /^\d+ [A-Za-z]+ \d{4}$/ });
    await userEvent.click(days[10] as HTMLElement);
    expect(await screen.findByText('Date is required')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Download' }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.calls.some((c) => c.path === '/api/accounting/export')).toBe(false);
  });

  it('role 1 picks a customer before anything loads (D-02)', async () => {
    const api = setup(1);
    expect(await screen.findByText('Select a customer to see its accounting settings.')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/accounting/settings')).toBe(false);
  });
});
