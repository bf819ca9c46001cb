import type { Address } from '@caseport/domain/profile/contracts';
import { USER_STATUS_LABELS, type UserStatus } from '@caseport/domain/users/contracts';
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '../../components/data-table';
import { DetailField } from '../../components/detail-field';
import { ErrorAlert } from '../../components/error-alert';
import { useCurrentUser } from '../../lib/current-user';
import type { TabPanelProps } from '../../lib/tab-panel';
import { useBranch, useUpdateBranch } from './api';
import { BranchForm } from './branch-form';

const STATUS_COLORS: Record<UserStatus, string> = { invited: 'yellow', active: 'teal', inactive: 'gray' };

/** branchDetails (000 §2): one office's name, address, phone, manager and users; Edit turns it into the form. */
export default function BranchDetailsPage({ subTab }: TabPanelProps) {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const branch = useBranch(subTab);
  const update = useUpdateBranch();
  const [editing, setEditing] = useState(false);
  const back = (
    <Anchor component={Link} to="/settings/branchList" size="sm">
      ← Branches
    </Anchor>
  );
  if (!subTab)
    return (
      <Stack>
        {back}
        <Text>Choose a branch from the list.</Text>
      </Stack>
    );
  if (branch.isPending)
    return (
      <Stack>
        {back}
        <Skeleton h={32} w={240} />
        <Skeleton h={160} />
      </Stack>
    );
  if (branch.isError || !branch.data)
    return (
      <Stack>
        {back}
        <ErrorAlert error={branch.error} title="This branch cannot be shown" />
      </Stack>
    );
  const b = branch.data;
  const a = b.address as Address | null;
  const users = me.tabs.includes('users');

  return (
    <Stack gap="md">
      {back}
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{b.name}</Title>
        {!editing && (
          <Button
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden="true" />}
            onClick={() => setEditing(true)}
          >
            Edit Branch
          </Button>
        )}
      </Group>
      <Paper withBorder radius="md" p="md">
        {editing ? (
          <BranchForm
            saved={b}
            saving={update.isPending}
            submitLabel="Save"
            managerLocked={me.roleId !== 3}
            onCancel={() => setEditing(false)}
            onSave={async (v) => {
              const answer = await update.mutateAsync({ branchId: b._id, ...v });
              setEditing(false);
              return answer;
            }}
          />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <DetailField label="Branch Name">{b.name}</DetailField>
            <DetailField label="Branch Manager">{b.managerName ?? 'None'}</DetailField>
            <DetailField label="Phone">{b.phone || '—'}</DetailField>
            <DetailField label="Address">
              {a ? (
                <>
                  {[a.line1, a.line2 ? `${a.aptType ?? ''} ${a.line2}`.trim() : null].filter(Boolean).join(', ')}
                  <br />
                  {[a.location?.name, a.state?.name, a.zipcode].filter(Boolean).join(', ')}
                  <br />
                  {a.country?.name}
                </>
              ) : (
                '—'
              )}
            </DetailField>
          </SimpleGrid>
        )}
      </Paper>
      <Group justify="space-between" wrap="wrap">
        <Title order={3}>Users ({b.users.length})</Title>
        {users && (
          <Button variant="subtle" onClick={() => navigate('/settings/users')}>
            Manage users
          </Button>
        )}
      </Group>
      <Paper withBorder radius="md" p="md">
        <DataTable
          caption={`Users of ${b.name}`}
          rowKey={(u) => u._id}
          rows={b.users}
          loading={false}
          emptyText="No users in this branch yet. Invite users from the Users screen and choose this branch."
          minWidth={560}
          columns={[
            {
              key: 'name',
              header: 'Name',
              render: (u) => (
                <Stack gap={0}>
                  <Text fw={500}>{u.name}</Text>
                  <Text size="xs" c="dimmed">
                    {u.email}
                  </Text>
                </Stack>
              ),
            },
            { key: 'role', header: 'Role', render: (u) => u.roleName },
            {
              key: 'status',
              header: 'Status',
              render: (u) => (
                <Badge size="sm" variant="light" color={STATUS_COLORS[u.status]}>
                  {USER_STATUS_LABELS[u.status]}
                </Badge>
              ),
            },
          ]}
        />
      </Paper>
    </Stack>
  );
}
