import { CASE_STATUS_NAMES, CASE_STATUSES, type CaseListItem } from '@caseport/domain/cases/contracts';
import { Button, Group, MultiSelect, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { DataTableColumn } from '../../components/data-table';
import { ErrorAlert } from '../../components/error-alert';
import { FilterBar } from '../../components/filter-bar';
import { formatDateTime } from '../../components/format-date';
import { ListPanel } from '../../components/list-panel';
import { ListSearchInput } from '../../components/list-search-input';
import { useConfiguredCaseTypes } from '../../components/use-case-sub-types';
import { useListSearch } from '../../components/use-debounced-search';
import { useFilterDraft } from '../../components/use-filter-draft';
import { useListState } from '../../components/use-list-state';
import { useCurrentUser } from '../../lib/current-user';
import { useCaseList, useOwnerOptions, usePetitioners } from './api';
import { CaseNumberLink, CaseStatusBadge } from './case-cells';
import { NewCaseWizard } from './new-case-wizard';

interface Filters {
  statuses: string[];
  typeIds: string[];
  petitionerIds: string[];
  ownerIds: string[];
}
const NO_FILTERS: Filters = { statuses: [], typeIds: [], petitionerIds: [], ownerIds: [] };
const ENABLED_ONLY = { activeList: [true] };

const columns: DataTableColumn<CaseListItem>[] = [
  {
    key: 'caseNumber',
    header: 'Case Number',
    sortPath: 'caseNumber',
    render: (c) => <CaseNumberLink to={`/cases/${c._id}`} caseNumber={c.caseNumber} />,
  },
  { key: 'type', header: 'Case Type', render: (c) => `${c.typeName} · ${c.subTypeName}` },
  { key: 'beneficiary', header: 'Beneficiary', render: (c) => c.beneficiaryName ?? c.applicantName ?? '—' },
  { key: 'petitioner', header: 'Petitioner', render: (c) => c.petitionerName ?? c.sponsorName ?? '—' },
  {
    key: 'status',
    header: 'Status',
    render: (c) => <CaseStatusBadge status={c.status} />,
  },
  { key: 'owner', header: 'Owner', render: (c) => c.ownerName ?? '—' },
  {
    key: 'createdOn',
    header: 'Created On',
    sortPath: 'createdOn',
    render: (c) => formatDateTime(c.createdOn),
    width: 190,
  },
];

/**
 * The cases (issue 34 item 4): the list pattern's search and filters (status, type, petitioner, owner); a row
 * opens the case page; 'New case' opens the wizard. Roles 3 and 4 (app/shell-page.tsx).
 */
export default function CasesPage() {
  const me = useCurrentUser();
  const isPetitionerCompany = me.tenantType === 2;
  const navigate = useNavigate();
  const [wizard, setWizard] = useState(false);
  const state = useListState<Filters>('cases', {
    sorting: { path: 'createdOn', order: -1 },
    filters: NO_FILTERS,
    sortPaths: ['createdOn', 'caseNumber'],
  });
  const { draft, setDraft, bar } = useFilterDraft(state, NO_FILTERS);
  const { search, setSearch, debouncedSearch } = useListSearch(state.setPage);
  const f = state.filters;
  const result = useCaseList({
    ...state.query,
    filters: {
      ...(debouncedSearch ? { searchString: debouncedSearch } : {}),
      ...(f.statuses.length ? { statuses: f.statuses as (typeof CASE_STATUSES)[number][] } : {}),
      ...(f.typeIds.length ? { typeIds: f.typeIds.map(Number) } : {}),
      ...(f.petitionerIds.length ? { petitionerIds: f.petitionerIds } : {}),
      ...(f.ownerIds.length ? { ownerIds: f.ownerIds } : {}),
    },
  });
  const caseTypes = useConfiguredCaseTypes(ENABLED_ONLY);
  const petitioners = usePetitioners('', !isPetitionerCompany);
  const owners = useOwnerOptions();
  const filtered = !!debouncedSearch || Object.values(f).some((v) => v.length);

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2}>Cases</Title>
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setWizard(true)}>
          New case
        </Button>
      </Group>
      <ListSearchInput label="Search by case number or name" value={search} onChange={setSearch} width={300} />
      <FilterBar {...bar} applyDisabled={JSON.stringify(draft) === JSON.stringify(f)} label="Case filters">
        <MultiSelect
          label="Status"
          data={CASE_STATUSES.map((s) => ({ value: s, label: CASE_STATUS_NAMES[s] }))}
          value={draft.statuses}
          onChange={(statuses) => setDraft({ ...draft, statuses })}
          w={{ base: '100%', xs: 180 }}
          clearable
        />
        <MultiSelect
          label="Case type"
          data={(caseTypes.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
          value={draft.typeIds}
          onChange={(typeIds) => setDraft({ ...draft, typeIds })}
          w={{ base: '100%', xs: 220 }}
          searchable
          clearable
        />
        {isPetitionerCompany ? null : (
          <MultiSelect
            label="Petitioner"
            data={(petitioners.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
            value={draft.petitionerIds}
            onChange={(petitionerIds) => setDraft({ ...draft, petitionerIds })}
            w={{ base: '100%', xs: 220 }}
            searchable
            clearable
          />
        )}
        <MultiSelect
          label="Owner"
          data={owners.data ?? []}
          value={draft.ownerIds}
          onChange={(ownerIds) => setDraft({ ...draft, ownerIds })}
          w={{ base: '100%', xs: 200 }}
          placeholder={owners.isPending ? 'Loading owners…' : undefined}
          nothingFoundMessage={owners.isError ? 'The owners could not be loaded' : 'No owners'}
          searchable
          clearable
        />
      </FilterBar>
      {result.isError ? <ErrorAlert error={result.error} /> : null}
      <ListPanel
        state={state}
        caption="Cases"
        columns={columns}
        rows={result.isError ? [] : result.data?.list}
        rowKey={(c) => c._id}
        loading={result.isPending}
        onRowClick={(c) => void navigate(`/cases/${c._id}`)}
        emptyText={filtered ? 'No Results Found' : 'No cases yet. Open the first one with New case.'}
        totalCount={result.data?.totalCount ?? 0}
        totalCountCapped={result.data?.totalCountCapped}
        cursors={result.isPlaceholderData ? undefined : result.data?.cursors}
        noun="case"
      />
      <NewCaseWizard opened={wizard} onClose={() => setWizard(false)} isPetitionerCompany={isPetitionerCompany} />
    </Stack>
  );
}
