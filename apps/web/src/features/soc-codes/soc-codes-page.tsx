import {
  DEFAULT_SOC_STATUS_FILTER,
  SOC_LIST_KEY,
  SOC_NAME_MAX,
  SOC_SORT_PATHS,
  type SocCodeConfig,
  socEmptyText,
  socRowActions,
  statusConfirm,
} from '@caseport/domain/soc-codes/contracts';
import { Badge, Button, Group, Popover, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  IconDownload,
  IconEye,
  IconFilter,
  IconPencil,
  IconPlayerPlay,
  IconPlayerStop,
  IconPlus,
  IconUpload,
} from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { DataTableColumn } from '../../components/data-table';
import { ErrorAlert } from '../../components/error-alert';
import { formatDate } from '../../components/format-date';
import { ListPanel } from '../../components/list-panel';
import { ListSearchInput } from '../../components/list-search-input';
import { notify } from '../../components/notify';
import { RowActions } from '../../components/row-actions';
import { useListSearch } from '../../components/use-debounced-search';
import { useListState } from '../../components/use-list-state';
import { viewFileUrl } from '../../lib/files';
import { fetchSocDetails, useSocList, useSocStatus } from './api';
import { BulkUploadModal } from './bulk-upload-modal';
import { SocDetailsModal } from './soc-details-modal';
import { SocFormModal } from './soc-form-modal';

type StatusValue = 'true' | 'false';

/** SOC Settings tab (001 §2.5). */
export default function SocCodesPage() {
  const state = useListState<{ status: StatusValue }>(SOC_LIST_KEY, {
    sorting: { path: 'createdOn', order: -1 },
    filters: { status: String(DEFAULT_SOC_STATUS_FILTER) as StatusValue },
    sortPaths: SOC_SORT_PATHS,
  });
  const { search, setSearch, debouncedSearch } = useListSearch(state.setPage);
  const [filterOpen, setFilterOpen] = useState(false);
  const [draftStatus, setDraftStatus] = useState<StatusValue>(state.filters.status);
  const query = useSocList({
    page: state.page,
    perpage: state.perpage,
    sorting: state.sorting,
    // R-SOC-001/003: title, and the status filter as one boolean.
    filters: { ...(debouncedSearch ? { title: debouncedSearch } : {}), statusList: [state.filters.status === 'true'] },
  });
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<SocCodeConfig | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [viewing, setViewing] = useState<{ soc: SocCodeConfig; mode: 'details' | 'documents' } | null>(null);
  const [toggling, setToggling] = useState<SocCodeConfig | null>(null);
  const [newCode, setNewCode] = useState('');
  const [newCodeError, setNewCodeError] = useState<string | null>(null);
  const [statusError, setStatusError] = useState<unknown>(null);
  const status = useSocStatus();

  const openForm = (soc: SocCodeConfig | null) => {
    setEditing(soc);
    setFormOpen(true);
  };
  const openDetails = async (soc: SocCodeConfig) => {
    try {
      setViewing({ soc: await fetchSocDetails(soc._id), mode: 'details' });
    } catch (e) {
      void notify.error(e); // R-API-011
    }
  };
  const closeToggle = () => {
    setToggling(null);
    setNewCode('');
    setNewCodeError(null);
    setStatusError(null);
  };
  const onToggle = () => {
    if (!toggling) return;
    const inactivate = toggling.status;
    if (inactivate && !newCode.trim()) {
      setNewCodeError('New SOC Code is required'); // R-SOC-016
      return;
    }
    const body = inactivate
      ? { socCodeConfigId: toggling._id, status: false as const, newSocCode: newCode.trim() }
      : { socCodeConfigId: toggling._id, status: true as const };
    status.mutate(body, {
      onSuccess: (answer) => {
        void notify.success(answer.message);
        closeToggle();
      },
      onError: setStatusError,
    });
  };

  const columns: DataTableColumn<SocCodeConfig>[] = [
    {
      key: 'soc',
      header: 'SOC',
      sortPath: 'name',
      render: (s) => (
        <Stack gap={0}>
          <Text fw={600}>{s.socDetails.name}</Text>
          <Text size="sm" c="dimmed">
            {s.socDetails.designation}
          </Text>
        </Stack>
      ),
    },
    { key: 'createdOn', header: 'Created On', render: (s) => formatDate(s.createdOn) },
    { key: 'updatedOn', header: 'Updated On', render: (s) => formatDate(s.updatedOn) },
    {
      key: 'status',
      header: 'Status',
      render: (s) => (
        <Badge color={s.status ? 'teal' : 'gray'} variant="light">
          {s.status ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      width: 190,
      render: (s) => {
        const a = socRowActions(s);
        const one = s.document[0];
        return (
          <RowActions
            name={s.socDetails.name}
            actions={[
              { label: 'Edit', icon: IconPencil, onClick: () => openForm(s) },
              { label: 'View', icon: IconEye, onClick: () => void openDetails(s), hidden: !a.view },
              a.download === 'direct' && one
                ? { label: 'Download', icon: IconDownload, href: viewFileUrl(one), download: one.name }
                : {
                    label: 'Download',
                    icon: IconDownload,
                    onClick: () => setViewing({ soc: s, mode: 'documents' }),
                    hidden: a.download !== 'documents',
                  },
              {
                label: a.statusAction,
                icon: s.status ? IconPlayerStop : IconPlayerPlay,
                color: s.status ? 'red' : 'teal',
                onClick: () => setToggling(s),
              },
            ]}
          />
        );
      },
    },
  ];
  const confirm = toggling ? statusConfirm(toggling.status) : null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>SOC Settings</Title>
        <Group gap="sm" wrap="wrap">
          <ListSearchInput label="Search by SOC" value={search} onChange={setSearch} width={220} />
          <Popover opened={filterOpen} onChange={setFilterOpen} position="bottom-end" withArrow shadow="md" trapFocus>
            <Popover.Target>
              <Button
                variant="default"
                leftSection={<IconFilter size={16} aria-hidden="true" />}
                onClick={() => setFilterOpen((o) => !o)}
              >
                Filter
              </Button>
            </Popover.Target>
            <Popover.Dropdown>
              <Stack w={220}>
                <Select
                  label="Status"
                  comboboxProps={{ withinPortal: false }}
                  data={[
                    { value: 'true', label: 'Active' },
                    { value: 'false', label: 'Inactive' },
                  ]}
                  value={draftStatus}
                  onChange={(v) => setDraftStatus((v as StatusValue) ?? 'true')}
                  allowDeselect={false}
                />
                <Group justify="flex-end" gap="xs">
                  <Button
                    variant="default"
                    size="xs"
                    onClick={() => {
                      setDraftStatus('true');
                      state.resetFilters();
                      setFilterOpen(false);
                    }}
                  >
                    Clear
                  </Button>
                  <Button
                    size="xs"
                    onClick={() => {
                      state.setFilters({ status: draftStatus });
                      setFilterOpen(false);
                    }}
                  >
                    Apply
                  </Button>
                </Group>
              </Stack>
            </Popover.Dropdown>
          </Popover>
          <Button
            variant="light"
            leftSection={<IconUpload size={16} aria-hidden="true" />}
            onClick={() => setBulkOpen(true)}
          >
            Bulk Upload
          </Button>
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => openForm(null)}>
            Add SOC
          </Button>
        </Group>
      </Group>
      <ListPanel
        caption="SOC Settings"
        columns={columns}
        rows={query.data?.list}
        rowKey={(s) => s._id}
        loading={query.isPending}
        emptyText={socEmptyText(!!debouncedSearch)}
        minWidth={760}
        state={state}
        totalCount={query.data?.totalCount ?? 0}
        noun="SOC code"
      />
      <SocFormModal opened={formOpen} soc={editing} onClose={() => setFormOpen(false)} />
      <BulkUploadModal opened={bulkOpen} onClose={() => setBulkOpen(false)} />
      <SocDetailsModal soc={viewing?.soc ?? null} mode={viewing?.mode ?? 'details'} onClose={() => setViewing(null)} />
      <ConfirmDialog
        opened={!!toggling}
        title={confirm?.title ?? ''}
        message={confirm?.message ?? ''}
        onConfirm={onToggle}
        onCancel={closeToggle}
        loading={status.isPending}
        confirmColor={toggling?.status ? 'red' : 'teal'}
      >
        {confirm?.needsNewCode ? (
          <TextInput
            mt="md"
            label="New SOC Code"
            withAsterisk
            maxLength={SOC_NAME_MAX}
            value={newCode}
            onChange={(e) => {
              setNewCode(e.currentTarget.value);
              setNewCodeError(null);
            }}
            error={newCodeError}
          />
        ) : null}
        <ErrorAlert error={statusError} onClear={() => setStatusError(null)} mt="md" />
      </ConfirmDialog>
    </Stack>
  );
}
