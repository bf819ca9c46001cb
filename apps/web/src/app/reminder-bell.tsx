import type { Me } from '@caseport/domain/auth/contracts';
import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ComponentPropsWithRef, forwardRef, lazy, Suspense, useState } from 'react';
import { api } from '../lib/api-client';

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
    const label = unread ? `Reminders, ${unread} unread` : 'Reminders';
    return (
      <Indicator label={unread > 99 ? '99+' : unread} size={18} color="red" disabled={!unread} offset={6}>
        <ActionIcon ref={ref} variant="subtle" size="lg" radius="xl" aria-label={label} title={label} {...props}>
          <IconBell size={22} aria-hidden="true" />
        </ActionIcon>
      </Indicator>
    );
  },
);

const loadPanel = () => import('../features/reminders/bell-panel');
const BellPanel = lazy(loadPanel);

/**
 * Issue 17: the in-app bell of every tenant user. Only the button and its count are in the shell's first
 * paint; the list (a Popover with floating-ui) loads on hover or focus and opens on the first click.
 */
export function ReminderBell({ me }: { me: Me }) {
  const hasTenant = !!me.tenant;
  const count = useBellCount(hasTenant);
  const [armed, setArmed] = useState(false);
  if (!hasTenant) return null;
  const unread = count.data?.unread ?? 0;
  const button = (
    <BellButton
      unread={unread}
      aria-expanded={false}
      onPointerEnter={() => void loadPanel()}
      onFocus={() => void loadPanel()}
      onClick={() => setArmed(true)}
    />
  );
  if (!armed) return button;
  return (
    <Suspense fallback={button}>
      <BellPanel unread={unread} />
    </Suspense>
  );
}
