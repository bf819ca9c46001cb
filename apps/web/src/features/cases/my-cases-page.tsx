import { MY_CASES_EMPTY, type MyCase } from '@caseport/domain/cases/my-cases';
import { Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { DataTableColumn } from '../../components/data-table';
import { ErrorAlert } from '../../components/error-alert';
import { formatDate } from '../../components/format-date';
import { ListPanel } from '../../components/list-panel';
import { ListSearchInput } from '../../components/list-search-input';
import { useListSearch } from '../../components/use-debounced-search';
import { useListState } from '../../components/use-list-state';
import { CaseNumberLink, CaseStatusBadge } from './case-cells';
import { useMyCaseList } from './my-cases-api';

/** The names a case goes by for someone outside the firm: its beneficiary (or applicant) and its petitioner. */
const caseNamesOf = (c: MyCase) =>
  [c.beneficiaryName ?? c.applicantName, c.petitionerName ?? c.sponsorName].filter(Boolean).join(' · ') || '—';

/** 'Waiting on you': the open steps of the case that wait on the viewer, or 'Nothing'. */
function WaitingOnYou({ c }: { c: MyCase }) {
  if (c.waiting.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing
      </Text>
    );
  return (
    <Text size="sm" fw={600} c="orange.8">
      {c.waiting.map((w) => w.name).join(', ')}
    </Text>
  );
}

const columns: DataTableColumn<MyCase>[] = [
  {
    key: 'caseNumber',
    header: 'Case Number',
    sortPath: 'caseNumber',
    render: (c) => <CaseNumberLink to={`/my-cases/${c._id}`} caseNumber={c.caseNumber} />,
  },
  { key: 'type', header: 'Case Type', render: (c) => `${c.typeName} · ${c.subTypeName}` },
  { key: 'names', header: 'Names', render: caseNamesOf },
  { key: 'firm', header: 'Handled by', render: (c) => c.firmName },
  { key: 'waiting', header: 'Waiting on you', render: (c) => <WaitingOnYou c={c} /> },
  {
    key: 'status',
    header: 'Status',
    render: (c) => <CaseStatusBadge status={c.status} />,
  },
  { key: 'createdOn', header: 'Opened On', sortPath: 'createdOn', render: (c) => formatDate(c.openedOn), width: 130 },
];

/**
 * Issue 35 item 1: 'My cases' of a beneficiary, authorized signatory, petitioner contact or sponsor: the cases the
 * firm linked them to, with what waits on them. The list pattern of the firm's Cases page (search, sort, pages).
 */
export default function MyCasesPage() {
  const navigate = useNavigate();
  const state = useListState<Record<string, never>>('my-cases', {
    sorting: { path: 'createdOn', order: -1 },
    filters: {},
    sortPaths: ['createdOn', 'caseNumber'],
  });
  const { search, setSearch, debouncedSearch } = useListSearch(state.setPage);
  const result = useMyCaseList({
    page: state.page,
    perpage: state.perpage,
    sorting: state.sorting,
    filters: debouncedSearch ? { searchString: debouncedSearch } : {},
  });
  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Title order={2}>My cases</Title>
      <ListSearchInput label="Search by case number or name" value={search} onChange={setSearch} width={300} />
      {result.isError ? <ErrorAlert error={result.error} /> : null}
      <ListPanel
        state={state}
        caption="My cases"
        columns={columns}
        rows={result.isError ? [] : result.data?.list}
        rowKey={(c) => c._id}
        loading={result.isPending}
        onRowClick={(c) => void navigate(`/my-cases/${c._id}`)}
        emptyText={debouncedSearch ? 'No Results Found' : MY_CASES_EMPTY}
        totalCount={result.data?.totalCount ?? 0}
        noun="case"
      />
    </Stack>
  );
}
