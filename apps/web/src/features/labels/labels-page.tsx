import {
  LABEL_SORT_PATHS,
  LABELS_EMPTY_TEXT,
  LABELS_LIST_KEY,
  type LabelItem,
} from '@caseport/domain/labels/contracts';
import { Badge, Button, ColorSwatch, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { DataTableColumn } from '../../components/data-table';
import { formatDate } from '../../components/format-date';
import { ListPanel } from '../../components/list-panel';
import { ListSearchInput } from '../../components/list-search-input';
import { RowActions } from '../../components/row-actions';
import { useListSearch } from '../../components/use-debounced-search';
import { useListState } from '../../components/use-list-state';
import { useLabels } from './api';
import { LabelFormModal } from './label-form-modal';

const ALL_STATUSES = [true, false];

/** Labels tab (001 §2.7): search, Create Label, sortable list, create/edit popup. */
export default function LabelsPage() {
  const state = useListState<Record<string, never>>(LABELS_LIST_KEY, {
    sorting: { path: 'createdOn', order: -1 },
    filters: {},
    sortPaths: LABEL_SORT_PATHS,
  });
  const { search, setSearch, debouncedSearch } = useListSearch(state.setPage);
  const query = useLabels({
    // R-LABEL-012: statusList travels with every call; the list shows active and inactive labels (D-20),
    // the inactive ones marked, so a label switched off can be found and switched on again.
    matcher: { statusList: ALL_STATUSES, ...(debouncedSearch ? { searchString: debouncedSearch } : {}) },
    page: state.page,
    perpage: state.perpage,
    sorting: state.sorting,
  });
  const [editing, setEditing] = useState<LabelItem | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const open = (label: LabelItem | null) => {
    setEditing(label);
    setFormOpen(true);
  };

  const columns: DataTableColumn<LabelItem>[] = [
    {
      key: 'name',
      header: 'Name',
      sortPath: 'name',
      render: (l) => (
        <Group gap="xs" wrap="nowrap">
          <Text fw={500}>{l.name}</Text>
          {l.status ? null : (
            <Badge size="sm" variant="light" color="gray">
              Inactive
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'color',
      header: 'Color',
      render: (l) => (
        <Group gap="xs" wrap="nowrap">
          {/* role img: an aria-label on a plain div is not announced (axe aria-prohibited-attr). */}
          <ColorSwatch color={l.color} size={18} role="img" aria-label={`Colour ${l.color}`} />
          <Text size="sm" c="dimmed" ff="monospace">
            {l.color}
          </Text>
        </Group>
      ),
    },
    {
      key: 'createdBy',
      header: 'Created By',
      sortPath: 'createdByName',
      render: (l) => (
        <Stack gap={0}>
          <Text size="sm">{l.createdByName}</Text>
          <Text size="xs" c="dimmed">
            {l.createdByRoleName}
          </Text>
        </Stack>
      ),
    },
    { key: 'createdOn', header: 'Created On', sortPath: 'createdOn', render: (l) => formatDate(l.createdOn) },
    { key: 'updatedOn', header: 'Updated On', sortPath: 'updatedOn', render: (l) => formatDate(l.updatedOn) },
    {
      key: 'actions',
      header: 'Actions',
      align: 'center',
      width: 90,
      render: (l) => (
        <RowActions name={l.name} actions={[{ label: 'Edit', icon: IconPencil, onClick: () => open(l) }]} />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>Labels</Title>
        <Group gap="sm" wrap="wrap">
          <ListSearchInput label="Search by Name" value={search} onChange={setSearch} />
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => open(null)}>
            Create Label
          </Button>
        </Group>
      </Group>
      <ListPanel
        caption="Labels"
        columns={columns}
        rows={query.data?.list}
        rowKey={(l) => l._id}
        loading={query.isPending}
        emptyText={LABELS_EMPTY_TEXT}
        state={state}
        totalCount={query.data?.totalCount ?? 0}
        noun="label"
      />
      <LabelFormModal opened={formOpen} label={editing} onClose={() => setFormOpen(false)} />
    </Stack>
  );
}
