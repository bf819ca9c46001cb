import { isPlatformRole } from '@caseport/domain/auth/roles';
import { formatEdition, LIBRARY_EMPTY_TEXT, type PlatformForm } from '@caseport/domain/platform-library/contracts';
import { Badge, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconFilePlus, IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ErrorAlert } from '../../components/error-alert';
import { RowActions } from '../../components/row-actions';
import { useCatalogue } from '../../lib/case-catalogue';
import { useCurrentUser } from '../../lib/current-user';
import { viewFileUrl } from '../../lib/files';
import { useLibrary } from './api';
import { EditionModal } from './edition-modal';
import { FormModal } from './form-modal';

type KindFilter = 'all' | 'Form' | 'Letter';

/**
 * Forms and Letters (roles 1 and 2, issue 21): the platform's USCIS forms with their editions and the shared
 * letters, offered in every tenant's case-type checklist.
 */
export default function FormsAndLettersPage() {
  const me = useCurrentUser();
  const library = useLibrary();
  const catalogue = useCatalogue();
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<KindFilter>('all');
  const [editing, setEditing] = useState<PlatformForm | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [edition, setEdition] = useState<PlatformForm | null>(null);

  const typeCode = useMemo(() => new Map((catalogue.data?.list ?? []).map((t) => [t.id, t.code])), [catalogue.data]);
  const subTypeCode = useMemo(
    () => new Map((catalogue.data?.list ?? []).flatMap((t) => t.subTypes.map((s) => [s.id, s.code] as const))),
    [catalogue.data],
  );
  const needle = search.trim().toLowerCase();
  const rows = library.data?.list.filter(
    (f) =>
      (kind === 'all' || f.kind === kind) &&
      (!needle || `${f.formNumber ?? ''} ${f.title}`.toLowerCase().includes(needle)),
  );
  const open = (f: PlatformForm | null) => {
    setEditing(f);
    setFormOpen(true);
  };

  const columns: DataTableColumn<PlatformForm>[] = [
    {
      key: 'number',
      header: 'Number',
      width: 110,
      render: (f) => <Text fw={600}>{f.formNumber ?? '—'}</Text>,
    },
    {
      key: 'title',
      header: 'Title',
      render: (f) => (
        <Stack gap={2}>
          <Group gap="xs">
            <Text size="sm">{f.title}</Text>
            {f.active ? null : (
              <Badge size="sm" variant="light" color="gray">
                Inactive
              </Badge>
            )}
          </Group>
          {f.fromTenant ? (
            <Text size="xs" c="dimmed">
              Shared by {f.fromTenant.name}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'kind',
      header: 'Kind',
      width: 90,
      render: (f) => (
        <Badge size="sm" variant="light" color={f.kind === 'Form' ? 'blue' : 'grape'}>
          {f.kind}
        </Badge>
      ),
    },
    {
      key: 'edition',
      header: 'Current Edition',
      render: (f) => {
        const current = f.editions[0];
        if (!current)
          return (
            <Text size="sm" c="dimmed">
              None
            </Text>
          );
        return (
          <Stack gap={2}>
            <Text size="sm">{formatEdition(current.editionDate)}</Text>
            {current.document ? null : (
              <Badge size="xs" variant="light" color="yellow">
                No PDF yet
              </Badge>
            )}
          </Stack>
        );
      },
    },
    {
      key: 'usedBy',
      header: 'Used By',
      render: (f) => {
        const codes = [
          ...f.caseTypeIds.map((id) => typeCode.get(id) ?? String(id)),
          ...f.caseSubTypeIds.map((id) => subTypeCode.get(id) ?? String(id)),
        ];
        return codes.length ? (
          <Group gap={4}>
            {codes.map((c) => (
              <Badge key={c} size="xs" variant="light" color="gray">
                {c}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Every case
          </Text>
        );
      },
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'center',
      width: 130,
      render: (f) => {
        const doc = f.editions[0]?.document;
        const name = f.formNumber ?? f.title;
        return (
          <RowActions
            name={name}
            actions={[
              { label: 'Edit', icon: IconPencil, onClick: () => open(f) },
              { label: 'New Edition', icon: IconFilePlus, onClick: () => setEdition(f) },
              {
                label: 'Download',
                icon: IconDownload,
                href: doc ? viewFileUrl(doc) : undefined,
                download: doc?.name,
                hidden: !doc,
              },
            ]}
          />
        );
      },
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>Forms and Letters</Title>
        <Group gap="sm" wrap="wrap">
          <TextInput
            aria-label="Search by number or title"
            placeholder="Search by number or title"
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => open(null)}>
            Add Form or Letter
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        Every tenant's case configuration offers these in its Forms and Letters checklist. A new edition is used for
        cases opened from then on; cases already opened keep the edition they started with.
      </Text>
      <SegmentedControl
        aria-label="Show"
        style={{ alignSelf: 'flex-start' }}
        value={kind}
        onChange={(v) => setKind(v as KindFilter)}
        data={[
          { value: 'all', label: 'All' },
          { value: 'Form', label: 'USCIS forms' },
          { value: 'Letter', label: 'Shared letters' },
        ]}
      />
      <ErrorAlert error={library.error} />
      <Paper withBorder radius="md" p="md">
        <DataTable
          caption="Forms and Letters"
          columns={columns}
          rows={rows}
          rowKey={(f) => f._id}
          loading={library.isPending}
          emptyText={LIBRARY_EMPTY_TEXT}
          minWidth={820}
        />
      </Paper>
      <FormModal
        opened={formOpen}
        form={editing}
        canPickTenant={isPlatformRole(me.roleId)}
        onClose={() => setFormOpen(false)}
      />
      <EditionModal form={edition} onClose={() => setEdition(null)} />
    </Stack>
  );
}
