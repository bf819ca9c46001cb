import type { PlatformCaseConfigRow, PublishedQuestionnaire } from '@caseport/domain/platform-library/contracts';
import { Modal, MultiSelect, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ModalFooter } from '../../components/modal-footer';
import { ModalForm } from '../../components/modal-form';
import { ModalSubject, useModalSave } from '../../components/modal-save';
import { useLibrary, useSavePlatformConfig } from './api';
import { QuestionnairePicker } from './questionnaire-picker';

interface Props {
  row: PlatformCaseConfigRow | null;
  questionnaireOptions: PublishedQuestionnaire[];
  onClose: () => void;
}

/** The platform's default configuration of one sub-type: what a new tenant starts with. */
export function ConfigModal({ row, questionnaireOptions, onClose }: Props) {
  const save = useSavePlatformConfig();
  const library = useLibrary();
  const [questionnaireId, setQuestionnaireId] = useState<string | null>(null);
  const [linkDefaultWorkflow, setLinkDefaultWorkflow] = useState(true);
  const [formIds, setFormIds] = useState<string[]>([]);
  const { error, clearError, fields, reset, callbacks } = useModalSave(onClose);
  useEffect(() => {
    if (!row) return;
    setQuestionnaireId(row.config?.questionnaireId ?? null);
    setLinkDefaultWorkflow(row.config?.linkDefaultWorkflow ?? true);
    setFormIds(row.config?.formIds ?? []);
    reset();
  }, [row, reset]);
  const formData = (library.data?.list ?? [])
    .filter((f) => f.active || formIds.includes(f._id))
    .map((f) => ({ value: f._id, label: f.formNumber ? `${f.formNumber} ${f.title}` : f.title }));

  return (
    <Modal opened={row !== null} onClose={onClose} title="Default Configuration" centered size="lg">
      {row ? (
        <ModalForm
          error={error}
          onClearError={clearError}
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(
              { typeId: row.typeId, subTypeId: row.subTypeId, questionnaireId, linkDefaultWorkflow, formIds },
              callbacks,
            );
          }}
        >
          <ModalSubject parts={[row.typeName, row.subTypeName]} />
          <QuestionnairePicker
            options={questionnaireOptions}
            value={questionnaireId}
            onChange={setQuestionnaireId}
            error={fields.questionnaireId}
            clearable
          />
          <Text size="xs" c="dimmed">
            Without a questionnaire the subtype is switched on but not configured.
          </Text>
          <MultiSelect
            label="Forms and Letters"
            searchable
            clearable
            data={formData}
            value={formIds}
            onChange={setFormIds}
            error={fields.formIds}
          />
          <Switch
            label="Link the tenant's Default Workflow"
            checked={linkDefaultWorkflow}
            onChange={(e) => setLinkDefaultWorkflow(e.currentTarget.checked)}
          />
          <ModalFooter onCancel={onClose} saving={save.isPending} />
        </ModalForm>
      ) : null}
    </Modal>
  );
}
