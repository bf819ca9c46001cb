import {
  USER_SORT_PATHS,
  USER_STATUS_LABELS,
  USER_STATUSES,
  USERS_EMPTY_TEXT,
  USERS_LIST_KEY,
  type UserItem,
  type UserStatus,
} from '@caseport/domain/users/contracts';
import { Badge, Button, Group, MultiSelect, Stack, Text, Title } from '@mantine/core';
import {
  IconMail,
  IconPencil,
  IconPlus,
  IconSend,
  IconShieldCheck,
  IconShieldOff,
  IconUserCheck,
  IconUserOff,
} from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { DataTableColumn } from '../../components/data-table';
import { FilterBar } from '../../components/filter-bar';
import { formatDate } from '../../components/format-date';
import { type DeliveredLink, LinkDialog } from '../../components/link-dialog';
import { ListPanel } from '../../components/list-panel';
import { ListSearchInput } from '../../components/list-search-input';
import { notify } from '../../components/notify';
import { OutboxModal } from '../../components/outbox-modal';
import { RowActions } from '../../components/row-actions';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { useDebouncedSearch } from '../../components/use-debounced-search';
import { useFilterDraft } from '../../components/use-filter-draft';
import { useListState } from '../../components/use-list-state';
import { useBranchOptions } from '../../lib/branch-options';
import { useCurrentUser } from '../../lib/current-user';
import { type LinkAnswer, type UserAnswer, useResetMfa, useSendLink, useUserStatus, useUsers } from './api';
import { useRoleNames } from './use-role-options';
import { UserFormModal } from './user-form-modal';

interface Filters {
  roleIds: string[];
  statuses: string[];
  branchIds: string[];
}
/**
 * Issue 38: the list opens on every user and Clear comes back to that (it opened on role 11, R-ROLE-007's list
 * filter, which showed a new firm 'Total: 0 users' and hid its own people from a search; docs/decisions.md).
 */
const NO_FILTERS: Filters = { roleIds: [], statuses: [], branchIds: [] };
/** Issue 38: the filters and the search live in the URL (`?role=5&status=active&branch=…&q=…`): a reload keeps them. */
const PARAM = { roleIds: 'role', statuses: 'status', branchIds: 'branch' } as const;
const filtersOf = (params: URLSearchParams): Filters => ({
  roleIds: params.getAll(PARAM.roleIds),
  statuses: params.getAll(PARAM.statuses),
  branchIds: params.getAll(PARAM.branchIds),
});
const withFilters = (prev: URLSearchParams, filters: Filters) => {
  const next = new URLSearchParams(prev);
  for (const key of Object.keys(PARAM) as (keyof Filters)[]) {
    next.delete(PARAM[key]);
    for (const v of filters[key]) next.append(PARAM[key], v);
  }
  return next;
};
const STATUS_COLORS: Record<UserStatus, string> = { invited: 'yellow', active: 'teal', inactive: 'gray' };

const nameOf = (u: UserItem) => `${u.firstName} ${u.lastName}`;

/** Users tab (`users`, R-SHELL-039/040): the tenant's people, their roles and access. */
export default function UsersPage() {
  const me = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersOf(params), [params]);
  const state = useListState<Filters>(USERS_LIST_KEY, {
    sorting: { path: 'name', order: 1 },
    filters: NO_FILTERS,
    sortPaths: USER_SORT_PATHS,
  });
  const { setPage } = state;
  const urlFilters = {
    setFilters: (next: Filters) => {
      setParams((prev) => withFilters(prev, next), { replace: true });
      setPage(1);
    },
    resetFilters: () => {
      setParams((prev) => withFilters(prev, NO_FILTERS), { replace: true });
      setPage(1);
    },
  };
  const { draft, setDraft, bar } = useFilterDraft(urlFilters, NO_FILTERS, filters);
  const { search, setSearch, debouncedSearch } = useDebouncedSearch(params.get('q') ?? '');
  // A new search starts on page 1 and is written to the URL beside the filters.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the debounced text is the trigger, not an input
  useEffect(() => setPage(1), [debouncedSearch, setPage]);
  useEffect(() => {
    if ((params.get('q') ?? '') === debouncedSearch) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (debouncedSearch) next.set('q', debouncedSearch);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [debouncedSearch, params, setParams]);
  const query = useUsers({
    page: state.page,
    perpage: state.perpage,
    sorting: state.sorting,
    filters: {
      ...(debouncedSearch ? { searchString: debouncedSearch } : {}),
      ...(filters.roleIds.length ? { roleIds: filters.roleIds.map(Number) } : {}),
      ...(filters.statuses.length ? { statuses: filters.statuses } : {}),
      ...(filters.branchIds.length ? { branchIds: filters.branchIds } : {}),
    },
  });
  const roleNames = useRoleNames();
  const branches = useBranchOptions();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<UserItem | null>(null);
  const [outboxOpen, setOutboxOpen] = useState(false);
  const [link, setLink] = useState<DeliveredLink | null>(null);
  const status = useUserStatus();
  const toggle = useConfirmedAction<UserItem, UserAnswer>(
    (u, callbacks) => status.mutate({ userId: u._id, active: u.status === 'inactive' }, callbacks),
    status.isPending,
  );
  const toggling = toggle.target;
  const sendLink = useSendLink();
  const reset = useResetMfa();
  const resetMfa = useConfirmedAction<UserItem, UserAnswer>(
    (u, callbacks) => reset.mutate({ userId: u._id }, callbacks),
    reset.isPending,
  );

  const showLink = (title: string) => (a: LinkAnswer) => {
    if (!a.delivery.sent) setLink({ title, to: a.user.email, delivery: a.delivery });
  };
  const openForm = (user: UserItem | null) => {
    setEditing(user);
    setFormOpen(true);
  };
  const onSendLink = (u: UserItem) =>
    sendLink.mutate(
      { userId: u._id },
      {
        onSuccess: (a) => {
          notify.success(a.message);
          showLink(u.status === 'invited' ? 'Invitation link' : 'Password reset link')(a);
        },
        onError: (e) => notify.error(e),
      },
    );
  // 001 §6: only users holding a role of the caller's allowed set are theirs to manage; never themselves.
  const manageable = (u: UserItem) => u._id !== me.user.id && me.allowedRoleIds.includes(u.roleId);

  const columns: DataTableColumn<UserItem>[] = [
    {
      key: 'name',
      header: 'Name',
      sortPath: 'name',
      render: (u) => (
        <Stack gap={0}>
          <Group gap={4} wrap="nowrap">
            <Text fw={500}>{nameOf(u)}</Text>
            {u.mfaEnabled ? (
              <IconShieldCheck size={14} color="var(--mantine-color-teal-7)" aria-label="Two-factor sign-in on" />
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {u.email}
          </Text>
        </Stack>
      ),
    },
    { key: 'role', header: 'Role', sortPath: 'roleName', render: (u) => u.roleName },
    {
      key: 'branch',
      header: 'Branch',
      render: (u) => u.branchName ?? <Text c="dimmed">—</Text>,
    },
    {
      key: 'status',
      header: 'Status',
      render: (u) => (
        <Badge size="sm" variant="light" color={STATUS_COLORS[u.status]}>
          {USER_STATUS_LABELS[u.status]}
        </Badge>
      ),
    },
    { key: 'createdOn', header: 'Created On', sortPath: 'createdOn', render: (u) => formatDate(u.createdOn) },
    {
      key: 'actions',
      header: 'Actions',
      align: 'center',
      width: 150,
      render: (u) => (
        <RowActions
          name={nameOf(u)}
          actions={[
            { label: 'Edit', icon: IconPencil, onClick: () => openForm(u), hidden: !manageable(u) },
            {
              label: u.status === 'invited' ? 'Resend invitation' : 'Send password reset link',
              icon: IconSend,
              onClick: () => onSendLink(u),
              hidden: !manageable(u) || u.status === 'inactive',
            },
            {
              label: 'Reset two-factor sign-in',
              icon: IconShieldOff,
              onClick: () => resetMfa.open(u),
              hidden: !manageable(u) || !u.mfaEnabled,
            },
            u.status === 'inactive'
              ? { label: 'Activate', icon: IconUserCheck, onClick: () => toggle.open(u), hidden: !manageable(u) }
              : {
                  label: 'Deactivate',
                  icon: IconUserOff,
                  color: 'red',
                  onClick: () => toggle.open(u),
                  hidden: !manageable(u),
                },
          ]}
        />
      ),
    },
  ];

  const roleOptions = [...roleNames.entries()]
    // R-ROLE-008: 14 and 49 are never offered as a choice; the platform roles belong to no tenant.
    .filter(([id]) => ![1, 2, 14, 49].includes(id))
    .map(([id, name]) => ({ value: String(id), label: name }));
  const deactivating = toggling?.status !== 'inactive';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>Users</Title>
        <Group gap="sm" wrap="wrap">
          <ListSearchInput label="Search by Name or Email" value={search} onChange={setSearch} />
          <Button
            variant="default"
            leftSection={<IconMail size={16} aria-hidden="true" />}
            onClick={() => setOutboxOpen(true)}
          >
            Outbox
          </Button>
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => openForm(null)}>
            Invite User
          </Button>
        </Group>
      </Group>
      <FilterBar label="User filters" {...bar}>
        <MultiSelect
          label="Role"
          placeholder={draft.roleIds.length ? undefined : 'All roles'}
          searchable
          clearable
          w={280}
          data={roleOptions}
          value={draft.roleIds}
          onChange={(roleIds) => setDraft((d) => ({ ...d, roleIds }))}
        />
        <MultiSelect
          label="Status"
          placeholder={draft.statuses.length ? undefined : 'All statuses'}
          clearable
          w={240}
          data={USER_STATUSES.map((s) => ({ value: s, label: USER_STATUS_LABELS[s] }))}
          value={draft.statuses}
          onChange={(statuses) => setDraft((d) => ({ ...d, statuses }))}
        />
        {branches.length > 1 && (
          <MultiSelect
            label="Branch"
            placeholder={draft.branchIds.length ? undefined : 'All branches'}
            clearable
            w={240}
            data={branches}
            value={draft.branchIds}
            onChange={(branchIds) => setDraft((d) => ({ ...d, branchIds }))}
          />
        )}
      </FilterBar>
      <ListPanel
        caption="Users"
        columns={columns}
        rows={query.data?.list}
        rowKey={(u) => u._id}
        loading={query.isPending}
        emptyText={USERS_EMPTY_TEXT}
        minWidth={720}
        state={state}
        totalCount={query.data?.totalCount ?? 0}
        noun="user"
      />
      <UserFormModal
        opened={formOpen}
        user={editing}
        onClose={() => setFormOpen(false)}
        onInvited={showLink('Invitation link')}
      />
      <OutboxModal opened={outboxOpen} onClose={() => setOutboxOpen(false)} />
      <LinkDialog link={link} onClose={() => setLink(null)} />
      <ConfirmDialog
        {...resetMfa.dialog}
        title="Reset two-factor sign-in"
        message={`${resetMfa.target ? nameOf(resetMfa.target) : ''}'s authenticator app and recovery codes stop working. If two-factor sign-in is required for their role, they set it up again at their next sign-in.`}
        confirmLabel="Reset"
        confirmColor="red"
      />
      <ConfirmDialog
        {...toggle.dialog}
        title={deactivating ? 'Deactivate user' : 'Activate user'}
        message={
          deactivating
            ? `${toggling ? nameOf(toggling) : ''} will be signed out everywhere at once and cannot sign in until activated again.`
            : `${toggling ? nameOf(toggling) : ''} will be able to sign in again.`
        }
        confirmLabel={deactivating ? 'Deactivate' : 'Activate'}
        confirmColor={deactivating ? 'red' : 'teal'}
      />
    </Stack>
  );
}
