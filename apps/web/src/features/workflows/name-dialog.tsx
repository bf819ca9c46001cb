import { Role } from '@caseport/domain/auth/roles';
import { TEMPLATE_TYPE_IDS, type TemplateTypeId } from '@caseport/domain/workflows/catalogue';
import type { WorkflowListItem } from '@caseport/domain/workflows/contracts';
import { NAME_REQUIRED } from '@caseport/domain/workflows/rules';
import { Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { ModalFooter } from '../../components/modal-footer';
import { notify } from '../../components/notify';
import { fieldErrors } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { useCloneWorkflow, useTemplateTypes, useTenantOptions } from './api';
import type { NewWorkflowStart } from './workflow-editor';

/**
 * Create and Clone ask for a name (R-WF-059: trimmed, not blank) and, for role 1, the Customer
 * (R-WF-011/012). Clone is confirmed here: nothing is copied until the user presses Clone. Create stores
 * nothing either: it opens the wizard, which stores the workflow when step 1 is continued from (issue 15).
 */
export function NameDialog(props: {
  mode: 'create' | 'clone';
  source: WorkflowListItem | null;
  onClose: () => void;
  /** Clone: the copy is stored under this id. */
  onDone: (workflowId: string) => void;
  /** Create: what the wizard starts from. */
  onStart: (start: NewWorkflowStart) => void;
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
  const clone = useCloneWorkflow();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = NAME_REQUIRED;
    if (picksCustomer && !tenantId) local.tenantId = 'Customer is required';
    setErrors(local);
    if (Object.keys(local).length) return;
    if (mode === 'create') {
      // The wizard starts from the shared engine's set for the template type and the tenant's type; the
      // customer is role 1's pick (R-WF-011), otherwise the user's own tenant.
      const customer = picksCustomer ? tenants.data?.find((t) => t._id === tenantId) : null;
      props.onStart({
        name: name.trim(),
        tplTypeId: Number(tplTypeId) as TemplateTypeId,
        tenantId: customer?._id ?? me.tenantId ?? '',
        tenantName: customer?.name ?? me.tenant?.name ?? '',
        tenantType: customer?.tenantType ?? me.tenantType ?? 1,
        sendTenantId: picksCustomer,
      });
      return;
    }
    clone.mutate(
      {
        name: name.trim(),
        workflowId: source?._id as string,
        ...(picksCustomer ? { tenantId: tenantId as string } : {}),
      },
      {
        onSuccess: (r) => {
          notify.success(r.message);
          props.onDone(r.workflowId);
        },
        onError: (err) => setErrors(fieldErrors(err)),
      },
    );
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
          ) : (
            <Text size="sm" c="dimmed">
              The workflow is set up in 3 steps next. It is saved when you continue from step 1.
            </Text>
          )}
          <ErrorAlert error={Object.keys(errors).length === 0 ? clone.error : null} onClear={() => clone.reset()} />
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
          <ModalFooter
            onCancel={props.onClose}
            saving={clone.isPending}
            cancelWhileSaving
            saveLabel={mode === 'create' ? 'Create' : 'Clone'}
            mt="sm"
          />
        </Stack>
      </form>
    </Modal>
  );
}
