import { acceptAttribute, hasAcceptedExtension, UPLOAD_PURPOSES } from '@caseport/domain/files/purposes';
import { CloseButton, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import { IconFileTypeDocx, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { uploadFiles } from '../lib/files';
import { errorMessage } from './error-alert';

interface StoredDocument {
  path: string;
  name: string;
}

type Purpose = 'pdf' | 'word' | 'document';
const PLACEHOLDERS: Record<Purpose, string> = {
  pdf: 'Choose a PDF file',
  word: 'Choose a Word (.docx) file',
  document: 'Choose a PDF or Word file',
};
const ACCEPT: Record<Purpose, string> = { pdf: acceptAttribute('pdf'), word: '.docx', document: '.pdf,.doc,.docx' };

interface Props {
  label: string;
  value: StoredDocument | null;
  /** May be async (the template form has the document service prepare it first): the upload counts as busy,
   *  and Save stays disabled, until it settles — else a Save clicked in between found no document in the form. */
  onChange: (value: StoredDocument | null) => void | Promise<void>;
  /**
   * 'pdf' (default): PDF only; 'word': a .docx (letters and letter headers); 'document': a PDF or Word file
   * (the server narrows it further per screen).
   */
  purpose?: Purpose;
  error?: string;
  /** Tells the form an upload is running (Save waits for it). */
  onBusyChange?: (busy: boolean) => void;
}

/**
 * The Template / Agreement Document field: a PDF (or a Word file, `purpose` 'word') uploaded as soon as it is
 * chosen (private, checked by content on the server), with progress; the template keeps the stored path.
 */
export function DocumentInput({ label, value, onChange, error, onBusyChange, purpose = 'pdf' }: Props) {
  const FileIcon = purpose === 'word' ? IconFileTypeDocx : IconFileTypePdf;
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const choose = async (file: File | null) => {
    setUploadError(null);
    if (!file) return onChange(null);
    if (
      !hasAcceptedExtension(purpose, file.name) ||
      (purpose === 'word' && !file.name.toLowerCase().endsWith('.docx'))
    ) {
      setUploadError(UPLOAD_PURPOSES[purpose].rejectMessage);
      return;
    }
    setProgress(0);
    onBusyChange?.(true);
    try {
      const [record] = await uploadFiles(purpose, 'private', [file], { onProgress: setProgress });
      if (record) await onChange({ path: record.path, name: record.name });
    } catch (e) {
      setUploadError(errorMessage(e) ?? UPLOAD_PURPOSES[purpose].rejectMessage);
    } finally {
      setProgress(null);
      onBusyChange?.(false);
    }
  };
  return (
    <Stack gap={4}>
      {value ? (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {label} <span style={{ color: 'var(--mantine-color-error)' }}>*</span>
          </Text>
          <Group gap="xs" wrap="nowrap">
            <FileIcon size={18} aria-hidden="true" />
            <Text size="sm" truncate>
              {value.name}
            </Text>
            <CloseButton size="sm" aria-label={`Remove ${value.name}`} onClick={() => onChange(null)} />
          </Group>
        </Stack>
      ) : (
        <FileInput
          label={label}
          withAsterisk
          placeholder={PLACEHOLDERS[purpose]}
          accept={ACCEPT[purpose]}
          clearable
          leftSection={<FileIcon size={16} aria-hidden="true" />}
          onChange={choose}
          error={uploadError ?? error}
          disabled={progress !== null}
        />
      )}
      {progress !== null ? <Progress value={progress} size="sm" aria-label="Upload progress" animated /> : null}
    </Stack>
  );
}
