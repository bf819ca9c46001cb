import { Role } from '@caseport/domain/auth/roles';
import type { CaseTypeConfig, CaseTypeSubType } from '@caseport/domain/case-types/contracts';
import type { PlatformCaseConfigRow } from '@caseport/domain/platform-library/contracts';
import { Badge, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ErrorAlert } from '../../components/error-alert';
import { notify } from '../../components/notify';
import { RowActions } from '../../components/row-actions';
import { useCurrentUser } from '../../lib/current-user';
import {
  useDeletePlatformConfig,
  useLibrary,
  usePlatformConfigs,
  useTenantChecklist,
  useTenantConfigs,
  useTenantOptions,
} from './api';
import { ConfigModal } from './config-modal';
import { questionnaireLabel } from './questionnaire-picker';
import { TenantConfigModal, type TenantConfigTarget } from './tenant-config-modal';

const DEFAULTS = 'platform';

/**
 * Case Configuration (petitionConfigList, roles 1 and 2; issue 21): the platform's default configuration per
 * case type and sub-type that a new tenant starts from, and a tenant's own configurations (role 1 edits them).
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
      {source === DEFAULTS ? <PlatformDefaults /> : <TenantConfigurations tenantId={source} canEdit={isSuperAdmin} />}
    </Stack>
  );
}

/** One line of either table: a sub-type and what its configuration picks. */
interface ConfigLine {
  key: string;
  subTypeName: string;
  typeName: string;
  code: string;
  /** Null: the sub-type has no configuration (`unset` says what that means in this table). */
  questionnaire: string | null;
  workflow: string | null;
  forms: { id: string; name: string }[];
  configured: boolean;
}

interface ConfigTableProps<T extends ConfigLine> {
  caption: string;
  rows: T[] | undefined;
  loading: boolean;
  emptyText?: string;
  unset: string;
  /** Read-only (role 2 on a tenant's configurations): no actions column. */
  readOnly?: boolean;
  onEdit?: (row: T) => void;
  onRemove?: (row: T) => void;
}

/** The one row layout of the platform defaults and a tenant's configurations (sub-type, questionnaire ...). */
function ConfigTable<T extends ConfigLine>({ readOnly, onEdit, onRemove, unset, ...props }: ConfigTableProps<T>) {
  const columns: DataTableColumn<T>[] = [
    {
      key: 'subType',
      header: 'Case Type / Subtype',
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {r.subTypeName}
          </Text>
          <Text size="xs" c="dimmed">
            {r.typeName} · {r.code}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'questionnaire',
      header: 'Questionnaire',
      render: (r) =>
        r.configured ? (
          <Text size="sm">{r.questionnaire ?? 'None'}</Text>
        ) : (
          <Text size="sm" c="dimmed" fs="italic">
            {unset}
          </Text>
        ),
    },
    { key: 'workflow', header: 'Workflow', render: (r) => r.workflow ?? '' },
    {
      key: 'forms',
      header: 'Forms and Letters',
      render: (r) => (
        <Group gap={4}>
          {r.forms.map((f) => (
            <Badge key={f.id} size="xs" variant="light" color="gray">
              {f.name}
            </Badge>
          ))}
        </Group>
      ),
    },
  ];
  if (!readOnly)
    columns.push({
      key: 'actions',
      header: 'Actions',
      align: 'center',
      width: 100,
      render: (r) => (
        <RowActions
          name={r.subTypeName}
          actions={[
            { label: 'Edit', icon: IconPencil, onClick: () => onEdit?.(r) },
            {
              label: 'Remove',
              icon: IconTrash,
              color: 'red',
              onClick: () => onRemove?.(r),
              hidden: !onRemove || !r.configured,
            },
          ]}
        />
      ),
    });
  return (
    <Paper withBorder radius="md" p="md">
      <DataTable
        caption={props.caption}
        columns={columns}
        rows={props.rows}
        rowKey={(r) => r.key}
        loading={props.loading}
        emptyText={props.emptyText}
        minWidth={readOnly ? 640 : 760}
      />
    </Paper>
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
  const options = configs.data?.questionnaireOptions ?? [];
  const rows = configs.data?.list ?? [];
  const types = [...new Map(rows.map((r) => [r.typeId, r.typeName])).entries()];
  const lines = configs.data
    ? rows
        .filter((r) => !typeId || String(r.typeId) === typeId)
        .map((r) => {
          const q = options.find((o) => o._id === r.config?.questionnaireId);
          return {
            row: r,
            key: String(r.subTypeId),
            subTypeName: r.subTypeName,
            typeName: r.typeName,
            code: r.subTypeCode,
            questionnaire: q ? questionnaireLabel(q) : (r.config?.questionnaireName ?? null),
            workflow: r.config ? (r.config.linkDefaultWorkflow ? 'Default Workflow' : 'None') : null,
            forms: (r.config?.formIds ?? []).map((id) => ({ id, name: formName.get(id) ?? '…' })),
            configured: !!r.config,
          };
        })
    : undefined;

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
      <ConfigTable
        caption="Default configurations"
        rows={lines}
        loading={configs.isPending}
        unset="No default"
        onEdit={(l) => setEditing(l.row)}
        onRemove={(l) => setRemoving(l.row)}
      />
      <ConfigModal row={editing} questionnaireOptions={options} onClose={() => setEditing(null)} />
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

/** One tenant's configurations: role 1 edits them (issue 21), role 2 reads them. */
function TenantConfigurations({ tenantId, canEdit }: { tenantId: string; canEdit: boolean }) {
  const configs = useTenantConfigs(tenantId);
  const checklist = useTenantChecklist(tenantId, canEdit);
  // The questionnaire picker lists the platform's published questionnaires (the same list as the defaults').
  const defaults = usePlatformConfigs();
  const [editing, setEditing] = useState<TenantConfigTarget | null>(null);
  const formName = useMemo(() => new Map((checklist.data?.list ?? []).map((f) => [f._id, f.name])), [checklist.data]);
  const types: CaseTypeConfig[] | undefined = configs.data?.list.filter((t) => t.isCaseTypeSelected);
  const lines = types?.flatMap((t) =>
    t.subTypes
      .filter((s) => s.isCaseTypeSelected)
      .map((s: CaseTypeSubType) => ({
        target: { typeId: t.id, typeName: t.name, sub: s },
        key: String(s.id),
        subTypeName: s.name,
        typeName: t.name,
        code: s.code,
        questionnaire: s.configDetails?.questionnaireName ?? null,
        workflow: s.workflowConfigDetails?.workflowName ?? '—',
        forms: (s.configDetails?.formAndLetterIds ?? []).map((id) => ({ id, name: formName.get(id) ?? '…' })),
        configured: !!s.configDetails,
      })),
  );
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {canEdit
          ? 'The case types and subtypes this tenant has switched on. Edit changes the tenant’s configuration for its new cases; the tenant switches subtypes on and off in its own Case Configuration.'
          : 'The case types and subtypes this tenant has switched on. The tenant changes them in its own Case Configuration.'}
      </Text>
      <ErrorAlert error={configs.error} />
      <ConfigTable
        caption="Tenant configurations"
        rows={lines}
        loading={configs.isPending}
        emptyText="No case types switched on"
        unset="Not configured"
        readOnly={!canEdit}
        onEdit={(l) => setEditing(l.target)}
      />
      {canEdit ? (
        <TenantConfigModal
          tenantId={tenantId}
          target={editing}
          questionnaireOptions={defaults.data?.questionnaireOptions ?? []}
          forms={checklist.data?.list}
          formsError={checklist.error}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
