import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../test/render';
import { TwoFactorSection } from './two-factor-section';

const OFF = { enabled: false, enabledAt: null, lastUsedAt: null, recoveryCodesLeft: 0, locked: false };
const ON = {
  enabled: true,
  enabledAt: '2026-11-02T15:00:00.000Z',
  lastUsedAt: '2026-11-20T09:30:00.000Z',
  recoveryCodesLeft: 7,
  locked: false,
};
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

describe('My Profile: two-factor sign-in (issue 38 finding 5)', { timeout: 30_000 }, () => {
  it('issue 38: off, it offers to turn it on and asks for the password first; a wrong one is said on its field', async () => {
    const api = mockApi({
      'POST /api/auth/mfa/status': () => OFF,
      'POST /api/auth/mfa/self-challenge': () => [
        400,
        {
          code: 'VALIDATION_ERROR',
          message: 'Current password is incorrect',
          fields: [{ name: 'currentPassword', message: 'Current password is incorrect' }],
        },
      ],
    });
    renderWithProviders(<TwoFactorSection />);
    expect((await screen.findByTestId('two-factor-status')).textContent).toMatch(/^Off\./);
    await userEvent.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor sign-in' });
    expect(within(dialog).getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(true);
    await userEvent.type(within(dialog).getByLabelText(/Current password/), 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Current password is incorrect')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/auth/mfa/self-challenge')?.body).toEqual({
      currentPassword: 'wrong',
    });
  });

  it('issue 38: on, it says since when, the last code used and the codes left; new codes take the password and a code and are shown once', async () => {
    const api = mockApi({
      'POST /api/auth/mfa/status': () => ON,
      'POST /api/auth/mfa/self-challenge': () => ({
        mfa: 'verify',
        challenge: 'c'.repeat(40),
        message: 'Enter the code',
      }),
      'POST /api/auth/mfa/recovery-codes': () => ({
        message: 'New recovery codes are ready. The old ones no longer work.',
        recoveryCodes: CODES,
      }),
    });
    renderWithProviders(<TwoFactorSection />);
    const status = await screen.findByTestId('two-factor-status');
    expect(status.textContent).toMatch(/^On since .*2026.*, last code used .*2026.*, 7 recovery codes left\.$/);
    await userEvent.click(screen.getByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'New recovery codes' });
    await userEvent.type(within(dialog).getByLabelText(/Current password/), 'my password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.click(await within(dialog).findByRole('textbox', { name: 'Digit 1 of the authentication code' }));
    await userEvent.keyboard('123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make new recovery codes' }));
    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(api.calls.find((c) => c.path === '/api/auth/mfa/recovery-codes')?.body).toEqual({
      challenge: 'c'.repeat(40),
      code: '123456',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'I have saved my recovery codes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
