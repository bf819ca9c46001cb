import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppNotifications } from './app';
import { theme } from './theme';

describe('toasts', () => {
  it('show at the bottom, clear of the user menu and the page title', async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <AppNotifications />
      </MantineProvider>,
    );
    // The lazy Notifications chunk mounts first.
    await act(async () => {
      await import('@mantine/notifications');
    });
    act(() => {
      notifications.show({ title: 'Saved', message: 'Configuration saved' });
    });
    const toast = await screen.findByText('Configuration saved');
    expect(toast.closest('[data-position]')?.getAttribute('data-position')).toBe('bottom-center');
  });
});
