import { INVALID_CREDENTIALS, TOO_MANY_ATTEMPTS } from '@caseport/domain/auth/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildMe } from '../../test/factories';
import { mockApi, renderApp } from '../../test/render';
import { safeNext } from './login-page';

const signedOut = {
  'POST /api/auth/session': () => ({ me: null }),
};

describe('login page', () => {
  it('labels its inputs, focuses the email and submits with Enter', async () => {
    const me = buildMe(3);
    const api = mockApi({
      ...signedOut,
      'POST /api/auth/login': () => me,
      'POST /api/billing/selected-plan': () => ({ plan: null }),
    });
    const { router } = renderApp('/login?next=%2Fsettings%2FlabelsList');
    const email = await screen.findByLabelText(/Email/);
    await waitFor(() => expect(document.activeElement).toBe(email));
    await userEvent.type(email, '  Admin@LawFirm.test ');
    await userEvent.type(screen.getByLabelText(/Password/), 'Caseport-demo-2026{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/labelsList'));
    const login = api.calls.find((c) => c.path === '/api/auth/login');
    // The shared LoginBodySchema trims and lower-cases the e-mail before it is sent.
    expect(login?.body).toEqual({ email: 'admin@lawfirm.test', password: 'Caseport-demo-2026' });
    expect(login?.headers['X-Requested-With']).toBe('XMLHttpRequest');
  });

  it("shows the server's message in an alert when the credentials are wrong", async () => {
    mockApi({
      ...signedOut,
      'POST /api/auth/login': () => [401, { code: 'UNAUTHENTICATED', message: INVALID_CREDENTIALS }],
    });
    const { router } = renderApp('/login');
    await userEvent.type(await screen.findByLabelText(/Email/), 'admin@lawfirm.test');
    await userEvent.type(screen.getByLabelText(/Password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain(INVALID_CREDENTIALS);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the rate-limit message', async () => {
    mockApi({
      ...signedOut,
      'POST /api/auth/login': () => [429, { code: 'RATE_LIMITED', message: TOO_MANY_ATTEMPTS }],
    });
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText(/Email/), 'admin@lawfirm.test');
    await userEvent.type(screen.getByLabelText(/Password/), 'wrong{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain(TOO_MANY_ATTEMPTS);
  });

  it('validates with the shared schema before calling the server', async () => {
    const api = mockApi({ ...signedOut });
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText(/Email/), 'not-an-email{Enter}');
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy();
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/auth/login')).toBe(false);
  });

  it('only follows same-site next URLs', () => {
    expect(safeNext('/settings/workflow?tab=x')).toBe('/settings/workflow?tab=x');
    expect(safeNext('//evil.example')).toBe('/');
    expect(safeNext('https://evil.example')).toBe('/');
    expect(safeNext('/login')).toBe('/');
    expect(safeNext(null)).toBe('/');
  });
});
