import type { BellItem } from '@caseport/domain/reminders/engine';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildMe } from '../../test/factories';
import { mockApi, renderWithProviders } from '../../test/render';
import { ReminderBell } from './reminder-bell';

const item = (id: string, read: boolean): BellItem => ({
  _id: id,
  caseId: 'c-1',
  caseNumber: 'DLF-H1B-2026-10001',
  key: 'passportExpiry',
  title: 'Passport expiry',
  dateLabel: 'Passport expiry',
  anchorOn: '2026-12-30',
  offsetDays: 30,
  direction: 'before',
  dueOn: '2026-11-30',
  read,
});

describe('The reminder bell (issue 17)', { timeout: 30_000 }, () => {
  it('issue 17: the badge and Mark all read follow the list when reminders were written after the count was read', async () => {
    // The first page after a start: the count was read before the start's reminder run wrote two reminders.
    const api = mockApi({
      'POST /api/reminders/bell-count': () => ({ unread: 0 }),
      'POST /api/reminders/bell-list': () => ({ list: [item('r-1', false), item('r-2', false)], unread: 2 }),
      'POST /api/reminders/mark-read': () => ({ message: '2 reminders marked read', unread: 0 }),
    });
    renderWithProviders(<ReminderBell me={buildMe(3)} />);
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/reminders/bell-count')).toBe(true));
    await userEvent.click(await screen.findByRole('button', { name: 'Reminders' }));

    const markAll = await screen.findByRole('button', { name: 'Mark all read' });
    await waitFor(() => expect((markAll as HTMLButtonElement).disabled).toBe(false));
    expect(await screen.findByRole('button', { name: 'Reminders, 2 unread' })).toBeTruthy();

    await userEvent.click(markAll);
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/reminders/mark-read')?.body).toEqual({ all: true }),
    );
  });

  it('issue 17: with nothing unread in the list, Mark all read stays off and the badge shows no number', async () => {
    mockApi({
      'POST /api/reminders/bell-count': () => ({ unread: 0 }),
      'POST /api/reminders/bell-list': () => ({ list: [item('r-1', true)], unread: 0 }),
    });
    renderWithProviders(<ReminderBell me={buildMe(3)} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reminders' }));
    await screen.findByText('DLF-H1B-2026-10001');
    expect((screen.getByRole('button', { name: 'Mark all read' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /unread/ })).toBeNull();
  });
});
