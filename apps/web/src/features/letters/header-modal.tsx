import { LETTER_MESSAGES } from '@caseport/domain/letters/contracts';
import { TEMPLATE_NAME_MAX, type TemplateDocument } from '@caseport/domain/templates/contracts';
import { Button, Group, Modal, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DocumentInput } from '../../components/document-input';
import { ModalFooter } from '../../components/modal-footer';
import { ModalForm } from '../../components/modal-form';
import { notify } from '../../components/notify';
import { fieldErrors } from '../../lib/api-client';
import { useCreateHeader, useHeaderCaseTypes, useHeaderSubTypes } from './api';
import type { EditorParams } from './editor-protocol';

interface Values {
  name: string;
  caseTypeId: string | null;
  caseSubTypeId: string | null;
  document: TemplateDocument | null;
}
const EMPTY: Values = { name: '', caseTypeId: null, caseSubTypeId: null, document: null };

/** R-LETTER-020..023 (002 §5.3). */
export const headerErrors = (v: Values) => {
  const errors: Partial<Record<keyof Values, string>> = {};
  if (!v.name.trim()) errors.name = LETTER_MESSAGES.nameRequired;
  if (!v.caseTypeId) errors.caseTypeId = LETTER_MESSAGES.caseTypeRequired;
  if (!v.document) errors.document = LETTER_MESSAGES.documentRequired;
  return errors;
};

/**
 * 'Add Letter Header' (R-LETTER-017): Name, Case Type, Case Subtype (optional) and the Template Document.
 * '+ Letter' needs the name first (R-LETTER-018/019) and opens the editor on the document; Save stores the
 * uploaded document as it is.
 */
export function AddHeaderModal({
  opened,
  onClose,
  onOpenEditor,
}: {
  opened: boolean;
  onClose: () => void;
  onOpenEditor: (params: EditorParams) => void;
}) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [uploading, setUploading] = useState(false);
  const types = useHeaderCaseTypes();
  const typeId = values.caseTypeId ? Number(values.caseTypeId) : null;
  const subTypes = useHeaderSubTypes(typeId);
  const create = useCreateHeader();
  const set = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k as keyof Values];
      return next;
    });
  };
  const close = () => {
    setValues(EMPTY);
    setErrors({});
    create.reset();
    onClose();
  };
  const plusLetter = () => {
    if (!values.name.trim()) {
      void notify.error(LETTER_MESSAGES.letterNameRequired);
      return;
    }
    onOpenEditor({
      mode: 'new',
      header: true,
      name: values.name.trim(),
      path: values.document?.path,
      fileName: values.document?.name,
      caseTypeId: typeId,
      caseSubTypeId: values.caseSubTypeId ? Number(values.caseSubTypeId) : null,
    });
    close();
  };
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const found = headerErrors(values);
    setErrors(found);
    if (Object.keys(found).length || !values.document || !typeId) return;
    create.mutate(
      {
        name: values.name.trim(),
        caseTypeId: typeId,
        caseSubTypeId: values.caseSubTypeId ? Number(values.caseSubTypeId) : null,
        templateId: values.document.path,
      },
      {
        onSuccess: (answer) => {
          void notify.success(answer.message);
          close();
        },
        onError: (e) => {
          const f = fieldErrors(e);
          setErrors({ name: f.name, caseTypeId: f.caseTypeId, caseSubTypeId: f.caseSubTypeId, document: f.templateId });
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title="Add Letter Header" size={500} centered>
      <ModalForm onSubmit={save} error={create.error} onClearError={() => create.reset()}>
        <TextInput
          label="Name"
          withAsterisk
          maxLength={TEMPLATE_NAME_MAX}
          value={values.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          error={errors.name}
          data-autofocus
        />
        <Select
          label="Case Type"
          withAsterisk
          searchable
          data={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
          value={values.caseTypeId}
          onChange={(v) => set({ caseTypeId: v, caseSubTypeId: null })}
          error={errors.caseTypeId}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Case Subtype"
          searchable
          clearable
          disabled={typeId === null}
          data={(subTypes.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
          value={values.caseSubTypeId}
          onChange={(v) => set({ caseSubTypeId: v })}
          error={errors.caseSubTypeId}
          comboboxProps={{ withinPortal: true }}
        />
        <DocumentInput
          purpose="word"
          label="Template Document"
          value={values.document}
          onChange={(document) => set({ document })}
          error={errors.document}
          onBusyChange={setUploading}
        />
        <Group justify="space-between" mt="sm" wrap="wrap">
          <Button variant="light" onClick={plusLetter}>
            + Letter
          </Button>
          <ModalFooter onCancel={close} saving={create.isPending} cancelWhileSaving saveDisabled={uploading} gap="sm" />
        </Group>
      </ModalForm>
    </Modal>
  );
}
