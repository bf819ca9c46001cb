import { defaultGlobalConfig, type GlobalConfigDetails } from '@caseport/domain/reminders/contracts';
import { DAY_ORDER_HINT, REMINDER_KEY_DEFS, type ReminderKey, reminderTabs } from '@caseport/domain/reminders/days';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../components/notify';
import { CurrentUserContext } from '../../lib/current-user';
import { buildMe } from '../../test/factories';
import { mockApi, renderWithProviders } from '../../test/render';
import RemindersPage from './reminders-page';

const ROLES = [
  [1, 'Super Admin'],
  [2, 'Platform Admin'],
  [3, 'Admin'],
  [4, 'Branch Manager'],
  [5, 'Attorney'],
  [50, 'Petitioner'],
  [51, 'Sponsor'],
].map(([id, name]) => ({ id, name }));

/** The details answer built from the spec defaults, as the server names roles and countries. */
const detailsOf = (tenantType: 1 | 2, exists: boolean): GlobalConfigDetails => {
  const d = defaultGlobalConfig(tenantType);
  const roleName = (id: number) => ROLES.find((r) => r.id === id)?.name ?? '';
  const reminders = Object.fromEntries(
    Object.entries(d.reminders).map(([k, v]) =>
      k === 'globalStatus'
        ? [k, []]
        : [
            k,
            {
              config: (v as { config: { days: number }[] }).config,
              whoWillSendReminder: (v as { whoWillSendReminder: number[] }).whoWillSendReminder.map((roleId) => ({
                roleId,
                roleName: roleName(roleId),
              })),
            },
          ],
    ),
  );
  return {
    _id: exists ? 'gc-1' : null,
    commuEmails: '',
    config: {
      ...d,
      rfeCaseDeadlineDays: null,
      capSeasonConfig: [],
      reminders: reminders as GlobalConfigDetails['config']['reminders'],
    },
  };
};

const setup = ({
  roleId = 3,
  tenantType = 1 as 1 | 2,
  exists = true,
  save = (): unknown => ({ message: 'Global configuration updated successfully' }),
  details = (d: GlobalConfigDetails) => d,
} = {}) => {
  const api = mockApi({
    'POST /api/global-config/details': () => details(detailsOf(tenantType, exists)),
    'POST /api/global-config/update': save,
    'POST /api/global-config/create': save,
    'POST /api/masterdata/list': (body) => {
      const category = (body as { category: string }).category;
      if (category === 'user_roles') return { list: ROLES };
      if (category === 'timezone') return { list: [{ id: 1, name: 'America/New_York' }] };
      if (category === 'countries')
        return {
          list: [
            { id: 103, name: 'India' },
            { id: 142, name: 'Mexico' },
          ],
        };
      return { list: [] };
    },
    'POST /api/tracking/courierlist': () => ({ list: [{ id: 1, name: 'USPS' }] }),
    'POST /api/tenant/list': () => ({
      list: [{ _id: 't-1', name: 'Lawfirm LLP', tenantType: 1, idPrefix: null, status: 'active', createdOn: '' }],
      totalCount: 1,
    }),
    'POST /api/cap-registrations/get-season-year-list': () => ({ list: ['2023', '2024', '2025', '2026'] }),
  });
  const me = roleId === 1 ? buildMe(1, null) : buildMe(roleId, { tenantType });
  const onSubTabChange = vi.fn();
  renderWithProviders(
    <CurrentUserContext.Provider value={me}>
      <RemindersPage tabKey="configReminders" subTab={null} onSubTabChange={onSubTabChange} inSetup={false} />
    </CurrentUserContext.Provider>,
  );
  return api;
};

/** Opens a Mantine combobox and picks `name` from the list that input controls. */
const pickOption = async (input: HTMLElement, name: string) => {
  await userEvent.click(input);
  const list = await waitFor(() => document.getElementById(input.getAttribute('aria-controls') ?? '') as HTMLElement);
  await userEvent.click(within(list).getByRole('option', { name, hidden: true }));
};
const optionsOf = async (input: HTMLElement) => {
  await userEvent.click(input);
  const list = await waitFor(() => document.getElementById(input.getAttribute('aria-controls') ?? '') as HTMLElement);
  return within(list)
    .queryAllByRole('option', { hidden: true })
    .map((o) => o.textContent);
};
const countryInput = () => screen.getByPlaceholderText('Select Country');
const daysInput = (label: string, n: number) => screen.getByRole('textbox', { name: `${label} days ${n}` });
const more = (label: string) => screen.queryByRole('button', { name: `${label}: + More` });

afterEach(() => vi.restoreAllMocks());

describe('Global configuration: reminders', { timeout: 60_000 }, () => {
  it('R-REM-001: a law firm sees the eight reminder tabs in order', async () => {
    setup();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Beneficiary or Applicant',
      'H-1B Visas',
      'L Visas',
      'PERM',
      'Employment Based',
      'Family Based',
      'Citizenship',
      'Others',
    ]);
  });

  it('R-REM-002: a petitioner company has no Family Based, Citizenship or Others tabs', async () => {
    setup({ tenantType: 2 });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Beneficiary or Applicant',
      'H-1B Visas',
      'L Visas',
      'PERM',
      'Employment Based',
    ]);
  });

  it('R-REM-003: R-REM-010: each block has a role multi-select and its day entries', async () => {
    setup();
    const block = (await screen.findByText('Expiry of Passport')).closest('.mantine-Paper-root') as HTMLElement;
    expect(within(block).getByText('Send reminder to')).toBeTruthy();
    expect((await within(block).findAllByText('Petitioner')).length).toBeGreaterThan(0);
    expect(within(block).getByRole('textbox', { name: 'Expiry of Passport days 1' })).toHaveProperty('value', '180');
  });

  it('R-REM-027: the button reads Update when a config exists', async () => {
    setup({ exists: true });
    expect(await screen.findByRole('button', { name: 'Update' })).toBeTruthy();
  });

  it('R-REM-027: the button reads Save when no config exists, and R-REM-029 saves with create', async () => {
    const api = setup({ exists: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/global-config/create')).toBe(true));
  });

  it('R-REM-032: days inputs keep digits only, at most 3', async () => {
    setup();
    const input = await screen.findByRole('textbox', { name: 'Expiry of I-94 days 1' });
    fireEvent.change(input, { target: { value: '4a5b67' } });
    expect(input).toHaveProperty('value', '456');
    expect(input.getAttribute('maxlength')).toBe('3');
  });

  it('R-REM-030: R-REM-034: R-REM-005: a too-high entry after 30 is cleared and flagged Days should be less than above entry', async () => {
    setup();
    await screen.findByText('Expiry of Passport');
    await userEvent.click(more('Expiry of Passport') as HTMLElement);
    const fourth = daysInput('Expiry of Passport', 4);
    fireEvent.change(fourth, { target: { value: '45' } });
    fireEvent.blur(fourth);
    expect(await screen.findByText('Days should be less than above entry')).toBeTruthy();
    expect(daysInput('Expiry of Passport', 4)).toHaveProperty('value', '');
  });

  it('R-REM-006: + More adds nothing while the list does not validate', async () => {
    setup();
    await screen.findByText('Expiry of Passport');
    const second = daysInput('Expiry of Passport', 2);
    fireEvent.change(second, { target: { value: '200' } });
    await userEvent.click(more('Expiry of Passport') as HTMLElement);
    expect(screen.queryByRole('textbox', { name: 'Expiry of Passport days 4' })).toBeNull();
    expect(await screen.findByText('Days should be less than above entry')).toBeTruthy();
  });

  it('R-REM-004: the delete icon shows only when there is more than one entry', async () => {
    setup();
    await screen.findByText('Expiry of Passport');
    expect(screen.getAllByRole('button', { name: /^Delete Expiry of Passport entry/ })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /^Delete Submit Questionnaire entry/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Expiry of Passport entry 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Expiry of Passport entry 2' }));
    expect(screen.queryByRole('button', { name: /^Delete Expiry of Passport entry/ })).toBeNull();
  });

  it('R-REM-007: + More is hidden when the last entry of an expiry list is 1', async () => {
    setup();
    await screen.findByText('Expiry of Passport');
    fireEvent.change(daysInput('Expiry of Passport', 3), { target: { value: '1' } });
    expect(more('Expiry of Passport')).toBeNull();
  });

  it('R-REM-014: R-REM-040: Global Status adds countries with Select Country / Add Country, and a used country leaves the options', async () => {
    setup();
    await screen.findByText('Global Status');
    await pickOption(countryInput(), 'India');
    await userEvent.click(screen.getByRole('button', { name: 'Add Country' }));
    expect(await screen.findByRole('textbox', { name: 'India days 1' })).toBeTruthy();
    expect(await optionsOf(countryInput())).toEqual(['Mexico']);
  });

  it('R-REM-039: adding a country waits until the global status lists validate', async () => {
    setup();
    await screen.findByText('Global Status');
    await pickOption(countryInput(), 'India');
    await userEvent.click(screen.getByRole('button', { name: 'Add Country' }));
    await pickOption(countryInput(), 'Mexico');
    await userEvent.click(screen.getByRole('button', { name: 'Add Country' }));
    // India's days are still empty: Mexico is not added.
    expect(screen.queryByRole('textbox', { name: 'Mexico days 1' })).toBeNull();
  });

  it('R-REM-021: a company’s PERM tab says Sponsorship Questionnaire by Company', async () => {
    setup({ tenantType: 2 });
    await userEvent.click(await screen.findByRole('tab', { name: 'PERM' }));
    expect(await screen.findByText('Sponsorship Questionnaire by Company')).toBeTruthy();
  });

  it('R-REM-055: only role 1 sees the cap season configuration', async () => {
    setup({ roleId: 3 });
    await screen.findByText('Expiry of Passport');
    expect(screen.queryByText('Cap Season Configuration')).toBeNull();
    vi.restoreAllMocks();
  });

  it('R-REM-041: role 1 is refused a season year that already exists', async () => {
    setup({ roleId: 1 });
    await pickOption(await screen.findByPlaceholderText('Select Customer'), 'Lawfirm LLP');
    expect(await screen.findByText('Cap Season Configuration')).toBeTruthy();
    const add = async () => {
      await pickOption(screen.getByPlaceholderText('Select season year'), '2025');
      fireEvent.change(screen.getByLabelText('Effective date'), { target: { value: '2025-04-01' } });
      await userEvent.click(screen.getByRole('button', { name: 'Add Season' }));
    };
    await add();
    expect(await screen.findByRole('button', { name: 'Remove 2025' })).toBeTruthy();
    await add();
    expect(await screen.findByText('Season year already exists')).toBeTruthy();
  });

  it('R-REM-080: R-REM-028: a successful save shows the server message; the button is disabled while saving', async () => {
    const success = vi.spyOn(notify, 'success').mockResolvedValue('');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const api = setup();
    const answer = api.fetchMock.getMockImplementation() as (
      i: RequestInfo | URL,
      init?: RequestInit,
    ) => Promise<Response>;
    api.fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/global-config/update')) await gate;
      return answer(input, init);
    });
    const button = await screen.findByRole('button', { name: 'Update' });
    await userEvent.click(button);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    release();
    await waitFor(() => expect(success).toHaveBeenCalledWith('Global configuration updated successfully'));
  });

  it('R-REM-081: a failed save shows the error as an error toast and re-enables the button', async () => {
    const error = vi.spyOn(notify, 'error').mockResolvedValue('');
    setup({ save: () => [400, { code: 'VALIDATION_ERROR', message: 'Role not allowed here: 3', fields: [] }] });
    const button = await screen.findByRole('button', { name: 'Update' });
    await userEvent.click(button);
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect((error.mock.calls[0] as [Error])[0].message).toBe('Role not allowed here: 3');
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  });

  it('issue 38 finding 9: each day list says its order while the user types; a refused save opens the family tab of the first wrong entry and focuses it', async () => {
    // A stored list out of order on the second family tab (the first is open).
    const [, second] = reminderTabs(1);
    const block = second?.blocks.find((b) => b.key !== 'globalStatus');
    const key = block?.key as ReminderKey;
    setup({
      details: (d) => ({
        ...d,
        config: {
          ...d.config,
          reminders: {
            ...d.config.reminders,
            [key]: { ...d.config.reminders[key], config: [{ days: 5 }, { days: 5 }] },
          },
        },
      }),
    });
    await screen.findByText('Expiry of Passport');
    const hints = screen.getAllByText(DAY_ORDER_HINT[REMINDER_KEY_DEFS.passportExpiry.order]);
    expect(hints.length).toBeGreaterThan(0);
    const list = screen.getByRole('group', { name: 'Expiry of Passport days' });
    expect(list.getAttribute('aria-describedby')).toBe(hints[0]?.id);
    expect(list.contains(daysInput('Expiry of Passport', 1))).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    const wrong = await screen.findByRole('textbox', { name: `${block?.title} days 1` });
    await waitFor(() => expect(document.activeElement).toBe(wrong));
    expect(wrong.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('tab', { name: second?.label, selected: true })).toBeTruthy();
  });

  it('R-REM-045: R-REM-076: R-REM-077: R-REM-079: saving waits for valid lists, then sends ids for roles, couriers and time zone', async () => {
    const api = setup();
    await screen.findByText('Expiry of Passport');
    fireEvent.change(daysInput('Expiry of Passport', 2), { target: { value: '300' } });
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(api.calls.some((c) => c.path === '/api/global-config/update')).toBe(false);
    fireEvent.change(daysInput('Expiry of Passport', 2), { target: { value: '90' } });
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/global-config/update')).toBe(true));
    const body = api.calls.find((c) => c.path === '/api/global-config/update')?.body as {
      config: { reminders: { passportExpiry: unknown }; tenantDefaultTZ: number; defaultCourierIds: number[] };
    };
    expect(body.config.reminders.passportExpiry).toEqual({
      whoWillSendReminder: [50, 51],
      config: [{ days: 180 }, { days: 90 }, { days: 30 }],
    });
    expect(body.config.tenantDefaultTZ).toBe(1);
    expect(body.config.defaultCourierIds).toEqual([]);
    expect(body.config).not.toHaveProperty('capSeasonConfig');
  });

  it('R-REM-082: R-REM-083: the settings reminder lists show password expiry, permanent days prior to expiry and global statuses', async () => {
    setup();
    expect(await screen.findByText('Reminder lists')).toBeTruthy();
    for (const name of ['Password expiry', 'Permanent days prior to expiry', 'Global statuses'])
      expect(screen.getByText(name)).toBeTruthy();
    const showMore = () => screen.queryByRole('button', { name: 'Password expiry: Show More' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Password expiry days 1' }), { target: { value: '90' } });
    await userEvent.click(showMore() as HTMLElement);
    fireEvent.change(screen.getByRole('textbox', { name: 'Password expiry days 2' }), { target: { value: '999' } });
    expect(showMore()).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Password expiry days 2' }), { target: { value: '30' } });
    expect(showMore()).toBeTruthy();
  });

  it('R-REM-084: the global statuses list shows Show More unless its last entry is 0', async () => {
    setup();
    await screen.findByText('Global Status');
    await pickOption(countryInput(), 'India');
    await userEvent.click(screen.getByRole('button', { name: 'Add Country' }));
    const lists = screen.getByText('Reminder lists').closest('.mantine-Paper-root') as HTMLElement;
    fireEvent.change(screen.getByRole('textbox', { name: 'India days 1' }), { target: { value: '30' } });
    expect(within(lists).getAllByRole('button', { name: 'Show More' }).length).toBeGreaterThan(0);
    fireEvent.change(screen.getByRole('textbox', { name: 'India days 1' }), { target: { value: '0' } });
    expect(within(lists).queryAllByRole('button', { name: 'Show More' })).toHaveLength(0);
  });

  it('R-REM-071: R-REM-072: R-REM-073: R-REM-074: the screen loads roles (page 1, perpage 10000), time zones (perpage 1000), couriers with /tracking/courierlist and countries', async () => {
    const api = setup();
    await screen.findByText('Expiry of Passport');
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/tracking/courierlist')).toBe(true));
    const master = api.calls.filter((c) => c.path === '/api/masterdata/list').map((c) => c.body);
    expect(master).toContainEqual(expect.objectContaining({ category: 'user_roles', page: 1, perpage: 10000 }));
    expect(master).toContainEqual(expect.objectContaining({ category: 'timezone', perpage: 1000 }));
    expect(master).toContainEqual(expect.objectContaining({ category: 'countries' }));
    // R-REM-069: the time zone reads name (id).
    expect(screen.getByDisplayValue('America/New_York (1)')).toBeTruthy();
  });
});
