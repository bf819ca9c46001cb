import { Role } from '@caseport/domain/auth/roles';
import { TEMPLATE_TYPE_IDS, type TemplateTypeId } from '@caseport/domain/workflows/catalogue';
import { activityToWire, type WorkflowListItem } from '@caseport/domain/workflows/contracts';
import { NAME_REQUIRED, newWorkflow } from '@caseport/domain/workflows/rules';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useCurrentUser } from '../../app/current-user';
import { ErrorAlert } from '../../components/error-alert';
import { notify } from '../../components/notify';
import { fieldErrors } from '../../lib/api-client';
import { useCloneWorkflow, useCreateWorkflow, useTemplateTypes, useTenantOptions } from './api';

/**
 * Create and Clone ask for a name (R-WF-059: trimmed, not blank) and, for role 1, the Customer
 * (R-WF-011/012). Clone is confirmed here: nothing is copied until the user presses Clone.
 */
export function NameDialog(props: {
  mode: 'create' | 'clone';
  source: WorkflowListItem | null;
  onClose: () => void;
  onDone: (workflowId: string) => void;
}) {
  const { mode, source } = props;
  const me = useCurrentUser();
  const picksCustomer = me.roleId === Role.SuperAdmin;
  const tenants = useTenantOptions(picksCustomer);
  const templateTypes = useTemplateTypes();
  const [name, setName] = useState(source ? `${source.name} (copy)` : '');
  const [tenantId, setTenantId] = useState<string | null>(source?.tenantId ?? null);
  const [tplTypeId, setTplTypeId] = useState<string>('1');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateWorkflow();
  const clone = useCloneWorkflow();
  const mutation = mode === 'create' ? create : clone;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = NAME_REQUIRED;
    if (picksCustomer && !tenantId) local.tenantId = 'Customer is required';
    setErrors(local);
    if (Object.keys(local).length) return;
    const tenant = picksCustomer ? { tenantId: tenantId as string } : {};
    const onSuccess = (r: { message: string; workflowId: string }) => {
      notify.success(r.message);
      props.onDone(r.workflowId);
    };
    const onError = (err: unknown) => setErrors(fieldErrors(err));
    if (mode === 'create') {
      // R-WF-073: {name, config, tenantId, active, configCompleted}; the config is the shared engine's
      // starting set for the template type and the tenant's type, set up in the editor next.
      const tpl = Number(tplTypeId) as TemplateTypeId;
      const tenantType = picksCustomer ? tenants.data?.find((t) => t._id === tenantId)?.tenantType : me.tenantType;
      const config = newWorkflow(name.trim(), tpl, { tenantType: tenantType ?? 1 }).config.map(activityToWire);
      create.mutate(
        { name: name.trim(), tplTypeId: tpl, config, active: false, configCompleted: false, ...tenant },
        { onSuccess, onError },
      );
    } else clone.mutate({ name: name.trim(), workflowId: source?._id as string, ...tenant }, { onSuccess, onError });
  };

  return (
    <Modal opened onClose={props.onClose} title={mode === 'create' ? 'Create Workflow' : 'Clone Workflow'} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {mode === 'clone' ? (
            <Text size="sm" c="dimmed">
              A copy of “{source?.name}” is made with every activity, editor and watcher. It starts as Pending and
              inactive.
            </Text>
          ) : null}
          <ErrorAlert
            error={Object.keys(errors).length === 0 ? mutation.error : null}
            onClear={() => mutation.reset()}
          />
          {picksCustomer ? (
            <Select
              label="Customer"
              placeholder="Pick a customer"
              required
              searchable
              data={(tenants.data ?? []).map((t) => ({ value: t._id, label: t.name }))}
              value={tenantId}
              onChange={setTenantId}
              error={errors.tenantId}
            />
          ) : null}
          <TextInput
            label="Workflow Name"
            required
            data-autofocus
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            maxLength={100}
          />
          {mode === 'create' ? (
            <Select
              label="Template Type"
              required
              allowDeselect={false}
              data={TEMPLATE_TYPE_IDS.map((id) => ({
                value: String(id),
                label: templateTypes.data?.find((t) => t.id === id)?.name ?? `Type ${id}`,
              }))}
              value={tplTypeId}
              onChange={(v) => setTplTypeId(v ?? '1')}
            />
          ) : null}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {mode === 'create' ? 'Create' : 'Clone'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
