import type { OutboxItem } from '@caseport/domain/users/contracts';
import { Badge, CopyButton, Modal, Stack, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import type { ApiBody } from '../lib/api-client';
import { OUTBOX_KEY } from '../lib/query-keys';
import type { DataTableColumn } from './data-table';
import { formatDateTime } from './format-date';
import { ListPanel } from './list-panel';
import { RowActions } from './row-actions';
import { type ListRequest, useListQuery } from './use-list-query';
import { useListState } from './use-list-state';

/** The mail outbox of the demo (links of invitations and resets), shown from the users and the tenants screens. */
const useOutbox = (body: ListRequest<{ to?: string }>) =>
  // The sort path is the column's sortPath, one of those the server lists.
  useListQuery(OUTBOX_KEY, '/api/mail-outbox/list', body as ApiBody<'/api/mail-outbox/list'>);

const linkIn = (body: string) => body.match(/https?:\/\/\S+#token=[\w-]+/)?.[0] ?? '';

function OutboxList() {
  const state = useListState<Record<string, never>>('mail_outbox', {
    sorting: { path: 'createdOn', order: -1 },
    filters: {},
    sortPaths: ['createdOn'],
  });
  const query = useOutbox(state.query);
  const columns: DataTableColumn<OutboxItem>[] = [
    {
      key: 'to',
      header: 'To',
      render: (m) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {m.to}
          </Text>
          <Text size="xs" c="dimmed">
            {m.subject}
          </Text>
        </Stack>
      ),
    },
    { key: 'createdOn', header: 'Created On', sortPath: 'createdOn', render: (m) => formatDateTime(m.createdOn) },
    {
      key: 'status',
      header: 'Status',
      render: (m) => (
        <Badge size="sm" variant="light" color={m.sentOn ? 'teal' : 'yellow'}>
          {m.sentOn ? 'Sent' : 'Not sent'}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'center',
      width: 90,
      render: (m) => (
        <CopyButton value={linkIn(m.body)}>
          {({ copy }) => (
            <RowActions
              name={m.to}
              actions={[{ label: 'Copy link', icon: IconCopy, onClick: copy, hidden: !linkIn(m.body) }]}
            />
          )}
        </CopyButton>
      ),
    },
  ];
  return (
    <ListPanel
      caption="Outbox"
      columns={columns}
      rows={query.data?.list}
      rowKey={(m) => m._id}
      loading={query.isPending}
      emptyText="No messages yet"
      state={state}
      totalCount={query.data?.totalCount ?? 0}
      totalCountCapped={query.data?.totalCountCapped}
      cursors={query.isPlaceholderData ? undefined : query.data?.cursors}
      noun="message"
    />
  );
}

/** The mail the admin's own actions wrote; links of unsent messages are copied from here. */
export function OutboxModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Outbox" size="xl" centered>
      <Text size="sm" c="dimmed" mb="sm">
        Messages your invitations and password resets wrote. Without a mail transport they are not sent: copy the link
        and pass it on.
      </Text>
      {opened ? <OutboxList /> : null}
    </Modal>
  );
}
