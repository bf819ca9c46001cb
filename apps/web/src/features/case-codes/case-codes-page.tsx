import { Role } from '@caseport/domain/auth/roles';
import type { CaseIdConfig } from '@caseport/domain/case-codes/contracts';
import {
  Badge,
  Button,
  Drawer,
  Group,
  Modal,
  MultiSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconEdit, IconEye, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CreatedDateRangeInput } from '../../components/created-date-range-input';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { DetailField } from '../../components/detail-field';
import { ErrorAlert } from '../../components/error-alert';
import { formatDate, formatDateTime } from '../../components/format-date';
import { ListFooter } from '../../components/list-footer';
import { notify } from '../../components/notify';
import { RowActions } from '../../components/row-actions';
import { subTypeSelectData, useConfiguredCaseTypes } from '../../components/use-case-sub-types';
import { useListState } from '../../components/use-list-state';
import { useCurrentUser } from '../../lib/current-user';
import type { TabPanelProps } from '../../lib/tab-panel';
import { useCustomerList } from '../../lib/use-customer-list';
import { type CaseCodeFilters, useCaseCodeDetails, useCaseCodeList, useDeleteCaseCode } from './api';
import { CaseCodeForm } from './case-code-form';
import { exampleFor } from './example';

const EMPTY_FILTERS: CaseCodeFilters = { subTypeIds: [], tenantIds: [], createdDateRange: [null, null] };
export const EMPTY_TEXT = 'No Case Code Configuration Found';

/** R-CASECODE-008: the first two sub-types, '+N' for the rest (named in a tooltip). */
function SubTypeChips({ config }: { config: CaseIdConfig }) {
  const shown = config.subTypeDetails.slice(0, 2);
  const rest = config.subTypeDetails.slice(2);
  return (
    <Group gap={6} wrap="wrap">
      {shown.map((s) => (
        <Badge key={s.id} variant="light" radius="sm" tt="none" fw={500}>
          {s.name}
        </Badge>
      ))}
      {rest.length ? (
        <Tooltip label={rest.map((s) => s.name).join(', ')} multiline w={260} withArrow>
          <Badge
            variant="outline"
            color="gray"
            radius="sm"
            tabIndex={0}
            aria-label={`${rest.length} more: ${rest.map((s) => s.name).join(', ')}`}
          >
            +{rest.length}
          </Badge>
        </Tooltip>
      ) : null}
    </Group>
  );
}

/** R-CASECODE-011: the 'Case Code Details' modal. */
function DetailsModal({
  configId,
  onClose,
  isPlatformAdmin,
}: {
  configId: string | null;
  onClose: () => void;
  isPlatformAdmin: boolean;
}) {
  const details = useCaseCodeDetails(configId);
  const c = details.data;
  const first = c?.subTypeDetails[0];
  return (
    <Modal opened={!!configId} onClose={onClose} title="Case Code Details" size="lg" centered>
      {details.isPending ? (
        <Text c="dimmed">Loading…</Text>
      ) : details.isError ? (
        <ErrorAlert error={details.error} />
      ) : c ? (
        <Stack gap="md">
          <Group gap={6}>
            {c.subTypeDetails.map((s) => (
              <Badge key={s.id} variant="light" radius="sm" tt="none" fw={500}>
                {s.name}
              </Badge>
            ))}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {isPlatformAdmin ? <DetailField label="Customer">{c.tenantDetails.name}</DetailField> : null}
            <DetailField label="Configuration">{c.config.map((p) => p.name).join('-')}</DetailField>
            <DetailField label="Example Case ID">
              <Text span ff="monospace" fw={700} data-testid="details-example-case-id">
                {exampleFor(
                  c.config.map((p) => p.id),
                  {
                    customer: c.tenantDetails,
                    // D-23: the codes real numbers carry, the tenant's custom codes when set.
                    subType: first ? { code: first.numberCode, typeCode: first.typeNumberCode } : null,
                    sNoStartsFrom: c.sNoStartsFrom,
                  },
                )}
              </Text>
            </DetailField>
            <DetailField label="SI. No. Starts From">{c.sNoStartsFrom}</DetailField>
            <DetailField label="SI. No. Reset On">{c.resetIdBy ?? '—'}</DetailField>
            <DetailField label="Created By">
              {c.createdByName}
              {c.createdByRoleName ? ` (${c.createdByRoleName})` : ''}
            </DetailField>
            <DetailField label="Created On">{formatDateTime(c.createdOn)}</DetailField>
            <DetailField label="Updated On">{formatDateTime(c.updatedOn)}</DetailField>
          </SimpleGrid>
        </Stack>
      ) : null}
    </Modal>
  );
}

/** The Case Code Configuration tab (001 §2.4). */
export default function CaseCodesPage(_props: TabPanelProps) {
  const me = useCurrentUser();
  const isPlatformAdmin = me.roleId === Role.SuperAdmin;
  const list = useListState<CaseCodeFilters>('case_codes', {
    sorting: { path: 'createdOn', order: -1 },
    filters: EMPTY_FILTERS,
    sortPaths: ['createdOn', 'updatedOn'],
  });
  const result = useCaseCodeList(list.query);
  const caseTypes = useConfiguredCaseTypes();
  const customers = useCustomerList(isPlatformAdmin);
  const [panel, setPanel] = useState<{ mode: 'add' } | { mode: 'edit'; config: CaseIdConfig } | null>(null);
  const [viewId, setViewId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<CaseIdConfig | null>(null);
  const [deleteError, setDeleteError] = useState<unknown>(null);
  const remove = useDeleteCaseCode();
  const f = list.filters;
  // The picker's own value: the first click of a range is held here until the second one.
  const [dates, setDates] = useState<[string | null, string | null]>(EMPTY_FILTERS.createdDateRange);
  const hasFilters = f.subTypeIds.length > 0 || f.tenantIds.length > 0 || !!f.createdDateRange[0];

  const columns: DataTableColumn<CaseIdConfig>[] = [
    { key: 'sNo', header: 'SI. No. Starts From', render: (c) => c.sNoStartsFrom, width: 150 },
    ...(isPlatformAdmin
      ? [{ key: 'customer', header: 'Customer', render: (c: CaseIdConfig) => c.tenantDetails.name }]
      : []),
    { key: 'subTypes', header: 'Case Subtypes', render: (c) => <SubTypeChips config={c} /> },
    {
      key: 'createdOn',
      header: 'Created On',
      sortPath: 'createdOn',
      render: (c) => formatDate(c.createdOn),
      width: 140,
    },
    {
      key: 'updatedOn',
      header: 'Updated On',
      sortPath: 'updatedOn',
      render: (c) => formatDate(c.updatedOn),
      width: 140,
    },
    {
      key: 'actions',
      header: 'Actions',
      width: 130,
      // R-CASECODE-010: Edit, Delete and View.
      render: (c) => (
        <RowActions
          name={`configuration ${c.groupCode}`}
          actions={[
            { label: 'Edit', icon: IconEdit, onClick: () => setPanel({ mode: 'edit', config: c }) },
            { label: 'Delete', icon: IconTrash, color: 'red', onClick: () => setDeleting(c) },
            { label: 'View', icon: IconEye, onClick: () => setViewId(c._id) },
          ]}
        />
      ),
    },
  ];

  const onConfirmDelete = () => {
    if (!deleting) return;
    setDeleteError(null);
    remove.mutate(
      { configId: deleting._id },
      {
        onSuccess: (r) => {
          notify.success(r.message);
          setDeleting(null);
        },
        onError: (e) => setDeleteError(e),
      },
    );
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={2}>Case Code Configuration</Title>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setPanel({ mode: 'add' })}>
          Add Configuration
        </Button>
      </Group>

      {/* R-LIST-015: the case code list searches immediately (no Apply step, no debounce). */}
      <Paper withBorder p="sm" radius="md" role="search" aria-label="Filters">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <MultiSelect
            label="Case Subtypes"
            placeholder={f.subTypeIds.length ? undefined : 'All case subtypes'}
            searchable
            clearable
            w={300}
            data={subTypeSelectData(caseTypes.data)}
            value={f.subTypeIds.map(String)}
            onChange={(v) => list.setFilters({ ...f, subTypeIds: v.map(Number) })}
            maxDropdownHeight={300}
          />
          {isPlatformAdmin ? (
            <MultiSelect
              label="Customer"
              placeholder={f.tenantIds.length ? undefined : 'All customers'}
              searchable
              clearable
              w={260}
              data={(customers.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
              value={f.tenantIds}
              onChange={(v) => list.setFilters({ ...f, tenantIds: v })}
            />
          ) : null}
          <CreatedDateRangeInput
            value={dates}
            onChange={([from, to]) => {
              setDates([from, to]);
              // A half-picked range waits for its end; a complete or cleared range applies at once.
              if (from && !to) return;
              list.setFilters({ ...f, createdDateRange: [from, to] });
            }}
          />
          {hasFilters ? (
            <Button
              variant="default"
              onClick={() => {
                setDates(EMPTY_FILTERS.createdDateRange);
                list.resetFilters();
              }}
            >
              Clear
            </Button>
          ) : null}
        </Group>
      </Paper>

      <Paper withBorder radius="md" p={0}>
        <DataTable
          caption="Case code configurations"
          columns={columns}
          rows={result.isError ? [] : result.data?.list}
          rowKey={(c) => c._id}
          loading={result.isPending}
          emptyText={EMPTY_TEXT}
          sorting={list.sorting}
          onSortChange={list.setSorting}
        />
      </Paper>
      {result.isError ? <ErrorAlert error={result.error} /> : null}
      <ListFooter
        page={list.page}
        perpage={list.perpage}
        totalCount={result.data?.totalCount ?? 0}
        onPageChange={list.setPage}
        onPerPageChange={list.setPerpage}
        noun="configuration"
      />

      <Drawer
        opened={!!panel}
        onClose={() => setPanel(null)}
        position="right"
        size="lg"
        title={<Title order={3}>{panel?.mode === 'edit' ? 'Edit Configuration' : 'Add Configuration'}</Title>}
      >
        {panel ? (
          <CaseCodeForm
            key={panel.mode === 'edit' ? panel.config._id : 'add'}
            isPlatformAdmin={isPlatformAdmin}
            ownTenantId={me.tenantId}
            caseTypes={caseTypes.data}
            editing={panel.mode === 'edit' ? panel.config : null}
            onDone={() => setPanel(null)}
          />
        ) : null}
      </Drawer>

      <DetailsModal configId={viewId} onClose={() => setViewId(null)} isPlatformAdmin={isPlatformAdmin} />

      <ConfirmDialog
        opened={!!deleting}
        title="Delete Configuration"
        message="Do you want to Delete?"
        loading={remove.isPending}
        onConfirm={onConfirmDelete}
        error={deleteError}
        onClearError={() => setDeleteError(null)}
        onCancel={() => {
          setDeleting(null);
          setDeleteError(null);
        }}
      />
    </Stack>
  );
}
