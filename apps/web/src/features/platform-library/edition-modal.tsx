import { formatEdition, type PlatformForm } from '@caseport/domain/platform-library/contracts';
import { Modal, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { DocumentInput } from '../../components/document-input';
import { ModalFooter } from '../../components/modal-footer';
import { ModalForm } from '../../components/modal-form';
import { ModalSubject, useModalSave } from '../../components/modal-save';
import { useAddEdition } from './api';

interface Props {
  form: PlatformForm | null;
  onClose: () => void;
}

/**
 * New Edition: the edition date printed on the form and its document (a PDF for a USCIS form, checked by
 * content on the server). The newest edition is the one new cases get; opened cases keep theirs.
 */
export function EditionModal({ form, onClose }: Props) {
  const add = useAddEdition();
  const [editionDate, setEditionDate] = useState('');
  const [document, setDocument] = useState<{ path: string; name: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const { error, clearError, fields, setFields, reset, callbacks } = useModalSave(onClose);
  useEffect(() => {
    if (!form) return;
    setEditionDate('');
    setDocument(null);
    reset();
  }, [form, reset]);
  const current = form?.editions[0];

  return (
    <Modal opened={form !== null} onClose={onClose} title="New Edition" centered>
      {form ? (
        <ModalForm
          error={error}
          onClearError={clearError}
          onSubmit={(e) => {
            e.preventDefault();
            const missing = {
              ...(editionDate ? {} : { editionDate: 'Edition date is required' }),
              ...(document ? {} : { documentPath: 'Upload the edition document' }),
            };
            setFields(missing);
            if (!document || !editionDate) return;
            add.mutate({ formId: form._id, editionDate, documentPath: document.path }, callbacks);
          }}
        >
          <ModalSubject
            parts={[
              form.formNumber ? `${form.formNumber} ${form.title}` : form.title,
              current ? `current edition ${formatEdition(current.editionDate)}` : null,
            ]}
          />
          <TextInput
            type="date"
            label="Edition date"
            description="As printed at the bottom of the form (Edition MM/DD/YY)"
            withAsterisk
            value={editionDate}
            onChange={(e) => setEditionDate(e.currentTarget.value)}
            error={fields.editionDate}
            data-autofocus
          />
          <DocumentInput
            label={form.kind === 'Form' ? 'Form PDF' : 'Letter document'}
            purpose={form.kind === 'Form' ? 'pdf' : 'document'}
            value={document}
            onChange={setDocument}
            error={fields.documentPath}
            onBusyChange={setBusy}
          />
          <ModalFooter onCancel={onClose} saving={add.isPending} saveDisabled={busy} />
        </ModalForm>
      ) : null}
    </Modal>
  );
}
