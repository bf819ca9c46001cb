import {
  BRANCH_SORT_PATHS,
  BRANCHES_EMPTY_TEXT,
  BRANCHES_LIST_KEY,
  type BranchItem,
} from '@caseport/domain/branches/contracts';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import type { DataTableColumn } from '../../components/data-table';
import { formatDate } from '../../components/format-date';
import { ListPanel } from '../../components/list-panel';
import { ListSearchInput } from '../../components/list-search-input';
import { RowActions } from '../../components/row-actions';
import { useListSearch } from '../../components/use-debounced-search';
import { useListState } from '../../components/use-list-state';
import { useCurrentUser } from '../../lib/current-user';
import { useBranches } from './api';

export const detailsPath = (branchId: string) => `/settings/branchDetails?tab=${branchId}`;

/** Branches tab (branchList, 000 §2): the firm's offices; a branch manager sees their own. */
export default function BranchesPage() {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const state = useListState<Record<string, never>>(BRANCHES_LIST_KEY, {
    sorting: { path: 'name', order: 1 },
    filters: {},
    sortPaths: BRANCH_SORT_PATHS,
  });
  const { search, setSearch, debouncedSearch } = useListSearch(state.setPage);
  const query = useBranches({
    page: state.page,
    perpage: state.perpage,
    sorting: state.sorting,
    filters: debouncedSearch ? { searchString: debouncedSearch } : {},
  });
  const isAdmin = me.roleId === 3;

  const columns: DataTableColumn<BranchItem>[] = [
    {
      key: 'name',
      header: 'Branch',
      sortPath: 'name',
      render: (b) => (
        <Stack gap={0}>
          <Anchor component={Link} to={detailsPath(b._id)} fw={500}>
            {b.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {b.location || 'No address'}
          </Text>
        </Stack>
      ),
    },
    { key: 'manager', header: 'Manager', render: (b) => b.managerName ?? <Text c="dimmed">None</Text> },
    { key: 'phone', header: 'Phone', render: (b) => b.phone || '—' },
    { key: 'userCount', header: 'Users', sortPath: 'userCount', align: 'center', render: (b) => b.userCount },
    { key: 'createdOn', header: 'Created On', sortPath: 'createdOn', render: (b) => formatDate(b.createdOn) },
    {
      key: 'actions',
      header: 'Actions',
      align: 'center',
      width: 100,
      render: (b) => (
        <RowActions
          name={b.name}
          actions={[{ label: 'View details', icon: IconEye, onClick: () => navigate(detailsPath(b._id)) }]}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>Branches</Title>
        <Group gap="sm" wrap="wrap">
          <ListSearchInput label="Search by Branch Name" value={search} onChange={setSearch} />
          {isAdmin && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              onClick={() => navigate('/settings/branchCreate')}
            >
              New Branch
            </Button>
          )}
        </Group>
      </Group>
      <ListPanel
        caption="Branches"
        columns={columns}
        rows={query.data?.list}
        rowKey={(b) => b._id}
        loading={query.isPending}
        emptyText={BRANCHES_EMPTY_TEXT}
        minWidth={640}
        state={state}
        totalCount={query.data?.totalCount ?? 0}
        noun="branch"
      />
    </Stack>
  );
}
