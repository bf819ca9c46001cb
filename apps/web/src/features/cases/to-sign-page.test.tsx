import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildMe } from '../../test/factories';
import { mockApi, renderApp } from '../../test/render';

const item = (overrides: Record<string, unknown> = {}) => ({
  _id: '9b3c1a55-0000-4000-8000-000000000001',
  name: 'Employer Support Letter',
  caseNumber: 'DPC-H1B-10001',
  firmName: 'Demo Law Firm',
  status: 'sent',
  myStatus: 'pending',
  yourTurn: true,
  createdOn: '2026-11-02T15:00:00.000Z',
  fields: [
    { page: 1, x: 72, y: 200, width: 180, height: 36, role: 'signatory', type: 'signature' },
    { page: 1, x: 300, y: 200, width: 90, height: 20, role: 'signatory', type: 'date' },
  ],
  ...overrides,
});

const serverFor = (handlers: Parameters<typeof mockApi>[0]) =>
  mockApi({
    'POST /api/auth/session': () => ({ me: buildMe(12) }),
    'POST /api/reminders/bell-count': () => ({ unread: 0 }),
    'POST /api/signing/document': () => ({}),
    ...handlers,
  });

describe('To sign (issue 35 item 3)', { timeout: 30_000 }, () => {
  it('issue 35: with nothing sent, the page says where documents come from', async () => {
    serverFor({ 'POST /api/signing/list': () => ({ list: [] }) });
    renderApp('/to-sign');
    expect(
      await screen.findByText('Nothing to sign. Your law firm sends documents here when it needs your signature.'),
    ).toBeTruthy();
  });

  it('issue 35: only the signer whose turn it is gets Review and sign; a decline needs a reason, and a typed signature is sent as typed', async () => {
    const api = serverFor({
      'POST /api/signing/list': () => ({
        list: [item(), item({ _id: '9b3c1a55-0000-4000-8000-000000000002', yourTurn: false, myStatus: 'waiting' })],
      }),
      'POST /api/signing/sign': () => ({ message: 'Signed', status: 'signed' }),
    });
    const user = userEvent.setup();
    renderApp('/to-sign');
    const table = await screen.findByRole('table', { name: 'Documents to sign' });
    await within(table).findByText('Your turn');
    expect(within(table).getByText('Waiting for an earlier signer')).toBeTruthy();
    expect(within(table).getAllByRole('button', { name: /Review and sign/ })).toHaveLength(1);
    await user.click(within(table).getByRole('button', { name: /Review and sign/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Review and sign: Employer Support Letter' });
    // Where the signer's own ink goes is said in words (and drawn on the page once it renders).
    expect(within(dialog).getByText('Marked in yellow on page 1: where your signature and date go.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Decline…' }));
    const decline = within(dialog).getByRole('button', { name: 'Decline' });
    expect((decline as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    const sign = within(dialog).getByRole('button', { name: 'Sign' });
    expect((sign as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Your signature'), 'Sara Singh');
    await user.click(sign);
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/signing/sign')?.body).toEqual({
        envelopeId: '9b3c1a55-0000-4000-8000-000000000001',
        signature: { kind: 'typed', text: 'Sara Singh' },
      }),
    );
    // Signed: the dialog closes and the list is asked again.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
