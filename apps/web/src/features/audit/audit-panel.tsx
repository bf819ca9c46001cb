import { AUDIT_EMPTY_TEXT, AUDIT_LIST_KEY, type AuditItem } from '@caseport/domain/audit/contracts';
import { Badge, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CreatedDateRangeInput, type DateRangeValue } from '../../components/created-date-range-input';
import type { DataTableColumn } from '../../components/data-table';
import { FilterBar } from '../../components/filter-bar';
import { formatDateTime } from '../../components/format-date';
import { ListPanel } from '../../components/list-panel';
import { ListSearchInput } from '../../components/list-search-input';
import { useListSearch } from '../../components/use-debounced-search';
import { useFilterDraft } from '../../components/use-filter-draft';
import { useListQuery } from '../../components/use-list-query';
import { useListState } from '../../components/use-list-state';
import { type ApiBody, api } from '../../lib/api-client';

interface Filters {
  entity: string | null;
  createdDate: DateRangeValue;
}
const DEFAULT_FILTERS: Filters = { entity: null, createdDate: [null, null] };

/** 'accept-invitation' → 'Accept invitation'. */
const labelOf = (s: string) => {
  const words = s.replace(/[-_]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The tenant's audit trail for its administrator (issue 16): who did what, to which record, when. */
export function AuditPanel() {
  const state = useListState<Filters>(AUDIT_LIST_KEY, {
    sorting: { path: 'at', order: -1 },
    filters: DEFAULT_FILTERS,
    sortPaths: ['at'],
  });
  const { draft, setDraft, bar } = useFilterDraft(state, DEFAULT_FILTERS);
  const { search, setSearch, debouncedSearch } = useListSearch(state.setPage);
  const [from, to] = state.filters.createdDate;
  const query = useListQuery(['audit'], '/api/audit/list', {
    ...state.query,
    // The sort path is the column's sortPath, one of those the server lists.
    sorting: state.sorting as ApiBody<'/api/audit/list'>['sorting'],
    filters: {
      ...(debouncedSearch ? { searchString: debouncedSearch } : {}),
      ...(state.filters.entity ? { entity: state.filters.entity } : {}),
      ...(from ? { createdDate: [from, to ?? from] } : {}),
    },
  });
  const entities = useQuery({
    queryKey: ['audit', 'entities'],
    queryFn: ({ signal }) => api.call('/api/audit/entities', {}, signal),
  });

  const columns: DataTableColumn<AuditItem>[] = [
    { key: 'at', header: 'When', sortPath: 'at', width: 180, render: (a) => formatDateTime(a.at) },
    {
      key: 'who',
      header: 'Who',
      render: (a) => (
        <Stack gap={0}>
          {/* No user and no role: the system itself (issue 38 finding 1: the renewal run). */}
          <Text fw={500}>{a.userName ?? (a.roleName ? 'Caseport support' : 'Caseport (automatic)')}</Text>
          <Text size="xs" c="dimmed">
            {[a.userEmail, a.roleName].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'what',
      header: 'What',
      render: (a) => (
        <Stack gap={2}>
          <Text>
            <Badge size="sm" variant="light" mr={6}>
              {labelOf(a.entity)}
            </Badge>
            {labelOf(a.action)}
          </Text>
          {a.fields.length ? (
            <Text size="xs" c="dimmed">
              {a.fields.join(', ')}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'record',
      header: 'Record',
      render: (a) => (
        <Text size="xs" ff="monospace" c="dimmed">
          {a.entityId ?? '—'}
        </Text>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <ListSearchInput label="Search by Name or Email" value={search} onChange={setSearch} />
      <FilterBar label="Audit filters" {...bar}>
        <Select
          label="Record type"
          placeholder="All"
          clearable
          w={220}
          data={(entities.data?.entities ?? []).map((e) => ({ value: e, label: labelOf(e) }))}
          value={draft.entity}
          onChange={(entity) => setDraft((d) => ({ ...d, entity }))}
        />
        <CreatedDateRangeInput
          label="Date"
          value={draft.createdDate}
          onChange={(createdDate) => setDraft((d) => ({ ...d, createdDate }))}
        />
      </FilterBar>
      <ListPanel
        caption="Audit trail"
        columns={columns}
        rows={query.data?.list}
        rowKey={(a) => a._id}
        loading={query.isPending}
        emptyText={AUDIT_EMPTY_TEXT}
        minWidth={720}
        state={state}
        totalCount={query.data?.totalCount ?? 0}
        totalCountCapped={query.data?.totalCountCapped}
        cursors={query.isPlaceholderData ? undefined : query.data?.cursors}
        noun="entry"
      />
    </Stack>
  );
}
