import type { WorkflowListItem } from '@caseport/domain/workflows/contracts';
import { Modal, Select, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { ModalFooter } from '../../components/modal-footer';
import { notify } from '../../components/notify';
import { usePetitionSubTypes, usePetitionTypes, useSaveWorkflowConfig } from './api';

/** Row action "configure for petition type" (R-WF-007/075): the case type is required (R-WF-067). */
export function ConfigureDialog({ workflow, onClose }: { workflow: WorkflowListItem; onClose: () => void }) {
  const types = usePetitionTypes(true);
  const subTypes = usePetitionSubTypes(true);
  const [typeId, setTypeId] = useState<string | null>(null);
  const [subTypeId, setSubTypeId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveWorkflowConfig();
  const subOptions = (subTypes.data ?? []).filter((s) => String(s.petitionTypeId) === typeId);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!typeId) {
      setError('Case type is required');
      return;
    }
    save.mutate(
      {
        workflowId: workflow._id,
        petitionTypeId: Number(typeId),
        petitionSubTypeId: subTypeId ? Number(subTypeId) : null,
      },
      {
        onSuccess: (r) => {
          notify.success(r.message);
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title="Configure for Case Type" centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            New cases of the chosen case type will follow “{workflow.name}”.
          </Text>
          <ErrorAlert error={save.error} onClear={() => save.reset()} />
          <Select
            label="Case Type"
            required
            searchable
            data={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
            value={typeId}
            onChange={(v) => {
              setTypeId(v);
              setSubTypeId(null);
              setError(null);
            }}
            error={error}
          />
          <Select
            label="Case Sub-type"
            placeholder={typeId ? 'All sub-types' : 'Pick a case type first'}
            disabled={!typeId || subOptions.length === 0}
            clearable
            data={subOptions.map((s) => ({ value: String(s.id), label: s.name }))}
            value={subTypeId}
            onChange={setSubTypeId}
          />
          <ModalFooter onCancel={onClose} saving={save.isPending} cancelWhileSaving mt="sm" />
        </Stack>
      </form>
    </Modal>
  );
}
