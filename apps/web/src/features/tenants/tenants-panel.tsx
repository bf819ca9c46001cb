import { Role } from '@caseport/domain/auth/roles';
import {
  TENANT_TYPE_LABELS,
  TENANTS_LIST_KEY,
  TenantCreateBodySchema,
  type TenantListItem,
} from '@caseport/domain/tenants/contracts';
import { Badge, Button, Group, Modal, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuildingPlus, IconMail, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { DataTableColumn } from '../../components/data-table';
import { FilterBar } from '../../components/filter-bar';
import { formatDate } from '../../components/format-date';
import { type DeliveredLink, LinkDialog } from '../../components/link-dialog';
import { ListPanel } from '../../components/list-panel';
import { ListSearchInput } from '../../components/list-search-input';
import { ModalFooter } from '../../components/modal-footer';
import { ModalForm } from '../../components/modal-form';
import { notify } from '../../components/notify';
import { OutboxModal } from '../../components/outbox-modal';
import { RowActions } from '../../components/row-actions';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { useListSearch } from '../../components/use-debounced-search';
import { useFilterDraft } from '../../components/use-filter-draft';
import { useListState } from '../../components/use-list-state';
import { fieldErrors } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { useCreateTenant, useTenantStatus, useTenants } from './api';

interface Filters {
  tenantType: string | null;
  status: string | null;
}
const NO_FILTERS: Filters = { tenantType: null, status: null };
const TYPE_OPTIONS = [
  { value: '1', label: TENANT_TYPE_LABELS[1] },
  { value: '2', label: TENANT_TYPE_LABELS[2] },
];

const validateCreate = zod4Resolver(TenantCreateBodySchema);

function CreateTenantModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (l: DeliveredLink) => void;
}) {
  const create = useCreateTenant();
  const [error, setError] = useState<unknown>(null);
  const form = useForm({
    initialValues: { name: '', tenantType: '1', adminEmail: '', adminFirstName: '', adminLastName: '' },
    validate: (v) => validateCreate({ ...v, tenantType: Number(v.tenantType) }),
  });
  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };
  const onSubmit = form.onSubmit((v) => {
    setError(null);
    const body = TenantCreateBodySchema.parse({ ...v, tenantType: Number(v.tenantType) });
    create.mutate(body, {
      onSuccess: (a) => {
        notify.success(a.message);
        close();
        if (!a.delivery.sent)
          onCreated({ title: 'Invitation link for the admin', to: body.adminEmail, delivery: a.delivery });
      },
      onError: (e) => {
        form.setErrors(fieldErrors(e));
        setError(e);
      },
    });
  });
  return (
    <Modal opened={opened} onClose={close} title="New Tenant" centered>
      <ModalForm onSubmit={onSubmit} error={error} onClearError={() => setError(null)}>
        <TextInput label="Name" withAsterisk maxLength={100} data-autofocus {...form.getInputProps('name')} />
        <Select
          label="Type"
          withAsterisk
          data={TYPE_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('tenantType')}
        />
        <Text size="sm" fw={600} mt="xs">
          First admin
        </Text>
        <TextInput label="Admin email" type="email" withAsterisk {...form.getInputProps('adminEmail')} />
        <Group grow align="flex-start">
          <TextInput label="First name" withAsterisk maxLength={50} {...form.getInputProps('adminFirstName')} />
          <TextInput label="Last name" withAsterisk maxLength={50} {...form.getInputProps('adminLastName')} />
        </Group>
        <ModalFooter onCancel={close} saving={create.isPending} saveLabel="Create and invite" />
      </ModalForm>
    </Modal>
  );
}

/** Issue 16: the tenant list of roles 1 and 2 (search, type, status); role 1 creates, suspends, reactivates. */
/** `page`: the list is the page (/tenants, its heading an h2 as the Cases page's); else a sub-tab of User Roles (h3). */
export default function TenantsPanel({ page = false }: { page?: boolean }) {
  const me = useCurrentUser();
  const isSuperAdmin = me.roleId === Role.SuperAdmin;
  const state = useListState<Filters>(TENANTS_LIST_KEY, {
    sorting: { path: 'name', order: 1 },
    filters: NO_FILTERS,
    sortPaths: ['name', 'createdOn'],
  });
  const { draft, setDraft, bar } = useFilterDraft(state, NO_FILTERS);
  const { search, setSearch, debouncedSearch } = useListSearch(state.setPage);
  const query = useTenants({
    page: state.page,
    perpage: state.perpage,
    sorting: state.sorting,
    filters: {
      ...(debouncedSearch ? { searchString: debouncedSearch } : {}),
      ...(state.filters.tenantType ? { tenantType: Number(state.filters.tenantType) as 1 | 2 } : {}),
      ...(state.filters.status ? { status: state.filters.status } : {}),
    },
  });
  const [creating, setCreating] = useState(false);
  const [outboxOpen, setOutboxOpen] = useState(false);
  const [link, setLink] = useState<DeliveredLink | null>(null);
  const status = useTenantStatus();
  const toggle = useConfirmedAction<TenantListItem, { message: string }>(
    (x, callbacks) => status.mutate({ tenantId: x._id, active: x.status !== 'active' }, callbacks),
    status.isPending,
  );
  const toggling = toggle.target;
  const suspending = toggling?.status === 'active';

  const columns: DataTableColumn<TenantListItem>[] = [
    { key: 'name', header: 'Name', sortPath: 'name', render: (x) => <Text fw={500}>{x.name}</Text> },
    { key: 'type', header: 'Type', render: (x) => TENANT_TYPE_LABELS[x.tenantType] },
    {
      key: 'status',
      header: 'Status',
      render: (x) => (
        <Badge size="sm" variant="light" color={x.status === 'active' ? 'teal' : 'red'}>
          {x.status === 'active' ? 'Active' : 'Suspended'}
        </Badge>
      ),
    },
    { key: 'createdOn', header: 'Created On', sortPath: 'createdOn', render: (x) => formatDate(x.createdOn) },
    {
      key: 'actions',
      header: 'Actions',
      align: 'center',
      width: 90,
      render: (x) => (
        <RowActions
          name={x.name}
          actions={[
            x.status === 'active'
              ? {
                  label: 'Suspend',
                  icon: IconPlayerPause,
                  color: 'red',
                  onClick: () => toggle.open(x),
                  hidden: !isSuperAdmin,
                }
              : { label: 'Reactivate', icon: IconPlayerPlay, onClick: () => toggle.open(x), hidden: !isSuperAdmin },
          ]}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={page ? 2 : 3}>Tenants</Title>
        <Group gap="sm" wrap="wrap">
          <ListSearchInput label="Search by Name" value={search} onChange={setSearch} />
          {isSuperAdmin ? (
            <>
              <Button
                variant="default"
                leftSection={<IconMail size={16} aria-hidden="true" />}
                onClick={() => setOutboxOpen(true)}
              >
                Outbox
              </Button>
              <Button leftSection={<IconBuildingPlus size={16} aria-hidden="true" />} onClick={() => setCreating(true)}>
                New Tenant
              </Button>
            </>
          ) : null}
        </Group>
      </Group>
      <FilterBar label="Tenant filters" {...bar}>
        <Select
          label="Type"
          placeholder="All types"
          clearable
          w={220}
          data={TYPE_OPTIONS}
          value={draft.tenantType}
          onChange={(tenantType) => setDraft((d) => ({ ...d, tenantType }))}
        />
        <Select
          label="Status"
          placeholder="All statuses"
          clearable
          w={200}
          data={[
            { value: 'active', label: 'Active' },
            { value: 'suspended', label: 'Suspended' },
          ]}
          value={draft.status}
          onChange={(s) => setDraft((d) => ({ ...d, status: s }))}
        />
      </FilterBar>
      <ListPanel
        caption="Tenants"
        columns={columns}
        rows={query.data?.list}
        rowKey={(x) => x._id}
        loading={query.isPending}
        emptyText="No Results Found"
        minWidth={640}
        state={state}
        totalCount={query.data?.totalCount ?? 0}
        noun="tenant"
      />
      <CreateTenantModal opened={creating} onClose={() => setCreating(false)} onCreated={setLink} />
      <LinkDialog link={link} onClose={() => setLink(null)} />
      <OutboxModal opened={outboxOpen} onClose={() => setOutboxOpen(false)} />
      <ConfirmDialog
        {...toggle.dialog}
        title={suspending ? 'Suspend tenant' : 'Reactivate tenant'}
        message={
          suspending
            ? `Every user of ${toggling?.name ?? ''} is signed out at once and cannot sign in until the tenant is reactivated.`
            : `The users of ${toggling?.name ?? ''} will be able to sign in again.`
        }
        confirmLabel={suspending ? 'Suspend' : 'Reactivate'}
        confirmColor={suspending ? 'red' : 'teal'}
      />
    </Stack>
  );
}
