import { Modal, MultiSelect } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ModalFooter } from '../../components/modal-footer';
import { ModalForm } from '../../components/modal-form';
import { notify } from '../../components/notify';
import { uploadWordFiles, useSocList, useSocUpdateDocuments } from './api';
import { WordFilesInput } from './word-files-input';

/** R-SOC-004/030/035: one or more Word templates applied to the selected SOC entries. */
export function BulkUploadModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const socs = useSocList({
    page: 1,
    perpage: 100,
    filters: { statusList: [true] },
    sorting: { path: 'name', order: 1 },
  });
  const update = useSocUpdateDocuments();
  const [ids, setIds] = useState<string[]>([]);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<{ ids?: string; files?: string }>({});
  const [error, setError] = useState<unknown>(null);
  const [uploading, setUploading] = useState(false);
  useEffect(() => {
    if (!opened) return;
    setIds([]);
    setFiles([]);
    setErrors({});
    setError(null);
  }, [opened]);

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    const next = {
      ids: ids.length ? undefined : 'Select at least one SOC',
      files: files.length ? undefined : 'Upload at least one file',
    };
    setErrors(next);
    if (next.ids || next.files) return;
    try {
      setUploading(true);
      const uploaded = await uploadWordFiles(files);
      setUploading(false);
      const answer = await update.mutateAsync({
        socCodeConfigIds: ids,
        document: uploaded.map(({ name, path }) => ({ name, path })),
      });
      void notify.success(answer.message);
      onClose();
    } catch (err) {
      setUploading(false);
      setError(err);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Bulk Upload" size="lg" centered>
      <ModalForm onSubmit={onSubmit} error={error} onClearError={() => setError(null)}>
        <MultiSelect
          label="SOC"
          withAsterisk
          searchable
          data={(socs.data?.list ?? []).map((s) => ({
            value: s._id,
            label: `${s.socDetails.name} ${s.socDetails.designation}`,
          }))}
          value={ids}
          onChange={setIds}
          error={errors.ids}
        />
        <WordFilesInput value={files} onChange={setFiles} error={errors.files} />
        <ModalFooter onCancel={onClose} saving={uploading || update.isPending} saveLabel="Upload" />
      </ModalForm>
    </Modal>
  );
}
