import { Role } from '@caseport/domain/auth/roles';
import type { PlatformCaseConfigRow } from '@caseport/domain/platform-library/contracts';
import { Badge, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useCurrentUser } from '../../app/current-user';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ErrorAlert } from '../../components/error-alert';
import { notify } from '../../components/notify';
import { RowActions } from '../../components/row-actions';
import { useDeletePlatformConfig, useLibrary, usePlatformConfigs, useTenantConfigs, useTenantOptions } from './api';
import { ConfigModal } from './config-modal';

const DEFAULTS = 'platform';

/**
 * Case Configuration (petitionConfigList, roles 1 and 2; issue 21): the platform's default configuration per
 * case type and sub-type that a new tenant starts from, and for role 1 a tenant's own configurations.
 */
export default function CaseConfigurationPage() {
  const me = useCurrentUser();
  const isSuperAdmin = me.roleId === Role.SuperAdmin;
  const [source, setSource] = useState<string>(DEFAULTS);
  const tenants = useTenantOptions(isSuperAdmin);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>Case Configuration</Title>
        {isSuperAdmin ? (
          <Select
            label="Configuration of"
            w={300}
            maw="100%"
            searchable
            allowDeselect={false}
            value={source}
            onChange={(v) => setSource(v ?? DEFAULTS)}
            data={[
              { value: DEFAULTS, label: 'Platform default (new tenants)' },
              ...(tenants.data?.list ?? []).map((t) => ({ value: t._id, label: t.name })),
            ]}
          />
        ) : null}
      </Group>
      {source === DEFAULTS ? <PlatformDefaults /> : <TenantConfigurations tenantId={source} />}
    </Stack>
  );
}

function PlatformDefaults() {
  const configs = usePlatformConfigs();
  const library = useLibrary();
  const remove = useDeletePlatformConfig();
  const [typeId, setTypeId] = useState<string | null>(null);
  const [editing, setEditing] = useState<PlatformCaseConfigRow | null>(null);
  const [removing, setRemoving] = useState<PlatformCaseConfigRow | null>(null);
  const formName = useMemo(
    () => new Map((library.data?.list ?? []).map((f) => [f._id, f.formNumber ?? f.title])),
    [library.data],
  );
  const rows = configs.data?.list ?? [];
  const types = [...new Map(rows.map((r) => [r.typeId, r.typeName])).entries()];
  const shown = configs.data ? rows.filter((r) => !typeId || String(r.typeId) === typeId) : undefined;

  const columns: DataTableColumn<PlatformCaseConfigRow>[] = [
    {
      key: 'subType',
      header: 'Case Type / Subtype',
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {r.subTypeName}
          </Text>
          <Text size="xs" c="dimmed">
            {r.typeName} · {r.subTypeCode}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'questionnaire',
      header: 'Questionnaire',
      render: (r) =>
        r.config ? (
          <Text size="sm">{r.config.questionnaireName ?? 'None'}</Text>
        ) : (
          <Text size="sm" c="dimmed" fs="italic">
            No default
          </Text>
        ),
    },
    {
      key: 'workflow',
      header: 'Workflow',
      render: (r) => (r.config ? (r.config.linkDefaultWorkflow ? 'Default Workflow' : 'None') : ''),
    },
    {
      key: 'forms',
      header: 'Forms and Letters',
      render: (r) => (
        <Group gap={4}>
          {(r.config?.formIds ?? []).map((id) => (
            <Badge key={id} size="xs" variant="light" color="gray">
              {formName.get(id) ?? '…'}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'center',
      width: 100,
      render: (r) => (
        <RowActions
          name={r.subTypeName}
          actions={[
            { label: 'Edit', icon: IconPencil, onClick: () => setEditing(r) },
            { label: 'Remove', icon: IconTrash, color: 'red', onClick: () => setRemoving(r), hidden: !r.config },
          ]}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        A tenant created from now on starts with these subtypes switched on, with their questionnaire, forms and
        letters, and its Default Workflow. Tenants change their own configuration afterwards.
      </Text>
      <Select
        label="Case type"
        placeholder="All case types"
        clearable
        searchable
        w={360}
        maw="100%"
        value={typeId}
        onChange={setTypeId}
        data={types.map(([id, name]) => ({ value: String(id), label: name }))}
      />
      <ErrorAlert error={configs.error} />
      <Paper withBorder radius="md" p="md">
        <DataTable
          caption="Default configurations"
          columns={columns}
          rows={shown}
          rowKey={(r) => String(r.subTypeId)}
          loading={configs.isPending}
          minWidth={760}
        />
      </Paper>
      <ConfigModal
        row={editing}
        questionnaireOptions={configs.data?.questionnaireOptions ?? []}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={removing !== null}
        title="Remove default configuration"
        message={`New tenants will no longer start with ${removing?.subTypeName ?? ''} configured.`}
        confirmLabel="Remove"
        loading={remove.isPending}
        error={remove.error}
        onClearError={() => remove.reset()}
        onCancel={() => {
          remove.reset();
          setRemoving(null);
        }}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.subTypeId, {
            onSuccess: (answer) => {
              void notify.success(answer.message);
              setRemoving(null);
            },
          })
        }
      />
    </Stack>
  );
}

/** Role 1's read-only view of one tenant's configurations (the tenant changes them in its own settings). */
function TenantConfigurations({ tenantId }: { tenantId: string }) {
  const configs = useTenantConfigs(tenantId);
  const types = configs.data?.list.filter((t) => t.isCaseTypeSelected);
  type Row = NonNullable<typeof types>[number]['subTypes'][number] & { typeName: string };
  const rows: Row[] | undefined = types?.flatMap((t) =>
    t.subTypes.filter((s) => s.isCaseTypeSelected).map((s) => ({ ...s, typeName: t.name })),
  );
  const columns: DataTableColumn<Row>[] = [
    {
      key: 'subType',
      header: 'Case Type / Subtype',
      render: (s) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {s.name}
          </Text>
          <Text size="xs" c="dimmed">
            {s.typeName} · {s.code}
          </Text>
        </Stack>
      ),
    },
    { key: 'questionnaire', header: 'Questionnaire', render: (s) => s.configDetails?.questionnaireName ?? '—' },
    { key: 'workflow', header: 'Workflow', render: (s) => s.workflowConfigDetails?.workflowName ?? '—' },
    {
      key: 'forms',
      header: 'Forms and Letters',
      render: (s) => String(s.configDetails?.formAndLetterIds.length ?? 0),
    },
  ];
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        The case types and subtypes this tenant has switched on. The tenant changes them in its own Case Configuration.
      </Text>
      <ErrorAlert error={configs.error} />
      <Paper withBorder radius="md" p="md">
        <DataTable
          caption="Tenant configurations"
          columns={columns}
          rows={rows}
          rowKey={(s) => String(s.id)}
          loading={configs.isPending}
          emptyText="No case types switched on"
          minWidth={640}
        />
      </Paper>
    </Stack>
  );
}
