import { bellCountLabel } from '@caseport/domain/reminders/bell';
import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ComponentPropsWithRef, forwardRef } from 'react';
import { api } from '../../lib/api-client';

export const BELL_KEY = ['reminders', 'bell'] as const;

/** The unread count, polled every five minutes (the engine writes at most hourly). */
export const useBellCount = (enabled: boolean) =>
  useQuery({
    queryKey: [...BELL_KEY, 'count'],
    enabled,
    refetchInterval: 5 * 60_000,
    retry: false,
    // The bell never stands in the way of the screen: a failed count shows no number.
    queryFn: ({ signal }) => api.call('/api/reminders/bell-count', {}, signal).catch(() => ({ unread: 0 })),
  });

/** The bell button: the count of unread reminders on it (hidden at 0). */
export const BellButton = forwardRef<HTMLButtonElement, { unread: number } & ComponentPropsWithRef<'button'>>(
  function BellButton({ unread, ...props }, ref) {
    const label = unread ? `Reminders, ${bellCountLabel(unread)} unread` : 'Reminders';
    return (
      <Indicator label={bellCountLabel(unread)} size={18} color="red" disabled={!unread} offset={6}>
        <ActionIcon ref={ref} variant="subtle" size="lg" radius="xl" aria-label={label} title={label} {...props}>
          <IconBell size={22} aria-hidden="true" />
        </ActionIcon>
      </Indicator>
    );
  },
);
