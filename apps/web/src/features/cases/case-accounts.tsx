import { PICKER_PER_PAGE } from '@caseport/domain/case-types/contracts';
import {
  CASE_ACCOUNT_ROLE_NAMES,
  CASE_ACCOUNT_ROLES,
  type CaseAccountBody,
  type CaseDetails,
  DEFAULT_CASE_ACCOUNT_ROLE,
} from '@caseport/domain/cases/contracts';
import { Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notify } from '../../components/notify';
import { PickerModal } from '../../components/picker-modal';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { api } from '../../lib/api-client';
import { useUsersOfRole } from './activities-api';
import { caseDetailsKey } from './api';

type AccountRole = CaseAccountBody['roleId'];
type Account = CaseDetails['accounts'][number];

const roleName = (roleId: number) => CASE_ACCOUNT_ROLE_NAMES[roleId as AccountRole] ?? `Role ${roleId}`;

const useAccountMutation = (path: '/api/cases/link-account' | '/api/cases/unlink-account') => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CaseAccountBody) => api.call(path, body),
    onSuccess: (answer, body) => {
      client.setQueryData(caseDetailsKey(body.caseId), answer.details);
      void client.invalidateQueries({ queryKey: ['cases', 'reminders', body.caseId] });
    },
  });
};

/**
 * The portal accounts that act on the case (issue 34 item 1): the petitioner contact (50), sponsor (51),
 * authorized signatory (12) and beneficiary (11) accounts of the tenant, linked to the case. 'Link account' lists
 * the tenant's users of one role, Beneficiary (11) first (R-ROLE-007: role 11 is the default list filter).
 */
export function CaseAccounts({ details }: { details: CaseDetails }) {
  const caseId = details.case._id;
  const [linking, setLinking] = useState(false);
  const unlink = useAccountMutation('/api/cases/unlink-account');
  const confirm = useConfirmedAction<Account, { message: string }>(
    (a, callbacks) => unlink.mutate({ caseId, userId: a.userId, roleId: a.roleId as AccountRole }, callbacks),
    unlink.isPending,
  );
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          Portal accounts
        </Title>
        <Button size="xs" variant="light" onClick={() => setLinking(true)}>
          Link account
        </Button>
      </Group>
      {details.accounts.length === 0 ? (
        <Text c="dimmed" size="sm">
          No portal account acts on this case yet. Link the petitioner contact, the sponsor, the authorized signatory or
          the beneficiary so they receive its reminders.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table aria-label="Portal accounts" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Role</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {details.accounts.map((a) => (
                <Table.Tr key={`${a.userId}-${a.roleId}`}>
                  <Table.Td>{roleName(a.roleId)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{a.name}</Text>
                    <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                      {a.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      aria-label={`Unlink ${a.name} (${roleName(a.roleId)})`}
                      onClick={() => confirm.open(a)}
                    >
                      Unlink
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmDialog
        {...confirm.dialog}
        title="Unlink account"
        message={
          confirm.target
            ? `Unlink ${confirm.target.name} (${roleName(confirm.target.roleId)}) from this case?`
            : 'Are you sure to continue?'
        }
        confirmLabel="Unlink"
        confirmColor="red"
      />
      {linking ? <LinkAccountModal details={details} onClose={() => setLinking(false)} /> : null}
    </Paper>
  );
}

function LinkAccountModal({ details, onClose }: { details: CaseDetails; onClose: () => void }) {
  const [roleId, setRoleId] = useState<AccountRole>(DEFAULT_CASE_ACCOUNT_ROLE);
  const [page, setPage] = useState(1);
  const users = useUsersOfRole(roleId, { page, perpage: PICKER_PER_PAGE });
  const link = useAccountMutation('/api/cases/link-account');
  const linked = new Set(details.accounts.filter((a) => a.roleId === roleId).map((a) => a.userId));
  return (
    <PickerModal
      title="Link account"
      opened
      onClose={onClose}
      notice={
        <Stack gap={4}>
          <Select
            label="Role"
            allowDeselect={false}
            data={CASE_ACCOUNT_ROLES.map((r) => ({ value: String(r), label: CASE_ACCOUNT_ROLE_NAMES[r] }))}
            value={String(roleId)}
            onChange={(v) => {
              if (!v) return;
              setRoleId(Number(v) as AccountRole);
              setPage(1);
              link.reset();
            }}
          />
          <Text size="xs" c="dimmed">
            The active users of your firm with this role. Add a user in Settings, Users, to link someone new.
          </Text>
        </Stack>
      }
      items={users.data?.list.map((u) => ({
        id: u._id,
        name: `${u.firstName} ${u.lastName}`.trim(),
        hint: linked.has(u._id) ? `${u.email} · linked` : u.email,
      }))}
      totalCount={users.data?.totalCount ?? 0}
      loading={users.isFetching}
      loadError={users.error}
      page={page}
      onPage={setPage}
      initial={null}
      emptyText={`No active ${roleName(roleId)} user in your firm`}
      saving={link.isPending}
      saveError={link.error}
      onClearSaveError={() => link.reset()}
      onSave={(userId) =>
        link.mutate(
          { caseId: details.case._id, userId, roleId },
          {
            onSuccess: (r) => {
              notify.success(r.message);
              onClose();
            },
          },
        )
      }
    />
  );
}
