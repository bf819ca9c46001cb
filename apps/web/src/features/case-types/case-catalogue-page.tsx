import type { CatalogueSubType, CatalogueType } from '@caseport/domain/case-types/catalogue';
import { TENANT_TYPE_LABELS } from '@caseport/domain/tenants/contracts';
import { Accordion, Badge, Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ErrorAlert } from '../../components/error-alert';
import { RowActions } from '../../components/row-actions';
import { useCatalogue } from '../../lib/case-catalogue';
import { CaseTypeModal, SubTypeModal } from './catalogue-modals';

function TenantTypeBadges({ types }: { types: number[] }) {
  return (
    <Group gap={4}>
      {types.map((t) => (
        <Badge key={t} size="xs" variant="light" color={t === 1 ? 'indigo' : 'teal'}>
          {TENANT_TYPE_LABELS[t as 1 | 2]}
        </Badge>
      ))}
    </Group>
  );
}

function Inactive({ active }: { active: boolean }) {
  return active ? null : (
    <Badge size="xs" variant="light" color="gray">
      Inactive
    </Badge>
  );
}

/**
 * Case Types (issue 21): the case-type and sub-type catalogue. Role 1 maintains it (codes, names, which tenant
 * type may use each); the other settings roles read it, a tenant only what its type may use. Tenants switch
 * them on and off in their own Case Configuration.
 */
export default function CaseCataloguePage() {
  const catalogue = useCatalogue();
  const [search, setSearch] = useState('');
  const [typeModal, setTypeModal] = useState<{ type: CatalogueType | null } | null>(null);
  const [subModal, setSubModal] = useState<{ type: CatalogueType; sub: CatalogueSubType | null } | null>(null);
  const canEdit = catalogue.data?.canEdit ?? false;
  const needle = search.trim().toLowerCase();
  const types = catalogue.data?.list.filter(
    (t) =>
      !needle ||
      `${t.name} ${t.code} ${t.formNumber ?? ''}`.toLowerCase().includes(needle) ||
      t.subTypes.some((s) => `${s.name} ${s.code}`.toLowerCase().includes(needle)),
  );

  const subColumns = (type: CatalogueType): DataTableColumn<CatalogueSubType>[] => [
    {
      key: 'name',
      header: 'Subtype',
      render: (s) => (
        <Group gap="xs">
          <Text size="sm">{s.name}</Text>
          <Inactive active={s.active} />
        </Group>
      ),
    },
    {
      key: 'code',
      header: 'Code',
      width: 120,
      render: (s) => (
        <Text ff="monospace" size="sm">
          {s.code}
        </Text>
      ),
    },
    { key: 'tenantTypes', header: 'Used by', render: (s) => <TenantTypeBadges types={s.tenantTypes} /> },
    ...(canEdit
      ? [
          {
            key: 'actions',
            header: 'Actions',
            align: 'center' as const,
            width: 80,
            render: (s: CatalogueSubType) => (
              <RowActions
                name={s.name}
                actions={[{ label: 'Edit', icon: IconPencil, onClick: () => setSubModal({ type, sub: s }) }]}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>Case Types</Title>
        <Group gap="sm" wrap="wrap">
          <TextInput
            aria-label="Search case types"
            placeholder="Search by name or code"
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          {canEdit ? (
            <Button
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              onClick={() => setTypeModal({ type: null })}
            >
              Add Case Type
            </Button>
          ) : null}
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {canEdit
          ? 'The case types and subtypes every tenant can switch on in its Case Configuration, and which tenant types may use each.'
          : 'The case types and subtypes the platform offers. Switch them on or off in Case Configuration.'}
      </Text>
      <ErrorAlert error={catalogue.error} />
      {catalogue.isPending ? (
        <Stack gap="xs">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={56} radius="md" />
          ))}
        </Stack>
      ) : types && types.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <Text c="dimmed">No Results Found</Text>
        </Paper>
      ) : (
        <Accordion variant="separated" radius="md" multiple>
          {(types ?? []).map((t) => (
            <Accordion.Item key={t.id} value={String(t.id)}>
              <Accordion.Control>
                <Group gap="xs" wrap="wrap">
                  <Text fw={600}>{t.name}</Text>
                  <Badge variant="light" color="gray" radius="sm">
                    {t.code}
                  </Badge>
                  {t.formNumber ? (
                    <Badge variant="light" color="blue" radius="sm">
                      {t.formNumber}
                    </Badge>
                  ) : null}
                  <Inactive active={t.active} />
                  <Text size="xs" c="dimmed">
                    {t.subTypes.length} subtypes
                  </Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  <Group justify="space-between" wrap="wrap">
                    <Group gap="xs">
                      <Text size="sm" c="dimmed">
                        {t.category[0]?.toUpperCase()}
                        {t.category.slice(1)} ·
                      </Text>
                      <TenantTypeBadges types={t.tenantTypes} />
                    </Group>
                    {canEdit ? (
                      <Group gap="xs">
                        <Button size="xs" variant="light" onClick={() => setTypeModal({ type: t })}>
                          Edit Case Type
                        </Button>
                        <Button size="xs" variant="light" onClick={() => setSubModal({ type: t, sub: null })}>
                          Add Subtype
                        </Button>
                      </Group>
                    ) : null}
                  </Group>
                  <DataTable
                    caption={`Subtypes of ${t.name}`}
                    columns={subColumns(t)}
                    rows={t.subTypes}
                    rowKey={(s) => String(s.id)}
                    emptyText="No Data Available"
                    minWidth={520}
                  />
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
      <CaseTypeModal opened={typeModal !== null} type={typeModal?.type ?? null} onClose={() => setTypeModal(null)} />
      <SubTypeModal target={subModal} onClose={() => setSubModal(null)} />
    </Stack>
  );
}
