import { PICKER_PER_PAGE } from '@caseport/domain/case-types/contracts';
import {
  CASE_ACCOUNT_ROLE_NAMES,
  CASE_ACCOUNT_ROLES,
  type CaseAccountBody,
  type CaseDetails,
  DEFAULT_CASE_ACCOUNT_ROLE,
} from '@caseport/domain/cases/contracts';
import { Button, Group, Modal, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorAlert } from '../../components/error-alert';
import { type DeliveredLink, LinkDialog } from '../../components/link-dialog';
import { ModalFooter } from '../../components/modal-footer';
import { notify } from '../../components/notify';
import { PickerModal } from '../../components/picker-modal';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { api, fieldErrors } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
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
  const [inviting, setInviting] = useState(false);
  // Issue 35 item 1: the roles the caller may give (allowedRoleIds) can be invited from here.
  const me = useCurrentUser();
  const canInvite = (me.allowedRoleIds ?? []).includes(roleId);
  const [page, setPage] = useState(1);
  const users = useUsersOfRole(roleId, { page, perpage: PICKER_PER_PAGE });
  const link = useAccountMutation('/api/cases/link-account');
  const linked = new Set(details.accounts.filter((a) => a.roleId === roleId).map((a) => a.userId));
  if (inviting) return <InviteAccountModal details={details} roleId={roleId} onClose={onClose} />;
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
            The active users of your firm with this role.
          </Text>
          {canInvite ? (
            <Button
              size="xs"
              variant="subtle"
              px={0}
              style={{ alignSelf: 'flex-start' }}
              onClick={() => setInviting(true)}
            >
              Someone without an account? Invite them as {roleName(roleId)}
            </Button>
          ) : (
            <Text size="xs" c="dimmed">
              Add a user in Settings, Users, to link someone new.
            </Text>
          )}
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

/**
 * Issue 35 item 1: someone who has no account yet, invited with the firm's own invitation and linked to the case
 * with the role in one step. Without a mail transport the link is shown to copy (as Users' Invite shows it).
 */
function InviteAccountModal({
  details,
  roleId,
  onClose,
}: {
  details: CaseDetails;
  roleId: AccountRole;
  onClose: () => void;
}) {
  const client = useQueryClient();
  // A beneficiary's invitation starts from the case's own record of them (their name, their e-mail when known).
  const person = roleId === 11 ? details.beneficiary : roleId === 51 ? details.sponsor : null;
  const [values, setValues] = useState({
    email: person?.email ?? '',
    firstName: person?.givenName ?? '',
    lastName: person?.familyName ?? '',
  });
  const [link, setLink] = useState<DeliveredLink | null>(null);
  const invite = useMutation({
    mutationFn: () => api.call('/api/cases/invite-account', { caseId: details.case._id, roleId, ...values }),
    onSuccess: (answer) => {
      client.setQueryData(caseDetailsKey(details.case._id), answer.details);
      void notify.success(answer.message);
      if (answer.delivery.link) setLink({ title: 'Invitation link', to: values.email, delivery: answer.delivery });
      else onClose();
    },
  });
  const errors = fieldErrors(invite.error);
  const field = (key: keyof typeof values, label: string, type = 'text') => (
    <TextInput
      label={label}
      type={type}
      withAsterisk
      value={values[key]}
      error={errors[key]}
      onChange={(e) => {
        const v = e.currentTarget.value;
        setValues((x) => ({ ...x, [key]: v }));
      }}
    />
  );
  if (link) return <LinkDialog link={link} onClose={onClose} />;
  return (
    <Modal opened onClose={onClose} title={`Invite a ${roleName(roleId).toLowerCase()}`} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          invite.mutate();
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            They receive the invitation to set a password, and find this case in My cases once signed in.
          </Text>
          {field('email', 'E-mail', 'email')}
          {field('firstName', 'First name')}
          {field('lastName', 'Last name')}
          {invite.error && !Object.keys(errors).length ? <ErrorAlert error={invite.error} /> : null}
          <ModalFooter onCancel={onClose} saving={invite.isPending} saveLabel="Invite and link" />
        </Stack>
      </form>
    </Modal>
  );
}
