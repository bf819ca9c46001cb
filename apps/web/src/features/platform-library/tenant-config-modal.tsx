import {
  type CaseTypeSubType,
  LINKED_TITLE,
  QUESTIONNAIRE_REQUIRED_MESSAGE,
} from '@caseport/domain/case-types/contracts';
import type { FormLetter } from '@caseport/domain/letters/contracts';
import { formatEdition, type PublishedQuestionnaire } from '@caseport/domain/platform-library/contracts';
import { Modal, MultiSelect, Radio, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { ModalFooter } from '../../components/modal-footer';
import { ModalForm } from '../../components/modal-form';
import { ModalSubject, useModalSave } from '../../components/modal-save';
import { useSaveTenantConfig } from './api';
import { QuestionnairePicker } from './questionnaire-picker';

export interface TenantConfigTarget {
  typeId: number;
  typeName: string;
  sub: CaseTypeSubType;
}

interface Props {
  tenantId: string;
  target: TenantConfigTarget | null;
  questionnaireOptions: PublishedQuestionnaire[];
  /** The tenant's checklist: its own forms and letters and the platform's offered entries. */
  forms: FormLetter[] | undefined;
  formsError: unknown;
  onClose: () => void;
}

const optionOf = (f: FormLetter) => ({
  value: f._id,
  label: f.edition ? `${f.name} (edition ${formatEdition(f.edition)})` : f.name,
});

/**
 * Issue 21: role 1 edits one sub-type's configuration of the tenant it picked — questionnaire and forms and
 * letters — through the tenant's own routes and rules (audited with role 1 as the actor). A configuration
 * already linked with cases asks the tenant's question: update it for them too, or create a new one.
 */
export function TenantConfigModal({ tenantId, target, questionnaireOptions, forms, formsError, onClose }: Props) {
  const save = useSaveTenantConfig();
  const [questionnaireId, setQuestionnaireId] = useState<string | null>(null);
  const [formIds, setFormIds] = useState<string[]>([]);
  const [updateAction, setUpdateAction] = useState<'update' | 'create'>('update');
  const { error, clearError, fields, setFields, reset, callbacks } = useModalSave(onClose);
  useEffect(() => {
    if (!target) return;
    setQuestionnaireId(target.sub.configDetails?.questionnaireTplId ?? null);
    setFormIds(target.sub.configDetails?.formAndLetterIds ?? []);
    setUpdateAction('update');
    reset();
  }, [target, reset]);
  const linked = target?.sub.configDetails?.linkedCases ?? 0;

  return (
    <Modal opened={target !== null} onClose={onClose} title="Tenant Configuration" centered size="lg">
      {target ? (
        <ModalForm
          error={error}
          onClearError={clearError}
          onSubmit={(e) => {
            e.preventDefault();
            if (!questionnaireId) {
              setFields({ questionnaireTplId: QUESTIONNAIRE_REQUIRED_MESSAGE });
              return;
            }
            save.mutate(
              {
                tenantId,
                typeId: target.typeId,
                subTypeId: target.sub.id,
                questionnaireTplId: questionnaireId,
                formAndLetterIds: formIds,
                petitionConfigId: target.sub.configDetails?._id ?? null,
                updateAction: linked > 0 ? updateAction : null,
              },
              callbacks,
            );
          }}
        >
          <ModalSubject parts={[target.typeName, target.sub.name]} />
          <QuestionnairePicker
            options={questionnaireOptions}
            value={questionnaireId}
            onChange={setQuestionnaireId}
            error={fields.questionnaireTplId}
          />
          <ErrorAlert error={formsError} />
          <MultiSelect
            label="Forms and Letters"
            searchable
            clearable
            data={(forms ?? []).map(optionOf)}
            value={formIds}
            onChange={setFormIds}
            error={fields.formAndLetterIds}
            disabled={!forms}
          />
          {linked > 0 ? (
            <Radio.Group
              label={LINKED_TITLE}
              value={updateAction}
              onChange={(v) => setUpdateAction(v as 'update' | 'create')}
            >
              <Stack gap={6} mt={6}>
                <Radio value="update" label="Update Existing: change it for those cases too" />
                <Radio value="create" label="Create New: keep it for those cases, use the new one for new cases" />
              </Stack>
            </Radio.Group>
          ) : null}
          <ModalFooter onCancel={onClose} saving={save.isPending} />
        </ModalForm>
      ) : null}
    </Modal>
  );
}
