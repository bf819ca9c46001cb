import {
  canEditServiceCenter,
  DELETE_SERVICE_CENTER_MESSAGE,
  SERVICE_CENTER_SORT_PATHS,
  SERVICE_CENTERS_EMPTY_TEXT,
  SERVICE_CENTERS_LIST_KEY,
  type ServiceCenterItem,
  stateSummary,
} from '@caseport/domain/service-centers/contracts';
import { Badge, Button, Group, MultiSelect, Popover, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CreatedDateRangeInput } from '../../components/created-date-range-input';
import type { DataTableColumn } from '../../components/data-table';
import { ErrorAlert } from '../../components/error-alert';
import { FilterBar } from '../../components/filter-bar';
import { formatDate } from '../../components/format-date';
import { ListPanel } from '../../components/list-panel';
import { ListSearchInput } from '../../components/list-search-input';
import { notify } from '../../components/notify';
import { RowActions } from '../../components/row-actions';
import { useListSearch } from '../../components/use-debounced-search';
import { useFilterDraft } from '../../components/use-filter-draft';
import { useListState } from '../../components/use-list-state';
import { useCurrentUser } from '../../lib/current-user';
import { useCaseTypes, useDeleteServiceCenter, useServiceCenters } from './api';
import { ServiceCenterDetailsModal } from './service-center-details-modal';
import { ServiceCenterFormModal } from './service-center-form-modal';

interface Filters {
  typeIds: string[];
  createdDateRange: [string | null, string | null];
}
const NO_FILTERS: Filters = { typeIds: [], createdDateRange: [null, null] };

/** R-SVC-006: first state, '+N' opening a popover with the rest. */
function StatesCell({ names }: { names: string[] }) {
  const { first, more, rest } = stateSummary(names);
  if (!first) return <Text c="dimmed">—</Text>;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{first}</Text>
      {more > 0 ? (
        <Popover withArrow shadow="md" position="bottom">
          <Popover.Target>
            <Badge
              component="button"
              type="button"
              variant="light"
              style={{ cursor: 'pointer' }}
              aria-label={`${more} more states`}
            >
              +{more}
            </Badge>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap={4} role="list" aria-label="More states">
              {rest.map((n) => (
                <Text key={n} size="sm" role="listitem">
                  {n}
                </Text>
              ))}
            </Stack>
          </Popover.Dropdown>
        </Popover>
      ) : null}
    </Group>
  );
}

/** Service Centers tab (001 §2.6). */
export default function ServiceCentersPage() {
  const me = useCurrentUser();
  const state = useListState<Filters>(SERVICE_CENTERS_LIST_KEY, {
    sorting: { path: 'createdOn', order: -1 },
    filters: NO_FILTERS,
    sortPaths: SERVICE_CENTER_SORT_PATHS,
  });
  const { draft, setDraft, bar } = useFilterDraft(state, NO_FILTERS);
  const { search, setSearch, debouncedSearch } = useListSearch(state.setPage);
  const [from, to] = state.filters.createdDateRange;
  const query = useServiceCenters({
    page: state.page,
    perpage: state.perpage,
    sorting: state.sorting,
    filters: {
      ...(debouncedSearch ? { title: debouncedSearch } : {}),
      ...(state.filters.typeIds.length ? { typeIds: state.filters.typeIds.map(Number) } : {}),
      ...(from && to ? { createdDateRange: [from, to] as [string, string] } : {}),
    },
  });
  const caseTypes = useCaseTypes();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<ServiceCenterItem | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ServiceCenterItem | null>(null);
  const [deleteError, setDeleteError] = useState<unknown>(null);
  const remove = useDeleteServiceCenter();
  const closeDetails = useCallback(() => setViewing(null), []);

  const openForm = (center: ServiceCenterItem | null) => {
    setEditing(center);
    setFormOpen(true);
  };
  const onDelete = () => {
    if (!deleting) return;
    setDeleteError(null);
    remove.mutate(deleting._id, {
      onSuccess: (answer) => {
        void notify.success(answer.message);
        setDeleting(null);
      },
      onError: setDeleteError,
    });
  };

  const columns: DataTableColumn<ServiceCenterItem>[] = [
    { key: 'name', header: 'Name', sortPath: 'name', render: (c) => <Text fw={500}>{c.name}</Text> },
    { key: 'type', header: 'Case Type', sortPath: 'typeName', render: (c) => c.typeDetails.name },
    {
      key: 'states',
      header: "Petitioner's Office State(s)",
      render: (c) => <StatesCell names={c.stateList.map((s) => s.name)} />,
    },
    { key: 'createdOn', header: 'Created On', sortPath: 'createdOn', render: (c) => formatDate(c.createdOn) },
    { key: 'updatedOn', header: 'Updated On', sortPath: 'updatedOn', render: (c) => formatDate(c.updatedOn) },
    {
      key: 'actions',
      header: 'Actions',
      align: 'center',
      width: 90,
      // R-SVC-007: a menu of Edit, Delete and View (the one list whose spec asks for a menu);
      // R-SVC-024/025: Edit only where the role may change the row; R-SVC-026: Delete and View for all.
      render: (c) => (
        <RowActions
          asMenu
          name={c.name}
          actions={[
            {
              label: 'Edit',
              icon: IconPencil,
              onClick: () => openForm(c),
              hidden: !canEditServiceCenter(c, me.roleId),
            },
            { label: 'Delete', icon: IconTrash, color: 'red', onClick: () => setDeleting(c) },
            { label: 'View', icon: IconEye, onClick: () => setViewing(c._id) },
          ]}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>Service Centers</Title>
        <Group gap="sm" wrap="wrap">
          <ListSearchInput label="Search by Name" value={search} onChange={setSearch} />
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => openForm(null)}>
            New Service Center
          </Button>
        </Group>
      </Group>
      <FilterBar {...bar}>
        <MultiSelect
          label="Case Type"
          placeholder="All case types"
          searchable
          clearable
          w={280}
          data={(caseTypes.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={draft.typeIds}
          onChange={(typeIds) => setDraft((d) => ({ ...d, typeIds }))}
        />
        <CreatedDateRangeInput
          value={draft.createdDateRange}
          onChange={(createdDateRange) => setDraft((d) => ({ ...d, createdDateRange }))}
        />
      </FilterBar>
      <ListPanel
        caption="Service Centers"
        columns={columns}
        rows={query.data?.list}
        rowKey={(c) => c._id}
        loading={query.isPending}
        emptyText={SERVICE_CENTERS_EMPTY_TEXT}
        minWidth={820}
        state={state}
        totalCount={query.data?.totalCount ?? 0}
        noun="service center"
      />
      <ServiceCenterFormModal opened={formOpen} center={editing} onClose={() => setFormOpen(false)} />
      <ServiceCenterDetailsModal centerId={viewing} onClose={closeDetails} />
      <ConfirmDialog
        opened={!!deleting}
        title="Delete Service Center"
        message={DELETE_SERVICE_CENTER_MESSAGE}
        onConfirm={onDelete}
        onCancel={() => {
          setDeleting(null);
          setDeleteError(null);
        }}
        loading={remove.isPending}
      >
        <ErrorAlert error={deleteError} onClear={() => setDeleteError(null)} mt="md" />
      </ConfirmDialog>
    </Stack>
  );
}
