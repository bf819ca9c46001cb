import { isPlatformRole, Role } from '@caseport/domain/auth/roles';
import type { WorkflowListItem } from '@caseport/domain/workflows/contracts';
import { Badge, Button, Group, MultiSelect, Paper, Select, Stack, Text, Title } from '@mantine/core';
import {
  IconCopy,
  IconEye,
  IconLink,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CreatedDateRangeInput, type DateRangeValue } from '../../components/created-date-range-input';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { FilterBar } from '../../components/filter-bar';
import { formatDate } from '../../components/format-date';
import { ListFooter } from '../../components/list-footer';
import { ListSearchInput } from '../../components/list-search-input';
import { notify } from '../../components/notify';
import { RowActions } from '../../components/row-actions';
import { useDebouncedSearch } from '../../components/use-debounced-search';
import { useListState } from '../../components/use-list-state';
import { useCurrentUser } from '../../lib/current-user';
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
import type { NewWorkflowStart } from './workflow-editor';
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

interface Draft {
  dates: DateRangeValue;
  active: string | null;
  config: string | null;
  tenantIds: string[];
}
const NO_FILTERS: Draft = { dates: [null, null], active: null, config: null, tenantIds: [] };
const sameDraft = (a: Draft, b: Draft) => JSON.stringify(a) === JSON.stringify(b);

export function WorkflowList({
  onEdit,
  onCreate,
}: {
  onEdit: (workflowId: string) => void;
  /** Create Workflow's dialog was filled in: the wizard opens, nothing is stored yet (issue 15). */
  onCreate: (start: NewWorkflowStart) => void;
}) {
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
  // LISTS.md: the search is live; the other filters are a draft until Apply.
  const [draft, setDraft] = useState<Draft>(NO_FILTERS);
  const [applied, setApplied] = useState<Draft>(NO_FILTERS);
  const tenants = useTenantOptions(platform);
  const templateTypes = useTemplateTypes();
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const setStatus = useSetWorkflowActive();
  const remove = useDeleteWorkflow();

  const { setFilters } = list;
  useEffect(() => {
    const [from, to] = applied.dates;
    setFilters({
      title: debouncedSearch || undefined,
      createdDateRange: from && to ? [from, to] : undefined,
      activeList: applied.active ? [applied.active as 'Active' | 'Inactive'] : undefined,
      configList: applied.config ? [applied.config as 'Complete' | 'Pending'] : undefined,
      tenantIds: applied.tenantIds.length ? applied.tenantIds : undefined,
    });
  }, [debouncedSearch, applied, setFilters]);

  const query = useWorkflowList(list.query);
  const tplName = useMemo(() => new Map((templateTypes.data ?? []).map((t) => [t.id, t.name])), [templateTypes.data]);
  const filtered = !!debouncedSearch || !sameDraft(applied, NO_FILTERS);

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
      // R-WF-007: create (above the list), clone, edit, activate or inactivate, delete, configure for case type.
      render: (w) => (
        <RowActions
          name={w.name}
          actions={[
            { label: 'Preview', icon: IconEye, onClick: () => setPreviewId(w._id) },
            { label: 'Edit', icon: IconPencil, onClick: () => onEdit(w._id) },
            {
              label: 'Clone',
              icon: IconCopy,
              onClick: () => setPending({ kind: 'clone', row: w }),
              hidden: !canCreate,
            },
            {
              label: w.active ? 'Inactivate' : 'Activate',
              icon: w.active ? IconPlayerPause : IconPlayerPlay,
              color: w.active ? 'orange' : 'teal',
              onClick: () => setPending({ kind: 'status', row: w }),
            },
            {
              label: 'Configure for Case Type',
              icon: IconLink,
              onClick: () => setPending({ kind: 'configure', row: w }),
            },
            { label: 'Delete', icon: IconTrash, color: 'red', onClick: () => setPending({ kind: 'delete', row: w }) },
          ]}
        />
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
      <ListSearchInput label="Search by Title" value={search} onChange={setSearch} width={260} />
      <FilterBar
        label="Workflow filters"
        onApply={() => setApplied(draft)}
        onClear={() => {
          setDraft(NO_FILTERS);
          setApplied(NO_FILTERS);
        }}
        applyDisabled={sameDraft(draft, applied) || (!!draft.dates[0] && !draft.dates[1])}
      >
        <CreatedDateRangeInput value={draft.dates} onChange={(dates) => setDraft({ ...draft, dates })} />
        <Select
          label="Status"
          placeholder="All"
          data={['Active', 'Inactive']}
          value={draft.active}
          onChange={(active) => setDraft({ ...draft, active })}
          clearable
          w={140}
        />
        <Select
          label="Configuration"
          placeholder="All"
          data={['Complete', 'Pending']}
          value={draft.config}
          onChange={(config) => setDraft({ ...draft, config })}
          clearable
          w={150}
        />
        {platform ? (
          <MultiSelect
            label="Customer"
            placeholder={draft.tenantIds.length ? undefined : 'All customers'}
            data={(tenants.data ?? []).map((t) => ({ value: t._id, label: t.name }))}
            value={draft.tenantIds}
            onChange={(tenantIds) => setDraft({ ...draft, tenantIds })}
            searchable
            clearable
            w={260}
          />
        ) : null}
      </FilterBar>
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
          onStart={(start) => {
            setPending(null);
            onCreate(start);
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
