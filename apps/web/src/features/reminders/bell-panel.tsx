import type { BellItem } from '@caseport/domain/reminders/engine';
import { Button, Group, Loader, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { formatDate } from '../../components/format-date';
import { notify } from '../../components/notify';
import { api } from '../../lib/api-client';
import { BELL_KEY, BellButton } from './bell-button';

/** "30 days before Passport expiry (Nov 1, 2026)" / "7 days after LCA submitted (...)". */
const whenText = (r: BellItem) =>
  `${r.offsetDays === 0 ? 'On' : `${r.offsetDays} ${r.offsetDays === 1 ? 'day' : 'days'} ${r.direction}`} ${r.dateLabel} (${formatDate(r.anchorOn)})`;

/** Issue 17: the bell's list (loaded on first use): the user's reminders, unread first, marked read here. */
export default function BellPanel({ unread }: { unread: number }) {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: [...BELL_KEY, 'list'],
    queryFn: ({ signal }) => api.call('/api/reminders/bell-list', {}, signal),
  });
  // The list's count is read with the list, so it is the newer one: a reminder run may have written after the
  // badge's count was read (the first page after a start). The badge and 'Mark all read' follow it.
  const listUnread = list.data?.unread;
  useEffect(() => {
    if (listUnread !== undefined) client.setQueryData([...BELL_KEY, 'count'], { unread: listUnread });
  }, [listUnread, client]);
  const shown = listUnread ?? unread;
  const mark = useMutation({
    mutationFn: (body: { ids: string[] } | { all: true }) => api.call('/api/reminders/mark-read', body),
    onSuccess: () => client.invalidateQueries({ queryKey: BELL_KEY }),
    onError: (e) => notify.error(e instanceof Error ? e.message : 'The reminders could not be marked read'),
  });
  return (
    <Popover position="bottom-end" width={360} withinPortal defaultOpened shadow="md" trapFocus>
      <Popover.Target>
        <BellButton unread={shown} />
      </Popover.Target>
      <Popover.Dropdown p={0} aria-label="Reminders" role="dialog" maw="calc(100vw - 16px)">
        <Group
          justify="space-between"
          px="sm"
          py="xs"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Text fw={600} size="sm">
            Reminders
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            disabled={!shown}
            loading={mark.isPending}
            onClick={() => mark.mutate({ all: true })}
          >
            Mark all read
          </Button>
        </Group>
        {list.isPending ? (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label="Loading reminders" />
          </Group>
        ) : list.isError ? (
          <Stack p="sm">
            <ErrorAlert error={list.error} />
          </Stack>
        ) : list.data.list.length === 0 ? (
          <Text size="sm" c="dimmed" p="md" ta="center">
            No reminders yet. They appear here on the day they are due.
          </Text>
        ) : (
          <ScrollArea.Autosize mah={380}>
            <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {list.data.list.map((r) => (
                <li key={r._id}>
                  <UnstyledButton
                    w="100%"
                    px="sm"
                    py={8}
                    onClick={() => (r.read ? undefined : mark.mutate({ ids: [r._id] }))}
                    aria-label={`${r.title}, case ${r.caseNumber}, due ${formatDate(r.dueOn)}${r.read ? '' : ', unread: mark read'}`}
                    style={{
                      borderBottom: '1px solid var(--mantine-color-gray-2)',
                      background: r.read ? undefined : 'var(--mantine-color-blue-0)',
                    }}
                  >
                    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text size="sm" fw={r.read ? 400 : 600} truncate>
                          {r.title}
                        </Text>
                        <Text size="xs" ff="monospace">
                          {r.caseNumber}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {whenText(r)}
                        </Text>
                      </Stack>
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {formatDate(r.dueOn)}
                      </Text>
                    </Group>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
