import '@mantine/dates/styles.css';
import { isPlatformRole, Role } from '@caseport/domain/auth/roles';
import type { WorkflowListItem } from '@caseport/domain/workflows/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  IconCopy,
  IconDotsVertical,
  IconEye,
  IconLink,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useCurrentUser } from '../../app/current-user';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { formatDate } from '../../components/format-date';
import { ListFooter } from '../../components/list-footer';
import { notify } from '../../components/notify';
import { useDebouncedSearch } from '../../components/use-debounced-search';
import { useListState } from '../../components/use-list-state';
import {
  useDeleteWorkflow,
  useSetWorkflowActive,
  useTemplateTypes,
  useTenantOptions,
  useWorkflowList,
  type WorkflowListQuery,
} from './api';
import { ConfigureDialog } from './configure-dialog';
import { NameDialog } from './name-dialog';
import { WorkflowPreview } from './workflow-preview';

type Filters = WorkflowListQuery['filters'];
const SORT_PATHS = ['name', 'createdOn', 'updatedOn', 'tplTypeId'] as const;

type Pending =
  | { kind: 'create' }
  | { kind: 'clone'; row: WorkflowListItem }
  | { kind: 'status'; row: WorkflowListItem }
  | { kind: 'delete'; row: WorkflowListItem }
  | { kind: 'configure'; row: WorkflowListItem }
  | null;

const toIso = (d: string | Date | null) => (d ? dayjs(d).format('YYYY-MM-DD') : null);

export function WorkflowList({ onEdit }: { onEdit: (workflowId: string) => void }) {
  const me = useCurrentUser();
  const platform = isPlatformRole(me.roleId);
  const canCreate = me.roleId === Role.SuperAdmin || !platform;
  // R-LIST-009: the sort is remembered between visits; R-LIST-007: newest first by default.
  const list = useListState<Filters>('workflows', {
    sorting: { path: 'createdOn', order: -1 },
    filters: {},
    sortPaths: SORT_PATHS,
  });
  const { search, setSearch, debouncedSearch } = useDebouncedSearch();
  const [dates, setDates] = useState<[string | null, string | null]>([null, null]);
  const [active, setActive] = useState<string | null>(null);
  const [config, setConfig] = useState<string | null>(null);
  const [tenantIds, setTenantIds] = useState<string[]>([]);
  const tenants = useTenantOptions(platform);
  const templateTypes = useTemplateTypes();
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const setStatus = useSetWorkflowActive();
  const remove = useDeleteWorkflow();

  const { setFilters } = list;
  useEffect(() => {
    const [from, to] = dates;
    setFilters({
      title: debouncedSearch || undefined,
      createdDateRange: from && to ? [from, to] : undefined,
      activeList: active ? [active as 'Active' | 'Inactive'] : undefined,
      configList: config ? [config as 'Complete' | 'Pending'] : undefined,
      tenantIds: tenantIds.length ? tenantIds : undefined,
    });
  }, [debouncedSearch, dates, active, config, tenantIds, setFilters]);

  const query = useWorkflowList(list.query);
  const tplName = useMemo(() => new Map((templateTypes.data ?? []).map((t) => [t.id, t.name])), [templateTypes.data]);
  const filtered = !!(debouncedSearch || dates[0] || active || config || tenantIds.length);

  const columns: DataTableColumn<WorkflowListItem>[] = [
    {
      key: 'name',
      header: 'Name',
      sortPath: 'name',
      render: (w) => (
        <Stack gap={2} align="flex-start">
          <Text fw={600} size="sm">
            {w.name}
          </Text>
          {w.isDefault ? (
            <Badge size="xs" variant="light" color="gray">
              Default
            </Badge>
          ) : null}
        </Stack>
      ),
    },
    ...(platform
      ? [{ key: 'customer', header: 'Customer', render: (w: WorkflowListItem) => w.tenantDetails.name }]
      : []),
    {
      key: 'tpl',
      header: 'Template Type',
      sortPath: 'tplTypeId',
      render: (w) => <Text size="sm">{tplName.get(w.tplTypeId) ?? `Type ${w.tplTypeId}`}</Text>,
    },
    { key: 'type', header: 'Workflow Type', render: (w) => w.workflowType },
    {
      key: 'config',
      header: 'Configuration',
      width: 130,
      // R-WF-030
      render: (w) => (
        <Badge variant="light" color={w.configCompleted ? 'teal' : 'orange'}>
          {w.configCompleted ? 'Complete' : 'Pending'}
        </Badge>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      width: 120,
      render: (w) => (
        <Badge variant="dot" color={w.active ? 'teal' : 'gray'} style={{ overflow: 'visible' }}>
          {w.active ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
    {
      key: 'createdOn',
      header: 'Created On',
      sortPath: 'createdOn',
      render: (w) => formatDate(w.createdOn),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (w) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={`Preview ${w.name}`} onClick={() => setPreviewId(w._id)}>
            <IconEye size={18} />
          </ActionIcon>
          <ActionIcon variant="subtle" aria-label={`Edit ${w.name}`} onClick={() => onEdit(w._id)}>
            <IconPencil size={18} />
          </ActionIcon>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label={`More actions for ${w.name}`}>
                <IconDotsVertical size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {canCreate ? (
                <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => setPending({ kind: 'clone', row: w })}>
                  Clone
                </Menu.Item>
              ) : null}
              <Menu.Item
                leftSection={w.active ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
                onClick={() => setPending({ kind: 'status', row: w })}
              >
                {w.active ? 'Inactivate' : 'Activate'}
              </Menu.Item>
              <Menu.Item leftSection={<IconLink size={16} />} onClick={() => setPending({ kind: 'configure', row: w })}>
                Configure for Case Type
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setPending({ kind: 'delete', row: w })}
              >
                Delete
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      ),
    },
  ];

  const row = pending && pending.kind !== 'create' ? pending.row : null;
  const onStatus = () => {
    if (pending?.kind !== 'status') return;
    setStatus.mutate(
      { workflowId: pending.row._id, active: !pending.row.active },
      {
        onSuccess: (r) => {
          notify.success(r.message);
          setPending(null);
        },
        onError: (e) => {
          notify.error(e);
          setPending(null);
        },
      },
    );
  };
  const onDelete = () => {
    if (pending?.kind !== 'delete') return;
    remove.mutate(
      { workflowId: pending.row._id },
      {
        onSuccess: (r) => notify.success(r.message),
        onError: (e) => notify.error(e),
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={2}>Workflows</Title>
        {canCreate ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setPending({ kind: 'create' })}>
            Create Workflow
          </Button>
        ) : null}
      </Group>
      <Paper withBorder p="sm" radius="md" role="search" aria-label="Workflow filters">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Search by title"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={220}
          />
          <DatePickerInput
            type="range"
            label="Created Date"
            placeholder="Pick a date range"
            clearable
            maxDate={new Date()}
            value={dates}
            onChange={(v) => setDates([toIso(v[0]), toIso(v[1])])}
            w={240}
          />
          <Select
            label="Status"
            placeholder="All"
            data={['Active', 'Inactive']}
            value={active}
            onChange={setActive}
            clearable
            w={140}
          />
          <Select
            label="Configuration"
            placeholder="All"
            data={['Complete', 'Pending']}
            value={config}
            onChange={setConfig}
            clearable
            w={150}
          />
          {platform ? (
            <MultiSelect
              label="Customer"
              placeholder={tenantIds.length ? undefined : 'All customers'}
              data={(tenants.data ?? []).map((t) => ({ value: t._id, label: t.name }))}
              value={tenantIds}
              onChange={setTenantIds}
              searchable
              clearable
              w={260}
            />
          ) : null}
        </Group>
      </Paper>
      <Paper withBorder radius="md" p={0}>
        <DataTable
          caption="Workflows"
          columns={columns}
          rows={query.isError ? [] : query.data?.list}
          rowKey={(w) => w._id}
          loading={query.isPending}
          sorting={list.sorting}
          onSortChange={list.setSorting}
          emptyText={filtered ? 'No Results Found' : 'No Data Available'}
          minWidth={900}
        />
      </Paper>
      <ListFooter
        page={list.page}
        perpage={list.perpage}
        totalCount={query.data?.totalCount ?? 0}
        onPageChange={list.setPage}
        onPerPageChange={list.setPerpage}
        noun="workflow"
      />

      <WorkflowPreview workflowId={previewId} onClose={() => setPreviewId(null)} onEdit={onEdit} />
      {pending?.kind === 'create' || pending?.kind === 'clone' ? (
        <NameDialog
          mode={pending.kind}
          source={pending.kind === 'clone' ? pending.row : null}
          onClose={() => setPending(null)}
          onDone={(id) => {
            setPending(null);
            onEdit(id);
          }}
        />
      ) : null}
      <ConfirmDialog
        opened={pending?.kind === 'status'}
        title={row?.active ? 'Inactivate Workflow' : 'Activate Workflow'}
        message={
          row?.active
            ? `Inactivate "${row.name}"? It will no longer be offered for new cases.`
            : `Activate "${row?.name ?? ''}"? It will be offered for new cases.`
        }
        confirmLabel={row?.active ? 'Inactivate' : 'Activate'}
        confirmColor={row?.active ? 'orange' : 'teal'}
        loading={setStatus.isPending}
        onConfirm={onStatus}
        onCancel={() => setPending(null)}
      />
      <ConfirmDialog
        opened={pending?.kind === 'delete'}
        title="Delete Workflow"
        message="Do you want to Delete?"
        loading={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setPending(null)}
      />
      {pending?.kind === 'configure' ? (
        <ConfigureDialog workflow={pending.row} onClose={() => setPending(null)} />
      ) : null}
    </Stack>
  );
}
