import type { CaseDetails } from '@caseport/domain/cases/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CurrentUserContext } from '../../lib/current-user';
import { buildMe } from '../../test/factories';
import { mockApi, renderWithProviders } from '../../test/render';
import { CaseAccounts } from './case-accounts';

/** The accounts panel as the firm's Admin (3) sees it (the roles it may give come with the signed-in user). */
const renderAccounts = (d: CaseDetails) =>
  renderWithProviders(
    <CurrentUserContext.Provider value={buildMe(3)}>
      <CaseAccounts details={d} />
    </CurrentUserContext.Provider>,
  );

const CASE_ID = '6a1f2c9e-3333-4c3b-9a55-0000000000c1';
const ANA = '6a1f2c9e-3333-4c3b-9a55-0000000000a1';
const details = (accounts: CaseDetails['accounts']) =>
  ({ case: { _id: CASE_ID, caseNumber: 'H1B-0001' }, accounts }) as unknown as CaseDetails;
const user = (id: string, firstName: string, roleId: number) => ({
  _id: id,
  email: `${firstName.toLowerCase()}@example.test`,
  firstName,
  lastName: 'Lima',
  roleId,
  roleName: roleId === 11 ? 'Beneficiary' : 'Sponsor',
  status: 'active',
  branchId: null,
  branchName: null,
  mfaEnabled: false,
  createdOn: '2026-11-01T10:00:00.000Z',
});

describe("the case's portal accounts (issue 34 item 1)", { timeout: 30_000 }, () => {
  it('R-ROLE-007: Link account lists the tenant users filtered on role 11 (Beneficiary) by default; another role refilters; Save links the pick', async () => {
    const api = mockApi({
      'POST /api/users/list': (body) => {
        const roleIds = (body as { filters: { roleIds: number[] } }).filters.roleIds;
        return roleIds[0] === 11
          ? { list: [user(ANA, 'Ana', 11)], totalCount: 1 }
          : { list: [user('6a1f2c9e-3333-4c3b-9a55-0000000000a2', 'Sam', 51)], totalCount: 1 };
      },
      'POST /api/cases/link-account': (body) => ({
        message: 'Ana Lima linked to case H1B-0001',
        details: details([{ userId: ANA, roleId: (body as { roleId: number }).roleId, name: 'Ana Lima', email: 'a' }]),
      }),
    });
    renderAccounts(details([]));
    expect(screen.getByText(/No portal account acts on this case yet/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Link account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link account' });
    const role = () => within(dialog).getAllByLabelText(/^Role/)[0] as HTMLInputElement;
    expect(role().value).toBe('Beneficiary');
    await within(dialog).findByText('Ana Lima');
    expect(api.calls.find((c) => c.path === '/api/users/list')?.body).toMatchObject({
      filters: { roleIds: [11], statuses: ['active'] },
      perpage: 25,
    });

    await userEvent.click(role());
    await userEvent.click(await screen.findByRole('option', { name: 'Sponsor', hidden: true }));
    await within(dialog).findByText('Sam Lima');
    expect(api.calls.filter((c) => c.path === '/api/users/list').at(-1)?.body).toMatchObject({
      filters: { roleIds: [51] },
    });
    await userEvent.click(role());
    await userEvent.click(await screen.findByRole('option', { name: 'Beneficiary', hidden: true }));
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'Ana Lima' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/cases/link-account')?.body).toEqual({
        caseId: CASE_ID,
        userId: ANA,
        roleId: 11,
      }),
    );
  });

  it('issue 34: a linked account is listed with its role and unlinks after a confirmation', async () => {
    const api = mockApi({
      'POST /api/cases/unlink-account': () => ({
        message: 'Account unlinked from case H1B-0001',
        details: details([]),
      }),
    });
    renderAccounts(details([{ userId: ANA, roleId: 50, name: 'Priya Patel', email: 'priya@x.test' }]));
    const table = screen.getByRole('table', { name: 'Portal accounts' });
    expect(within(table).getByText('Petitioner contact')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Unlink Priya Patel (Petitioner contact)' }));
    expect(api.calls.some((c) => c.path === '/api/cases/unlink-account')).toBe(false);
    const confirm = await screen.findByRole('dialog', { name: 'Unlink account' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Unlink' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/cases/unlink-account')?.body).toEqual({
        caseId: CASE_ID,
        userId: ANA,
        roleId: 50,
      }),
    );
  });

  it('issue 35: someone without an account is invited as the role picked and linked in one step; without mail the link is shown to copy', async () => {
    const api = mockApi({
      'POST /api/users/list': () => ({ list: [], totalCount: 0 }),
      'POST /api/cases/invite-account': () => ({
        message: 'Noa Invite invited and linked to case H1B-0001',
        details: details([{ userId: ANA, roleId: 11, name: 'Noa Invite', email: 'noa@example.test' }]),
        delivery: {
          sent: false,
          link: 'http://localhost/accept-invitation#token=abc',
          expiresAt: '2026-12-05T10:00:00.000Z',
        },
      }),
    });
    const u = userEvent.setup();
    renderAccounts(details([]));
    await u.click(screen.getByRole('button', { name: 'Link account' }));
    const picker = await screen.findByRole('dialog', { name: 'Link account' });
    await u.click(within(picker).getByRole('button', { name: /Invite them as Beneficiary/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a beneficiary' });
    await u.type(within(dialog).getByLabelText(/E-mail/), 'noa@example.test');
    await u.type(within(dialog).getByLabelText(/First name/), 'Noa');
    await u.type(within(dialog).getByLabelText(/Last name/), 'Invite');
    await u.click(within(dialog).getByRole('button', { name: 'Invite and link' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/cases/invite-account')?.body).toEqual({
        caseId: CASE_ID,
        roleId: 11,
        email: 'noa@example.test',
        firstName: 'Noa',
        lastName: 'Invite',
      }),
    );
    const link = await screen.findByRole('dialog', { name: 'Invitation link' });
    expect((within(link).getByRole('textbox', { name: 'Link' }) as HTMLInputElement).value).toContain('#token=abc');
  });
});
