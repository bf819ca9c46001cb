import type { Me } from '@caseport/domain/auth/contracts';
import { PASSWORD_PERSONAL, PASSWORD_REPETITIVE, PASSWORD_SEQUENTIAL } from '@caseport/domain/auth/password-policy';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME_KEY } from '../../lib/current-user';
import { mockApi, Providers, renderWithProviders, testQueryClient } from '../../test/render';
import ChangePasswordDialog from './change-password-dialog';

afterEach(() => vi.unstubAllGlobals());

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('change password dialog', () => {
  it('SECURITY 7: checks length and the confirmation before calling, then shows the server refusal on its field', async () => {
    const api = mockApi({
      'POST /api/auth/change-password': () => [
        400,
        {
          code: 'VALIDATION_ERROR',
          message: 'This password is too common. Please choose another one',
          fields: [{ name: 'newPassword', message: 'This password is too common. Please choose another one' }],
        },
      ],
    });
    const onClose = vi.fn();
    renderWithProviders(<ChangePasswordDialog opened onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    fill(/^Current password/, 'Test-password-2026');
    fill(/^New password/, 'short');
    fill(/^Confirm new password/, 'short');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await within(dialog).findByText('Password must be at least 8 characters')).toBeTruthy();
    fill(/^New password/, 'iloveyou');
    fill(/^Confirm new password/, 'iloveyoo');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await within(dialog).findByText('Passwords do not match')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    fill(/^Confirm new password/, 'iloveyou');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await within(dialog).findByText('This password is too common. Please choose another one')).toBeTruthy();
    expect(api.calls[0]?.body).toEqual({ currentPassword: 'Test-password-2026', newPassword: 'iloveyou' });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('SECURITY 7: says live, as the new password is typed, why a repetitive, sequential or personal one is refused', async () => {
    const api = mockApi({});
    const client = testQueryClient();
    client.setQueryData(ME_KEY, {
      user: { email: 'laura.lawson@lawfirm.test', firstName: 'Laura', lastName: 'Lawson' },
      tenant: { name: 'Demo Law Firm' },
    } as Me);
    render(
      <Providers client={client}>
        <ChangePasswordDialog opened onClose={vi.fn()} />
      </Providers>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    fill(/^New password/, 'aaaaaaaa');
    expect(await within(dialog).findByText(PASSWORD_REPETITIVE)).toBeTruthy();
    fill(/^New password/, '12345678');
    expect(await within(dialog).findByText(PASSWORD_SEQUENTIAL)).toBeTruthy();
    fill(/^New password/, 'LauraLawson2026');
    expect(await within(dialog).findByText(PASSWORD_PERSONAL)).toBeTruthy();
    fill(/^New password/, 'Laura likes green tea at 5');
    await waitFor(() => expect(within(dialog).queryByText(PASSWORD_PERSONAL)).toBeNull());
    expect(api.calls).toHaveLength(0);
  });

  it('a successful change closes the dialog', async () => {
    mockApi({ 'POST /api/auth/change-password': () => ({ message: 'Password changed successfully' }) });
    const onClose = vi.fn();
    renderWithProviders(<ChangePasswordDialog opened onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    fill(/^Current password/, 'Test-password-2026');
    fill(/^New password/, 'A long new pass phrase 2026');
    fill(/^Confirm new password/, 'A long new pass phrase 2026');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
